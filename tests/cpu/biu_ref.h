/* Reference model of the exact BIU for tests: the same rules as emu/cpu/bus/exact.h, stepped one
 * clock at a time (the form in which they were found against the hardware traces). The
 * differential test (biu_diff.c) runs programs through both and compares every instruction's
 * clock count; its state is private to this translation unit (one CPU at a time).
 */
#ifndef EMU86_BIU_REF_H
#define EMU86_BIU_REF_H

#include "cpu/internal.h"

typedef struct RefBiu {
    uint8_t q[8];
    uint8_t qhead, qlen, preload, has_preload;
    uint8_t tstate, astate, latch, status, pipe, fetch;
    uint8_t req_pending, req_type, req_word, req_final, eu_late;
    uint8_t final, word, discard, qop, qop_prev;
    uint16_t pc, data, req_data;
    uint32_t addr, req_addr;
} RefBiu;

static RefBiu ref_biu;

void emu_biu_reset_ref(EmuCore *c);
void emu_biu_prefill_ref(EmuCore *c, const uint8_t *bytes, int n);

enum { T_I = 0, T_1, T_2, T_3, T_4 };
enum { A_R = 0, A_S, A_0, A_NONE };            /* address cycle stage of this clock */
enum { F_NORMAL = 0, F_SUSPENDED = 3, F_HALTED = 4 };

#define QSIZE 6

#define BIU_NOTE(...) ((void)0)

static ALWAYS_INLINE uint8_t q_pop(RefBiu *b) {
    uint8_t v = b->q[b->qhead];
    b->qhead = (uint8_t)((b->qhead + 1) & 7);
    b->qlen--;
    return v;
}
static ALWAYS_INLINE void q_push(RefBiu *b, uint8_t v) {
    b->q[(b->qhead + b->qlen) & 7] = v;
    b->qlen++;
}

/* Bytes a code fetch at the prefetch offset brings: a word, or one byte at an odd offset. */
static ALWAYS_INLINE int fetch_size(const RefBiu *b) { return 2 - (b->pc & 1); }

static ALWAYS_INLINE void fetch_begin_address(RefBiu *b) {
    b->astate = A_R;
    b->pipe = BUS_CODE;
}

/* At T2 of the last transfer of a bus cycle: fetch next if the queue will have room for a
 * word after this cycle's own code bytes are in. */
static ALWAYS_INLINE void fetch_decide_t2(RefBiu *b) {
    if (b->astate != A_NONE || b->fetch != F_NORMAL) return;
    int incoming = b->latch == BUS_CODE ? b->word : 0;
    if (b->qlen + incoming <= QSIZE - 2) fetch_begin_address(b);
}

/* On an idle clock: fetch if the queue has room for a word. */
static ALWAYS_INLINE void fetch_decide_idle(RefBiu *b) {
    if (b->astate == A_NONE && b->fetch == F_NORMAL && b->qlen <= QSIZE - 2) fetch_begin_address(b);
}

/* The data transfer at T3. */
static void biu_transfer(EmuCore *c) {
    RefBiu *b = &ref_biu;
    uint32_t a = b->addr;
    switch (b->latch) {
    case BUS_CODE:
        b->data = mem_rd16_even(c, a & ~1u);
        break;
    case BUS_MEMR:
        if (b->word) b->data = mem_rd16_even(c, a);
        else b->data = mem_rd8(c, a);
        break;
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
        break; /* memory writes took effect when the EU issued them (see B_write8) */
    }
    b->status = BUS_PASV;
}

/* The code bytes of a fetch enter the queue at T4. */
static void biu_fetch_done(RefBiu *b) {
    if (b->discard) {
        b->discard = 0; /* fetched before a flush: not for the new queue */
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

/* The address cycle ends: the pending request becomes the bus cycle of the next clock. */
static void biu_start_cycle(EmuCore *c) {
    RefBiu *b = &ref_biu;
    b->latch = b->status = b->pipe;
    if (b->pipe == BUS_CODE) {
        b->addr = lin_addr(CS, b->pc);
        b->word = (uint8_t)fetch_size(b);
        b->final = 1;
    } else {
        b->addr = b->req_addr;
        b->data = b->req_data;
        b->word = b->req_word;
        b->final = b->req_final;
        b->req_pending = 0;
    }
    b->astate = A_NONE;
    b->pipe = BUS_PASV;
    b->tstate = T_1;
}

/* One CPU clock of the bus interface unit. The EU's actions of this clock (queue reads, bus
 * requests) have been made before it is called. */
static NOINLINE void biu_cycle(EmuCore *c) {
    RefBiu *b = &ref_biu;
    b->qop_prev = b->qop;
    b->qop = EMU_QOP_NONE;

    uint8_t ts = b->tstate;
    switch (ts) {
    case T_I: fetch_decide_idle(b); break;
    case T_2: if (b->final) fetch_decide_t2(b); break;
    case T_3: biu_transfer(c); break;
    case T_4: if (b->latch == BUS_CODE) biu_fetch_done(b); break;
    default: break;
    }

    /* The T-state of the next clock. */
    b->tstate = ts == T_I ? T_I : ts == T_4 ? T_I : (uint8_t)(ts + 1);
    if (ts == T_4) b->latch = BUS_PASV;

    /* The address cycle. */
    switch (b->astate) {
    case A_R: b->astate = A_S; break;
    case A_S: b->astate = A_0; break;
    case A_0:
        if (ts == T_I || ts == T_4) {
            if (b->pipe == BUS_CODE && b->eu_late) {
                /* The EU asked for the bus during this fetch's address cycle: the fetch is
                 * dropped at T0 and the EU's cycle goes on from Ts. */
                b->eu_late = 0;
                b->pipe = b->req_type;
                b->astate = A_S;
            } else {
                biu_start_cycle(c);
            }
        }
        break;
    default: break;
    }
    c->cycles++;
}

static ALWAYS_INLINE void B_cycles(EmuCore *c, int n) {
    while (n-- > 0) biu_cycle(c);
}

/* Until the bus cycle in progress reaches T4 (returns at the start of that clock). */
static void biu_wait_finish(EmuCore *c) {
    while (ref_biu.latch != BUS_PASV && ref_biu.tstate != T_4) biu_cycle(c);
}

/* The EU waits for a bus cycle in progress, or one whose address cycle has begun, to reach T4. */
static void B_wait_t4(EmuCore *c) {
    RefBiu *b = &ref_biu;
    if (b->latch == BUS_PASV && b->astate != A_NONE)
        while (b->latch == BUS_PASV) biu_cycle(c);
    biu_wait_finish(c);
}

/* Start an EU bus cycle; returns when its T1 is about to begin. `first` is 0 for the second
 * transfer of a word at an odd address, which follows the first one's T4 at once. */
static void biu_bus_begin(EmuCore *c, uint8_t type, uint32_t addr, uint16_t data, int word, int final,
                          int first) {
    RefBiu *b = &ref_biu;
    BIU_NOTE("req%d.t%d.a%d.q%d.p%d.l%d", type, b->tstate, b->astate, b->qlen, b->pipe, b->latch);
    b->req_type = type;
    b->req_addr = addr;
    b->req_data = data;
    b->req_word = (uint8_t)word;
    b->req_final = (uint8_t)final;
    b->req_pending = 1;
    if (!first) {
        biu_wait_finish(c);
        b->astate = A_0;
        b->pipe = type;
    } else if (b->astate != A_NONE) {
        b->eu_late = 1; /* a fetch's address cycle has begun */
    } else {
        if (b->tstate == T_3) biu_cycle(c);
        b->astate = A_R;
        b->pipe = type;
    }
    while (b->req_pending) biu_cycle(c);
}

static void biu_wait_until_tx(EmuCore *c) {
    while (ref_biu.tstate != T_3) biu_cycle(c);
}

/* ---- EU primitives ---- */

static ALWAYS_INLINE uint8_t ref_read8_lin(EmuCore *c, uint32_t lin) {
    biu_bus_begin(c, BUS_MEMR, lin, 0, 0, 1, 1);
    biu_wait_finish(c);
    return (uint8_t)ref_biu.data;
}
static ALWAYS_INLINE uint8_t B_read8(EmuCore *c, uint16_t seg, uint16_t off) {
    return ref_read8_lin(c, lin_addr(seg, off));
}
static ALWAYS_INLINE uint16_t B_read16(EmuCore *c, uint16_t seg, uint16_t off) {
    uint32_t lin = lin_addr(seg, off);
    if (!(lin & 1)) {
        biu_bus_begin(c, BUS_MEMR, lin, 0, 1, 1, 1);
        biu_wait_finish(c);
        return ref_biu.data;
    }
    biu_bus_begin(c, BUS_MEMR, lin, 0, 0, 0, 1);
    biu_wait_finish(c);
    uint8_t lo = (uint8_t)ref_biu.data;
    biu_bus_begin(c, BUS_MEMR, lin_addr(seg, (uint16_t)(off + 1)), 0, 0, 1, 0);
    biu_wait_finish(c);
    return (uint16_t)(lo | (ref_biu.data & 0xFF) << 8);
}
/* Memory writes take effect when the EU issues them, although their bus cycle's T3 comes a
 * clock or two later (possibly in the next instruction): whoever looks at memory between two
 * instructions (a service, the profiler, a screen) sees the instruction's writes done. */
static ALWAYS_INLINE void B_write8(EmuCore *c, uint16_t seg, uint16_t off, uint8_t v) {
    mem_wr8(c, lin_addr(seg, off), v);
    biu_bus_begin(c, BUS_MEMW, lin_addr(seg, off), v, 0, 1, 1);
    biu_wait_until_tx(c);
}
static ALWAYS_INLINE void B_write16(EmuCore *c, uint16_t seg, uint16_t off, uint16_t v) {
    uint32_t lin = lin_addr(seg, off);
    mem_wr8(c, lin, (uint8_t)v);
    mem_wr8(c, lin_addr(seg, (uint16_t)(off + 1)), (uint8_t)(v >> 8));
    if (!(lin & 1)) {
        biu_bus_begin(c, BUS_MEMW, lin, v, 1, 1, 1);
        biu_wait_until_tx(c);
        return;
    }
    biu_bus_begin(c, BUS_MEMW, lin, (uint8_t)v, 0, 0, 1);
    biu_wait_finish(c);
    biu_bus_begin(c, BUS_MEMW, lin_addr(seg, (uint16_t)(off + 1)), (uint8_t)(v >> 8), 0, 1, 0);
    biu_wait_until_tx(c);
}
/* A write that does not end the instruction, issued by the microinstruction in the clock it
 * is called: the EU continues when the (last) transfer reaches T4. */
static ALWAYS_INLINE void B_write16_mid(EmuCore *c, uint16_t seg, uint16_t off, uint16_t v) {
    uint32_t lin = lin_addr(seg, off);
    mem_wr8(c, lin, (uint8_t)v);
    mem_wr8(c, lin_addr(seg, (uint16_t)(off + 1)), (uint8_t)(v >> 8));
    if (!(lin & 1)) {
        biu_bus_begin(c, BUS_MEMW, lin, v, 1, 1, 1);
    } else {
        biu_bus_begin(c, BUS_MEMW, lin, (uint8_t)v, 0, 0, 1);
        biu_wait_finish(c);
        biu_bus_begin(c, BUS_MEMW, lin_addr(seg, (uint16_t)(off + 1)), (uint8_t)(v >> 8), 0, 1, 0);
    }
    biu_wait_finish(c);
}
static ALWAYS_INLINE uint8_t B_in8(EmuCore *c, uint16_t port) {
    biu_bus_begin(c, BUS_IOR, port, 0, 0, 1, 1);
    biu_wait_finish(c);
    return (uint8_t)ref_biu.data;
}
static ALWAYS_INLINE uint16_t B_in16(EmuCore *c, uint16_t port) {
    if (!(port & 1)) {
        biu_bus_begin(c, BUS_IOR, port, 0, 1, 1, 1);
        biu_wait_finish(c);
        return ref_biu.data;
    }
    biu_bus_begin(c, BUS_IOR, port, 0, 0, 0, 1);
    biu_wait_finish(c);
    uint8_t lo = (uint8_t)ref_biu.data;
    biu_bus_begin(c, BUS_IOR, (uint16_t)(port + 1), 0, 0, 1, 0);
    biu_wait_finish(c);
    return (uint16_t)(lo | (ref_biu.data & 0xFF) << 8);
}
static ALWAYS_INLINE void B_out8(EmuCore *c, uint16_t port, uint8_t v) {
    biu_bus_begin(c, BUS_IOW, port, v, 0, 1, 1);
    biu_wait_until_tx(c);
}
static ALWAYS_INLINE void B_out16(EmuCore *c, uint16_t port, uint16_t v) {
    if (!(port & 1)) {
        biu_bus_begin(c, BUS_IOW, port, v, 1, 1, 1);
        biu_wait_until_tx(c);
        return;
    }
    biu_bus_begin(c, BUS_IOW, port, (uint8_t)v, 0, 0, 1);
    biu_wait_finish(c);
    biu_bus_begin(c, BUS_IOW, (uint16_t)(port + 1), (uint8_t)(v >> 8), 0, 1, 0);
    biu_wait_until_tx(c);
}
/* Two INTA bus cycles; the vector comes from the interrupt controller. */
static ALWAYS_INLINE uint8_t B_inta(EmuCore *c) {
    biu_bus_begin(c, BUS_INTA, 0, 0, 0, 0, 1);
    biu_wait_finish(c);
    biu_bus_begin(c, BUS_INTA, 0, 0, 0, 1, 0);
    uint8_t v = c->int_ack ? c->int_ack(c->ctx) : 0xFF;
    biu_wait_finish(c);
    return v;
}

/* A byte read from the queue by the EU: waits for the prefetcher when the queue is empty, then
 * takes one clock. `qop` is what the queue status lines show for it. */
static ALWAYS_INLINE uint8_t biu_qread(EmuCore *c, uint8_t qop) {
    RefBiu *b = &ref_biu;
    while (!b->qlen) biu_cycle(c);
    uint8_t v = q_pop(b);
    b->qop = qop;
    biu_cycle(c);
    c->ip++;
    return v;
}

/* A subsequent byte of the current instruction (modrm, displacement, immediate). */
static ALWAYS_INLINE uint8_t B_qread(EmuCore *c) { return biu_qread(c, EMU_QOP_SUBSEQUENT); }

/* The first byte of an instruction (or the byte after a prefix, which the queue status lines
 * also show as a first byte). Without a preloaded byte it is read like any other; with one
 * (left by RNI), it is taken at no cost. */
static ALWAYS_INLINE uint8_t B_first(EmuCore *c) {
    RefBiu *b = &ref_biu;
    if (b->has_preload) {
        b->has_preload = 0;
        c->ip++;
        return b->preload;
    }
    return biu_qread(c, EMU_QOP_FIRST);
}

/* RNI: at the end of an instruction, the next opcode byte is taken from the queue. */
static ALWAYS_INLINE void B_rni(EmuCore *c) {
    RefBiu *b = &ref_biu;
    while (!b->qlen) biu_cycle(c);
    b->preload = q_pop(b);
    b->has_preload = 1;
    b->qop = EMU_QOP_FIRST;
    biu_cycle(c);
}

/* SUSP: prefetching stops; a fetch under way finishes (the EU waits for its T4), one whose
 * address cycle has only begun is dropped. */
static void B_suspend(EmuCore *c) {
    RefBiu *b = &ref_biu;
    b->fetch = F_SUSPENDED;
    if (b->latch == BUS_CODE) biu_wait_finish(c);
    if (b->pipe == BUS_CODE) {
        b->astate = A_NONE;
        b->pipe = BUS_PASV;
    }
}

/* Empty the queue and start fetching at CS:IP. */
static void B_flush(EmuCore *c) {
    RefBiu *b = &ref_biu;
    b->qlen = 0;
    b->qhead = 0;
    b->has_preload = 0;
    b->qop = EMU_QOP_FLUSH;
    /* A code fetch still ending (its T4 to come) belongs to the old address. */
    b->discard = b->latch == BUS_CODE;
    b->pc = c->ip;
    b->fetch = F_NORMAL;
    if (b->astate == A_NONE) fetch_begin_address(b);
}

/* The stepped model is exact by construction: nothing to bring up to date. */
static ALWAYS_INLINE void B_cs_changed(EmuCore *c, uint16_t old_cs) { (void)c; (void)old_cs; }
static ALWAYS_INLINE void B_outside(EmuCore *c) { (void)c; }
static ALWAYS_INLINE void B_leave(EmuCore *c) { (void)c; }

/* CORR: the microcode's correction of the PC by the queue length (one clock). */
static ALWAYS_INLINE void B_corr(EmuCore *c) { biu_cycle(c); }

/* HLT: the prefetcher stops, a fetch whose address cycle has begun is dropped, and a bus
 * cycle in progress runs to its end, after which the bus stays idle. */
static void B_halt(EmuCore *c) {
    RefBiu *b = &ref_biu;
    b->fetch = F_HALTED;
    if (b->pipe == BUS_CODE) {
        b->astate = A_NONE;
        b->pipe = BUS_PASV;
    }
    biu_wait_finish(c);
    if (b->tstate == T_4) biu_cycle(c);
}

/* While halted, nothing happens on the bus: time simply passes. */
static ALWAYS_INLINE void B_idle(EmuCore *c, uint64_t n) { c->cycles += n; }

void emu_biu_reset_ref(EmuCore *c) {
    RefBiu *b = &ref_biu;
    memset(b, 0, sizeof *b);
    b->tstate = T_I;
    b->astate = A_NONE;
    b->latch = b->status = b->pipe = BUS_PASV;
    b->fetch = F_NORMAL;
    b->pc = c->ip;
    fetch_begin_address(b);
}

void emu_biu_prefill_ref(EmuCore *c, const uint8_t *bytes, int n) {
    RefBiu *b = &ref_biu;
    memset(b, 0, sizeof *b);
    b->tstate = T_I;
    b->astate = A_NONE;
    b->latch = b->status = b->pipe = BUS_PASV;
    b->fetch = F_NORMAL;
    for (int i = 0; i < n && i < QSIZE; i++) q_push(b, bytes[i]);
    b->pc = (uint16_t)(c->ip + b->qlen);
    /* The first byte is read before the instruction's own clocks begin. */
    uint64_t t = c->cycles;
    b->preload = q_pop(b);
    biu_cycle(c);
    b->has_preload = 1;
    c->cycles = t;
}

#endif
