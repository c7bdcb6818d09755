/* The exact timing model: the 8086 bus interface unit simulated one clock at a time.
 *
 * Included by cpu_exact.c only. It provides the B_* primitives the interpreter (cpu_exec.inc)
 * is written against. The model follows what hardware traces show (and what MartyPC documents):
 *
 *  - A bus cycle is T1 T2 T3 T4. Data moves at T3; fetched code enters the queue at T4.
 *  - Before T1 every request goes through a small address pipeline: a request clock (Tr), a
 *    start clock (Ts) and one or more T0 clocks; the bus cycle begins after a T0 that falls on
 *    an idle clock (Ti) or on the T4 of the previous cycle.
 *  - The prefetcher fetches a word (one byte at an odd address) whenever the 6-byte queue has two
 *    free bytes. With 3 or 4 bytes queued while a fetch completes, the next fetch is delayed by
 *    three clocks (the queue policy). A full queue pauses it; the EU's read of a byte restarts it.
 *  - An EU request that arrives while a fetch is in T1/T2 is queued behind it ("early"); one
 *    that arrives later than that, with a fetch about to start, aborts that fetch ("late"),
 *    which costs an extra clock.
 *  - Jumps suspend the prefetcher, then flush the queue and restart fetching at the new IP.
 */
#ifndef EMU86_BIU_EXACT_H
#define EMU86_BIU_EXACT_H

#include "cpu_internal.h"

enum { T_I = 0, T_1, T_2, T_3, T_4, T_INIT };
enum { A_R = 0, A_S, A_0, A_D, A_A };          /* request, start, T0, done (idle), aborted */
enum { F_NORMAL = 0, F_PAUSED_FULL, F_DELAYED, F_SUSPENDED, F_HALTED };
enum { REQ_NONE = 0, REQ_EARLY, REQ_LATE };

#define QSIZE 6

/* Debug notes for studying traces (build with -DEMU_BIU_DEBUG; the conformance runner prints
 * them with --dump). Compiled out otherwise. */
#ifdef EMU_BIU_DEBUG
void emu_biu_note(const EmuCpu *c, const char *fmt, ...);
#define BIU_NOTE(...) emu_biu_note(c, __VA_ARGS__)
#else
#define BIU_NOTE(...) ((void)0)
#endif

static ALWAYS_INLINE int q_room_for_fetch(const EmuBiu *b) { return b->qlen <= QSIZE - 2; }
static ALWAYS_INLINE int q_at_policy_len(const EmuBiu *b) { return b->qlen == QSIZE - 2 || b->qlen == QSIZE - 3; }
static ALWAYS_INLINE int q_at_policy_threshold(const EmuBiu *b) { return b->qlen == QSIZE - 3; }

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

static void biu_cycle(EmuCpu *c);

static ALWAYS_INLINE void biu_address_start(EmuBiu *b, uint8_t type) {
    b->astate = (b->astate == A_A) ? A_S : A_R;
    b->pipe = type;
}

static void biu_fetch_start(EmuBiu *b) {
    if (b->eu_req != REQ_EARLY && b->pipe != BUS_CODE && b->fetch != F_DELAYED) {
        b->fetch = F_NORMAL;
        biu_address_start(b, BUS_CODE);
    }
}

/* The prefetcher decides whether to start the next fetch. */
static void biu_fetch_decision(EmuCpu *c) {
    EmuBiu *b = &c->biu;
    if (!q_room_for_fetch(b)) {
        b->fetch = F_PAUSED_FULL;
        return;
    }
    if (b->eu_req == REQ_EARLY || b->fetch == F_SUSPENDED || b->fetch == F_HALTED) return;
    if (q_at_policy_len(b) && b->latch == BUS_CODE) {
        if (b->astate == A_D) {
            if (b->fetch != F_DELAYED) {
                b->fetch = F_DELAYED;
                b->delay = 3;
                b->delay_t4 = b->tstate == T_4;
                BIU_NOTE("arm%d", b->tstate);
            } else if (b->delay == 0) {
                b->delay = 3;
                b->delay_t4 = b->tstate == T_4;
                BIU_NOTE("rearm%d", b->tstate);
            }
        }
    } else if (b->astate == A_D) {
        biu_fetch_start(b);
    }
}

/* After the EU takes a byte from the queue, a paused or suspended prefetcher may resume. */
static ALWAYS_INLINE void biu_fetch_on_queue_read(EmuBiu *b) {
    if (b->status == BUS_PASV && q_room_for_fetch(b)) {
        if (b->fetch == F_SUSPENDED) {
            b->astate = A_D;
        } else if (b->fetch == F_PAUSED_FULL) {
            if (b->tstate != T_I) return;
            b->astate = A_D;
        }
        biu_fetch_start(b);
    }
}

static void biu_begin_fetch(EmuCpu *c) {
    EmuBiu *b = &c->biu;
    if (!q_room_for_fetch(b)) return;
    b->fetch = F_NORMAL;
    b->pipe = BUS_PASV;
    b->status = b->latch = BUS_CODE;
    b->tstate = T_INIT;
    b->addr = lin_addr(CS, b->pc);
    b->word = 1;
    b->final = 1;
}

/* The data transfer at T3. */
static void biu_transfer(EmuCpu *c) {
    EmuBiu *b = &c->biu;
    uint32_t a = b->addr;
    switch (b->latch) {
    case BUS_CODE:
        b->data = mem_rd16_even(c, a & ~1u);
        break;
    case BUS_MEMR:
        if (b->word) b->data = mem_rd16_even(c, a);
        else b->data = mem_rd8(c, a);
        break;
    case BUS_MEMW:
        break; /* memory was written when the cycle began (see B_write8) */
    case BUS_IOR:
        if (b->word)
            b->data = (uint16_t)(c->port_in(c->ctx, (uint16_t)a, c->cycles) |
                                 (c->port_in(c->ctx, (uint16_t)(a + 1), c->cycles) << 8));
        else
            b->data = c->port_in(c->ctx, (uint16_t)a, c->cycles);
        break;
    case BUS_IOW:
        c->port_out(c->ctx, (uint16_t)a, (uint8_t)b->data, c->cycles);
        if (b->word) c->port_out(c->ctx, (uint16_t)(a + 1), (uint8_t)(b->data >> 8), c->cycles);
        break;
    default:
        break;
    }
    b->status = BUS_PASV;
}

/* One CPU clock of the bus interface unit. */
static NOINLINE void biu_cycle(EmuCpu *c) {
    EmuBiu *b = &c->biu;
    if (b->tstate == T_INIT) b->tstate = T_1;
    if (UNLIKELY(c->trace_clock)) c->trace_clock(c->trace_ctx, c);
    b->qop_prev = b->qop;
    b->qop = EMU_QOP_NONE;

    /* What happens in this clock's T-state. */
    if (b->latch == BUS_PASV) {
        if (b->fetch == F_DELAYED) {
            if (b->delay == 0) {
                b->fetch = F_NORMAL;
                biu_fetch_decision(c);
            }
        } else if (b->fetch == F_PAUSED_FULL && q_room_for_fetch(b)) {
            biu_fetch_decision(c);
        }
    } else if (b->latch != BUS_HALT) {
        switch (b->tstate) {
        case T_I: biu_fetch_decision(c); break;
        case T_2: if (b->final) biu_fetch_decision(c); break;
        case T_3: biu_transfer(c); break;
        case T_4:
            if (b->latch == BUS_CODE && b->discard) {
                b->discard = 0; /* fetched before a flush: the bytes are not for the new queue */
            } else if (b->latch == BUS_CODE) {
                if (b->addr & 1) {
                    q_push(b, (uint8_t)(b->data >> 8));
                    b->pc++;
                } else {
                    q_push(b, (uint8_t)b->data);
                    q_push(b, (uint8_t)(b->data >> 8));
                    b->pc += 2;
                }
            }
            if (b->final) biu_fetch_decision(c);
            break;
        default: break;
        }
    }

    if (b->fetch == F_DELAYED && b->delay) b->delay--;

    /* Address pipeline. */
    switch (b->astate) {
    case A_R: b->astate = A_S; break;
    case A_S: b->astate = A_0; break;
    case A_0:
        if (b->tstate == T_I || b->tstate == T_4) {
            if (b->pipe == BUS_CODE && b->eu_req == REQ_NONE) {
                if (b->fetch != F_SUSPENDED && b->fetch != F_HALTED) {
                    biu_begin_fetch(c);
                    b->astate = A_D;
                }
            } else if (b->pipe == BUS_CODE && b->eu_req == REQ_LATE) {
                b->astate = A_A; /* the fetch is aborted */
            } else {
                b->tstate = T_INIT;
                b->astate = A_D;
            }
        }
        break;
    default: break;
    }

    /* T-state transition. */
    switch (b->tstate) {
    case T_INIT: b->tstate = T_1; break;
    case T_I:
        if (b->latch == BUS_HALT) { b->latch = b->status = BUS_PASV; }
        else if (b->latch != BUS_PASV) b->tstate = T_1;
        break;
    case T_1:
        if (b->latch == BUS_HALT) { b->latch = b->status = BUS_PASV; b->tstate = T_I; }
        else if (b->latch != BUS_PASV) b->tstate = T_2;
        break;
    case T_2: b->tstate = T_3; break;
    case T_3: b->tstate = T_4; break;
    case T_4: b->latch = BUS_PASV; b->tstate = T_I; break;
    default: break;
    }
    c->cycles++;
}

static ALWAYS_INLINE void B_cycles(EmuCpu *c, int n) {
    while (n-- > 0) biu_cycle(c);
}

static void biu_wait_finish(EmuCpu *c) {
    if (c->biu.latch != BUS_PASV)
        while (c->biu.tstate != T_4) biu_cycle(c);
}

/* Start an EU bus cycle; returns when its T1 is about to begin. */
static void biu_bus_begin(EmuCpu *c, uint8_t type, uint32_t addr, uint16_t data, int word, int final) {
    EmuBiu *b = &c->biu;
    int abort_fetch = 0;
    BIU_NOTE("req%d.t%d.a%d.f%d.d%d.q%d.p%d", type, b->tstate, b->astate, b->fetch, b->delay, b->qlen, b->pipe);
    switch (b->tstate) {
    case T_I: biu_address_start(b, type); break;
    case T_1:
    case T_2:
        b->eu_req = REQ_EARLY;
        biu_address_start(b, type);
        break;
    default:
        if (b->pipe == BUS_CODE) {
            b->eu_req = REQ_LATE;
            abort_fetch = 1;
        } else if (!b->final) {
            b->eu_req = REQ_EARLY;
        }
        break;
    }
    biu_wait_finish(c);
    int was_delay = 0;
    if (b->fetch == F_DELAYED) {
        if (b->delay) {
            /* A delay decided at T2 holds back a fetch whose address cycle the EU can take
             * over at Ts; one decided at T4 has started none, so the EU's own starts at Tr. */
            B_cycles(c, b->delay);
            b->astate = b->delay_t4 ? A_D : A_A;
        } else {
            b->astate = A_D;
        }
        was_delay = 1;
    }
    while (b->astate != A_D && b->astate != A_A) biu_cycle(c);
    if (was_delay || abort_fetch) {
        biu_address_start(b, type);
        while (b->astate != A_D && b->astate != A_A) biu_cycle(c);
    }
    if (b->tstate == T_4 && b->latch != BUS_CODE) biu_cycle(c);
    b->word = (uint8_t)word;
    b->final = (uint8_t)final;
    b->eu_req = REQ_NONE;
    b->pipe = BUS_PASV;
    b->status = b->latch = type;
    b->tstate = T_INIT;
    b->addr = addr;
    b->data = data;
}

static void biu_wait_until_tx(EmuCpu *c) {
    uint8_t l = c->biu.latch;
    if (l == BUS_MEMR || l == BUS_MEMW || l == BUS_IOR || l == BUS_IOW || l == BUS_CODE)
        while (c->biu.tstate != T_3) biu_cycle(c);
}

/* ---- EU primitives ---- */

static ALWAYS_INLINE uint8_t B_read8_lin(EmuCpu *c, uint32_t lin) {
    biu_bus_begin(c, BUS_MEMR, lin, 0, 0, 1);
    biu_wait_finish(c);
    return (uint8_t)c->biu.data;
}
static ALWAYS_INLINE uint8_t B_read8(EmuCpu *c, uint16_t seg, uint16_t off) {
    return B_read8_lin(c, lin_addr(seg, off));
}
static ALWAYS_INLINE uint16_t B_read16(EmuCpu *c, uint16_t seg, uint16_t off) {
    uint32_t lin = lin_addr(seg, off);
    if (!(lin & 1)) {
        biu_bus_begin(c, BUS_MEMR, lin, 0, 1, 1);
        biu_wait_finish(c);
        return c->biu.data;
    }
    biu_bus_begin(c, BUS_MEMR, lin, 0, 0, 0);
    biu_wait_finish(c);
    uint8_t lo = (uint8_t)c->biu.data;
    biu_bus_begin(c, BUS_MEMR, lin_addr(seg, (uint16_t)(off + 1)), 0, 0, 1);
    biu_wait_finish(c);
    return (uint16_t)(lo | (c->biu.data & 0xFF) << 8);
}
/* Memory writes take effect when the EU issues them, although their bus cycle's T3 comes a
 * clock or two later (possibly in the next instruction): whoever looks at memory between two
 * instructions (a service, the profiler, a screen) sees the instruction's writes done. */
static ALWAYS_INLINE void B_write8(EmuCpu *c, uint16_t seg, uint16_t off, uint8_t v) {
    mem_wr8(c, lin_addr(seg, off), v);
    biu_bus_begin(c, BUS_MEMW, lin_addr(seg, off), v, 0, 1);
    biu_wait_until_tx(c);
}
static ALWAYS_INLINE void B_write16(EmuCpu *c, uint16_t seg, uint16_t off, uint16_t v) {
    uint32_t lin = lin_addr(seg, off);
    mem_wr8(c, lin, (uint8_t)v);
    mem_wr8(c, lin_addr(seg, (uint16_t)(off + 1)), (uint8_t)(v >> 8));
    if (!(lin & 1)) {
        biu_bus_begin(c, BUS_MEMW, lin, v, 1, 1);
        biu_wait_until_tx(c);
        return;
    }
    biu_bus_begin(c, BUS_MEMW, lin, (uint8_t)v, 0, 0);
    biu_wait_finish(c);
    biu_bus_begin(c, BUS_MEMW, lin_addr(seg, (uint16_t)(off + 1)), (uint8_t)(v >> 8), 0, 1);
    biu_wait_until_tx(c);
}
static ALWAYS_INLINE uint8_t B_in8(EmuCpu *c, uint16_t port) {
    biu_bus_begin(c, BUS_IOR, port, 0, 0, 1);
    biu_wait_finish(c);
    return (uint8_t)c->biu.data;
}
static ALWAYS_INLINE uint16_t B_in16(EmuCpu *c, uint16_t port) {
    if (!(port & 1)) {
        biu_bus_begin(c, BUS_IOR, port, 0, 1, 1);
        biu_wait_finish(c);
        return c->biu.data;
    }
    biu_bus_begin(c, BUS_IOR, port, 0, 0, 0);
    biu_wait_finish(c);
    uint8_t lo = (uint8_t)c->biu.data;
    biu_bus_begin(c, BUS_IOR, (uint16_t)(port + 1), 0, 0, 1);
    biu_wait_finish(c);
    return (uint16_t)(lo | (c->biu.data & 0xFF) << 8);
}
static ALWAYS_INLINE void B_out8(EmuCpu *c, uint16_t port, uint8_t v) {
    biu_bus_begin(c, BUS_IOW, port, v, 0, 1);
    biu_wait_until_tx(c);
}
static ALWAYS_INLINE void B_out16(EmuCpu *c, uint16_t port, uint16_t v) {
    if (!(port & 1)) {
        biu_bus_begin(c, BUS_IOW, port, v, 1, 1);
        biu_wait_until_tx(c);
        return;
    }
    biu_bus_begin(c, BUS_IOW, port, (uint8_t)v, 0, 0);
    biu_wait_finish(c);
    biu_bus_begin(c, BUS_IOW, (uint16_t)(port + 1), (uint8_t)(v >> 8), 0, 1);
    biu_wait_until_tx(c);
}
/* Two INTA bus cycles; the vector comes from the interrupt controller. */
static ALWAYS_INLINE uint8_t B_inta(EmuCpu *c) {
    biu_bus_begin(c, BUS_INTA, 0, 0, 0, 0);
    biu_wait_finish(c);
    biu_bus_begin(c, BUS_INTA, 0, 0, 0, 1);
    uint8_t v = c->int_ack ? c->int_ack(c->ctx) : 0xFF;
    biu_wait_finish(c);
    return v;
}

/* A byte read from the queue by the EU: waits for the prefetcher when the queue is empty, then
 * takes one clock. `qop` is what the queue status lines show for it. */
static ALWAYS_INLINE uint8_t biu_qread(EmuCpu *c, uint8_t qop) {
    EmuBiu *b = &c->biu;
    uint8_t v;
    if (b->fetch == F_DELAYED && q_at_policy_threshold(b)) b->delay = 0;
    if (LIKELY(b->qlen)) {
        v = q_pop(b);
        biu_fetch_on_queue_read(b);
    } else {
        while (!b->qlen) biu_cycle(c);
        v = q_pop(b);
    }
    b->qop = qop;
    biu_cycle(c);
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
    if (b->fetch == F_DELAYED && q_at_policy_threshold(b)) b->delay = 0;
    if (b->has_preload) {
        b->has_preload = 0;
        biu_fetch_on_queue_read(b);
        c->ip++;
        return b->preload;
    }
    return biu_qread(c, EMU_QOP_FIRST);
}

/* RNI: at the end of an instruction, the next opcode byte is taken from the queue. */
static ALWAYS_INLINE void B_rni(EmuCpu *c) {
    EmuBiu *b = &c->biu;
    while (!b->qlen) biu_cycle(c);
    b->preload = q_pop(b);
    b->has_preload = 1;
    biu_fetch_on_queue_read(b);
    b->qop = EMU_QOP_FIRST;
    biu_cycle(c);
}

static void B_suspend(EmuCpu *c) {
    EmuBiu *b = &c->biu;
    b->fetch = F_SUSPENDED;
    if (b->latch == BUS_CODE) biu_wait_finish(c);
    b->astate = A_D;
    b->pipe = BUS_PASV;
}

/* Empty the queue and start fetching at CS:IP. */
static void B_flush(EmuCpu *c) {
    EmuBiu *b = &c->biu;
    b->qlen = 0;
    b->qhead = 0;
    b->has_preload = 0;
    b->qop = EMU_QOP_FLUSH;
    /* A code fetch still ending (its T4 to come) belongs to the old address. */
    b->discard = b->latch == BUS_CODE;
    b->pc = c->ip;
    b->fetch = F_NORMAL;
    biu_fetch_start(b);
}

/* CORR: the microcode's correction of the PC by the queue length (one clock). */
static ALWAYS_INLINE void B_corr(EmuCpu *c) { biu_cycle(c); }

/* IP after a preloaded opcode byte has been counted as consumed or not: our IP never counts the
 * preloaded byte, so nothing to do. */

/* HLT: the bus shows a HALT cycle and the prefetcher stops. */
static void B_halt(EmuCpu *c) {
    EmuBiu *b = &c->biu;
    if (b->latch == BUS_PASV && b->tstate == T_1) biu_cycle(c);
    b->fetch = F_HALTED;
    biu_wait_finish(c);
}

/* While halted, nothing happens on the bus: time simply passes. */
static ALWAYS_INLINE void B_idle(EmuCpu *c, uint64_t n) { c->cycles += n; }

void emu_biu_reset_exact(EmuCpu *c) {
    EmuBiu *b = &c->biu;
    memset(b, 0, sizeof *b);
    b->tstate = T_I;
    b->astate = A_D;
    b->latch = b->status = b->pipe = BUS_PASV;
    b->fetch = F_NORMAL;
    b->pc = c->ip;
    biu_fetch_start(b);
}

void emu_biu_prefill_exact(EmuCpu *c, const uint8_t *bytes, int n) {
    EmuBiu *b = &c->biu;
    memset(b, 0, sizeof *b);
    b->tstate = T_I;
    b->astate = A_D;
    b->latch = b->status = b->pipe = BUS_PASV;
    for (int i = 0; i < n && i < QSIZE; i++) q_push(b, bytes[i]);
    b->pc = (uint16_t)(c->ip + b->qlen);
    b->fetch = q_room_for_fetch(b) ? F_NORMAL : F_PAUSED_FULL;
    /* The first byte is read before the instruction's own clocks begin. */
    uint64_t t = c->cycles;
    b->preload = q_pop(b);
    biu_fetch_on_queue_read(b);
    biu_cycle(c);
    b->has_preload = 1;
    c->cycles = t;
}

#endif
