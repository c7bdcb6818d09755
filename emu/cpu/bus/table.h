/* The documented-timings model: the microcode's own clocks, with the bus kept simple.
 *
 * Included by cpu/run_table.c only. The EU's clocks are the microcode's, as in the documented
 * timings: reading a queued byte takes a clock, an EU bus cycle is asked for three clocks
 * before its T1, a read ends at T3 and a write goes on at T3 (at T4 in the middle of an
 * instruction), the second transfer of a word at an odd address follows the first's T4.
 * Two things are added, where the documented timings are most wrong:
 *
 *  - After a flush (a jump, call, return, interrupt) the queue refills: a word is fetched at
 *    once (T1 three clocks after the flush, or after the bus cycle under way), then more, each
 *    decided at T2 of the cycle before, until the refill has brought a queue's worth; the first
 *    byte can be read from the clock after the first fetch's T4.
 *  - A bus cycle of the EU waits for the one under way, as on the chip: asked for in T1 or T2
 *    of the latest cycle it gets the bus after its T4, in T3 a clock later; one asked for in a
 *    prefetch's address cycle takes the bus at T0, and the prefetch is made again after it.
 *    After a cycle of the EU the refill goes on from its T2.
 *
 * The approximation: once the refill has brought a queue's worth, the queue is taken to stay
 * full until the next flush, so that outside refills an instruction never waits for its bytes
 * and no prefetch competes with it for the bus (the documented timings' assumption). Taking a
 * byte costs one comparison; the refill's prefetches are worked out when the EU next needs the
 * bus. On the SingleStepTests suite this is exact on 85.5% of the tests (the exact model: all
 * of them); what it misses is mostly the prefetches that straight-line code starts as it takes
 * bytes (the EU's bus cycles then wait for them) and the queue running dry outside refills.
 */
#ifndef EMU86_BIU_TABLE_H
#define EMU86_BIU_TABLE_H

#include "cpu/bus/bus.h" /* the interface this model provides */

/* EmuBiu.fetch: refilling after a flush, full (taken to stay so), or stopped. EmuBiu.qlen
 * counts the bytes the refill has brought (not less what the EU has taken), pc where the next
 * prefetch would be. */
enum { TB_REFILL = 0, TB_FULL = 1, TB_SUSPENDED = 3, TB_HALTED = 4 };

#define TB_QSIZE 6
#define TB_LONG_AGO (INT64_MIN / 4)
#define TB_NEVER (INT64_MAX / 4)

static ALWAYS_INLINE int64_t tb_now(const EmuCore *c) { return (int64_t)c->cycles; }
static ALWAYS_INLINE void tb_advance_to(EmuCore *c, int64_t t) {
    if (t > tb_now(c)) c->cycles = (uint64_t)t;
}

static ALWAYS_INLINE void B_cycles(EmuCore *c, int n) { c->cycles += (uint64_t)n; }

/* ---- the bus cycles ---- */

/* A bus cycle with its T1 at `t1`, bringing `n` code bytes (0: a cycle of the EU). */
static ALWAYS_INLINE void tb_push(EmuBiu *b, int64_t t1, uint8_t n, uint8_t final) {
    b->tb_prev_t1 = b->tb_t1;
    b->tb_prev_n = b->tb_n;
    b->tb_t1 = t1;
    b->tb_n = n;
    b->tb_final = final;
}

/* A prefetch of CS:pc with its T1 at `t1` (the first of a refill brings the byte the EU waits
 * for, from the clock after its T4). */
static ALWAYS_INLINE void tb_fetch(EmuBiu *b, int64_t t1) {
    uint8_t n = (uint8_t)(2 - (b->pc & 1));
    if (!b->qlen) b->tb_ready = t1 + 4;
    tb_push(b, t1, n, 1);
    b->pc = (uint16_t)(b->pc + n);
    b->qlen = (uint8_t)(b->qlen + n);
}

/* Schedule the refill's prefetches decided before the current clock (one decided in it comes
 * after the EU's action), each at T2 of the cycle before; the refill is over once it has
 * brought more than four bytes (no room for another word). */
static NOINLINE void tb_sync_refill(EmuCore *c) {
    EmuBiu *b = &c->biu;
    if (!b->tb_final) return;
    while (b->tb_t1 + 1 < tb_now(c)) {
        if (b->qlen > TB_QSIZE - 2) {
            b->fetch = TB_FULL;
            return;
        }
        tb_fetch(b, b->tb_t1 + 4);
    }
}
static ALWAYS_INLINE void tb_sync(EmuCore *c) {
    if (UNLIKELY(c->biu.fetch == TB_REFILL)) tb_sync_refill(c);
}

/* Drop the latest cycle, a prefetch still in its address cycle (T1 after now). */
static ALWAYS_INLINE void tb_drop_fetch(EmuBiu *b) {
    b->pc = (uint16_t)(b->pc - b->tb_n);
    b->qlen = (uint8_t)(b->qlen - b->tb_n);
    if (!b->qlen) b->tb_ready = TB_NEVER; /* until it is fetched again */
    b->tb_t1 = b->tb_prev_t1;
    b->tb_n = b->tb_prev_n;
    b->tb_final = 1;
    b->tb_prev_t1 = TB_LONG_AGO;
    b->tb_prev_n = 0;
}
static ALWAYS_INLINE int tb_fetch_pending(const EmuBiu *b, int64_t now) { return b->tb_n && b->tb_t1 > now; }

/* ---- bus cycles of the EU ---- */

/* The EU asks for a bus cycle in the current clock, with the latest cycle still under way or
 * a refill going on; returns the clock of its T1. */
static NOINLINE int64_t tb_request_busy(EmuCore *c, uint8_t final) {
    EmuBiu *b = &c->biu;
    tb_sync(c);
    const int64_t now = tb_now(c);
    int64_t t1;
    if (b->tb_t1 > now) {
        t1 = b->tb_t1 + 2; /* a prefetch in its address cycle: dropped at T0 */
        tb_drop_fetch(b);
    } else if (now - b->tb_t1 <= 1) {
        t1 = b->tb_t1 + 4; /* T1 or T2: T1 after T4 */
    } else if (now - b->tb_t1 == 2) {
        t1 = now + 4;      /* T3: the address cycle begins at T4 */
    } else {
        t1 = now + 3;      /* T4 or idle */
    }
    tb_push(b, t1, 0, final);
    return t1;
}
static ALWAYS_INLINE int64_t tb_request(EmuCore *c, uint8_t final) {
    EmuBiu *b = &c->biu;
    int64_t now = tb_now(c);
    if (UNLIKELY(b->fetch == TB_REFILL || now < b->tb_t1 + 3)) return tb_request_busy(c, final);
    tb_push(b, now + 3, 0, final);
    return now + 3;
}
/* The second transfer of a word at an odd address, asked for at the first one's T4. */
static ALWAYS_INLINE int64_t tb_request_second(EmuCore *c) {
    int64_t t1 = tb_now(c) + 1;
    tb_push(&c->biu, t1, 0, 1);
    return t1;
}

static ALWAYS_INLINE uint8_t tb_read8_lin(EmuCore *c, uint32_t lin) {
    c->cycles = (uint64_t)(tb_request(c, 1) + 3);
    return mem_rd8(c, lin);
}
static ALWAYS_INLINE uint8_t B_read8(EmuCore *c, uint16_t seg, uint16_t off) {
    return tb_read8_lin(c, lin_addr(seg, off));
}
static ALWAYS_INLINE uint16_t B_read16(EmuCore *c, uint16_t seg, uint16_t off) {
    uint32_t lin = lin_addr(seg, off);
    if (LIKELY(!(lin & 1))) {
        c->cycles = (uint64_t)(tb_request(c, 1) + 3);
        return mem_rd16_even(c, lin);
    }
    c->cycles = (uint64_t)(tb_request(c, 0) + 3);
    c->cycles = (uint64_t)(tb_request_second(c) + 3);
    return (uint16_t)(mem_rd8(c, lin) | mem_rd8(c, lin_addr(seg, (uint16_t)(off + 1))) << 8);
}
static ALWAYS_INLINE void B_write8(EmuCore *c, uint16_t seg, uint16_t off, uint8_t v) {
    c->cycles = (uint64_t)(tb_request(c, 1) + 2);
    mem_wr8(c, lin_addr(seg, off), v);
}
/* `mid`: a write that does not end the instruction goes on at T4. */
static ALWAYS_INLINE void tb_write16(EmuCore *c, uint16_t seg, uint16_t off, uint16_t v, int mid) {
    uint32_t lin = lin_addr(seg, off);
    int64_t t1;
    if (LIKELY(!(lin & 1))) {
        t1 = tb_request(c, 1);
        mem_wr16_even(c, lin, v);
    } else {
        c->cycles = (uint64_t)(tb_request(c, 0) + 3);
        t1 = tb_request_second(c);
        mem_wr8(c, lin, (uint8_t)v);
        mem_wr8(c, lin_addr(seg, (uint16_t)(off + 1)), (uint8_t)(v >> 8));
    }
    c->cycles = (uint64_t)(t1 + 2 + mid);
}
static ALWAYS_INLINE void B_write16(EmuCore *c, uint16_t seg, uint16_t off, uint16_t v) {
    tb_write16(c, seg, off, v, 0);
}
static ALWAYS_INLINE void B_write16_mid(EmuCore *c, uint16_t seg, uint16_t off, uint16_t v) {
    tb_write16(c, seg, off, v, 1);
}

/* I/O: the device sees the transfer at T3. */
static ALWAYS_INLINE uint8_t B_in8(EmuCore *c, uint16_t port) {
    c->cycles = (uint64_t)(tb_request(c, 1) + 2);
    uint8_t v = c->port_in(c->ctx, port, c->cycles);
    c->cycles++;
    return v;
}
static ALWAYS_INLINE uint16_t B_in16(EmuCore *c, uint16_t port) {
    if (!(port & 1)) {
        c->cycles = (uint64_t)(tb_request(c, 1) + 2);
        uint16_t v = (uint16_t)(c->port_in(c->ctx, port, c->cycles) |
                                c->port_in(c->ctx, (uint16_t)(port + 1), c->cycles) << 8);
        c->cycles++;
        return v;
    }
    c->cycles = (uint64_t)(tb_request(c, 0) + 2);
    uint8_t lo = c->port_in(c->ctx, port, c->cycles);
    c->cycles++;
    c->cycles = (uint64_t)(tb_request_second(c) + 2);
    uint8_t hi = c->port_in(c->ctx, (uint16_t)(port + 1), c->cycles);
    c->cycles++;
    return (uint16_t)(lo | hi << 8);
}
static ALWAYS_INLINE void B_out8(EmuCore *c, uint16_t port, uint8_t v) {
    c->cycles = (uint64_t)(tb_request(c, 1) + 2);
    c->port_out(c->ctx, port, v, c->cycles);
}
static ALWAYS_INLINE void B_out16(EmuCore *c, uint16_t port, uint16_t v) {
    if (!(port & 1)) {
        c->cycles = (uint64_t)(tb_request(c, 1) + 2);
        c->port_out(c->ctx, port, (uint8_t)v, c->cycles);
        c->port_out(c->ctx, (uint16_t)(port + 1), (uint8_t)(v >> 8), c->cycles);
        return;
    }
    c->cycles = (uint64_t)(tb_request(c, 0) + 2);
    c->port_out(c->ctx, port, (uint8_t)v, c->cycles);
    c->cycles++;
    c->cycles = (uint64_t)(tb_request_second(c) + 2);
    c->port_out(c->ctx, (uint16_t)(port + 1), (uint8_t)(v >> 8), c->cycles);
}
/* Two INTA bus cycles; the vector comes from the interrupt controller during the second. */
static ALWAYS_INLINE uint8_t B_inta(EmuCore *c) {
    c->cycles = (uint64_t)(tb_request(c, 0) + 3);
    int64_t t1 = tb_request_second(c);
    c->cycles = (uint64_t)t1;
    uint8_t v = c->int_ack ? c->int_ack(c->ctx) : 0xFF;
    c->cycles = (uint64_t)(t1 + 3);
    return v;
}

/* The EU waits for a bus cycle in progress, or a prefetch whose address cycle has begun, to
 * reach T4. */
static void B_wait_t4(EmuCore *c) {
    EmuBiu *b = &c->biu;
    tb_sync(c);
    int64_t now = tb_now(c);
    if (b->tb_t1 > now && now >= b->tb_prev_t1 + 4) tb_advance_to(c, b->tb_t1 + 3);
    else if (b->tb_t1 > now) tb_advance_to(c, b->tb_prev_t1 + 3);
    else if (now < b->tb_t1 + 4) tb_advance_to(c, b->tb_t1 + 3);
}

/* ---- the queue ---- */

static void tb_refetch(EmuCore *c);

/* The first byte after a flush is not there yet: wait for it (with the refill's first fetch
 * dropped by a bus cycle of the EU, for the one that replaces it). */
static NOINLINE void tb_wait_first(EmuCore *c) {
    EmuBiu *b = &c->biu;
    if (b->tb_ready == TB_NEVER) {
        if (b->fetch != TB_REFILL || !b->tb_final) {
            tb_refetch(c); /* cannot happen with the 8086's microcode */
        } else {
            tb_advance_to(c, b->tb_t1 + 2);
            tb_sync(c);
        }
    }
    tb_advance_to(c, b->tb_ready);
}

/* A byte is taken from the queue: after a flush, once the first fetch has brought it. */
static ALWAYS_INLINE uint8_t tb_take(EmuCore *c) {
    if (UNLIKELY(tb_now(c) < c->biu.tb_ready)) tb_wait_first(c);
    c->cycles++;
    return mem_rd8(c, lin_addr(CS, c->ip));
}

static ALWAYS_INLINE uint8_t B_qread(EmuCore *c) {
    uint8_t v = tb_take(c);
    c->ip++;
    return v;
}
static ALWAYS_INLINE uint8_t B_first(EmuCore *c) {
    if (LIKELY(c->biu.has_preload)) {
        c->biu.has_preload = 0;
        c->ip++;
        return c->biu.preload;
    }
    return B_qread(c);
}
static ALWAYS_INLINE void B_rni(EmuCore *c) {
    c->biu.preload = tb_take(c);
    c->biu.has_preload = 1;
}

/* ---- prefetch control ---- */

/* SUSP: prefetching stops; a fetch under way finishes (the EU waits for its T4), one whose
 * address cycle has only begun is dropped. */
static void B_suspend(EmuCore *c) {
    EmuBiu *b = &c->biu;
    tb_sync(c);
    int64_t now = tb_now(c);
    b->fetch = TB_SUSPENDED;
    if (tb_fetch_pending(b, now)) tb_drop_fetch(b);
    if (b->tb_n && now < b->tb_t1 + 3) tb_advance_to(c, b->tb_t1 + 3);
}

/* Empty the queue and refill it from CS:IP: the first fetch at once, or the prefetch whose
 * address cycle has begun goes on for the new address. */
static void tb_refetch(EmuCore *c) {
    EmuBiu *b = &c->biu;
    int64_t now = tb_now(c);
    b->has_preload = 0;
    b->fetch = TB_REFILL;
    b->pc = c->ip;
    b->qlen = 0;
    if (tb_fetch_pending(b, now)) {
        b->tb_n = (uint8_t)(2 - (b->pc & 1));
        b->pc = (uint16_t)(b->pc + b->tb_n);
        b->qlen = b->tb_n;
    } else {
        tb_fetch(b, now + 3 > b->tb_t1 + 4 ? now + 3 : b->tb_t1 + 4);
    }
    b->tb_prev_n = 0; /* its bytes are gone */
    b->tb_ready = b->tb_t1 + 4;
}
static void B_flush(EmuCore *c) {
    tb_sync(c);
    tb_refetch(c);
}

static ALWAYS_INLINE void B_cs_changed(EmuCore *c, uint16_t old_cs) { (void)c; (void)old_cs; }
static ALWAYS_INLINE void B_outside(EmuCore *c) { (void)c; }
static ALWAYS_INLINE void B_leave(EmuCore *c) { (void)c; }
static ALWAYS_INLINE void B_corr(EmuCore *c) { c->cycles++; }

/* HLT: prefetching stops; a bus cycle in progress runs to its end. */
static void B_halt(EmuCore *c) {
    EmuBiu *b = &c->biu;
    tb_sync(c);
    int64_t now = tb_now(c);
    b->fetch = TB_HALTED;
    if (tb_fetch_pending(b, now)) tb_drop_fetch(b);
    tb_advance_to(c, b->tb_t1 + 4);
}
static ALWAYS_INLINE void B_idle(EmuCore *c, uint64_t n) { c->cycles += n; }

static void tb_clear(EmuBiu *b) {
    memset(b, 0, sizeof *b);
    b->tb_t1 = b->tb_prev_t1 = TB_LONG_AGO;
    b->tb_ready = TB_LONG_AGO;
    b->tb_final = 1;
}

void emu_biu_reset_table(EmuCore *c) {
    tb_clear(&c->biu);
    tb_refetch(c);
}

/* The queue holds `bytes` (from CS:IP on); the first was taken in the clock before, so with
 * room for a word the refill's first fetch was decided then. */
void emu_biu_prefill_table(EmuCore *c, const uint8_t *bytes, int n) {
    EmuBiu *b = &c->biu;
    tb_clear(b);
    if (n > TB_QSIZE) n = TB_QSIZE;
    if (n < 1) {
        tb_refetch(c);
        return;
    }
    b->preload = bytes[0];
    b->has_preload = 1;
    b->pc = (uint16_t)(c->ip + n);
    b->qlen = (uint8_t)(n - 1);
    if (n < TB_QSIZE) {
        b->fetch = TB_REFILL;
        b->tb_t1 = tb_now(c) - 2;
    } else {
        b->fetch = TB_FULL;
    }
}

#endif
