/* CPU state: initialisation, reset, dispatch to the selected timing model, inspection. */
#include "cache/cache.h"
#include "cpu/internal.h"

#include <stdio.h>
#include <stdlib.h>

const uint8_t emu_parity[256] = {
#define P2(n) n, n ^ 1, n ^ 1, n
#define P4(n) P2(n), P2(n ^ 1), P2(n ^ 1), P2(n)
#define P6(n) P4(n), P4(n ^ 1), P4(n ^ 1), P4(n)
    P6(1), P6(0), P6(0), P6(1)
#undef P2
#undef P4
#undef P6
};

/* SF, ZF and PF of a byte result (SF = bit 7, ZF = 0x40 when zero, PF = 0x04 when the number
 * of set bits is even): szp8() and the low half of szp16(). */
const uint8_t emu_szp8[256] = {
    0x44, 0x00, 0x00, 0x04, 0x00, 0x04, 0x04, 0x00, 0x00, 0x04, 0x04, 0x00, 0x04, 0x00, 0x00, 0x04,
    0x00, 0x04, 0x04, 0x00, 0x04, 0x00, 0x00, 0x04, 0x04, 0x00, 0x00, 0x04, 0x00, 0x04, 0x04, 0x00,
    0x00, 0x04, 0x04, 0x00, 0x04, 0x00, 0x00, 0x04, 0x04, 0x00, 0x00, 0x04, 0x00, 0x04, 0x04, 0x00,
    0x04, 0x00, 0x00, 0x04, 0x00, 0x04, 0x04, 0x00, 0x00, 0x04, 0x04, 0x00, 0x04, 0x00, 0x00, 0x04,
    0x00, 0x04, 0x04, 0x00, 0x04, 0x00, 0x00, 0x04, 0x04, 0x00, 0x00, 0x04, 0x00, 0x04, 0x04, 0x00,
    0x04, 0x00, 0x00, 0x04, 0x00, 0x04, 0x04, 0x00, 0x00, 0x04, 0x04, 0x00, 0x04, 0x00, 0x00, 0x04,
    0x04, 0x00, 0x00, 0x04, 0x00, 0x04, 0x04, 0x00, 0x00, 0x04, 0x04, 0x00, 0x04, 0x00, 0x00, 0x04,
    0x00, 0x04, 0x04, 0x00, 0x04, 0x00, 0x00, 0x04, 0x04, 0x00, 0x00, 0x04, 0x00, 0x04, 0x04, 0x00,
    0x80, 0x84, 0x84, 0x80, 0x84, 0x80, 0x80, 0x84, 0x84, 0x80, 0x80, 0x84, 0x80, 0x84, 0x84, 0x80,
    0x84, 0x80, 0x80, 0x84, 0x80, 0x84, 0x84, 0x80, 0x80, 0x84, 0x84, 0x80, 0x84, 0x80, 0x80, 0x84,
    0x84, 0x80, 0x80, 0x84, 0x80, 0x84, 0x84, 0x80, 0x80, 0x84, 0x84, 0x80, 0x84, 0x80, 0x80, 0x84,
    0x80, 0x84, 0x84, 0x80, 0x84, 0x80, 0x80, 0x84, 0x84, 0x80, 0x80, 0x84, 0x80, 0x84, 0x84, 0x80,
    0x84, 0x80, 0x80, 0x84, 0x80, 0x84, 0x84, 0x80, 0x80, 0x84, 0x84, 0x80, 0x84, 0x80, 0x80, 0x84,
    0x80, 0x84, 0x84, 0x80, 0x84, 0x80, 0x80, 0x84, 0x84, 0x80, 0x80, 0x84, 0x80, 0x84, 0x84, 0x80,
    0x80, 0x84, 0x84, 0x80, 0x84, 0x80, 0x80, 0x84, 0x84, 0x80, 0x80, 0x84, 0x80, 0x84, 0x84, 0x80,
    0x84, 0x80, 0x80, 0x84, 0x80, 0x84, 0x84, 0x80, 0x80, 0x84, 0x84, 0x80, 0x84, 0x80, 0x80, 0x84,
};

/* Which of the sixteen conditions (Jcc's low opcode nibble: bit cc) hold, by the flags CF, PF,
 * ZF and SF where they are and OF moved to bit 8: cond_true's table, index emu_cond_index(). */
#define COND_OF(i) (((i) >> 8) & 1)
#define COND_CF(i) ((i) & 1)
#define COND_ZF(i) (((i) >> 6) & 1)
#define COND_SF(i) (((i) >> 7) & 1)
#define COND_PF(i) (((i) >> 2) & 1)
#define COND_PAIR(k, r) ((unsigned)(r) << (2 * (k)) | (1u - (unsigned)(r)) << (2 * (k) + 1))
#define COND(i)                                                                                           \
    (uint16_t)(COND_PAIR(0, COND_OF(i)) | COND_PAIR(1, COND_CF(i)) | COND_PAIR(2, COND_ZF(i)) |          \
               COND_PAIR(3, COND_CF(i) | COND_ZF(i)) | COND_PAIR(4, COND_SF(i)) | COND_PAIR(5, COND_PF(i)) | \
               COND_PAIR(6, COND_SF(i) ^ COND_OF(i)) | COND_PAIR(7, COND_ZF(i) | (COND_SF(i) ^ COND_OF(i))))
#define COND4(i) COND(i), COND((i) + 1), COND((i) + 2), COND((i) + 3)
#define COND16(i) COND4(i), COND4((i) + 4), COND4((i) + 8), COND4((i) + 12)
#define COND64(i) COND16(i), COND16((i) + 16), COND16((i) + 32), COND16((i) + 48)
const uint16_t emu_cond[512] = {COND64(0),   COND64(64),  COND64(128), COND64(192),
                                COND64(256), COND64(320), COND64(384), COND64(448)};
#undef COND_OF
#undef COND_CF
#undef COND_ZF
#undef COND_SF
#undef COND_PF
#undef COND_PAIR
#undef COND
#undef COND4
#undef COND16
#undef COND64

/* The exact model's bus state is kept eagerly when the per-clock trace is written (or a test
 * asks for it), else lazily; the choice is made when the state is set up. */
static int exact_eager(const EmuCore *c) { return c->trace_clock != NULL || c->exact_eager; }

/* The code epoch up, every page stamped with it: every block is checked at its next pass. */
static void code_all_stale(EmuCore *c) {
    const uint64_t e = ++c->code_epoch;
    if (c->code_pages)
        for (uint32_t p = 0; p < EMU_CODE_PAGES; p++) c->code_pages[p] = e;
}

static void biu_reset(EmuCore *c) {
    emu_fast_forget(c->fast);
    if (c->timing == EMU_TIMING_TABLE) emu_biu_reset_table(c);
    else if (exact_eager(c)) emu_biu_reset_exact(c);
    else emu_biu_reset_lazy(c);
}

void emu_cpu_init(EmuCore *c, uint8_t *mem, EmuTiming timing) {
    memset(c, 0, sizeof *c);
    c->mem = mem;
    c->rom_start = EMU_MEM_SIZE;
    c->timing = (uint8_t)timing;
    emu_cpu_reset(c);
}

void emu_cpu_reset(EmuCore *c) {
    memset(&c->r, 0, sizeof c->r);
    c->sreg[EMU_ES] = c->sreg[EMU_SS] = c->sreg[EMU_DS] = 0;
    c->sreg[EMU_CS] = 0xFFFF;
    c->ip = 0;
    c->flags = FLAGS_FIXED_ON;
    c->halted = c->inhibit = c->in_rep = c->rep_started = c->rep_pending_irq = 0;
    c->trap_next = c->nmi = 0;
    code_all_stale(c); /* (a loader may have put code in memory before it: every block checked) */
    biu_reset(c);
}

void emu_cpu_jump(EmuCpu *cpu, uint16_t cs, uint16_t ip) {
    EmuCore *c = emu_core(cpu);
    c->sreg[EMU_CS] = cs;
    c->ip = ip;
    c->in_rep = c->rep_started = 0;
    c->halted = 0;
    biu_reset(c);
}

void emu_cpu_prefill(EmuCore *c, const uint8_t *bytes, int n) {
    emu_fast_forget(c->fast);
    if (c->timing == EMU_TIMING_TABLE) emu_biu_prefill_table(c, bytes, n);
    else if (exact_eager(c)) emu_biu_prefill_exact(c, bytes, n);
    else emu_biu_prefill_lazy(c, bytes, n);
}

bool emu_cpu_add_hle_region(EmuCore *c, uint32_t lo, uint32_t hi) {
    if (c->n_hle >= EMU_HLE_REGIONS || lo >= hi) return false;
    c->hle[c->n_hle].lo = lo;
    c->hle[c->n_hle].hi = hi;
    c->n_hle++;
    return true;
}

EmuRunResult emu_cpu_run(EmuCore *c) {
    if (c->timing == EMU_TIMING_TABLE) return emu_run_table(c);
    return c->biu.eager ? emu_run_exact(c) : emu_run_lazy(c);
}

void emu_cpu_step(EmuCore *c) {
    if (c->timing == EMU_TIMING_TABLE) emu_step_table(c);
    else if (c->biu.eager) emu_step_exact(c);
    else emu_step_lazy(c);
}

void emu_cpu_code_replaced(EmuCpu *cpu) { emu_fast_drop(emu_core(cpu)->fast); }

void code_written(EmuCore *c, uint32_t lin, uint32_t n) {
    if (!c->codemap || !n) return;
    /* (page by page, where marks were set: a loader's span is most of memory) */
    const uint64_t e = c->code_epoch + 1;
    int hit = 0;
    for (uint32_t at = lin, end = lin + n; at < end;) {
        const uint32_t p = at >> EMU_CODE_PAGE_BITS, next = (p + 1) << EMU_CODE_PAGE_BITS, to = next < end ? next : end;
        if (c->code_marked[p] && code_in(c->codemap, at, to - at)) {
            memset(c->codemap + at, 0, to - at);
            c->code_pages[p] = e;
            hit = 1;
        }
        at = to;
    }
    if (hit) {
        c->code_epoch = e;
        c->code_clears++;
    }
}

void emu_cpu_mem_written(EmuCpu *cpu, uint32_t lin, uint32_t n) {
    EmuCore *c = emu_core(cpu);
    if (!c->codemap) return;
    lin &= 0xFFFFFu;
    if (n > EMU_MEM_SIZE) n = EMU_MEM_SIZE;
    const uint32_t k = n < EMU_MEM_SIZE - lin ? n : EMU_MEM_SIZE - lin; /* (then from 0) */
    if (lin < c->rom_start) code_written(c, lin, k < c->rom_start - lin ? k : c->rom_start - lin);
    if (n > k) code_written(c, 0, n - k < c->rom_start ? n - k : c->rom_start);
}

/* ---- the audit of the services' writes (EmuCore.code_audit) ---- */

void code_audit_take(EmuCore *c) {
    for (uint32_t a = 0; a < EMU_MEM_SIZE; a += 8) {
        uint64_t w;
        memcpy(&w, c->codemap + a, 8);
        if (w) memcpy(c->code_audit + a, c->mem + a, 8);
    }
}

void code_audit_check(EmuCore *c, int service) {
    for (uint32_t a = 0; a < EMU_MEM_SIZE; a += 8) {
        uint64_t w, was, now;
        memcpy(&w, c->codemap + a, 8);
        if (!w) continue;
        memcpy(&was, c->code_audit + a, 8);
        memcpy(&now, c->mem + a, 8);
        const uint64_t changed = (was ^ now) & w * 0xFF; /* (a mark is 0 or 1 a byte) */
        if (!changed) continue;
        unsigned k = 0;
        while (!((changed >> 8 * k) & 0xFF)) k++;
        char who[32];
        if (service < 0) snprintf(who, sizeof who, "a service's slices");
        else snprintf(who, sizeof who, "service %02Xh", (unsigned)service);
        fprintf(stderr, "emu86: internal error: %s wrote the code at %05Xh and did not say so (emu_cpu_mem_written)\n",
                who, (unsigned)(a + k));
        abort();
    }
}

bool emu_cpu_set_block_cache(EmuCore *c, bool on) {
    if (!on) {
        emu_fast_free(c->fast);
        c->fast = NULL;
        c->codemap = NULL;
        c->code_audit = NULL;
        c->code_pages = NULL;
        c->code_marked = NULL;
        return true;
    }
    if (!c->fast) c->fast = emu_fast_new();
    c->codemap = c->fast ? emu_fast_codemap(c->fast) : NULL;
    c->code_audit = c->fast ? emu_fast_code_audit(c->fast) : NULL;
    c->code_pages = c->fast ? emu_fast_code_pages(c->fast) : NULL;
    c->code_marked = c->fast ? emu_fast_code_marked(c->fast) : NULL;
    /* (a cache another core used: none of its blocks trusted, whatever memory holds now) */
    if (c->fast) {
        c->code_epoch = emu_fast_epoch_after(c->fast, c->code_epoch);
        code_all_stale(c);
    }
    return c->fast != NULL;
}

void emu_cpu_set_observer(EmuCpu *cpu, EmuObserver fn, void *ctx) {
    EmuCore *c = emu_core(cpu);
    c->observe = fn;
    c->observe_ctx = ctx;
    c->observe_sites = 0;
    c->flow = EMU_FLOW_NONE;
}

void emu_cpu_observe_sites(EmuCpu *cpu, bool on) { emu_core(cpu)->observe_sites = on; }

uint8_t emu_reg8(const EmuCore *c, int i) { return getr8(c, i); }
void emu_set_reg8(EmuCore *c, int i, uint8_t v) { setr8(c, i, v); }

void emu_cpu_format_state(const EmuCore *c, char *buf, size_t len) {
    static const char names[] = "ODITSZAPC";
    static const uint16_t bits[] = {EMU_FLAG_OF, EMU_FLAG_DF, EMU_FLAG_IF, EMU_FLAG_TF, EMU_FLAG_SF,
                                    EMU_FLAG_ZF, EMU_FLAG_AF, EMU_FLAG_PF, EMU_FLAG_CF};
    char fl[10];
    for (int i = 0; i < 9; i++) fl[i] = (c->flags & bits[i]) ? names[i] : '-';
    fl[9] = 0;
    snprintf(buf, len,
             "AX=%04X BX=%04X CX=%04X DX=%04X SP=%04X BP=%04X SI=%04X DI=%04X "
             "DS=%04X ES=%04X SS=%04X CS=%04X IP=%04X %s",
             c->r.w[EMU_AX], c->r.w[EMU_BX], c->r.w[EMU_CX], c->r.w[EMU_DX], c->r.w[EMU_SP],
             c->r.w[EMU_BP], c->r.w[EMU_SI], c->r.w[EMU_DI], c->sreg[EMU_DS], c->sreg[EMU_ES],
             c->sreg[EMU_SS], c->sreg[EMU_CS], c->ip, fl);
}
