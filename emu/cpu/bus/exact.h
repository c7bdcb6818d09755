/* The exact timing model: the 8086 bus interface unit, as a schedule of bus cycles.
 *
 * Included by cpu/run_exact.c only. It provides the B_* primitives (cpu/bus/bus.h) the
 * interpreter (cpu/exec.inc) is written against. The rules are the ones the hardware traces of
 * the SingleStepTests suite show (the names of the states follow MartyPC and Ken Shirriff's
 * analysis of the die):
 *
 *  - A bus cycle is T1 T2 T3 T4; data moves at T3, fetched code enters the queue at T4.
 *  - Each bus cycle is preceded by an address cycle of three clocks, Tr Ts T0, which overlaps
 *    the cycle before it: T1 follows T0 at the earliest on the clock after that cycle's T4.
 *  - The prefetcher wants a word whenever the 6-byte queue has room for one (four bytes or
 *    fewer). It starts the address cycle of a fetch at T2 of a bus cycle when the queue will
 *    still have room once that cycle's own code bytes are in (so fetches run back to back), or
 *    on any idle clock (Ti) when it has room; never at T4 itself.
 *  - The EU asks for the bus with its own address cycle: at once when the bus is idle, in T1,
 *    T2 or T4; from T4 when asked during T3. A fetch whose address cycle has begun is not
 *    stopped: it reaches T0 and is dropped there, and the EU's cycle goes on from Ts.
 *  - The second transfer of a word at an odd address follows the first one's T4 directly.
 *  - SUSP stops prefetching (after a fetch in progress reaches T4); FLUSH empties the queue and
 *    starts fetching at the new IP at once.
 *
 * How it is computed. Nothing runs per clock: B_cycles() only adds to the clock count. The BIU
 * is a list of bus cycles with the clock of each one's T1. Counting the bytes of fetches under
 * way with the queue, both fetch decisions above become one condition: the next fetch follows
 * the latest cycle L as soon as the queue (so counted) holds four bytes or fewer; if that is
 * so by L's T2 it runs right after L, otherwise its address cycle begins on the first idle
 * clock at which it is so. Between two actions of the EU only its queue reads change that
 * count, so a fetch is scheduled when it is decided: when L is scheduled, or by the queue read
 * that leaves room. Its bytes go into the queue at once, each with the clock from which it can
 * be read (T4 + 1); a read before then waits. What the EU does later can only revise what has
 * not been decided yet: a bus request drops the fetches decided for its own clock or later
 * (the fetch decision comes after the EU's action within a clock), and the one fetch whose
 * address cycle has begun gives way at its T0; SUSP and HLT drop those that have not begun;
 * FLUSH empties the queue and refetches; a write to memory (or CS) before a fetch's T3 reads
 * its bytes again. Results are identical to stepping every clock (tests/cpu/biu_ref.h keeps
 * that reference model; the conformance suite and tests/cpu/biu_diff compare the two).
 *
 * Cost. The list is a ring of the eight latest cycles (only the last few matter; placeholders
 * fill it out, so it is never empty). A write by the EU changes memory before it asks for its
 * bus cycle: the fetches that request schedules read the new bytes, and only the one cycle
 * before it can be a fetch still short of its T3. The queue read that leaves room, the EU's
 * plain reads and writes and FLUSH each have a path of their own (fetch_after_read,
 * biu_request_read/_write, fetch_chain_from inline); the per-clock trace is written where
 * trace_clock is set (one predictable test per bus cycle; cpu/run_exact.c is the copy that
 * runs with it).
 */
#ifndef EMU86_BIU_EXACT_H
#define EMU86_BIU_EXACT_H

#include "cpu/bus/bus.h" /* the interface this model provides */

enum { T_I = 0, T_1, T_2, T_3, T_4 };
enum { A_R = 0, A_S, A_0, A_NONE };            /* address cycle stage (tracing only) */
enum { F_NORMAL = 0, F_SUSPENDED = 3, F_HALTED = 4 };

#define QSIZE 6
/* b->armed: the queue length at which a queue read decides the next fetch, or none. */
#define ARMED (QSIZE - 2)
#define ARMED_NOT 0xFF
#define NCYC 8

/* Cycle metadata (type, final, n, by_eu) as one word. */
#define CYC_META(type, final, n, by_eu) ((uint32_t)(type) | (uint32_t)(final) << 8 | (uint32_t)(n) << 16 | (uint32_t)(by_eu) << 24)

/* Debug notes for studying traces (build with -DEMU_BIU_DEBUG; the conformance runner prints
 * them with --dump). Compiled out otherwise. */
#ifdef EMU_BIU_DEBUG
void emu_biu_note(const EmuCore *c, const char *fmt, ...);
#define BIU_NOTE(...) emu_biu_note(c, __VA_ARGS__)
#else
#define BIU_NOTE(...) ((void)0)
#endif

static ALWAYS_INLINE int64_t biu_now(const EmuCore *c) { return (int64_t)c->cycles; }

/* ---- the list of bus cycles ---- */

/* The list is the ring's NCYC entries, oldest first from cyc_tail: placeholders (idle, long
 * past: no cycle follows one early, none waits for it, nothing drops it) where there are not
 * as many cycles yet, or where a fetch was dropped. */

/* The j-th latest cycle (0: the latest); j < NCYC. */
static ALWAYS_INLINE EmuBiuCycle *cyc_back(EmuBiu *b, unsigned j) { return &b->cyc[(b->cyc_tail - 1u - j) & (NCYC - 1)]; }
static ALWAYS_INLINE EmuBiuCycle *cyc_last(EmuBiu *b) { return cyc_back(b, 0); }
/* The i-th oldest cycle; i < NCYC. */
static ALWAYS_INLINE EmuBiuCycle *cyc_at(EmuBiu *b, unsigned i) { return cyc_back(b, NCYC - 1u - i); }

static ALWAYS_INLINE void cyc_set_placeholder(EmuBiuCycle *p) {
    p->t1 = INT64_MIN / 4;
    p->dec = INT64_MIN;
    p->meta = CYC_META(BUS_PASV, 1, 0, 1);
}

static ALWAYS_INLINE EmuBiuCycle *cyc_push(EmuBiu *b) {
    EmuBiuCycle *e = &b->cyc[b->cyc_tail & (NCYC - 1)];
    b->cyc_tail = (uint8_t)(b->cyc_tail + 1);
    return e;
}

/* Drop the latest cycle, a prefetch not yet begun: its bytes leave the queue's tail. */
static ALWAYS_INLINE void cyc_drop_fetch(EmuBiu *b) {
    EmuBiuCycle *f = cyc_last(b);
    b->qlen = (uint8_t)(b->qlen - f->n);
    b->pc = (uint16_t)(b->pc - f->n);
    b->cyc_tail = (uint8_t)(b->cyc_tail - 1);
    cyc_set_placeholder(f); /* its slot is now the oldest */
}

static ALWAYS_INLINE int cyc_is_fetch(const EmuBiuCycle *f) { return f->type == BUS_CODE; }

/* A fetch the BIU decides at clock `now` or later: an action of the EU in this clock comes
 * first (one begun by the EU itself, by FLUSH, has begun: its dec is INT64_MIN, as is that of
 * the EU's own cycles). */
static ALWAYS_INLINE int cyc_undecided(const EmuBiuCycle *f, int64_t now) { return f->dec >= now; }


/* The clock of a cycle's Tr (the trace shows its address cycle from there). */
static ALWAYS_INLINE int64_t cyc_tr(const EmuBiuCycle *f) {
    if (!cyc_is_fetch(f)) return f->t1 - 3;
    return f->dec != INT64_MIN ? f->dec : f->tr;
}

/* Drop the fetches decided at `now` or later (a suffix of the list: decisions only grow). */
static ALWAYS_INLINE void cyc_drop_undecided(EmuBiu *b, int64_t now) {
    while (cyc_undecided(cyc_last(b), now)) cyc_drop_fetch(b);
}

/* ---- prefetching ---- */

/* The bytes of fetch `f`, read from memory (at its T3: again when memory changes before). */
static ALWAYS_INLINE void fetch_read(EmuCore *c, const EmuBiuCycle *f, unsigned pos) {
    EmuBiu *b = &c->biu;
    uint16_t w = mem_rd16_even(c, f->lin & ~1u);
    unsigned i = (b->qhead + pos) & 7;
    if (f->n == 1) {
        b->q[i] = (uint8_t)(w >> 8);
    } else {
        b->q[i] = (uint8_t)w;
        b->q[(i + 1) & 7] = (uint8_t)(w >> 8);
    }
}

/* Schedule fetches while the queue, counting the bytes of fetches under way, has room for a
 * word (four bytes or fewer): the first with T1 `t1`, decided at `dec`, each further one back
 * to back after the one before, decided at its T2. Their bytes enter the queue now, readable
 * from their T4 + 1. */
static ALWAYS_INLINE void fetch_chain_from(EmuCore *c, int64_t t1, int64_t dec) {
    EmuBiu *b = &c->biu;
    const uint32_t base = (uint32_t)CS << 4;
    unsigned qlen = b->qlen, tail = b->cyc_tail;
    unsigned qi = (b->qhead + qlen) & 7;
    uint16_t pc = b->pc;
    for (;;) {
        EmuBiuCycle *f = &b->cyc[tail & (NCYC - 1)];
        tail++;
        const uint32_t lin = (base + pc) & 0xFFFFFu;
        const int64_t at = t1 + 4;
        f->t1 = t1;
        f->dec = dec;
        f->lin = lin;
        const uint16_t w = mem_rd16_even(c, lin & ~1u);
        if (pc & 1) {
            f->meta = CYC_META(BUS_CODE, 1, 1, 0);
            b->q[qi] = (uint8_t)(w >> 8);
            b->q_at[qi] = at;
            qi = (qi + 1) & 7;
            qlen += 1;
            pc = (uint16_t)(pc + 1);
        } else {
            f->meta = CYC_META(BUS_CODE, 1, 2, 0);
            b->q[qi] = (uint8_t)w;
            b->q_at[qi] = at;
            qi = (qi + 1) & 7;
            b->q[qi] = (uint8_t)(w >> 8);
            b->q_at[qi] = at;
            qi = (qi + 1) & 7;
            qlen += 2;
            pc = (uint16_t)(pc + 2);
        }
        if (qlen > QSIZE - 2) break;
        dec = t1 + 1;
        t1 += 4;
    }
    b->qlen = (uint8_t)qlen;
    b->pc = pc;
    b->cyc_tail = (uint8_t)tail;
}

/* The same, the queue having had room since clock `r`: the first fetch follows the latest cycle
 * L right after it if that was so by L's T2, else its address cycle begins on the first idle
 * clock from `r` on. */
static NOINLINE void fetch_chain(EmuCore *c, int64_t r) {
    EmuBiu *b = &c->biu;
    int64_t t1, dec;
    const int64_t lt1 = cyc_last(b)->t1; /* final (fetch_follow checked) */
    if (r <= lt1 + 1) {
        t1 = lt1 + 4;
        dec = lt1 + 1;
    } else {
        dec = r > lt1 + 4 ? r : lt1 + 4;
        t1 = dec + 3;
    }
    fetch_chain_from(c, t1, dec);
}

/* fetch_chain for the queue read that has just left room for a word, at clock `now` (armed:
 * the prefetcher runs and the latest cycle is final). At an even offset that is one word: done
 * here with nothing else to look at. */
static NOINLINE void fetch_after_read(EmuCore *c, int64_t now) {
    EmuBiu *b = &c->biu;
    const unsigned pc = b->pc, tail = b->cyc_tail;
    if (UNLIKELY(pc & 1)) {
        fetch_chain(c, now);
        return;
    }
    const int64_t lt1 = b->cyc[(tail - 1u) & (NCYC - 1)].t1;
    int64_t t1, dec;
    if (now <= lt1 + 1) {
        t1 = lt1 + 4;
        dec = lt1 + 1;
    } else {
        dec = now > lt1 + 4 ? now : lt1 + 4;
        t1 = dec + 3;
    }
    EmuBiuCycle *f = &b->cyc[tail & (NCYC - 1)];
    const uint32_t lin = (((uint32_t)CS << 4) + pc) & 0xFFFFFu;
    f->t1 = t1;
    f->dec = dec;
    f->lin = lin;
    f->meta = CYC_META(BUS_CODE, 1, 2, 0);
    b->cyc_tail = (uint8_t)(tail + 1);
    const uint16_t w = mem_rd16_even(c, lin);
    const unsigned qi = (b->qhead + (QSIZE - 2)) & 7, qj = (qi + 1) & 7;
    b->q[qi] = (uint8_t)w;
    b->q[qj] = (uint8_t)(w >> 8);
    b->q_at[qi] = t1 + 4;
    b->q_at[qj] = t1 + 4;
    b->qlen = QSIZE;
    b->pc = (uint16_t)(pc + 2);
}

/* The queue has had room since clock `r` (or a cycle was just scheduled): schedule fetches while
 * it does; with none, the next waits for the queue read that leaves room. */
static ALWAYS_INLINE void fetch_follow(EmuCore *c, int64_t r) {
    EmuBiu *b = &c->biu;
    if (b->fetch != F_NORMAL || !cyc_last(b)->final) {
        b->armed = ARMED_NOT;
        return;
    }
    if (b->qlen <= QSIZE - 2) fetch_chain(c, r);
    b->armed = ARMED;
}

/* Memory changed at the current clock: fetches whose T3 is still to come read their bytes
 * again. They are among the latest cycles (an EU cycle may follow them); their bytes are the
 * queue's tail. */
static NOINLINE void fetch_reread(EmuCore *c) {
    EmuBiu *b = &c->biu;
    int64_t now = biu_now(c);
    unsigned pos = b->qlen;
    for (unsigned j = 0; j < NCYC; j++) {
        EmuBiuCycle *f = cyc_back(b, j);
        if (f->t1 + 2 < now) break;
        if (!cyc_is_fetch(f)) continue;
        pos -= f->n;
        fetch_read(c, f, pos);
    }
}

static ALWAYS_INLINE void fetch_memory_changed(EmuCore *c) {
    EmuBiu *b = &c->biu;
    if (cyc_last(b)->t1 + 2 >= biu_now(c)) fetch_reread(c);
}


/* ---- tracing ---- */

/* The row of clock k: the state at its start, after the EU's action in it (queue operations
 * show on the row after). Rows are written when the EU next acts, when they can no longer
 * change. */
static void biu_trace_row(EmuCore *c, int64_t k) {
    EmuBiu *b = &c->biu;
    b->tstate = T_I;
    b->astate = A_NONE;
    for (unsigned i = 0; i < NCYC; i++) {
        const EmuBiuCycle *f = cyc_at(b, i);
        if (k >= f->t1 && k < f->t1 + 4) {
            b->tstate = (uint8_t)(1 + (k - f->t1));
            b->latch = f->type;
        }
        int64_t tr = cyc_tr(f);
        if (k >= tr && k < f->t1) b->astate = f->t1 - k >= 3 ? A_R : f->t1 - k == 2 ? A_S : A_0;
    }
    b->qop_prev = b->qop_at[1] + 1 == k ? b->qop_op[1] : b->qop_at[0] + 1 == k ? b->qop_op[0] : EMU_QOP_NONE;
    uint64_t save = c->cycles;
    c->cycles = (uint64_t)k;
    c->trace_clock(c->trace_ctx, c);
    c->cycles = save;
}

static NOINLINE void biu_trace_to_now(EmuCore *c) {
    EmuBiu *b = &c->biu;
    for (int64_t k = b->traced; k < biu_now(c); k++) biu_trace_row(c, k);
    if (b->traced < biu_now(c)) b->traced = biu_now(c);
}

/* Before an action of the EU. */
static ALWAYS_INLINE void biu_trace(EmuCore *c) {
    if (UNLIKELY(c->trace_clock)) biu_trace_to_now(c);
}

/* A queue operation of the EU in the current clock, for the trace. */
static ALWAYS_INLINE void biu_trace_qop(EmuCore *c, uint8_t op) {
    EmuBiu *b = &c->biu;
    if (LIKELY(!c->trace_clock)) return;
    b->qop_op[0] = b->qop_op[1];
    b->qop_at[0] = b->qop_at[1];
    b->qop_op[1] = op;
    b->qop_at[1] = biu_now(c);
}

/* ---- time ---- */

/* Time passes to clock `t` (a wait on the bus). */
static ALWAYS_INLINE void biu_advance_to(EmuCore *c, int64_t t) {
    if (t > biu_now(c)) c->cycles = (uint64_t)t;
}

static ALWAYS_INLINE void B_cycles(EmuCore *c, int n) { c->cycles += (uint64_t)n; }

/* ---- bus cycles of the EU ---- */

/* The EU asks for a bus cycle in the current clock; returns the clock of its T1. `first` is 0
 * for the second transfer of a word at an odd address, which follows the first one's T4.
 * A write has already changed memory, the (even) words `w0` and `w1` (else -1): the fetches
 * scheduled here read the new bytes; of those before, only one can still be before its T3. */
static ALWAYS_INLINE int64_t biu_request_body(EmuCore *c, uint8_t type, int final, int first, int64_t w0, int64_t w1) {
    EmuBiu *b = &c->biu;
    biu_trace(c);
    const int64_t now = biu_now(c);
    int64_t t1;
    BIU_NOTE("req%d.q%d", type, b->qlen);
    /* Fetches decided at this clock or later do not happen: the EU acts first. */
    cyc_drop_undecided(b, now);
    const EmuBiuCycle *l = cyc_last(b);
    if (!first) {
        t1 = now + 1;                       /* called at the first transfer's T4 */
    } else if (l->t1 > now) {
        t1 = l->t1 + 2;                     /* a fetch in its address cycle: dropped at T0 */
        cyc_drop_fetch(b);
    } else if (now - l->t1 <= 1) {
        t1 = l->t1 + 4;                     /* T1 or T2: early, T1 after T4 */
    } else if (now - l->t1 == 2) {
        t1 = now + 4;                       /* T3: the address cycle begins at T4 */
    } else {
        t1 = now + 3;                       /* T4 or idle */
    }
    if (w0 >= 0) {
        const EmuBiuCycle *p = cyc_last(b);
        const int64_t w = (int64_t)(p->lin & ~1u);
        if (cyc_is_fetch(p) && p->t1 + 2 >= now && (w == w0 || w == w1)) fetch_read(c, p, b->qlen - p->n);
    }
    EmuBiuCycle *e = cyc_push(b);
    e->t1 = t1;
    e->dec = INT64_MIN;
    e->meta = CYC_META(type, final != 0, 0, 1);
    /* fetch_follow: with room, fetches follow the new cycle back to back (decided at its T2). */
    if (b->fetch != F_NORMAL || !final) {
        b->armed = ARMED_NOT;
    } else {
        if (b->qlen <= QSIZE - 2) fetch_chain_from(c, t1 + 4, t1 + 1);
        b->armed = ARMED;
    }
    return t1;
}

/* The general request, and the two most frequent ones with their constants folded in. */
static NOINLINE int64_t biu_request_w(EmuCore *c, uint8_t type, int final, int first, int64_t w0, int64_t w1) {
    return biu_request_body(c, type, final, first, w0, w1);
}
static NOINLINE int64_t biu_request_read(EmuCore *c) { return biu_request_body(c, BUS_MEMR, 1, 1, -1, -1); }
static NOINLINE int64_t biu_request_write(EmuCore *c, int64_t w0) { return biu_request_body(c, BUS_MEMW, 1, 1, w0, -1); }

static ALWAYS_INLINE int64_t biu_request(EmuCore *c, uint8_t type, int final, int first) {
    return biu_request_w(c, type, final, first, -1, -1);
}

static ALWAYS_INLINE uint8_t biu_read8_lin(EmuCore *c, uint32_t lin) {
    int64_t t1 = biu_request_read(c);
    biu_advance_to(c, t1 + 3);
    return mem_rd8(c, lin);
}
static ALWAYS_INLINE uint8_t B_read8(EmuCore *c, uint16_t seg, uint16_t off) {
    return biu_read8_lin(c, lin_addr(seg, off));
}
static ALWAYS_INLINE uint16_t B_read16(EmuCore *c, uint16_t seg, uint16_t off) {
    uint32_t lin = lin_addr(seg, off);
    if (LIKELY(!(lin & 1))) {
        int64_t t1 = biu_request_read(c);
        biu_advance_to(c, t1 + 3);
        return mem_rd16_even(c, lin);
    }
    int64_t t1 = biu_request(c, BUS_MEMR, 0, 1);
    biu_advance_to(c, t1 + 3);
    uint8_t lo = mem_rd8(c, lin);
    uint32_t hi_lin = lin_addr(seg, (uint16_t)(off + 1));
    t1 = biu_request(c, BUS_MEMR, 1, 0);
    biu_advance_to(c, t1 + 3);
    return (uint16_t)(lo | mem_rd8(c, hi_lin) << 8);
}
/* Memory writes take effect when the EU issues them, although their bus cycle's T3 comes a
 * clock or two later (possibly in the next instruction): whoever looks at memory between two
 * instructions (a service, the profiler, a screen) sees the instruction's writes done. The
 * EU goes on at T3 (the last microinstruction's write overlaps the next instruction). */
static ALWAYS_INLINE void B_write8(EmuCore *c, uint16_t seg, uint16_t off, uint8_t v) {
    uint32_t lin = lin_addr(seg, off);
    mem_wr8(c, lin, v);
    int64_t t1 = biu_request_write(c, lin & ~1u);
    biu_advance_to(c, t1 + 2);
}
/* Both bytes of a word; `mid`: the write does not end the instruction ("w" in 06d and 1a5):
 * the EU goes on when the last transfer reaches T4. */
static ALWAYS_INLINE void biu_write16(EmuCore *c, uint16_t seg, uint16_t off, uint16_t v, int mid) {
    uint32_t lin = lin_addr(seg, off);
    int64_t t1;
    if (LIKELY(!(lin & 1))) {
        mem_wr16_even(c, lin, v);
        t1 = biu_request_write(c, lin);
    } else {
        uint32_t hi = lin_addr(seg, (uint16_t)(off + 1));
        mem_wr8(c, lin, (uint8_t)v);
        mem_wr8(c, hi, (uint8_t)(v >> 8));
        t1 = biu_request_w(c, BUS_MEMW, 0, 1, lin & ~1u, hi & ~1u);
        biu_advance_to(c, t1 + 3);
        t1 = biu_request(c, BUS_MEMW, 1, 0);
    }
    biu_advance_to(c, t1 + 2 + (mid != 0));
}
static ALWAYS_INLINE void B_write16(EmuCore *c, uint16_t seg, uint16_t off, uint16_t v) {
    biu_write16(c, seg, off, v, 0);
}
static ALWAYS_INLINE void B_write16_mid(EmuCore *c, uint16_t seg, uint16_t off, uint16_t v) {
    biu_write16(c, seg, off, v, 1);
}

/* I/O: the device sees the transfer at T3 (and may change memory then). */
static uint16_t biu_io_in(EmuCore *c, uint16_t port, int word, int final, int first) {
    int64_t t1 = biu_request(c, BUS_IOR, final, first);
    biu_advance_to(c, t1 + 2);
    uint16_t v = c->port_in(c->ctx, port, c->cycles);
    if (word) v = (uint16_t)(v | c->port_in(c->ctx, (uint16_t)(port + 1), c->cycles) << 8);
    fetch_memory_changed(c);
    biu_advance_to(c, t1 + 3);
    return v;
}
static void biu_io_out(EmuCore *c, uint16_t port, uint16_t v, int word, int final, int first) {
    int64_t t1 = biu_request(c, BUS_IOW, final, first);
    biu_advance_to(c, t1 + 2);
    c->port_out(c->ctx, port, (uint8_t)v, c->cycles);
    if (word) c->port_out(c->ctx, (uint16_t)(port + 1), (uint8_t)(v >> 8), c->cycles);
    fetch_memory_changed(c);
    if (!final) biu_advance_to(c, t1 + 3);
}
static ALWAYS_INLINE uint8_t B_in8(EmuCore *c, uint16_t port) {
    return (uint8_t)biu_io_in(c, port, 0, 1, 1);
}
static ALWAYS_INLINE uint16_t B_in16(EmuCore *c, uint16_t port) {
    if (!(port & 1)) return biu_io_in(c, port, 1, 1, 1);
    uint8_t lo = (uint8_t)biu_io_in(c, port, 0, 0, 1);
    return (uint16_t)(lo | biu_io_in(c, (uint16_t)(port + 1), 0, 1, 0) << 8);
}
static ALWAYS_INLINE void B_out8(EmuCore *c, uint16_t port, uint8_t v) { biu_io_out(c, port, v, 0, 1, 1); }
static ALWAYS_INLINE void B_out16(EmuCore *c, uint16_t port, uint16_t v) {
    if (!(port & 1)) {
        biu_io_out(c, port, v, 1, 1, 1);
        return;
    }
    biu_io_out(c, port, (uint8_t)v, 0, 0, 1);
    biu_io_out(c, (uint16_t)(port + 1), (uint8_t)(v >> 8), 0, 1, 0);
}
/* Two INTA bus cycles; the vector comes from the interrupt controller during the second. */
static ALWAYS_INLINE uint8_t B_inta(EmuCore *c) {
    int64_t t1 = biu_request(c, BUS_INTA, 0, 1);
    biu_advance_to(c, t1 + 3);
    t1 = biu_request(c, BUS_INTA, 1, 0);
    biu_advance_to(c, t1);
    uint8_t v = c->int_ack ? c->int_ack(c->ctx) : 0xFF;
    fetch_memory_changed(c);
    biu_advance_to(c, t1 + 3);
    return v;
}

/* The cycle under way at the current clock (T1 <= now), or NULL, and the one after it. */
static ALWAYS_INLINE const EmuBiuCycle *cyc_current(EmuBiu *b, int64_t now, const EmuBiuCycle **next) {
    *next = NULL;
    for (unsigned j = 0; j < NCYC; j++) {
        const EmuBiuCycle *f = cyc_back(b, j);
        if (f->t1 <= now) return f;
        *next = f;
    }
    return NULL;
}

/* The EU waits for a bus cycle in progress, or one whose address cycle has begun, to reach T4. */
static void B_wait_t4(EmuCore *c) {
    EmuBiu *b = &c->biu;
    biu_trace(c);
    int64_t now = biu_now(c);
    const EmuBiuCycle *next, *cur = cyc_current(b, now, &next);
    if (cur && now < cur->t1 + 4) biu_advance_to(c, cur->t1 + 3);
    else if (next && cyc_is_fetch(next) && !cyc_undecided(next, now)) biu_advance_to(c, next->t1 + 3);
}

/* ---- the queue ---- */

/* A byte is taken from the queue in the current clock (after waiting for it to arrive). With
 * the room that leaves, the next fetch may be decided. */
static ALWAYS_INLINE uint8_t biu_pop(EmuCore *c, uint8_t qop) {
    EmuBiu *b = &c->biu;
    if (UNLIKELY(!b->qlen)) {
        /* Nothing will ever fill the queue (it cannot happen with the 8086's microcode);
         * rather than hang, prefetching resumes. */
        b->fetch = F_NORMAL;
        fetch_follow(c, biu_now(c));
    }
    const unsigned h = b->qhead;
    biu_advance_to(c, b->q_at[h]);
    biu_trace(c);
    uint8_t v = b->q[h];
    b->qhead = (uint8_t)((h + 1) & 7);
    /* Armed, the prefetcher runs and the latest cycle is final (fetch_follow checked): the
     * read that leaves room for a word decides the next fetch. */
    if (--b->qlen == b->armed) fetch_after_read(c, biu_now(c));
    biu_trace_qop(c, qop);
    c->cycles++;
    return v;
}

/* A subsequent byte of the current instruction (modrm, displacement, immediate). */
static ALWAYS_INLINE uint8_t B_qread(EmuCore *c) {
    c->ip++;
    return biu_pop(c, EMU_QOP_SUBSEQUENT);
}

/* The first byte of an instruction (or the byte after a prefix, which the queue status lines
 * also show as a first byte). Without a preloaded byte it is read like any other; with one
 * (left by RNI), it is taken at no cost. */
static ALWAYS_INLINE uint8_t B_first(EmuCore *c) {
    EmuBiu *b = &c->biu;
    c->ip++;
    if (b->has_preload) {
        b->has_preload = 0;
        return b->preload;
    }
    return biu_pop(c, EMU_QOP_FIRST);
}

/* RNI: at the end of an instruction, the next opcode byte is taken from the queue. */
static ALWAYS_INLINE void B_rni(EmuCore *c) {
    EmuBiu *b = &c->biu;
    b->preload = biu_pop(c, EMU_QOP_FIRST);
    b->has_preload = 1;
}

/* ---- prefetch control ---- */

/* Drop the fetches not yet begun (T1 after the current clock). */
static ALWAYS_INLINE void fetch_drop_pending(EmuBiu *b, int64_t now) {
    while (cyc_is_fetch(cyc_last(b)) && cyc_last(b)->t1 > now) cyc_drop_fetch(b);
}

/* SUSP: prefetching stops; a fetch under way finishes (the EU waits for its T4), one whose
 * address cycle has only begun is dropped. */
static void B_suspend(EmuCore *c) {
    EmuBiu *b = &c->biu;
    biu_trace(c);
    int64_t now = biu_now(c);
    b->fetch = F_SUSPENDED;
    b->armed = ARMED_NOT;
    fetch_drop_pending(b, now);
    const EmuBiuCycle *l = cyc_last(b);
    if (cyc_is_fetch(l) && now < l->t1 + 3) biu_advance_to(c, l->t1 + 3);
}

/* Empty the queue and start fetching at CS:IP. */
static void B_flush(EmuCore *c) {
    EmuBiu *b = &c->biu;
    biu_trace(c);
    int64_t now = biu_now(c);
    cyc_drop_undecided(b, now);
    /* A fetch whose address cycle has begun goes on, for the new address. */
    EmuBiuCycle *f = cyc_is_fetch(cyc_last(b)) && cyc_last(b)->t1 > now ? cyc_last(b) : NULL;
    b->qlen = 0;
    b->qhead = 0;
    b->has_preload = 0;
    biu_trace_qop(c, EMU_QOP_FLUSH);
    b->pc = c->ip;
    b->fetch = F_NORMAL;
    const unsigned n = 2 - (b->pc & 1);
    if (f) {
        f->n = (uint8_t)n;
    } else {
        /* Its address cycle begins now, its T1 after the cycle under way. */
        int64_t t1 = now + 3;
        if (cyc_last(b)->t1 + 4 > t1) t1 = cyc_last(b)->t1 + 4;
        f = cyc_push(b);
        f->t1 = t1;
        f->dec = INT64_MIN;
        f->tr = now;
        f->meta = CYC_META(BUS_CODE, 1, n, 1);
    }
    f->lin = lin_addr(CS, b->pc);
    fetch_read(c, f, 0);
    b->q_at[0] = b->q_at[1] = f->t1 + 4;
    b->qlen = (uint8_t)n;
    b->pc = (uint16_t)(b->pc + n);
    /* fetch_follow: the queue has room; fetches follow this one back to back. */
    fetch_chain_from(c, f->t1 + 4, f->t1 + 1);
    b->armed = ARMED;
}

/* CS has just changed without a flush (POP CS, MOV CS): fetches that begin later use it. */
static void B_cs_changed(EmuCore *c, uint16_t old_cs) {
    (void)old_cs;
    EmuBiu *b = &c->biu;
    int64_t now = biu_now(c);
    unsigned pos = b->qlen;
    uint16_t off = b->pc;
    for (unsigned j = 0; j < NCYC; j++) {
        EmuBiuCycle *f = cyc_back(b, j);
        if (!cyc_is_fetch(f) || f->t1 <= now) break;
        pos -= f->n;
        off = (uint16_t)(off - f->n);
        f->lin = lin_addr(CS, off);
        fetch_read(c, f, pos);
    }
}

/* Something outside the CPU (the machine between two runs, a service) may have changed
 * memory: fetches whose T3 is still to come read it again. A change of CS is taken as one by
 * an instruction (POP CS, MOV CS). */
static ALWAYS_INLINE void B_outside(EmuCore *c) {
    fetch_memory_changed(c);
    if (UNLIKELY(CS != c->biu.cs_left)) B_cs_changed(c, c->biu.cs_left);
}

/* The CPU stops running (or calls out): the trace rows up to now are written. */
static ALWAYS_INLINE void B_leave(EmuCore *c) {
    biu_trace(c);
    c->biu.cs_left = CS;
}

/* CORR: the microcode's correction of the PC by the queue length (one clock). */
static ALWAYS_INLINE void B_corr(EmuCore *c) { B_cycles(c, 1); }

/* HLT: the prefetcher stops, a fetch whose address cycle has begun is dropped, and a bus
 * cycle in progress runs to its end, after which the bus stays idle. */
static void B_halt(EmuCore *c) {
    EmuBiu *b = &c->biu;
    biu_trace(c);
    int64_t now = biu_now(c);
    b->fetch = F_HALTED;
    b->armed = ARMED_NOT;
    fetch_drop_pending(b, now);
    biu_advance_to(c, cyc_last(b)->t1 + 4);
}

/* While halted, nothing happens on the bus: time simply passes. */
static ALWAYS_INLINE void B_idle(EmuCore *c, uint64_t n) {
    biu_trace(c);
    c->cycles += n;
}

static void biu_clear(EmuCore *c) {
    EmuBiu *b = &c->biu;
    memset(b, 0, sizeof *b);
    b->armed = ARMED_NOT;
    b->latch = BUS_PASV;
    b->astate = A_NONE;
    b->fetch = F_NORMAL;
    b->traced = biu_now(c);
    b->qop_at[0] = b->qop_at[1] = INT64_MIN / 2;
    for (int i = 0; i < NCYC; i++) cyc_set_placeholder(&b->cyc[i]);
    b->eager = 1;
    b->cs_left = CS;
}

void emu_biu_reset_exact(EmuCore *c) {
    EmuBiu *b = &c->biu;
    biu_clear(c);
    b->pc = c->ip;
    fetch_follow(c, biu_now(c));
    if (cyc_is_fetch(&b->cyc[0])) { /* begun by the reset, like a FLUSH */
        EmuBiuCycle *f = &b->cyc[0];
        f->by_eu = 1;
        f->tr = f->dec;
        f->dec = INT64_MIN;
    }
}

void emu_biu_prefill_exact(EmuCore *c, const uint8_t *bytes, int n) {
    EmuBiu *b = &c->biu;
    if (n < 1) {
        emu_biu_reset_exact(c);
        return;
    }
    biu_clear(c);
    for (int i = 0; i < n && i < QSIZE; i++) {
        b->q[i] = bytes[i];
        b->q_at[i] = INT64_MIN / 2;
    }
    b->qlen = (uint8_t)(n < QSIZE ? n : QSIZE);
    b->pc = (uint16_t)(c->ip + b->qlen);
    /* The first byte was read in the clock before the instruction's own clocks begin (the
     * trace shows it as row 0); with room left, that clock started a fetch. */
    b->preload = b->q[0];
    b->qhead = 1;
    b->qlen--;
    b->has_preload = 1;
    if (UNLIKELY(c->trace_clock)) {
        b->tstate = T_I;
        b->astate = b->qlen <= QSIZE - 2 ? A_R : A_NONE;
        c->trace_clock(c->trace_ctx, c);
    }
    fetch_follow(c, biu_now(c) - 1);
}

#endif
