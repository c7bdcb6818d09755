/* Internal helpers shared by the CPU's translation units: register access, flags, memory. */
#ifndef EMU86_CPU_INTERNAL_H
#define EMU86_CPU_INTERNAL_H

#include "cpu/state.h"

#include <string.h>

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "emu86 assumes a little-endian host (byte registers alias word registers)"
#endif

#if defined(__GNUC__)
#define LIKELY(x) __builtin_expect(!!(x), 1)
#define UNLIKELY(x) __builtin_expect(!!(x), 0)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#define NOINLINE __attribute__((noinline))
#else
#define LIKELY(x) (x)
#define UNLIKELY(x) (x)
#define ALWAYS_INLINE inline
#define NOINLINE
#endif

/* A function inlined at each of many call sites with constant arguments, to be specialised
 * there. Only when optimising: unoptimised builds would copy it whole into every site. */
#if defined(__OPTIMIZE__)
#define SPECIALIZE ALWAYS_INLINE
#else
#define SPECIALIZE inline
#endif

#define FLAGS_FIXED_ON 0xF002u   /* bits 1 and 12-15 read as 1 on the 8086 */
#define FLAGS_WRITABLE 0x0FD5u   /* CF PF AF ZF SF TF IF DF OF */

/* ---- registers ---- */
static ALWAYS_INLINE uint8_t *reg8p(EmuCore *c, int i) { return &c->r.b[((i & 3) << 1) | ((i >> 2) & 1)]; }
static ALWAYS_INLINE uint8_t getr8(const EmuCore *c, int i) { return c->r.b[((i & 3) << 1) | ((i >> 2) & 1)]; }
static ALWAYS_INLINE void setr8(EmuCore *c, int i, uint8_t v) { *reg8p(c, i) = v; }
#define AX (c->r.w[EMU_AX])
#define CX (c->r.w[EMU_CX])
#define DX (c->r.w[EMU_DX])
#define BX (c->r.w[EMU_BX])
#define SP (c->r.w[EMU_SP])
#define BP (c->r.w[EMU_BP])
#define SI (c->r.w[EMU_SI])
#define DI (c->r.w[EMU_DI])
#define AL (c->r.b[0])
#define AH (c->r.b[1])
#define CL (c->r.b[2])
#define ES (c->sreg[EMU_ES])
#define CS (c->sreg[EMU_CS])
#define SS (c->sreg[EMU_SS])
#define DS (c->sreg[EMU_DS])

/* ---- flags ---- */
extern const uint8_t emu_parity[256]; /* 1 when the byte has an even number of set bits */

static ALWAYS_INLINE void setf(EmuCore *c, uint16_t f, int on) {
    c->flags = on ? (uint16_t)(c->flags | f) : (uint16_t)(c->flags & ~f);
}
static ALWAYS_INLINE int getf(const EmuCore *c, uint16_t f) { return (c->flags & f) != 0; }

#define SZP_MASK (EMU_FLAG_SF | EMU_FLAG_ZF | EMU_FLAG_PF)
extern const uint8_t emu_szp8[256]; /* SF, ZF and PF of a byte */
extern const uint16_t emu_cond[512]; /* the conditions that hold (bit cc), by emu_cond_index */
/* CF, PF, ZF and SF where the flags have them, OF at bit 8 (emu_cond's index). */
static ALWAYS_INLINE unsigned emu_cond_index(uint16_t f) { return (f & 0xC5u) | ((f >> 3) & 0x100u); }
static ALWAYS_INLINE uint16_t szp8(uint8_t r) { return emu_szp8[r]; }
static ALWAYS_INLINE uint16_t szp16(uint16_t r) {
    /* (branch-free: PF of the low byte, SF the top bit, ZF) */
    return (uint16_t)((emu_szp8[r & 0xFF] & EMU_FLAG_PF) | ((r >> 8) & EMU_FLAG_SF) | ((r == 0) << 6));
}
static ALWAYS_INLINE void set_szp(EmuCore *c, uint16_t r, int word) {
    c->flags = (uint16_t)((c->flags & ~SZP_MASK) | (word ? szp16(r) : szp8((uint8_t)r)));
}

/* ALU operations in the 8086's encoding order (ADD OR ADC SBB AND SUB XOR CMP). They set all six
 * arithmetic flags and return the result. `word` selects 16-bit width. */
enum { ALU_ADD, ALU_OR, ALU_ADC, ALU_SBB, ALU_AND, ALU_SUB, ALU_XOR, ALU_CMP };

#define ARITH_MASK (EMU_FLAG_CF | EMU_FLAG_PF | EMU_FLAG_AF | EMU_FLAG_ZF | EMU_FLAG_SF | EMU_FLAG_OF)

/* CF, OF and AF of a sum or difference r of a and b (x: a ^ b for a sum, ~(a ^ b) for a
 * difference, whose sign bit says the operands' signs differ), branch-free: CF is the bit
 * above the width, OF the sign bit of (a ^ r) & ~x moved to bit 11, AF bit 4 of a ^ b ^ r. */
static ALWAYS_INLINE uint16_t alu_cof(uint32_t a, uint32_t b, uint32_t r, uint32_t x, int word) {
    const uint32_t o = ~x & (a ^ r);
    const uint32_t cf = word ? (r >> 16) & 1u : (r >> 8) & 1u;
    const uint32_t of = word ? (o >> 4) & EMU_FLAG_OF : (o << 4) & EMU_FLAG_OF;
    return (uint16_t)(cf | of | ((a ^ b ^ r) & EMU_FLAG_AF));
}

static ALWAYS_INLINE uint16_t alu_add(EmuCore *c, uint16_t a, uint16_t b, unsigned cin, int word) {
    const uint32_t r = (uint32_t)a + b + cin;
    const uint16_t f = (uint16_t)((word ? szp16((uint16_t)r) : szp8((uint8_t)r)) | alu_cof(a, b, r, a ^ b, word));
    c->flags = (uint16_t)((c->flags & ~ARITH_MASK) | f);
    return (uint16_t)r;
}

static ALWAYS_INLINE uint16_t alu_sub(EmuCore *c, uint16_t a, uint16_t b, unsigned cin, int word) {
    const uint32_t r = (uint32_t)a - b - cin;
    const uint16_t f = (uint16_t)((word ? szp16((uint16_t)r) : szp8((uint8_t)r)) | alu_cof(a, b, r, ~(a ^ b), word));
    c->flags = (uint16_t)((c->flags & ~ARITH_MASK) | f);
    return (uint16_t)r;
}

static ALWAYS_INLINE uint16_t alu_logic_flags(EmuCore *c, uint16_t r, int word) {
    /* CF, OF and AF cleared (AF is undefined; the 8086 leaves it clear). */
    c->flags = (uint16_t)((c->flags & ~ARITH_MASK) | (word ? szp16(r) : szp8((uint8_t)r)));
    return r;
}

static ALWAYS_INLINE uint16_t alu_op(EmuCore *c, int op, uint16_t a, uint16_t b, int word) {
    switch (op) {
    case ALU_ADD: return alu_add(c, a, b, 0, word);
    case ALU_OR: return alu_logic_flags(c, (uint16_t)(a | b), word);
    case ALU_ADC: return alu_add(c, a, b, getf(c, EMU_FLAG_CF), word);
    case ALU_SBB: return alu_sub(c, a, b, getf(c, EMU_FLAG_CF), word);
    case ALU_AND: return alu_logic_flags(c, (uint16_t)(a & b), word);
    case ALU_SUB: return alu_sub(c, a, b, 0, word);
    case ALU_XOR: return alu_logic_flags(c, (uint16_t)(a ^ b), word);
    default: return alu_sub(c, a, b, 0, word); /* CMP */
    }
}

/* INC/DEC leave CF alone. */
static ALWAYS_INLINE uint16_t alu_incdec(EmuCore *c, uint16_t a, int dec, int word) {
    uint16_t keep = c->flags & EMU_FLAG_CF;
    uint16_t r = dec ? alu_sub(c, a, 1, 0, word) : alu_add(c, a, 1, 0, word);
    c->flags = (uint16_t)((c->flags & ~EMU_FLAG_CF) | keep);
    return r;
}

/* ---- memory ---- */
static ALWAYS_INLINE uint8_t mem_rd8(const EmuCore *c, uint32_t lin) { return c->mem[lin]; }
/* A write that reaches no byte of a trusted block's instruction (the block cache's replay has
 * refused those first: EmuCore.codemap, below). */
static ALWAYS_INLINE void mem_put8(EmuCore *c, uint32_t lin, uint8_t v) {
    if (LIKELY(lin < c->rom_start)) c->mem[lin] = v;
}
/* Aligned 16-bit access at an even linear address (never wraps). One host access (the host is
 * little-endian, checked above). */
static ALWAYS_INLINE uint16_t mem_rd16_even(const EmuCore *c, uint32_t lin) {
    uint16_t v;
    memcpy(&v, c->mem + lin, 2);
    return v;
}
static ALWAYS_INLINE void mem_put16_even(EmuCore *c, uint32_t lin, uint16_t v) {
    if (LIKELY(lin < c->rom_start)) memcpy(c->mem + lin, &v, 2);
}
/* EmuCore.codemap: a byte for each byte of memory, nonzero where the instructions of the blocks
 * the cache trusts lie (their bytes found as recorded at the current code epoch), and maybe
 * elsewhere; slack past 1 MiB. code_at2: either of the two bytes at lin marked. */
static ALWAYS_INLINE unsigned code_at2(const uint8_t *map, uint32_t lin) {
    uint16_t w;
    memcpy(&w, map + lin, 2);
    return w;
}
/* May any of the n bytes from lin be a trusted block's? */
static inline int code_in(const uint8_t *map, uint32_t lin, uint32_t n) {
    uint32_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, map + lin + i, 8);
        if (w) return 1;
    }
    for (; i < n; i++)
        if (map[lin + i]) return 1;
    return 0;
}
/* Anything written in the n bytes from lin (a REP's span, a service's writes): where a trusted
 * block's bytes are among them, their marks are cleared, the code epoch goes up (no block is
 * trusted any more: each is checked again at its next pass, and marks its bytes again) and the
 * pages written are stamped with it (EmuCore.code_pages: a block none of whose pages was is
 * trusted again without a check). */
void code_written(EmuCore *c, uint32_t lin, uint32_t n); /* (cpu.c) */
/* Those n bytes written by the model (n <= 2), a marked one among them: code_written on their
 * 64 bytes, so that the writes there and around cost nothing more until a block there is
 * trusted again. */
static NOINLINE void code_hit(EmuCore *c, uint32_t lin, unsigned n) {
    code_written(c, lin & ~63u, (((lin + n - 1) | 63u) + 1) - (lin & ~63u));
}
/* The audit of a service's writes (EmuCore.code_audit, cpu.c): the marked bytes taken before
 * it, and checked after it (an unsaid write of code aborts the run). */
void code_audit_take(EmuCore *c);
void code_audit_check(EmuCore *c, int service); /* (service -1: a service's slices) */
/* The model's writes: code_hit where they reach a trusted block's bytes. */
static ALWAYS_INLINE void mem_wr8(EmuCore *c, uint32_t lin, uint8_t v) {
    if (LIKELY(lin < c->rom_start)) {
        c->mem[lin] = v;
        if (c->codemap && c->codemap[lin]) code_hit(c, lin, 1);
    }
}
static ALWAYS_INLINE void mem_wr16_even(EmuCore *c, uint32_t lin, uint16_t v) {
    if (LIKELY(lin < c->rom_start)) {
        memcpy(c->mem + lin, &v, 2);
        if (c->codemap && code_at2(c->codemap, lin)) code_hit(c, lin, 2);
    }
}

static ALWAYS_INLINE uint32_t lin_addr(uint16_t seg, uint16_t off) {
    return (((uint32_t)seg << 4) + off) & 0xFFFFFu;
}

/* Is linear address `lin` inside an HLE stub region? */
static inline int in_hle_region(const EmuCore *c, uint32_t lin) {
    for (int i = 0; i < c->n_hle; i++)
        if (lin >= c->hle[i].lo && lin < c->hle[i].hi) return 1;
    return 0;
}

/* Bus cycle types (status lines). */
enum { BUS_PASV = 0, BUS_CODE, BUS_MEMR, BUS_MEMW, BUS_IOR, BUS_IOW, BUS_INTA, BUS_HALT };

/* Entry points of the timing models (one interpreter, compiled once for each): the exact model
 * lazily (cpu/run_lazy.c, normal running) and eagerly (cpu/run_exact.c, the per-clock trace), and the
 * documented-timings model (cpu/run_table.c). */
void emu_step_lazy(EmuCore *c);
void emu_step_exact(EmuCore *c);
void emu_step_table(EmuCore *c);
EmuRunResult emu_run_lazy(EmuCore *c);
EmuRunResult emu_run_exact(EmuCore *c);
EmuRunResult emu_run_table(EmuCore *c);
void emu_biu_reset_lazy(EmuCore *c);
void emu_biu_prefill_lazy(EmuCore *c, const uint8_t *bytes, int n);
void emu_biu_reset_exact(EmuCore *c);
void emu_biu_prefill_exact(EmuCore *c, const uint8_t *bytes, int n);
void emu_biu_reset_table(EmuCore *c);
void emu_biu_prefill_table(EmuCore *c, const uint8_t *bytes, int n);

#endif
