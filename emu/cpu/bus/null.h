/* The bus primitives of the block cache's replaying copy of the interpreter (cache/replay_copy.c): no
 * clocks, no queue; instruction bytes are read from memory at CS:IP. Each primitive signs the
 * EU's request as cpu/bus/lazy.h does under LZ_SIGNATURE (the two must stay in step: cache/cache.h),
 * and every byte written goes to the undo log first. What the cache cannot replay (I/O, HLT,
 * a service, a change of CS by MOV/POP, a write into the prefetch window) sets c->fabort: the
 * instruction is then undone and left to the exact model.
 */
#ifndef EMU86_BIU_NULL_H
#define EMU86_BIU_NULL_H

#include "cache/cache.h"
#include "cpu/bus/bus.h" /* the interface this model provides */

static ALWAYS_INLINE void B_cycles(EmuCore *c, int n) { c->fpend += (uint32_t)n; }
static ALWAYS_INLINE void B_corr(EmuCore *c) { B_cycles(c, 1); }
static ALWAYS_INLINE void B_idle(EmuCore *c, uint64_t n) { (void)c, (void)n; }

static ALWAYS_INLINE uint8_t nl_take(EmuCore *c) {
    fsig_mix(c, EV_TAKE);
    return mem_rd8(c, lin_addr(CS, c->ip));
}
static ALWAYS_INLINE uint8_t B_qread(EmuCore *c) {
    uint8_t v = nl_take(c);
    c->ip++;
    return v;
}
static ALWAYS_INLINE uint8_t B_first(EmuCore *c) {
    EmuBiu *b = &c->biu;
    if (b->has_preload) {
        b->has_preload = 0;
        c->ip++;
        return b->preload;
    }
    return B_qread(c);
}
static ALWAYS_INLINE void B_rni(EmuCore *c) {
    c->biu.preload = nl_take(c);
    c->biu.has_preload = 1;
}

static ALWAYS_INLINE uint8_t B_read8(EmuCore *c, uint16_t seg, uint16_t off) {
    fsig_mix(c, EV_READ8);
    return mem_rd8(c, lin_addr(seg, off));
}
static ALWAYS_INLINE uint16_t B_read16(EmuCore *c, uint16_t seg, uint16_t off) {
    const uint32_t lin = lin_addr(seg, off);
    fsig_mix(c, EV_READ16 + (lin & 1));
    if (LIKELY(!(lin & 1))) return mem_rd16_even(c, lin);
    return (uint16_t)(mem_rd8(c, lin) | mem_rd8(c, lin_addr(seg, (uint16_t)(off + 1))) << 8);
}

/* A byte about to be written: refused (and the instruction abandoned) if it may be in the
 * prefetch window, [IP, IP + 8) in CS, if it is a trusted block's (EmuCore.codemap: the model
 * writes those), or if the undo log is full; else logged. */
static ALWAYS_INLINE int nl_log(EmuCore *c, uint32_t lin) {
    EmuFastShared *f = (EmuFastShared *)c->fast;
    const uint32_t o = (lin - ((uint32_t)CS << 4)) & 0xFFFFFu;
    if (UNLIKELY(c->fabort || (o <= 0xFFFFu && (uint16_t)(o - c->ip) < 8u) || c->codemap[lin] ||
                 f->n_undo >= FAST_UNDO_MAX)) {
        c->fabort = 1;
        return 0;
    }
    f->undo[f->n_undo].lin = lin;
    f->undo[f->n_undo].old = c->mem[lin];
    f->n_undo++;
    return 1;
}
static ALWAYS_INLINE void B_write8(EmuCore *c, uint16_t seg, uint16_t off, uint8_t v) {
    const uint32_t lin = lin_addr(seg, off);
    fsig_mix(c, EV_WRITE8);
    if (nl_log(c, lin)) mem_put8(c, lin, v);
}
static ALWAYS_INLINE void nl_write16(EmuCore *c, uint16_t seg, uint16_t off, uint16_t v, unsigned ev) {
    const uint32_t lin = lin_addr(seg, off), hi = lin_addr(seg, (uint16_t)(off + 1));
    fsig_mix(c, ev + (lin & 1));
    if (nl_log(c, lin) && nl_log(c, hi)) {
        mem_put8(c, lin, (uint8_t)v);
        mem_put8(c, hi, (uint8_t)(v >> 8));
    }
}
static ALWAYS_INLINE void B_write16(EmuCore *c, uint16_t seg, uint16_t off, uint16_t v) {
    nl_write16(c, seg, off, v, EV_WRITE16);
}
static ALWAYS_INLINE void B_write16_mid(EmuCore *c, uint16_t seg, uint16_t off, uint16_t v) {
    nl_write16(c, seg, off, v, EV_WRITE16_MID);
}

/* What the cache does not replay. */
static ALWAYS_INLINE uint8_t B_in8(EmuCore *c, uint16_t port) {
    (void)port;
    c->fabort = 1;
    return 0xFF;
}
static ALWAYS_INLINE uint16_t B_in16(EmuCore *c, uint16_t port) {
    (void)port;
    c->fabort = 1;
    return 0xFFFF;
}
static ALWAYS_INLINE void B_out8(EmuCore *c, uint16_t port, uint8_t v) { (void)port, (void)v, c->fabort = 1; }
static ALWAYS_INLINE void B_out16(EmuCore *c, uint16_t port, uint16_t v) { (void)port, (void)v, c->fabort = 1; }
static ALWAYS_INLINE uint8_t B_inta(EmuCore *c) {
    c->fabort = 1;
    return 0xFF;
}
static ALWAYS_INLINE void B_halt(EmuCore *c) { c->fabort = 1; }
static ALWAYS_INLINE void B_cs_changed(EmuCore *c, uint16_t old_cs) { (void)old_cs, c->fabort = 1; }
static ALWAYS_INLINE void B_leave(EmuCore *c) { c->fabort = 1; }
static ALWAYS_INLINE void B_outside(EmuCore *c) { (void)c; }
/* The caller of a service checks this before calling out (cpu/exec.inc). */
#define B_CALLOUT_REFUSED(c) ((c)->fabort)

static ALWAYS_INLINE void B_wait_t4(EmuCore *c) { fsig_mix(c, EV_WAIT_T4); }
static ALWAYS_INLINE void B_suspend(EmuCore *c) { fsig_mix(c, EV_SUSPEND); }
static ALWAYS_INLINE void B_flush(EmuCore *c) {
    fsig_mix(c, EV_FLUSH + (c->ip & 1));
    c->biu.has_preload = 0;
}

#endif
