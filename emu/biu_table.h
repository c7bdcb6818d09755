/* The documented-timings model: the microcode's own clocks with an ideal bus.
 *
 * Included by cpu_table.c only. Every instruction is assumed to start with its bytes already in
 * the queue (the assumption behind Intel's published timings): reading an instruction byte takes
 * one clock, an EU memory or I/O read six (address phase and T1-T3), a write five, and each
 * extra transfer of a word at an odd address four more. After a jump the queue is empty and the
 * first byte at the target arrives seven clocks after the flush. Prefetch traffic never competes
 * with the EU for the bus, so this model is exact only where the queue never runs dry.
 */
#ifndef EMU86_BIU_TABLE_H
#define EMU86_BIU_TABLE_H

#include "cpu_internal.h"

#define TBL_READ 6
#define TBL_WRITE 5
#define TBL_EXTRA_TRANSFER 4
#define TBL_REFILL 7

static ALWAYS_INLINE void B_cycles(EmuCpu *c, int n) { c->cycles += (uint64_t)n; }

static ALWAYS_INLINE void tbl_wait_queue(EmuCpu *c) {
    if (UNLIKELY(c->cycles < c->biu.ready_at)) c->cycles = c->biu.ready_at;
}

static ALWAYS_INLINE uint8_t B_read8(EmuCpu *c, uint16_t seg, uint16_t off) {
    c->cycles += TBL_READ;
    return mem_rd8(c, lin_addr(seg, off));
}
static ALWAYS_INLINE uint8_t B_read8_lin(EmuCpu *c, uint32_t lin) {
    c->cycles += TBL_READ;
    return mem_rd8(c, lin);
}
static ALWAYS_INLINE uint16_t B_read16(EmuCpu *c, uint16_t seg, uint16_t off) {
    uint32_t lin = lin_addr(seg, off);
    c->cycles += TBL_READ;
    if (LIKELY(!(lin & 1))) return mem_rd16_even(c, lin);
    c->cycles += TBL_EXTRA_TRANSFER;
    return (uint16_t)(mem_rd8(c, lin) | mem_rd8(c, lin_addr(seg, (uint16_t)(off + 1))) << 8);
}
static ALWAYS_INLINE void B_write8(EmuCpu *c, uint16_t seg, uint16_t off, uint8_t v) {
    c->cycles += TBL_WRITE;
    mem_wr8(c, lin_addr(seg, off), v);
}
static ALWAYS_INLINE void B_write16(EmuCpu *c, uint16_t seg, uint16_t off, uint16_t v) {
    uint32_t lin = lin_addr(seg, off);
    c->cycles += TBL_WRITE;
    if (LIKELY(!(lin & 1))) {
        mem_wr16_even(c, lin, v);
        return;
    }
    c->cycles += TBL_EXTRA_TRANSFER;
    mem_wr8(c, lin, (uint8_t)v);
    mem_wr8(c, lin_addr(seg, (uint16_t)(off + 1)), (uint8_t)(v >> 8));
}
/* A write in the middle of a microcode sequence: the clock of its microinstruction too. */
static ALWAYS_INLINE void B_write16_mid(EmuCpu *c, uint16_t seg, uint16_t off, uint16_t v) {
    c->cycles += 1;
    B_write16(c, seg, off, v);
}
static ALWAYS_INLINE uint8_t B_in8(EmuCpu *c, uint16_t port) {
    c->cycles += TBL_READ - 1;
    uint8_t v = c->port_in(c->ctx, port, c->cycles);
    c->cycles += 1;
    return v;
}
static ALWAYS_INLINE uint16_t B_in16(EmuCpu *c, uint16_t port) {
    c->cycles += TBL_READ - 1 + ((port & 1) ? TBL_EXTRA_TRANSFER : 0);
    uint16_t v = (uint16_t)(c->port_in(c->ctx, port, c->cycles) |
                            c->port_in(c->ctx, (uint16_t)(port + 1), c->cycles) << 8);
    c->cycles += 1;
    return v;
}
static ALWAYS_INLINE void B_out8(EmuCpu *c, uint16_t port, uint8_t v) {
    c->cycles += TBL_WRITE;
    c->port_out(c->ctx, port, v, c->cycles);
}
static ALWAYS_INLINE void B_out16(EmuCpu *c, uint16_t port, uint16_t v) {
    c->cycles += TBL_WRITE + ((port & 1) ? TBL_EXTRA_TRANSFER : 0);
    c->port_out(c->ctx, port, (uint8_t)v, c->cycles);
    c->port_out(c->ctx, (uint16_t)(port + 1), (uint8_t)(v >> 8), c->cycles);
}
static ALWAYS_INLINE uint8_t B_inta(EmuCpu *c) {
    c->cycles += TBL_READ + TBL_EXTRA_TRANSFER;
    return c->int_ack ? c->int_ack(c->ctx) : 0xFF;
}

static ALWAYS_INLINE uint8_t B_qread(EmuCpu *c) {
    tbl_wait_queue(c);
    uint8_t v = mem_rd8(c, lin_addr(CS, c->ip));
    c->ip++;
    c->cycles++;
    return v;
}
static ALWAYS_INLINE uint8_t B_first(EmuCpu *c) {
    if (LIKELY(c->biu.has_preload)) {
        c->biu.has_preload = 0;
        c->ip++;
        return c->biu.preload;
    }
    return B_qread(c);
}
static ALWAYS_INLINE void B_rni(EmuCpu *c) {
    tbl_wait_queue(c);
    c->biu.preload = mem_rd8(c, lin_addr(CS, c->ip));
    c->biu.has_preload = 1;
    c->cycles++;
}
static ALWAYS_INLINE void B_suspend(EmuCpu *c) { (void)c; }
static ALWAYS_INLINE void B_wait_t4(EmuCpu *c) { (void)c; }
static ALWAYS_INLINE void B_cs_changed(EmuCpu *c) { (void)c; }
static ALWAYS_INLINE void B_outside(EmuCpu *c) { (void)c; }
static ALWAYS_INLINE void B_leave(EmuCpu *c) { (void)c; }
static ALWAYS_INLINE void B_flush(EmuCpu *c) {
    c->biu.has_preload = 0;
    c->biu.ready_at = c->cycles + TBL_REFILL;
}
static ALWAYS_INLINE void B_corr(EmuCpu *c) { c->cycles++; }
static ALWAYS_INLINE void B_halt(EmuCpu *c) { (void)c; }
static ALWAYS_INLINE void B_idle(EmuCpu *c, uint64_t n) { c->cycles += n; }

void emu_biu_reset_table(EmuCpu *c) {
    memset(&c->biu, 0, sizeof c->biu);
    c->biu.ready_at = c->cycles + TBL_REFILL;
}

void emu_biu_prefill_table(EmuCpu *c, const uint8_t *bytes, int n) {
    memset(&c->biu, 0, sizeof c->biu);
    if (n > 0) {
        c->biu.preload = bytes[0];
        c->biu.has_preload = 1;
    }
}

#endif
