/* The exact timing model: the 8086 bus interface unit, computed event by event.
 *
 * Included by cpu_exact.c only. It provides the B_* primitives the interpreter (cpu_exec.inc)
 * is written against. The rules are the ones the hardware traces of the SingleStepTests suite
 * show (the names of the states follow MartyPC and Ken Shirriff's analysis of the die):
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
 * How it is computed. Nothing here runs per clock: B_cycles() only adds to the clock count.
 * The BIU's state is kept as the clocks at which things happen (the current bus cycle's end,
 * the T1 of the cycle whose address cycle is under way) and a handful of one-shot events still
 * to process (the fetch decision at T2, the code read at T3 and its entry into the queue at
 * T4, the fetch decision on the first idle clock). Between two actions of the EU the BIU runs
 * on its own, so those events are processed lazily, in clock order, when the EU next does
 * something the BIU must see first (reads the queue, asks for the bus, suspends or flushes
 * prefetching, writes CS) or leaves the interpreter. Within a clock the EU acts first, then
 * the BIU, as in the hardware's microcode timing. Results are identical to stepping every
 * clock (tests/cpu/biu_ref.h keeps that reference model; the conformance suite and
 * tests/cpu/biu_diff compare the two).
 */
#ifndef EMU86_BIU_EXACT_H
#define EMU86_BIU_EXACT_H

#include "cpu_internal.h"

enum { T_I = 0, T_1, T_2, T_3, T_4 };
enum { A_R = 0, A_S, A_0, A_NONE };            /* address cycle stage (tracing only) */
enum { F_NORMAL = 0, F_SUSPENDED = 3, F_HALTED = 4 };

#define QSIZE 6
#define NEVER UINT64_MAX

/* Debug notes for studying traces (build with -DEMU_BIU_DEBUG; the conformance runner prints
 * them with --dump). Compiled out otherwise. */
#ifdef EMU_BIU_DEBUG
void emu_biu_note(const EmuCpu *c, const char *fmt, ...);
#define BIU_NOTE(...) emu_biu_note(c, __VA_ARGS__)
#else
#define BIU_NOTE(...) ((void)0)
#endif

static ALWAYS_INLINE uint8_t q_pop(EmuBiu *b) {
    uint8_t v = b->q[b->qhead];
    b->qhead = (uint8_t)((b->qhead + 1) & 7);
    b->qlen--;
    return v;
}
static ALWAYS_INLINE void q_push(EmuBiu *b, uint8_t v) {
    b->q[(b->qhead + b->qlen) & 7] = v;
    b->qlen++;
}

/* ---- the pending events, in the order their clocks come ---- */

/* The earliest clock with an event left: the current cycle's T2 decision, T3 code read and T4
 * queue entry come before the start of the next cycle (at its T0, the clock before T1), which
 * comes before the fetch decision of an idle clock (moot while a cycle is pending). */
static ALWAYS_INLINE void biu_next_event(EmuBiu *b) {
    if (b->d2_pending) b->next_ev = b->cyc_end - 3;
    else if (b->data_pending) b->next_ev = b->cyc_end - 2;
    else if (b->push_pending) b->next_ev = b->cyc_end - 1;
    else if (b->pipe != BUS_PASV) b->next_ev = b->ac_t1 - 1;
    else if (b->ti_pending) b->next_ev = b->ti_at;
    else b->next_ev = NEVER;
}

/* Start the address cycle of a fetch with Tr at clock `tr`: T1 three clocks later, or on the
 * clock after the current cycle's T4. */
static ALWAYS_INLINE void fetch_request(EmuBiu *b, uint64_t tr) {
    b->pipe = BUS_CODE;
    b->ac_t1 = tr + 3 > b->cyc_end ? tr + 3 : b->cyc_end;
}

/* The fetch decision at T2 of a cycle's last transfer: fetch next if the queue will have room
 * for a word once this cycle's own code bytes are in. */
static ALWAYS_INLINE void biu_decide_t2(EmuBiu *b) {
    b->d2_pending = 0;
    if (b->pipe != BUS_PASV || b->fetch != F_NORMAL) return;
    int incoming = b->latch == BUS_CODE ? b->word : 0;
    if (b->qlen + incoming <= QSIZE - 2) fetch_request(b, b->cyc_end - 3);
}

/* The fetch decision of an idle clock: fetch if the queue has room for a word. */
static ALWAYS_INLINE void biu_decide_idle(EmuBiu *b) {
    b->ti_pending = 0;
    if (b->pipe == BUS_PASV && b->fetch == F_NORMAL && b->qlen <= QSIZE - 2) fetch_request(b, b->ti_at);
}

/* T3 of a fetch: the code word is read (at the time it is, for code that writes just ahead of
 * itself). */
static ALWAYS_INLINE void biu_code_read(EmuCpu *c) {
    EmuBiu *b = &c->biu;
    b->data_pending = 0;
    b->data = mem_rd16_even(c, b->addr & ~1u);
}

/* T4 of a fetch: its bytes enter the queue, unless a flush came after it began. */
static ALWAYS_INLINE void biu_code_push(EmuBiu *b) {
    b->push_pending = 0;
    if (b->discard) {
        b->discard = 0;
        return;
    }
    if (b->addr & 1) {
        q_push(b, (uint8_t)(b->data >> 8));
        b->pc++;
    } else {
        q_push(b, (uint8_t)b->data);
        q_push(b, (uint8_t)(b->data >> 8));
        b->pc += 2;
    }
}

/* The cycle whose address cycle was under way begins (T1 at ac_t1). */
static ALWAYS_INLINE void biu_cycle_start(EmuCpu *c) {
    EmuBiu *b = &c->biu;
    uint64_t t1 = b->ac_t1;
    b->latch = b->pipe;
    b->pipe = BUS_PASV;
    b->cyc_end = t1 + 4;
    if (b->latch == BUS_CODE) {
        b->addr = lin_addr(CS, b->pc);
        b->word = (uint8_t)(2 - (b->pc & 1));
        b->final = 1;
        b->data_pending = b->push_pending = 1;
    } else {
        b->addr = b->req_addr;
        b->word = b->req_word;
        b->final = b->req_final;
    }
    b->d2_pending = b->final;
    /* The first idle clock after it decides on a fetch. */
    b->ti_pending = 1;
    b->ti_at = t1 + 4;
}

/* Process every event of the clocks before the current one. */
static NOINLINE void biu_sync(EmuCpu *c) {
    EmuBiu *b = &c->biu;
    const uint64_t now = c->cycles;
    while (b->next_ev < now) {
        if (b->d2_pending) {
            biu_decide_t2(b);
        } else if (b->data_pending) {
            biu_code_read(c);
        } else if (b->push_pending) {
            biu_code_push(b);
        } else if (b->pipe != BUS_PASV) {
            biu_cycle_start(c);
        } else {
            biu_decide_idle(b);
        }
        biu_next_event(b);
    }
}

static ALWAYS_INLINE void biu_catch_up(EmuCpu *c) {
    if (c->cycles > c->biu.next_ev) biu_sync(c);
}

/* ---- time ---- */

/* One clock in trace mode: the state shown is that of the start of the clock, after the EU's
 * action in it, as the stepped model had it. */
static NOINLINE void biu_trace_clock(EmuCpu *c) {
    EmuBiu *b = &c->biu;
    uint64_t now = c->cycles;
    biu_catch_up(c);
    b->tstate = now < b->cyc_end ? (uint8_t)(5 - (b->cyc_end - now)) : T_I;
    if (b->pipe == BUS_PASV) b->astate = A_NONE;
    else b->astate = b->ac_t1 - now >= 3 ? A_R : b->ac_t1 - now == 2 ? A_S : A_0;
    c->trace_clock(c->trace_ctx, c);
    b->qop_prev = b->qop;
    b->qop = EMU_QOP_NONE;
    c->cycles++;
}

/* Time passes to clock `t` (the EU's own clocks, or a wait on the bus). */
static ALWAYS_INLINE void biu_advance_to(EmuCpu *c, uint64_t t) {
    if (UNLIKELY(c->trace_clock)) {
        while (c->cycles < t) biu_trace_clock(c);
    } else if (t > c->cycles) {
        c->cycles = t;
    }
}

static ALWAYS_INLINE void B_cycles(EmuCpu *c, int n) {
    if (UNLIKELY(c->trace_clock)) biu_advance_to(c, c->cycles + (uint64_t)n);
    else c->cycles += (uint64_t)n;
}

/* ---- bus cycles of the EU ---- */

/* The EU asks for a bus cycle in the current clock; returns the clock of its T1. `first` is 0
 * for the second transfer of a word at an odd address, which follows the first one's T4. */
static uint64_t biu_request(EmuCpu *c, uint8_t type, uint32_t addr, int word, int final, int first) {
    EmuBiu *b = &c->biu;
    biu_catch_up(c);
    const uint64_t now = c->cycles;
    uint64_t t1;
    BIU_NOTE("req%d.q%d.p%d", type, b->qlen, b->pipe);
    if (!first) {
        t1 = now + 1;                       /* called at the first transfer's T4 */
    } else if (b->pipe == BUS_CODE) {
        t1 = b->ac_t1 + 2;                  /* the fetch is dropped at T0; on from Ts */
    } else if (now + 3 <= b->cyc_end) {
        t1 = b->cyc_end;                    /* T1 or T2: early, T1 after T4 */
    } else if (now + 2 == b->cyc_end) {
        t1 = now + 4;                       /* T3: the address cycle begins at T4 */
    } else {
        t1 = now + 3;                       /* T4 or idle */
    }
    b->pipe = type;
    b->ac_t1 = t1;
    b->req_addr = addr;
    b->req_word = (uint8_t)word;
    b->req_final = (uint8_t)final;
    biu_next_event(b);
    return t1;
}

static ALWAYS_INLINE uint8_t B_read8_lin(EmuCpu *c, uint32_t lin) {
    uint64_t t1 = biu_request(c, BUS_MEMR, lin, 0, 1, 1);
    biu_advance_to(c, t1 + 3);
    return mem_rd8(c, lin);
}
static ALWAYS_INLINE uint8_t B_read8(EmuCpu *c, uint16_t seg, uint16_t off) {
    return B_read8_lin(c, lin_addr(seg, off));
}
static ALWAYS_INLINE uint16_t B_read16(EmuCpu *c, uint16_t seg, uint16_t off) {
    uint32_t lin = lin_addr(seg, off);
    if (LIKELY(!(lin & 1))) {
        uint64_t t1 = biu_request(c, BUS_MEMR, lin, 1, 1, 1);
        biu_advance_to(c, t1 + 3);
        return mem_rd16_even(c, lin);
    }
    uint64_t t1 = biu_request(c, BUS_MEMR, lin, 0, 0, 1);
    biu_advance_to(c, t1 + 3);
    uint8_t lo = mem_rd8(c, lin);
    uint32_t hi_lin = lin_addr(seg, (uint16_t)(off + 1));
    t1 = biu_request(c, BUS_MEMR, hi_lin, 0, 1, 0);
    biu_advance_to(c, t1 + 3);
    return (uint16_t)(lo | mem_rd8(c, hi_lin) << 8);
}
/* Memory writes take effect when the EU issues them, although their bus cycle's T3 comes a
 * clock or two later (possibly in the next instruction): whoever looks at memory between two
 * instructions (a service, the profiler, a screen) sees the instruction's writes done. The
 * EU goes on at T3 (the last microinstruction's write overlaps the next instruction). */
static ALWAYS_INLINE void B_write8(EmuCpu *c, uint16_t seg, uint16_t off, uint8_t v) {
    uint32_t lin = lin_addr(seg, off);
    uint64_t t1 = biu_request(c, BUS_MEMW, lin, 0, 1, 1);
    mem_wr8(c, lin, v);
    biu_advance_to(c, t1 + 2);
}
/* Both bytes of a word; `mid`: the write does not end the instruction ("w" in 06d and 1a5):
 * the EU goes on when the last transfer reaches T4. */
static ALWAYS_INLINE void biu_write16(EmuCpu *c, uint16_t seg, uint16_t off, uint16_t v, int mid) {
    uint32_t lin = lin_addr(seg, off);
    uint64_t t1;
    if (LIKELY(!(lin & 1))) {
        t1 = biu_request(c, BUS_MEMW, lin, 1, 1, 1);
        mem_wr16_even(c, lin, v);
    } else {
        uint32_t hi_lin = lin_addr(seg, (uint16_t)(off + 1));
        t1 = biu_request(c, BUS_MEMW, lin, 0, 0, 1);
        mem_wr8(c, lin, (uint8_t)v);
        mem_wr8(c, hi_lin, (uint8_t)(v >> 8));
        biu_advance_to(c, t1 + 3);
        t1 = biu_request(c, BUS_MEMW, hi_lin, 0, 1, 0);
    }
    biu_advance_to(c, t1 + 2 + (mid != 0));
}
static ALWAYS_INLINE void B_write16(EmuCpu *c, uint16_t seg, uint16_t off, uint16_t v) {
    biu_write16(c, seg, off, v, 0);
}
static ALWAYS_INLINE void B_write16_mid(EmuCpu *c, uint16_t seg, uint16_t off, uint16_t v) {
    biu_write16(c, seg, off, v, 1);
}

/* I/O: the device sees the transfer at T3. */
static uint16_t biu_io_in(EmuCpu *c, uint16_t port, int word, int final, int first) {
    uint64_t t1 = biu_request(c, BUS_IOR, port, word, final, first);
    biu_advance_to(c, t1 + 2);
    biu_catch_up(c); /* the device may look at memory */
    uint16_t v = c->port_in(c->ctx, port, c->cycles);
    if (word) v = (uint16_t)(v | c->port_in(c->ctx, (uint16_t)(port + 1), c->cycles) << 8);
    biu_advance_to(c, t1 + 3);
    return v;
}
static void biu_io_out(EmuCpu *c, uint16_t port, uint16_t v, int word, int final, int first) {
    uint64_t t1 = biu_request(c, BUS_IOW, port, word, final, first);
    biu_advance_to(c, t1 + 2);
    biu_catch_up(c); /* the device may look at or change memory */
    c->port_out(c->ctx, port, (uint8_t)v, c->cycles);
    if (word) c->port_out(c->ctx, (uint16_t)(port + 1), (uint8_t)(v >> 8), c->cycles);
    if (!final) biu_advance_to(c, t1 + 3);
}
static ALWAYS_INLINE uint8_t B_in8(EmuCpu *c, uint16_t port) {
    return (uint8_t)biu_io_in(c, port, 0, 1, 1);
}
static ALWAYS_INLINE uint16_t B_in16(EmuCpu *c, uint16_t port) {
    if (!(port & 1)) return biu_io_in(c, port, 1, 1, 1);
    uint8_t lo = (uint8_t)biu_io_in(c, port, 0, 0, 1);
    return (uint16_t)(lo | biu_io_in(c, (uint16_t)(port + 1), 0, 1, 0) << 8);
}
static ALWAYS_INLINE void B_out8(EmuCpu *c, uint16_t port, uint8_t v) { biu_io_out(c, port, v, 0, 1, 1); }
static ALWAYS_INLINE void B_out16(EmuCpu *c, uint16_t port, uint16_t v) {
    if (!(port & 1)) {
        biu_io_out(c, port, v, 1, 1, 1);
        return;
    }
    biu_io_out(c, port, (uint8_t)v, 0, 0, 1);
    biu_io_out(c, (uint16_t)(port + 1), (uint8_t)(v >> 8), 0, 1, 0);
}
/* Two INTA bus cycles; the vector comes from the interrupt controller during the second. */
static ALWAYS_INLINE uint8_t B_inta(EmuCpu *c) {
    uint64_t t1 = biu_request(c, BUS_INTA, 0, 0, 0, 1);
    biu_advance_to(c, t1 + 3);
    t1 = biu_request(c, BUS_INTA, 0, 0, 1, 0);
    biu_advance_to(c, t1);
    biu_catch_up(c);
    uint8_t v = c->int_ack ? c->int_ack(c->ctx) : 0xFF;
    biu_advance_to(c, t1 + 3);
    return v;
}

/* The EU waits for a bus cycle in progress, or one whose address cycle has begun, to reach T4. */
static void B_wait_t4(EmuCpu *c) {
    EmuBiu *b = &c->biu;
    biu_catch_up(c);
    if (c->cycles < b->cyc_end) biu_advance_to(c, b->cyc_end - 1);
    else if (b->pipe != BUS_PASV) biu_advance_to(c, b->ac_t1 + 3);
}

/* ---- the queue ---- */

/* The queue is empty: the EU waits for the next fetch's bytes (the clock after its T4). */
static NOINLINE void biu_wait_byte(EmuCpu *c) {
    EmuBiu *b = &c->biu;
    while (!b->qlen) {
        if (UNLIKELY(b->next_ev == NEVER)) {
            /* Nothing will ever fill the queue (it cannot happen with the 8086's microcode);
             * rather than hang, prefetching resumes. */
            b->fetch = F_NORMAL;
            fetch_request(b, c->cycles);
            biu_next_event(b);
        }
        if (UNLIKELY(c->trace_clock)) biu_trace_clock(c);
        else c->cycles = b->next_ev + 1;
        biu_catch_up(c);
    }
}

/* After the EU takes a byte at an idle clock, that clock's fetch decision sees the room. */
static ALWAYS_INLINE void biu_after_read(EmuCpu *c) {
    EmuBiu *b = &c->biu;
    if (b->qlen == QSIZE - 2 && c->cycles >= b->cyc_end && b->pipe == BUS_PASV && b->fetch == F_NORMAL) {
        b->ti_pending = 1;
        b->ti_at = c->cycles;
        b->next_ev = c->cycles;
    }
}

/* A byte read from the queue by the EU: waits for the prefetcher when the queue is empty, then
 * takes one clock. `qop` is what the queue status lines show for it. */
static ALWAYS_INLINE uint8_t biu_qread(EmuCpu *c, uint8_t qop) {
    EmuBiu *b = &c->biu;
    biu_catch_up(c);
    if (UNLIKELY(!b->qlen)) biu_wait_byte(c);
    uint8_t v = q_pop(b);
    biu_after_read(c);
    b->qop = qop;
    B_cycles(c, 1);
    c->ip++;
    return v;
}

/* A subsequent byte of the current instruction (modrm, displacement, immediate). */
static ALWAYS_INLINE uint8_t B_qread(EmuCpu *c) { return biu_qread(c, EMU_QOP_SUBSEQUENT); }

/* The first byte of an instruction (or the byte after a prefix, which the queue status lines
 * also show as a first byte). Without a preloaded byte it is read like any other; with one
 * (left by RNI), it is taken at no cost. */
static ALWAYS_INLINE uint8_t B_first(EmuCpu *c) {
    EmuBiu *b = &c->biu;
    if (b->has_preload) {
        b->has_preload = 0;
        c->ip++;
        return b->preload;
    }
    return biu_qread(c, EMU_QOP_FIRST);
}

/* RNI: at the end of an instruction, the next opcode byte is taken from the queue. */
static ALWAYS_INLINE void B_rni(EmuCpu *c) {
    EmuBiu *b = &c->biu;
    biu_catch_up(c);
    if (UNLIKELY(!b->qlen)) biu_wait_byte(c);
    b->preload = q_pop(b);
    b->has_preload = 1;
    biu_after_read(c);
    b->qop = EMU_QOP_FIRST;
    B_cycles(c, 1);
}

/* ---- prefetch control ---- */

/* SUSP: prefetching stops; a fetch under way finishes (the EU waits for its T4), one whose
 * address cycle has only begun is dropped. */
static void B_suspend(EmuCpu *c) {
    EmuBiu *b = &c->biu;
    biu_catch_up(c);
    b->fetch = F_SUSPENDED;
    if (b->pipe == BUS_CODE) b->pipe = BUS_PASV;
    biu_next_event(b);
    if (b->latch == BUS_CODE && c->cycles + 1 < b->cyc_end) biu_advance_to(c, b->cyc_end - 1);
}

/* Empty the queue and start fetching at CS:IP. */
static void B_flush(EmuCpu *c) {
    EmuBiu *b = &c->biu;
    biu_catch_up(c);
    b->qlen = 0;
    b->qhead = 0;
    b->has_preload = 0;
    b->qop = EMU_QOP_FLUSH;
    /* A code fetch not yet in the queue (its T4 to come) belongs to the old address. */
    b->discard = b->push_pending;
    b->pc = c->ip;
    b->fetch = F_NORMAL;
    if (b->pipe == BUS_PASV) fetch_request(b, c->cycles);
    biu_next_event(b);
}

/* CS is about to change without a flush (POP CS, MOV CS): fetches that began before use the
 * old CS. */
static ALWAYS_INLINE void B_cs_write(EmuCpu *c) { biu_catch_up(c); }

/* Something outside the CPU is about to look at or change memory: bring the BIU up to now. */
static ALWAYS_INLINE void B_sync(EmuCpu *c) { biu_catch_up(c); }

/* CORR: the microcode's correction of the PC by the queue length (one clock). */
static ALWAYS_INLINE void B_corr(EmuCpu *c) { B_cycles(c, 1); }

/* HLT: the prefetcher stops, a fetch whose address cycle has begun is dropped, and a bus
 * cycle in progress runs to its end, after which the bus stays idle. */
static void B_halt(EmuCpu *c) {
    EmuBiu *b = &c->biu;
    biu_catch_up(c);
    b->fetch = F_HALTED;
    if (b->pipe == BUS_CODE) b->pipe = BUS_PASV;
    biu_next_event(b);
    if (c->cycles < b->cyc_end) biu_advance_to(c, b->cyc_end);
}

/* While halted, nothing happens on the bus: time simply passes. */
static ALWAYS_INLINE void B_idle(EmuCpu *c, uint64_t n) {
    biu_catch_up(c);
    c->cycles += n;
}

static void biu_clear(EmuCpu *c) {
    EmuBiu *b = &c->biu;
    memset(b, 0, sizeof *b);
    b->latch = b->status = b->pipe = BUS_PASV;
    b->astate = A_NONE;
    b->fetch = F_NORMAL;
    b->cyc_end = c->cycles; /* the bus is idle */
    b->next_ev = NEVER;
}

void emu_biu_reset_exact(EmuCpu *c) {
    EmuBiu *b = &c->biu;
    biu_clear(c);
    b->pc = c->ip;
    fetch_request(b, c->cycles);
    biu_next_event(b);
}

void emu_biu_prefill_exact(EmuCpu *c, const uint8_t *bytes, int n) {
    EmuBiu *b = &c->biu;
    biu_clear(c);
    for (int i = 0; i < n && i < QSIZE; i++) q_push(b, bytes[i]);
    b->pc = (uint16_t)(c->ip + b->qlen);
    /* The first byte was read in the clock before the instruction's own clocks begin, and with
     * room left that clock started a fetch: T1 comes two clocks from now. */
    b->preload = q_pop(b);
    b->has_preload = 1;
    if (UNLIKELY(c->trace_clock)) {
        b->tstate = T_I;
        b->astate = b->qlen <= QSIZE - 2 ? A_R : A_NONE;
        c->trace_clock(c->trace_ctx, c);
    }
    if (b->qlen <= QSIZE - 2) {
        b->pipe = BUS_CODE;
        b->ac_t1 = c->cycles + 2;
    }
    biu_next_event(b);
}

#endif
