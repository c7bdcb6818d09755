/* The documented-timings model: the microcode's own clocks with a simplified bus.
 *
 * Included by cpu_table.c only. The EU's clocks are the microcode's, as in the documented
 * timings: reading a queued byte takes a clock, an EU bus cycle is asked for three clocks before
 * its T1, a read ends at T3 and a write goes on at T3. What this model adds to them is the two
 * effects of the bus that make real instructions longer, computed from the same rules as the
 * exact model (biu_exact.h):
 *
 *  - The prefetcher fetches a word (T1-T4) whenever the 6-byte queue has room for one: right
 *    after the latest bus cycle if there was room by its T2, else with an address cycle that
 *    starts on the clock the room appears. A fetched byte can be read from the clock after the
 *    fetch's T4, so the queue runs dry after a jump, or when the EU takes bytes faster than the
 *    bus brings them.
 *  - The EU's bus cycles wait for the prefetch under way: a request in T1 or T2 of a fetch gets
 *    the bus after its T4, in T3 a clock later; one in a fetch's address cycle takes the bus at
 *    T0. SUSP ends prefetching after the fetch under way, FLUSH starts it again at the new IP.
 *
 * What makes it cheap: there is no queue. A byte is read from memory when the EU takes it;
 * the model only knows, by address, when each byte fetched can be read (q_at) and when each
 * byte taken was taken (tb_taken), and the latest two bus cycles. Taking a byte is a lookup and
 * a store. The prefetches are worked out later, when the EU next asks for the bus (or flushes,
 * or takes a byte not fetched yet): the fetch of the word at `pc` is decided once the byte at
 * pc - 5 has been taken (that leaves four bytes in the queue), and the clock it was taken gives
 * the decision's clock. Left out: the queue's contents (code written just before it runs is
 * seen at once; the hardware would run the bytes it had fetched) and the bus trace.
 */
#ifndef EMU86_BIU_TABLE_H
#define EMU86_BIU_TABLE_H

#include "cpu_internal.h"

enum { TB_FETCHING = 0, TB_SUSPENDED = 3, TB_HALTED = 4 }; /* EmuBiu.fetch, as in the exact model */

#define TB_QSIZE 6
#define TB_LONG_AGO (INT64_MIN / 4)

static ALWAYS_INLINE int64_t tb_now(const EmuCpu *c) { return (int64_t)c->cycles; }
static ALWAYS_INLINE void tb_advance_to(EmuCpu *c, int64_t t) {
    if (t > tb_now(c)) c->cycles = (uint64_t)t;
}
/* Is address `a` before `b` (in the 64K wrap of IP)? */
static ALWAYS_INLINE int tb_before(uint16_t a, uint16_t b) { return (int16_t)(uint16_t)(a - b) < 0; }

static ALWAYS_INLINE void B_cycles(EmuCpu *c, int n) { c->cycles += (uint64_t)n; }

/* ---- the bus cycles ---- */

/* A bus cycle with its T1 at `t1`, bringing `n` code bytes (0: the EU's). */
static ALWAYS_INLINE void tb_push(EmuBiu *b, int64_t t1, uint8_t n, uint8_t final) {
    b->tb_prev_t1 = b->tb_t1;
    b->tb_prev_n = b->tb_n;
    b->tb_t1 = t1;
    b->tb_n = n;
    b->tb_final = final;
}

/* A prefetch of CS:pc with its T1 at `t1`: its bytes can be read from the clock after its T4. */
static ALWAYS_INLINE void tb_fetch(EmuBiu *b, int64_t t1) {
    uint8_t n = (uint8_t)(2 - (b->pc & 1));
    tb_push(b, t1, n, 1);
    b->q_at[b->pc & 7] = t1 + 4;
    b->q_at[(b->pc + 1) & 7] = t1 + 4;
    b->pc = (uint16_t)(b->pc + n);
}

/* When the prefetch of the word at pc is decided (TB_LONG_AGO: not yet known, the queue has no
 * room for it). The queue had room from the clock the byte at pc - 5 was taken: if that was by
 * T2 of the latest cycle, the fetch follows that cycle; else its address cycle starts then (or
 * when the bus is free). */
static ALWAYS_INLINE int64_t tb_decision(const EmuCpu *c) {
    const EmuBiu *b = &c->biu;
    uint16_t room = (uint16_t)(b->pc - 5);
    if (!tb_before(room, (uint16_t)(c->ip + b->has_preload))) return TB_LONG_AGO;
    int64_t r = tb_before(room, b->tb_run) ? TB_LONG_AGO : b->tb_taken[room & 7];
    if (r <= b->tb_t1 + 1) return b->tb_t1 + 1;
    return r > b->tb_t1 + 4 ? r : b->tb_t1 + 4;
}

/* Schedule the prefetches decided before the current clock (one decided in it comes after the
 * EU's action). */
static void tb_sync(EmuCpu *c) {
    EmuBiu *b = &c->biu;
    if (b->fetch != TB_FETCHING || !b->tb_final) return;
    for (;;) {
        int64_t d = tb_decision(c);
        if (d == TB_LONG_AGO || d >= tb_now(c)) return;
        tb_fetch(b, d + 3);
    }
}

/* Drop the latest cycle, a prefetch still in its address cycle (T1 after now). */
static ALWAYS_INLINE void tb_drop_fetch(EmuBiu *b) {
    b->pc = (uint16_t)(b->pc - b->tb_n);
    b->tb_t1 = b->tb_prev_t1;
    b->tb_n = b->tb_prev_n;
    b->tb_final = 1;
    b->tb_prev_t1 = TB_LONG_AGO;
    b->tb_prev_n = 0;
}
static ALWAYS_INLINE int tb_fetch_pending(const EmuBiu *b, int64_t now) { return b->tb_n && b->tb_t1 > now; }

/* ---- bus cycles of the EU ---- */

/* The EU asks for a bus cycle in the current clock; returns the clock of its T1. */
static int64_t tb_request(EmuCpu *c, uint8_t final) {
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
/* The second transfer of a word at an odd address, asked for at the first one's T4. */
static ALWAYS_INLINE int64_t tb_request_second(EmuCpu *c) {
    int64_t t1 = tb_now(c) + 1;
    tb_push(&c->biu, t1, 0, 1);
    return t1;
}

static ALWAYS_INLINE uint8_t B_read8_lin(EmuCpu *c, uint32_t lin) {
    c->cycles = (uint64_t)(tb_request(c, 1) + 3);
    return mem_rd8(c, lin);
}
static ALWAYS_INLINE uint8_t B_read8(EmuCpu *c, uint16_t seg, uint16_t off) {
    return B_read8_lin(c, lin_addr(seg, off));
}
static ALWAYS_INLINE uint16_t B_read16(EmuCpu *c, uint16_t seg, uint16_t off) {
    uint32_t lin = lin_addr(seg, off);
    if (LIKELY(!(lin & 1))) {
        c->cycles = (uint64_t)(tb_request(c, 1) + 3);
        return mem_rd16_even(c, lin);
    }
    c->cycles = (uint64_t)(tb_request(c, 0) + 3);
    c->cycles = (uint64_t)(tb_request_second(c) + 3);
    return (uint16_t)(mem_rd8(c, lin) | mem_rd8(c, lin_addr(seg, (uint16_t)(off + 1))) << 8);
}
/* A write goes on at T3; `mid` (a write that does not end the instruction): at T4. */
static ALWAYS_INLINE void B_write8(EmuCpu *c, uint16_t seg, uint16_t off, uint8_t v) {
    c->cycles = (uint64_t)(tb_request(c, 1) + 2);
    mem_wr8(c, lin_addr(seg, off), v);
}
static ALWAYS_INLINE void tb_write16(EmuCpu *c, uint16_t seg, uint16_t off, uint16_t v, int mid) {
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
static ALWAYS_INLINE void B_write16(EmuCpu *c, uint16_t seg, uint16_t off, uint16_t v) {
    tb_write16(c, seg, off, v, 0);
}
static ALWAYS_INLINE void B_write16_mid(EmuCpu *c, uint16_t seg, uint16_t off, uint16_t v) {
    tb_write16(c, seg, off, v, 1);
}

/* I/O: the device sees the transfer at T3. */
static ALWAYS_INLINE uint8_t B_in8(EmuCpu *c, uint16_t port) {
    c->cycles = (uint64_t)(tb_request(c, 1) + 2);
    uint8_t v = c->port_in(c->ctx, port, c->cycles);
    c->cycles++;
    return v;
}
static ALWAYS_INLINE uint16_t B_in16(EmuCpu *c, uint16_t port) {
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
static ALWAYS_INLINE void B_out8(EmuCpu *c, uint16_t port, uint8_t v) {
    c->cycles = (uint64_t)(tb_request(c, 1) + 2);
    c->port_out(c->ctx, port, v, c->cycles);
}
static ALWAYS_INLINE void B_out16(EmuCpu *c, uint16_t port, uint16_t v) {
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
static ALWAYS_INLINE uint8_t B_inta(EmuCpu *c) {
    c->cycles = (uint64_t)(tb_request(c, 0) + 3);
    int64_t t1 = tb_request_second(c);
    c->cycles = (uint64_t)t1;
    uint8_t v = c->int_ack ? c->int_ack(c->ctx) : 0xFF;
    c->cycles = (uint64_t)(t1 + 3);
    return v;
}

/* The EU waits for a bus cycle in progress, or a prefetch whose address cycle has begun, to
 * reach T4. */
static void B_wait_t4(EmuCpu *c) {
    EmuBiu *b = &c->biu;
    tb_sync(c);
    int64_t now = tb_now(c);
    if (b->tb_t1 > now && now >= b->tb_prev_t1 + 4) tb_advance_to(c, b->tb_t1 + 3);
    else if (b->tb_t1 > now) tb_advance_to(c, b->tb_prev_t1 + 3);
    else if (now < b->tb_t1 + 4) tb_advance_to(c, b->tb_t1 + 3);
}

/* ---- the queue ---- */

static void tb_refetch(EmuCpu *c);

/* The byte at IP has not been fetched yet: schedule prefetches up to it (the EU waits for it,
 * so the next one happens whenever it is decided). */
static NOINLINE void tb_fill(EmuCpu *c) {
    EmuBiu *b = &c->biu;
    if ((uint16_t)(c->ip - b->pc) >= TB_QSIZE || b->fetch != TB_FETCHING || !b->tb_final) {
        /* IP moved without a flush, or nothing would ever fetch it (neither happens with the
         * 8086's microcode): start again from IP. */
        tb_refetch(c);
        return;
    }
    tb_sync(c);
    while (!tb_before(c->ip, b->pc)) tb_fetch(b, tb_decision(c) + 3);
}

/* A byte is taken from the queue in the current clock, once it can be read. */
static ALWAYS_INLINE uint8_t tb_take(EmuCpu *c) {
    EmuBiu *b = &c->biu;
    uint16_t a = c->ip;
    if (UNLIKELY(!tb_before(a, b->pc))) tb_fill(c);
    int64_t at = b->q_at[a & 7];
    int64_t now = at > tb_now(c) ? at : tb_now(c);
    b->tb_taken[a & 7] = now;
    c->cycles = (uint64_t)now + 1;
    return mem_rd8(c, lin_addr(CS, a));
}

static ALWAYS_INLINE uint8_t B_qread(EmuCpu *c) {
    uint8_t v = tb_take(c);
    c->ip++;
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
    c->biu.preload = tb_take(c);
    c->biu.has_preload = 1;
}

/* ---- prefetch control ---- */

/* SUSP: prefetching stops; a fetch under way finishes (the EU waits for its T4), one whose
 * address cycle has only begun is dropped. */
static void B_suspend(EmuCpu *c) {
    EmuBiu *b = &c->biu;
    tb_sync(c);
    int64_t now = tb_now(c);
    b->fetch = TB_SUSPENDED;
    if (tb_fetch_pending(b, now)) tb_drop_fetch(b);
    if (b->tb_n && now < b->tb_t1 + 3) tb_advance_to(c, b->tb_t1 + 3);
}

/* Empty the queue and fetch at CS:IP: at once, or with the prefetch whose address cycle has
 * begun. */
static void tb_refetch(EmuCpu *c) {
    EmuBiu *b = &c->biu;
    int64_t now = tb_now(c);
    b->has_preload = 0;
    b->fetch = TB_FETCHING;
    b->pc = c->ip;
    b->tb_run = c->ip;
    if (tb_fetch_pending(b, now)) {
        b->tb_n = (uint8_t)(2 - (b->pc & 1));
        b->q_at[b->pc & 7] = b->q_at[(b->pc + 1) & 7] = b->tb_t1 + 4;
        b->pc = (uint16_t)(b->pc + b->tb_n);
    } else {
        tb_fetch(b, now + 3 > b->tb_t1 + 4 ? now + 3 : b->tb_t1 + 4);
    }
    b->tb_prev_n = 0; /* its bytes are gone */
}
static void B_flush(EmuCpu *c) {
    tb_sync(c);
    tb_refetch(c);
}

static ALWAYS_INLINE void B_cs_changed(EmuCpu *c) { (void)c; }
static ALWAYS_INLINE void B_outside(EmuCpu *c) { (void)c; }
static ALWAYS_INLINE void B_leave(EmuCpu *c) { (void)c; }
static ALWAYS_INLINE void B_corr(EmuCpu *c) { c->cycles++; }

/* HLT: prefetching stops; a bus cycle in progress runs to its end. */
static void B_halt(EmuCpu *c) {
    EmuBiu *b = &c->biu;
    tb_sync(c);
    int64_t now = tb_now(c);
    b->fetch = TB_HALTED;
    if (tb_fetch_pending(b, now)) tb_drop_fetch(b);
    tb_advance_to(c, b->tb_t1 + 4);
}
static ALWAYS_INLINE void B_idle(EmuCpu *c, uint64_t n) { c->cycles += n; }

static void tb_clear(EmuBiu *b) {
    memset(b, 0, sizeof *b);
    b->tb_t1 = b->tb_prev_t1 = TB_LONG_AGO;
    b->tb_final = 1;
}

void emu_biu_reset_table(EmuCpu *c) {
    tb_clear(&c->biu);
    tb_refetch(c);
}

/* The queue holds `bytes` (from CS:IP on); the first was taken in the clock before. */
void emu_biu_prefill_table(EmuCpu *c, const uint8_t *bytes, int n) {
    EmuBiu *b = &c->biu;
    tb_clear(b);
    if (n > TB_QSIZE) n = TB_QSIZE;
    if (n < 1) {
        tb_refetch(c);
        return;
    }
    b->pc = (uint16_t)(c->ip + n);
    b->tb_run = (uint16_t)(c->ip - 7);
    for (int i = 0; i < 8; i++) {
        b->q_at[i] = TB_LONG_AGO;
        b->tb_taken[i] = tb_now(c) - 1;
    }
    b->preload = bytes[0];
    b->has_preload = 1;
}

#endif
