/* The exact model's block cache (see cache/cache.h for the principle).
 *
 * At a plain boundary of the run loop (nothing due but the read of the next opcode), the state
 * of the bus interface unit is worked out to the current clock and taken relative to it
 * (FRel): where the prefetcher stands from IP, the latest two bus cycles, when the bytes in the
 * queue arrive, when the last five bytes before IP were taken (the next fetches are decided by
 * them); clocks more than 24 before now all count as long ago, which they equal for every rule
 * of cpu/bus/lazy.h. A block is keyed by CS:IP and that state, and holds up to FAST_NODES_MAX nodes
 * recorded from the exact model (this file's copy of the interpreter, which signs the EU's
 * requests): for each, its CS:IP, signature, clocks and the relative state after it.
 *
 * Replaying a node runs cache/replay_copy.c's copy (the work without the clocks) and compares the
 * signatures; on agreement the clocks recorded are taken, else the node is undone and the
 * exact model goes on from the state recorded before it. A node runs only if it ends before
 * the deadline, so that the run returns where the interpreter would have. A block's last node
 * links to the block recorded after it (checked against CS:IP, its key's state being that
 * node's). Blocks live in an arena that is emptied when full.
 *
 * EMU86_FAST_VERIFY=1 (tests) runs every replay again in the exact model on a copy of the CPU
 * and memory, and aborts with the details at the first difference in clocks, registers, the
 * relative state or memory. EMU86_FAST_STATS=1 prints counters when the cache is freed.
 */
#define LZ_SIGNATURE 1
#if defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wunused-function" /* the run loop's parts, not used here */
#endif
#include "cpu/bus/lazy.h"

#include "cpu/exec.inc"
#include "cache/kinds.inc"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#define FAST_REGS_BYTES (offsetof(EmuCore, flags) + sizeof(uint16_t)) /* r, sreg, ip, flags */

/* ---- the relative state of the bus interface unit ---- */

#define FR_OLD INT16_MIN
#define FR_HORIZON 24

typedef struct FRel {
    int16_t t1, prev_t1; /* the latest two bus cycles' T1 */
    int16_t q[8];        /* when the bytes at IP + k (k < pc) can be read */
    int16_t tk[5];       /* when the bytes at IP - 5 + k were taken (k >= pc; else FR_OLD) */
    uint8_t pc, n, prev_n, zero;
} FRel;

static ALWAYS_INLINE int16_t fr_rel(int64_t v, int64_t now, int *ok) {
    const int64_t d = v - now;
    if (d < -FR_HORIZON) return FR_OLD;
    if (d > 4000) *ok = 0;
    return (int16_t)d;
}
static ALWAYS_INLINE int64_t fr_abs(int16_t r, int64_t now) { return r == FR_OLD ? LZ_LONG_AGO : now + r; }

/* The state at a boundary (the next opcode not taken yet), worked out to now: 0 if it is one
 * the cache does not handle (bytes frozen or followed, the prefetcher stopped). */
static ALWAYS_INLINE int fr_handled(const EmuBiu *b) {
    return !(b->has_preload | b->lz_stop | b->lz_frozen | b->lz_track);
}

static int fr_make(EmuCore *c, FRel *r) {
    EmuBiu *b = &c->biu;
    if (!fr_handled(b)) return 0;
    const int64_t now = lz_now(c);
    const uint16_t ip = c->ip;
    lz_sync_next(c, now, ip);
    const unsigned n = (uint16_t)(b->pc - ip);
    if (n > 8) return 0;
    int ok = 1;
    memset(r, 0, sizeof *r);
    r->pc = (uint8_t)n;
    r->n = b->lz_n;
    r->prev_n = b->lz_prev_n;
    r->t1 = fr_rel(b->lz_t1, now, &ok);
    r->prev_t1 = fr_rel(b->lz_prev_t1, now, &ok);
    for (unsigned k = 0; k < n; k++) r->q[k] = fr_rel(b->q_at[(ip + k) & 7], now, &ok);
    for (unsigned k = 0; k < 5; k++)
        r->tk[k] = k >= n ? fr_rel(b->lz_taken[(uint16_t)(ip - 5 + k) & 7], now, &ok) : FR_OLD;
    return ok;
}

/* A REP instruction's state between two iterations: the clock from the node's start, and the
 * bus's state (kept for REP MOVSB of up to FAST_ITERS_MAX + 1 iterations). */
#define FAST_ITERS_MAX 32
typedef struct FIter {
    uint32_t clk;
    FRel after;
} FIter;

/* Put the state back at the current clock. */
static void fr_apply(EmuCore *c, const FRel *r) {
    EmuBiu *b = &c->biu;
    const int64_t now = lz_now(c);
    const uint16_t ip = c->ip;
    b->has_preload = 0;
    b->lz_stop = 0;
    b->lz_frozen = b->lz_track = 0;
    b->pc = (uint16_t)(ip + r->pc);
    b->lz_n = r->n;
    b->lz_prev_n = r->prev_n;
    b->lz_t1 = fr_abs(r->t1, now);
    b->lz_prev_t1 = fr_abs(r->prev_t1, now);
    for (unsigned k = 0; k < r->pc; k++) b->q_at[(ip + k) & 7] = fr_abs(r->q[k], now);
    for (unsigned k = 0; k < 5; k++) b->lz_taken[(uint16_t)(ip - 5 + k) & 7] = fr_abs(r->tk[k], now);
}

/* A block's dtotal where ticks cannot be deferred in it: any clock plus it is past FAST_FAR, the
 * latest deadline while they are (so that "nothing else is due", UINT64_MAX, cannot let such a
 * block into the log). */
#define FAST_UNFIT (UINT64_MAX / 2)
#define FAST_FAR (UINT64_MAX / 4)

/* The sampler's next tick is due at `at`: the deadline, unless anything else comes first. */
static ALWAYS_INLINE void fast_next_tick(EmuCore *c, uint64_t at) {
    const int before = at < c->sample_rest;
    c->light_at = before ? at : UINT64_MAX;
    c->deadline = before ? at : c->sample_rest;
}

/* Repeats of one instruction (REP iterations in the steady state, a service's slices), each d
 * clocks, run at once from now: how many may be, and whether the sampling ticks meanwhile are
 * taken with them (`inl`: the deadline is such a tick, and the sample at each boundary between
 * them, by the rule, is the same and may be taken: EXEC, or IRQ with IF set). Inline, up to the
 * last one that ends before anything else is due (sample_rest); else up to the one in which
 * the deadline passes. */
static ALWAYS_INLINE int fast_ticks_inline(const EmuCore *c) {
    return c->sample_rule && c->deadline == c->light_at &&
           (c->sample_rule == EMU_SAMPLE_EXEC || (c->sample_rule == EMU_SAMPLE_IRQ && getf(c, EMU_FLAG_IF)));
}
static ALWAYS_INLINE uint64_t fast_repeats_max(const EmuCore *c, uint64_t d, int inl) {
    if (!inl) return (c->deadline - c->cycles + d - 1) / d;
    const uint64_t rest = c->sample_rest < FAST_FAR ? c->sample_rest : FAST_FAR;
    return rest > c->cycles ? (rest - c->cycles - 1) / d : 0;
}
/* The ticks due by clock `end` (before sample_rest), met at boundaries whose sample is s. */
static void fast_ticks_same(EmuCore *c, uint64_t end, EmuSample s) {
    uint64_t at = c->light_at;
    for (; at <= end; at += c->sample_every) {
        if (UNLIKELY(c->sample_n == EMU_SAMPLE_BUF)) c->sample_flush(c->ctx, c);
        c->samples[c->sample_n++] = s;
    }
    fast_next_tick(c, at);
}

/* ---- REP string instructions in their steady state ----
 * Between two iterations of a REP string instruction, with nothing due but the next iteration,
 * the bus's relative state decides the next iteration's clocks, and every iteration but the
 * last makes the same requests (a word's address parity does not change: SI and DI move by
 * two). So once the state at an iteration boundary is the one at the boundary before it, the
 * iterations repeat: each takes the same clocks and leaves the same state. emu_fast_rep then
 * runs the iterations up to the one before the last (or before the one that ends a CMPS or
 * SCAS, or the one in which the deadline passes) as a loop over memory, without the model. */

typedef struct FTrapSeen {
    uint64_t insns, cycles; /* at the latest boundary before the trap seen */
    uint32_t lin;
    uint8_t valid;
    FRel state;
} FTrapSeen;

typedef struct FRepSeen {
    uint64_t insns, cycles; /* the instruction count and clock at the latest boundary seen */
    uint16_t cx, cs, ip;
    uint8_t valid;
    FRel state;
} FRepSeen;

/* The m elements (w: words) at seg:off on in DF's direction (back) as one run of linear bytes,
 * from *lo: false if they wrap in the segment or past 1 MiB. */
static ALWAYS_INLINE int rep_flat(uint16_t seg, uint16_t off, unsigned m, int w, int back, uint32_t *lo) {
    const unsigned size = 1u + (unsigned)w, span = (m - 1) * size;
    uint32_t first;
    if (!back) {
        if (off + span + size > 0x10000u) return 0;
        first = off;
    } else {
        if (span > off || off + size > 0x10000u) return 0;
        first = off - span;
    }
    first += (uint32_t)seg << 4;
    if (first + span + size > EMU_MEM_SIZE) return 0;
    *lo = first;
    return 1;
}

static ALWAYS_INLINE uint16_t rep_rd(const EmuCore *c, uint16_t seg, uint16_t off, int w) {
    const uint16_t lo = mem_rd8(c, lin_addr(seg, off));
    return w ? (uint16_t)(lo | mem_rd8(c, lin_addr(seg, (uint16_t)(off + 1))) << 8) : lo;
}

/* Does a write at ES:off (w: a word) reach the prefetch window, [ipw, ipw + 8) in CS? */
static ALWAYS_INLINE int rep_hits_window(const EmuCore *c, uint16_t off, int w, uint16_t ipw) {
    if (fk_in_window(c, lin_addr(ES, off), ipw)) return 1;
    return w && fk_in_window(c, lin_addr(ES, (uint16_t)(off + 1)), ipw);
}

/* Of the next m iterations (none the last by the count), how many end no earlier than the
 * REP would: for CMPS and SCAS, those before the first whose comparison ends it; for MOVS and
 * STOS, those before the first that would write into the prefetch window at ipw (the IP after
 * the instruction: left to the model). */
static unsigned rep_span_slow(const EmuCore *c, unsigned m, uint16_t ipw);
static unsigned rep_span(const EmuCore *c, unsigned m, uint16_t ipw) {
    const uint8_t op = c->rep_op;
    const int w = op & 1, back = getf(c, EMU_FLAG_DF);
    uint32_t lo;
    if (!m || op == 0xAC || op == 0xAD) return m;
    if (!rep_flat(ES, DI, m, w, back, &lo)) return rep_span_slow(c, m, ipw);
    const unsigned bytes = m << w;
    if (op <= 0xA5 || op == 0xAA || op == 0xAB) { /* MOVS, STOS: the window, checked at once */
        const uint32_t wl = lin_addr(CS, ipw);
        if (ipw > 0xFFF8u || wl + 8 > EMU_MEM_SIZE) return rep_span_slow(c, m, ipw);
        return lo < wl + 8 && wl < lo + bytes ? rep_span_slow(c, m, ipw) : m;
    }
    if (w) return rep_span_slow(c, m, ipw);
    /* CMPSB, SCASB: the first comparison that ends it */
    const int stop_equal = c->rep_kind == 2;
    const uint8_t *d = c->mem + lo + (back ? m - 1 : 0);
    const ptrdiff_t step = back ? -1 : 1;
    if (op == 0xAE) {
        if (stop_equal && !back) {
            const uint8_t *hit = memchr(d, AL, m);
            return hit ? (unsigned)(hit - d) : m;
        }
        for (unsigned k = 0; k < m; k++, d += step)
            if ((*d == AL) == stop_equal) return k;
        return m;
    }
    uint32_t slo;
    const uint16_t sseg = c->rep_seg != 0xFF ? c->sreg[c->rep_seg] : DS;
    if (!rep_flat(sseg, SI, m, 0, back, &slo)) return rep_span_slow(c, m, ipw);
    const uint8_t *a = c->mem + slo + (back ? m - 1 : 0);
    for (unsigned k = 0; k < m; k++, a += step, d += step)
        if ((*a == *d) == stop_equal) return k;
    return m;
}

static unsigned rep_span_slow(const EmuCore *c, unsigned m, uint16_t ipw) {
    const uint8_t op = c->rep_op;
    const int w = op & 1, dl = getf(c, EMU_FLAG_DF) ? -(1 + w) : 1 + w;
    const uint16_t sseg = c->rep_seg != 0xFF ? c->sreg[c->rep_seg] : DS;
    uint16_t si = SI, di = DI;
    const int stop_equal = c->rep_kind == 2; /* REPNE: ends on equal; REPE: on different */
    for (unsigned k = 0; k < m; k++) {
        switch (op) {
        case 0xA4: case 0xA5: case 0xAA: case 0xAB:
            if (rep_hits_window(c, di, w, ipw)) return k;
            break;
        case 0xA6: case 0xA7:
            if ((rep_rd(c, sseg, si, w) == rep_rd(c, ES, di, w)) == stop_equal) return k;
            break;
        case 0xAE: case 0xAF:
            if (((w ? AX : AL) == rep_rd(c, ES, di, w)) == stop_equal) return k;
            break;
        default: break; /* LODS */
        }
        si = (uint16_t)(si + dl);
        di = (uint16_t)(di + dl);
    }
    return m;
}

/* The next m iterations' work, without clocks. */
static void rep_work_slow(EmuCore *c, unsigned m);
static void rep_work(EmuCore *c, unsigned m) {
    const uint8_t op = c->rep_op;
    const int w = op & 1, back = getf(c, EMU_FLAG_DF);
    const unsigned bytes = m << w;
    uint32_t dlo, slo = 0;
    const uint16_t sseg = c->rep_seg != 0xFF ? c->sreg[c->rep_seg] : DS;
    const int16_t dl = (int16_t)(back ? -(int)bytes : (int)bytes);
    if (!m) return;
    switch (op) {
    case 0xA4: case 0xA5:
        /* MOVS: at once where no element is read after an earlier one wrote over it (the
         * destination does not overlap the source, or is behind it in DF's direction) */
        if (!rep_flat(sseg, SI, m, w, back, &slo) || !rep_flat(ES, DI, m, w, back, &dlo) ||
            dlo + bytes > c->rom_start ||
            (slo < dlo + bytes && dlo < slo + bytes && (back ? dlo < slo : dlo > slo)))
            break;
        memmove(c->mem + dlo, c->mem + slo, bytes);
        SI = (uint16_t)(SI + dl);
        DI = (uint16_t)(DI + dl);
        CX = (uint16_t)(CX - m);
        return;
    case 0xAA: /* STOSB */
        if (!rep_flat(ES, DI, m, 0, back, &dlo) || dlo + bytes > c->rom_start) break;
        memset(c->mem + dlo, AL, bytes);
        DI = (uint16_t)(DI + dl);
        CX = (uint16_t)(CX - m);
        return;
    case 0xAE: case 0xA6: /* SCASB, CMPSB: only the last comparison's flags are left */
        if (!rep_flat(ES, DI, m, 0, back, &dlo)) break;
        if (op == 0xA6 && !rep_flat(sseg, SI, m, 0, back, &slo)) break;
        {
            const unsigned last = back ? 0 : m - 1;
            alu_sub(c, op == 0xAE ? AL : c->mem[slo + last], c->mem[dlo + last], 0, 0);
        }
        if (op == 0xA6) SI = (uint16_t)(SI + dl);
        DI = (uint16_t)(DI + dl);
        CX = (uint16_t)(CX - m);
        return;
    default: break;
    }
    rep_work_slow(c, m);
}

static void rep_work_slow(EmuCore *c, unsigned m) {
    const uint8_t op = c->rep_op;
    const int w = op & 1, dl = getf(c, EMU_FLAG_DF) ? -(1 + w) : 1 + w;
    const uint16_t sseg = c->rep_seg != 0xFF ? c->sreg[c->rep_seg] : DS;
    uint16_t si = SI, di = DI, a = 0, b = 0;
    for (unsigned k = 0; k < m; k++) {
        switch (op) {
        case 0xA4: case 0xA5: {
            const uint16_t v = rep_rd(c, sseg, si, w);
            mem_wr8(c, lin_addr(ES, di), (uint8_t)v);
            if (w) mem_wr8(c, lin_addr(ES, (uint16_t)(di + 1)), (uint8_t)(v >> 8));
            break;
        }
        case 0xAA: case 0xAB:
            mem_wr8(c, lin_addr(ES, di), AL);
            if (w) mem_wr8(c, lin_addr(ES, (uint16_t)(di + 1)), AH);
            break;
        case 0xAC: case 0xAD:
            if (w) AX = rep_rd(c, sseg, si, 1);
            else AL = (uint8_t)rep_rd(c, sseg, si, 0);
            break;
        case 0xA6: case 0xA7: a = rep_rd(c, sseg, si, w); b = rep_rd(c, ES, di, w); break;
        default: a = w ? AX : AL; b = rep_rd(c, ES, di, w); break; /* SCAS */
        }
        if (op <= 0xA7 || op == 0xAC || op == 0xAD) si = (uint16_t)(si + dl); /* MOVS CMPS LODS */
        if (op < 0xAC || op >= 0xAE) di = (uint16_t)(di + dl);                 /* all but LODS */
    }
    if (op == 0xA6 || op == 0xA7 || op >= 0xAE) alu_sub(c, a, b, 0, w);
    SI = si;
    DI = di;
    CX = (uint16_t)(CX - m);
}

/* ---- the recording copy: one node ---- */

/* The read of the next opcode, the instruction, and its REP iterations (whose boundaries do
 * nothing: the node began at a plain boundary, and neither IF, TF nor the inputs change in a
 * string instruction), as the run loop would run them: FAST_DEADLINE where it would return. */
/* The deadline has passed where the run loop would return for it: the caller's events there
 * instead, if they are light and nothing else is due, as the replay meets them (so that a
 * block recorded across a profiling tick does not end at it). True if the run goes on. */
static NOINLINE int sig_light(EmuCore *c) {
    if (!c->light || c->deadline != c->light_at || c->cycles >= c->light_hard || c->stop) return 0;
    c->light(c->ctx, c);
    return c->deadline > c->cycles && !c->stop;
}

static int sig_node(EmuCore *c, uint32_t *rni, FIter *it, uint32_t *n_it) {
    const uint64_t t0 = c->cycles;
    c->fsig = FSIG_START;
    c->fpend = 0;
    c->fabort = 0;
    c->boundary_pending = 0;
    B_rni_hot(c);
    *rni = (uint32_t)(c->cycles - t0);
    if (c->cycles >= c->deadline && !sig_light(c)) return FAST_DEADLINE;
    exec_one(c);
    if (c->cycles >= c->deadline && !sig_light(c)) return FAST_DEADLINE;
    unsigned k = 0, kept = it != NULL;
    while (c->in_rep) {
        if (c->stop | c->nmi | (c->intr & (c->flags >> 9))) {
            /* the run stops between two iterations, or an interrupt is due there (the light
             * events met may have raised one): the run loop's boundary takes it */
            c->fabort = 1;
            return FAST_NODES;
        }
        if (kept) { /* the state between two iterations, while all of them can be kept */
            kept = k < FAST_ITERS_MAX && fr_make(c, &it[k].after);
            if (kept) it[k].clk = (uint32_t)(c->cycles - t0); /* (not past the end) */
            k++;
        }
        exec_one(c);
        if (c->cycles >= c->deadline && !sig_light(c)) return FAST_DEADLINE;
    }
    if (n_it) *n_it = kept ? k : 0;
    fsig_mix(c, EV_END);
    return FAST_NODES;
}

/* ---- blocks ---- */

#define FAST_NODES_MAX 32 /* (the search for a deadline's node takes five steps) */
#define FAST_VARIANTS 4 /* blocks from the same state at most (recorded where nodes disagree) */
#define FAST_HASH_BITS 16
#define FAST_ARENA_BYTES (64u << 20)

typedef struct FNode {
    /* what the replay loop reads for every node (in its first cache line) */
    FDec dec;            /* its decoded form, if it has one (else FK_GENERIC) */
    uint32_t lin;        /* CS:IP's linear address */
    uint16_t cs, ip;
    uint32_t fact;       /* decoded: the fact when recorded */
    uint8_t ends_run;    /* it may transfer control otherwise than by a jump (FAST_OBSERVE_NODE) */
    uint8_t n_iter;      /* FK_REP_MOVSB: the states between its iterations kept (or 0) */
    /* the rest */
    uint32_t dt;         /* its clocks */
    uint32_t rni;        /* the clocks to the end of the read of its opcode */
    uint32_t cum;        /* the clocks from the block's start to its end */
    uint64_t sig;        /* FK_GENERIC: the signature of its requests */
    const FIter *iter;
    FRel after;
    uint8_t pad_[192 - 64 - 4 * 3 - 8 - sizeof(const FIter *) - sizeof(FRel)];
} FNode;
/* Three cache lines a node, the first holding all the replay loop reads (blocks, and so nodes,
 * are aligned on 64 bytes in the arena). Three, not two: with two, the first lines of a block's
 * nodes all fall in every other set of a 64-set L1 data cache, and a loop through a few blocks
 * fills those sets; at a stride of three lines they spread over all the sets (callgrind's
 * simulation of this host's 32 KiB 8-way L1 on cpubench: 1.4 to 1.8 million misses down to
 * 0.45 million, about all of them the replay's read of the guest's code bytes, evicted). */
_Static_assert(sizeof(FNode) == 192 && offsetof(FNode, n_iter) < 64 && offsetof(FNode, dt) == 56,
               "FNode's layout");

typedef struct FBlock {
    struct FBlock *hnext; /* the hash chain */
    struct FBlock *next[2]; /* the blocks last found after this one, the latest first */
    uint16_t cs, ip;
    uint32_t n;
    uint8_t decoded;      /* no generic node in it: IF changes nowhere in it, no shadow follows */
    uint8_t dead;         /* dropped (its first node became a tail): never found again */
    uint8_t to_model;     /* it was recorded up to an instruction at to_cs:to_ip that is left to
                           * the model (fast_model_only_at), or that is its tail */
    uint16_t to_cs, to_ip;
    struct FTail *tail;   /* that tail (cache/tails.inc), or NULL */
    uint64_t total;       /* the clocks of all its nodes */
    uint64_t dtotal;      /* total if a sampling tick that falls in it can be taken after it has run
                           * (fast_defer_flush), else FAST_UNFIT */
    uint32_t cum[FAST_NODES_MAX]; /* node[i].cum (compact, for finding where a deadline falls;
                                   * UINT32_MAX after the last) */
    EmuObsSite *site;     /* node[i]'s, for an observer that takes EMU_OBS_SITES */
    FRel key;
    _Alignas(64) FNode node[];
} FBlock;

/* A pass of the replay through a block, from its first node at clock `now`, logged while the
 * sampling ticks are deferred (fast_defer_flush). */
typedef struct FPass {
    const struct FBlock *blk;
    uint64_t now;
} FPass;
#define FAST_LOG_MAX 256 /* passes (4 KiB) */

typedef struct EmuFast {
    EmuFastShared sh; /* first: cpu/bus/null.h reaches it through c->fast */
    FBlock **hash;
    uint8_t *arena;
    size_t used;
    FNode rec[FAST_NODES_MAX];
    FIter rec_iter[FAST_NODES_MAX][FAST_ITERS_MAX];
    int verify, stats;
    EmuCore *shadow;
    uint8_t *shadow_mem;
    unsigned vf_iters; /* vf_rep */
    uint64_t n_replayed, n_undone, n_recorded, n_blocks, n_resets, n_entries, n_resumed, n_split, n_moved;
    uint64_t n_ahead, n_ahead_undone; /* ticks taken ahead, and taken back */
    uint64_t n_deferred, n_defer_flushes; /* ticks taken from the log of passes, and its flushes */
    uint64_t n_rep_runs, n_rep_iters; /* emu_fast_rep: runs of a REP's steady state, iterations */
    FRepSeen rep;
    uint64_t n_trap_runs, n_trap_slices; /* fast_trap_repeat: its runs, the slices taken */
    uint64_t n_generic; /* nodes replayed by cache/replay_copy.c's copy */
    uint64_t n_inline_ticks; /* runs of repeats (emu_fast_rep, fast_trap_repeat) that took ticks */
    FTrapSeen trap;
    uint64_t n_tails, n_tail_fills, n_tail_runs; /* tails recorded, ends learnt, runs replayed */
    struct FTail *rec_tail; /* fb_record's: the tail it found */
    uint32_t variable[256]; /* REP MOVSB sites met with another count (cache/tails.inc) */
    FPass log[FAST_LOG_MAX];
    /* fast_sample_ahead's latest: the deadline before it, the node after which it holds, and
     * the clock at the start of that pass through its block */
    uint64_t ahead_at, ahead_now;
    const struct FNode *ahead_nd;
    /* where the latest replay stopped for a deadline: block, next node, clock */
    FBlock *res_blk;
    const FNode *res_nd;
    uint64_t res_cycles;
} EmuFast;

_Static_assert(sizeof(FRel) == 34, "FRel: fb_hash reads it as four words and a tail");

#include "cache/tails.inc"

static uint32_t fb_hash(uint16_t cs, uint16_t ip, const FRel *k) {
    uint64_t w[4];
    uint16_t tail;
    memcpy(w, k, 32);
    memcpy(&tail, (const uint8_t *)k + 32, 2);
    uint64_t h = ((uint64_t)cs << 16 | ip) ^ (uint64_t)tail << 32;
    for (unsigned i = 0; i < 4; i++) h = (h ^ w[i]) * 0x9E3779B97F4A7C15ull;
    return (uint32_t)(h >> (64 - FAST_HASH_BITS));
}

static FBlock *fb_lookup(EmuFast *f, uint16_t cs, uint16_t ip, const FRel *k) {
    for (FBlock *b = f->hash[fb_hash(cs, ip, k)]; b; b = b->hnext)
        if (b->ip == ip && b->cs == cs && !b->dead && !memcmp(&b->key, k, sizeof *k)) return b;
    return NULL;
}

/* The next block after `b` in b's hash chain (or from the chain's head if b is NULL) with the
 * key (cs, ip, k). */
static FBlock *fb_next_same(EmuFast *f, FBlock *b, uint16_t cs, uint16_t ip, const FRel *k) {
    for (b = b ? b->hnext : f->hash[fb_hash(cs, ip, k)]; b; b = b->hnext)
        if (b->ip == ip && b->cs == cs && !b->dead && !memcmp(&b->key, k, sizeof *k)) return b;
    return NULL;
}

/* May a tick be taken after the pass through a block in which a node without a decoded form
 * ran (fast_defer_flush)? Only if it leaves IF, TF and the interrupt shadow alone, so that the
 * sampling rule cannot start to wait in the pass: not CLI, STI, POPF, IRET, INT, INTO, INT 3,
 * AAM (its divide error), a load of a segment register by MOV or POP (the shadow), HLT; op is
 * the node's opcode after any segment prefix (fk_decode), 0 where it was not read. */
static int fast_generic_keeps_if(uint8_t op) {
    switch (op) {
    case 0x00: case 0xFA: case 0xFB: case 0x9D: case 0xCF: case 0xCC: case 0xCD: case 0xCE: case 0xD4:
    case 0x8E: case 0x07: case 0x17: case 0x1F: case 0x0F: case 0xF4: case 0xF0: case 0xF2: case 0xF3:
    case 0x26: case 0x2E: case 0x36: case 0x3E:
        return 0;
    default: return 1;
    }
}

static FBlock *fb_store(EmuFast *f, uint16_t cs, uint16_t ip, const FRel *k, unsigned n, int to_model,
                        uint16_t to_cs, uint16_t to_ip, const FTail *tail) {
    size_t iters = 0;
    for (unsigned i = 0; i < n; i++) iters += f->rec[i].n_iter;
    const size_t body = (offsetof(FBlock, node) + n * (sizeof(FNode) + sizeof(EmuObsSite)) + iters * sizeof(FIter) + 63) &
                        ~(size_t)63;
    const size_t size = body + (tail ? (sizeof(FTail) + 63) & ~(size_t)63 : 0);
    if (f->used + size > FAST_ARENA_BYTES) {
        memset(f->hash, 0, sizeof(FBlock *) << FAST_HASH_BITS);
        f->used = 0;
        f->res_nd = NULL;
        f->n_resets++;
    }
    FBlock *b = (FBlock *)(f->arena + f->used);
    f->used += size;
    b->next[0] = b->next[1] = NULL;
    b->cs = cs;
    b->ip = ip;
    b->n = n;
    b->to_model = (uint8_t)(to_model || tail);
    b->dead = 0;
    b->tail = NULL;
    if (tail) {
        b->tail = (FTail *)((uint8_t *)b + body);
        *b->tail = *tail;
        f->n_tails++;
    }
    b->to_cs = to_cs;
    b->to_ip = to_ip;
    b->key = *k;
    memcpy(b->node, f->rec, n * sizeof(FNode));
    b->site = (EmuObsSite *)(b->node + n);
    FIter *it = (FIter *)(b->site + n);
    b->total = 0;
    b->decoded = 1;
    int defer = 1;
    for (unsigned i = 0; i < n; i++) {
        const FDec *d = &b->node[i].dec;
        if (d->kind == FK_GENERIC) {
            b->decoded = 0;
            if (!fast_generic_keeps_if(d->op)) defer = 0;
        }
        /* (a REP MOVSB whose states between iterations were not kept: a tick there is the
         * interpreter's) */
        if (d->kind == FK_REP_MOVSB && !b->node[i].n_iter && b->node[i].fact > 1) defer = 0;
        b->site[i] = (EmuObsSite){{0, 0}, b->node[i].dt, b->node[i].cs, b->node[i].ip,
                                  (uint16_t)(d->next + d->imm), d->next,
                                  d->kind == FK_CALL ? EMU_FLOW_CALL_NEAR : d->kind == FK_RET ? EMU_FLOW_RET : EMU_FLOW_NONE};
        if (d->kind == FK_RET) { /* where the block goes on after it: fk_run tells if not there */
            b->node[i].dec.alu = i + 1 < n;
            b->node[i].dec.imm = i + 1 < n ? b->node[i + 1].ip : 0;
        }
        b->node[i].iter = b->node[i].n_iter ? it : NULL;
        memcpy(it, f->rec_iter[i], b->node[i].n_iter * sizeof(FIter));
        it += b->node[i].n_iter;
        b->total += b->node[i].dt;
        b->node[i].cum = b->total;
        b->cum[i] = (uint32_t)b->total;
    }
    for (unsigned i = n; i < FAST_NODES_MAX; i++) b->cum[i] = UINT32_MAX;
    b->dtotal = defer && n ? b->total : FAST_UNFIT; /* (a tail alone is never a pass) */
    const uint32_t h = fb_hash(cs, ip, k);
    b->hnext = f->hash[h];
    f->hash[h] = b;
    f->n_blocks++;
    return b;
}

/* ---- checking (EMU86_FAST_VERIFY) ---- */

/* The copy never calls out: the nodes the cache keeps do no I/O and call no service. */
static uint8_t vf_port_in(void *ctx, uint16_t port, uint64_t cycle) {
    (void)ctx, (void)port, (void)cycle;
    return 0xFF;
}
static void vf_port_out(void *ctx, uint16_t port, uint8_t v, uint64_t cycle) {
    (void)ctx, (void)port, (void)v, (void)cycle;
}

static void vf_begin(EmuFast *f, const EmuCore *c) {
    *f->shadow = *c;
    f->vf_iters = 0;
    f->shadow->deadline = UINT64_MAX; /* (the replay checks its nodes against the deadline itself) */
    f->shadow->mem = f->shadow_mem;
    f->shadow->fast = NULL;
    f->shadow->port_in = vf_port_in;
    f->shadow->port_out = vf_port_out;
    f->shadow->int_ack = NULL;
    f->shadow->hle_trap = NULL;
    f->shadow->light = NULL;
    f->shadow->observe = NULL;
    memcpy(f->shadow_mem, c->mem, EMU_MEM_SIZE + 16);
}

static NOINLINE void vf_fail(const EmuCore *c, const EmuCore *s, const char *what) {
    char a[160], b[160];
    emu_cpu_format_state(c, a, sizeof a);
    emu_cpu_format_state(s, b, sizeof b);
    fprintf(stderr,
            "emu86: block cache check failed (%s) after the instruction at %04X:%04X\n"
            "  replayed: %s clocks %llu\n  exact:    %s clocks %llu\n",
            what, c->insn_cs, c->insn_ip, a, (unsigned long long)c->cycles, b,
            (unsigned long long)s->cycles);
    abort();
}

static void vf_node(EmuFast *f, const EmuCore *c, const FNode *nd) {
    EmuCore *s = f->shadow;
    uint32_t rni;
    if (sig_node(s, &rni, NULL, NULL) != FAST_NODES) vf_fail(c, s, "the exact model met the deadline");
    if (s->fsig != nd->sig) vf_fail(c, s, "signature");
    if (s->cycles != c->cycles) vf_fail(c, s, "clocks");
    if (memcmp(&s->r, &c->r, FAST_REGS_BYTES) || s->last_ea != c->last_ea)
        vf_fail(c, s, "registers");
    FRel fr;
    if (!fr_make(s, &fr) || memcmp(&fr, &nd->after, sizeof fr)) vf_fail(c, s, "bus state");
}

/* REP MOVSB node nd replayed up to the state after its iteration i (nd->n_iter: its end): the
 * copy runs as far (f->vf_iters: the iterations it has run of it). */
static void vf_rep(EmuFast *f, const EmuCore *c, const FNode *nd, unsigned i) {
    EmuCore *s = f->shadow;
    if (!f->vf_iters) {
        s->fsig = FSIG_START;
        s->fpend = 0;
        s->fabort = 0;
        s->boundary_pending = 0;
        B_rni_hot(s);
        exec_one(s);
        f->vf_iters = 1;
    }
    while (f->vf_iters < i + 1) {
        exec_one(s);
        f->vf_iters++;
    }
    const int at_end = i == nd->n_iter;
    if (at_end) f->vf_iters = 0;
    if (s->cycles != c->cycles) vf_fail(c, s, "clocks (in REP)");
    if (memcmp(&s->r, &c->r, FAST_REGS_BYTES) || s->last_ea != c->last_ea || s->in_rep != c->in_rep ||
        s->rep_started != c->rep_started)
        vf_fail(c, s, "registers (in REP)");
    if (!at_end && (s->rep_kind != c->rep_kind || s->rep_op != c->rep_op || s->rep_seg != c->rep_seg ||
                    s->rep_pending_irq != c->rep_pending_irq || s->instructions != c->instructions ||
                    s->insn_cs != c->insn_cs || s->insn_ip != c->insn_ip || s->boundary_pending != 1))
        vf_fail(c, s, "REP state");
    FRel fr;
    if (!fr_make(s, &fr) || memcmp(&fr, at_end ? &nd->after : &nd->iter[i].after, sizeof fr))
        vf_fail(c, s, "bus state (in REP)");
}

static void vf_end(EmuFast *f, const EmuCore *c) {
    if (memcmp(f->shadow_mem, c->mem, EMU_MEM_SIZE + 16)) vf_fail(c, f->shadow, "memory");
    if (f->shadow->cycles != c->cycles) vf_fail(c, f->shadow, "clocks at the end");
}

/* A tail replayed (after: the state it left, as the replay keeps it) or run by the model to
 * learn it (after NULL: the CPU's own state): the copy runs it in the model. */
static void vf_tail(EmuFast *f, EmuCore *c, const FRel *after) {
    EmuCore *s = f->shadow;
    uint32_t rni;
    if (sig_node(s, &rni, NULL, NULL) != FAST_NODES) vf_fail(c, s, "the exact model met the deadline (tail)");
    if (s->cycles != c->cycles) vf_fail(c, s, "clocks (tail)");
    if (memcmp(&s->r, &c->r, FAST_REGS_BYTES) || s->in_rep != c->in_rep) vf_fail(c, s, "registers (tail)");
    FRel a, b;
    if (!after) {
        if (!fr_make(c, &b)) vf_fail(c, s, "bus state (tail, not handled)");
        after = &b;
    }
    if (!fr_make(s, &a) || memcmp(&a, after, sizeof a)) vf_fail(c, s, "bus state (tail)");
}

/* The REP iterations emu_fast_rep skipped (m of them, from the state vf_begin copied): the copy
 * runs them in the model. */
static void vf_rep_steady(EmuFast *f, const EmuCore *c, unsigned m) {
    EmuCore *s = f->shadow;
    for (unsigned i = 0; i < m; i++) {
        if (!s->in_rep) vf_fail(c, s, "the REP ended before its steady iterations did");
        exec_one(s);
    }
    if (s->cycles != c->cycles) vf_fail(c, s, "clocks (REP steady state)");
    if (memcmp(&s->r, &c->r, FAST_REGS_BYTES) || s->in_rep != c->in_rep || s->rep_started != c->rep_started)
        vf_fail(c, s, "registers (REP steady state)");
    FRel a, b;
    if (!fr_make(s, &a) || !fr_make((EmuCore *)c, &b) || memcmp(&a, &b, sizeof a))
        vf_fail(c, s, "bus state (REP steady state)");
    vf_end(f, c);
}

/* At a boundary between two iterations of a REP string instruction, with nothing due there
 * but the next one (emu_fast_rep's caller checks): if the state is the one at the boundary
 * before, the iterations it may run are run without the model (see rep_span). True if any
 * were (the run is then at a boundary between two iterations again). */
#define FAST_REP_MIN 4 /* iterations left below which the model runs them all */
int emu_fast_rep(EmuCore *c) {
    EmuFast *f = (EmuFast *)c->fast;
    FRepSeen *sn = &f->rep;
    FRel st;
    if (CX < FAST_REP_MIN || c->deadline <= c->cycles || !fr_make(c, &st)) {
        sn->valid = 0;
        return 0;
    }
    const int steady = sn->valid && sn->insns == c->instructions && sn->cx == (uint16_t)(CX + 1) &&
                       sn->cs == c->insn_cs && sn->ip == c->insn_ip && !memcmp(&sn->state, &st, sizeof st);
    if (!steady) {
        *sn = (FRepSeen){c->instructions, c->cycles, CX, c->insn_cs, c->insn_ip, 1, st};
        return 0;
    }
    sn->valid = 0;
    const uint64_t d = c->cycles - sn->cycles;
    const int inl = fast_ticks_inline(c);
    const uint64_t most = fast_repeats_max(c, d, inl);
    unsigned m = CX - 1u; /* (not the last: it ends otherwise) */
    if (most < m) m = (unsigned)most;
    m = rep_span(c, m, c->ip);
    if (!m) return 0;
    if (UNLIKELY(f->verify)) vf_begin(f, c);
    rep_work(c, m);
    c->cycles += m * d;
    fr_apply(c, &st);
    f->n_rep_runs++;
    f->n_rep_iters += m;
    if (UNLIKELY(f->verify)) vf_rep_steady(f, c, m);
    if (UNLIKELY(c->observe != NULL)) c->observe(c->observe_ctx, &c->cpu, EMU_OBS_INSN); /* (clocks add up) */
    if (inl && c->light_at <= c->cycles) {
        /* (between two iterations an interrupt pushes the address two bytes back, the REP's) */
        const EmuSample smp = c->sample_rule == EMU_SAMPLE_EXEC ? (EmuSample){c->insn_cs, c->insn_ip}
                                                                : (EmuSample){CS, (uint16_t)(c->ip - 2)};
        fast_ticks_same(c, c->cycles, smp);
        f->n_inline_ticks++;
    }
    if (c->sample_n) c->sample_flush(c->ctx, c);
    return 1;
}

/* Is the instruction at CS:IP one that the recording always stops at: the HLE trap (a
 * service's slices come back to it), I/O, HLT? */
enum { FAST_ONLY_MODEL = 1, FAST_ONLY_TRAP = 2 }; /* (the trap: fast_trap_repeat) */
static int fast_model_only_at(const EmuCore *c) {
    for (unsigned k = 0; k < 4; k++) {
        const uint16_t ip = (uint16_t)(c->ip + k);
        const uint8_t b = mem_rd8(c, lin_addr(CS, ip));
        switch (b) {
        case 0xF2: case 0xF3: case 0x26: case 0x2E: case 0x36: case 0x3E: case 0xF0: continue;
        case 0xE4: case 0xE5: case 0xE6: case 0xE7: case 0xEC: case 0xED: case 0xEE: case 0xEF: case 0xF4:
            return FAST_ONLY_MODEL;
        case 0xF1: return c->n_hle && in_hle_region(c, lin_addr(CS, ip)) ? FAST_ONLY_TRAP : 0;
        default: return 0;
        }
    }
    return 0;
}

/* At a plain boundary before the HLE trap, a service's time being spent in slices (the trap
 * comes back to itself, EmuHleRepeat): once a slice has begun in the state the one before it
 * began in, they repeat (each takes the same clocks: the trap, a flush and the slice) and the
 * machine hands over as many at once as end before the deadline (all but the last). Returns
 * FAST_NODES or FAST_DEADLINE if it took any, else FAST_NONE. */
static int fast_trap_repeat(EmuCore *c, EmuFast *f) {
    FTrapSeen *sn = &f->trap;
    FRel st;
    const uint32_t lin = lin_addr(CS, c->ip);
    if (!c->hle_repeat || c->deadline <= c->cycles || f->verify || !fr_make(c, &st)) {
        sn->valid = 0;
        return FAST_NONE;
    }
    const int steady = sn->valid && sn->insns + 1 == c->instructions && sn->lin == lin &&
                       !memcmp(&sn->state, &st, sizeof st);
    if (!steady) {
        *sn = (FTrapSeen){c->instructions, c->cycles, lin, 1, st};
        return FAST_NONE;
    }
    sn->valid = 0;
    const uint64_t d = c->cycles - sn->cycles;
    const int inl = fast_ticks_inline(c);
    const uint64_t most = fast_repeats_max(c, d, inl);
    const uint32_t n = c->hle_repeat(c->ctx, c, most < UINT32_MAX ? (uint32_t)most : UINT32_MAX);
    if (!n) return FAST_NONE;
    c->cycles += n * d;
    c->instructions += n;
    fr_apply(c, &st);
    f->n_trap_runs++;
    f->n_trap_slices += n;
    if (UNLIKELY(c->observe != NULL)) c->observe(c->observe_ctx, &c->cpu, EMU_OBS_INSN); /* (clocks add up) */
    c->boundary_pending = 1;
    if (inl && c->light_at <= c->cycles) { /* (the trap comes back to itself: the same sample) */
        fast_ticks_same(c, c->cycles, (EmuSample){CS, c->ip});
        f->n_inline_ticks++;
    }
    return c->cycles >= c->deadline ? FAST_DEADLINE : FAST_NODES;
}

/* ---- recording ---- */

/* From a plain boundary in state `key`: run the exact model node by node, keeping those it can
 * replay, as a new block. */
static int fb_record(EmuFast *f, EmuCore *c, const FRel *key_in) {
    const FRel key = *key_in;
    const uint16_t kcs = CS, kip = c->ip;
    if (UNLIKELY(f->verify)) vf_begin(f, c); /* the state before it is made canonical */
    fr_apply(c, &key);
    unsigned n = 0;
    int r = FAST_NODES;
    int to_model = 0, tailed = 0;
    while (n < FAST_NODES_MAX) {
        if (n > 0 && !boundary_plain(c)) break;
        if (fast_model_only_at(c)) {
            to_model = 1;
            break;
        }
        if (fast_tail_at(c, f->variable, f->rec_tail)) { /* the block ends with it */
            f->rec_tail->node.fact = fast_tail_fact(c, f->rec_tail);
            tailed = 1;
            break;
        }
        const uint16_t cs0 = CS, ip0 = c->ip;
        const uint64_t t0 = c->cycles;
        FNode *nd = &f->rec[n];
        fk_decode(c, &nd->dec);
        nd->fact = nd->dec.kind ? fk_fact(c, &nd->dec) : 0;
        nd->lin = lin_addr(cs0, ip0);
        uint32_t n_iter = 0;
        r = sig_node(c, &nd->rni, nd->dec.kind == FK_REP_MOVSB ? f->rec_iter[n] : NULL, &n_iter);
        nd->n_iter = (uint8_t)n_iter;
        if (r == FAST_DEADLINE || c->fabort) break;
        if (!fr_make(c, &nd->after)) break;
        nd->sig = c->fsig;
        if (nd->dec.kind) {
            /* the bytes it ran, and where it went, are those decoded */
            uint64_t now_bytes;
            memcpy(&now_bytes, c->mem + lin_addr(cs0, ip0), 8);
            const int jump = nd->dec.kind >= FK_JCC && nd->dec.kind != FK_FLAG;
            if ((now_bytes & nd->dec.mask) != nd->dec.code || CS != cs0 ||
                (!jump && c->ip != (uint16_t)(ip0 + nd->dec.len)))
                nd->dec.kind = nd->dec.h = FK_GENERIC;
        }
        if (nd->dec.kind != FK_REP_MOVSB) nd->n_iter = 0;
        nd->ends_run = nd->dec.kind == FK_GENERIC;
        if (UNLIKELY(f->verify)) vf_node(f, c, nd);
        nd->sig = c->fsig;
        nd->dt = (uint32_t)(c->cycles - t0);
        nd->cs = cs0;
        nd->ip = ip0;
        n++;
    }
    FBlock *b = NULL;
    if (tailed && !n) { /* a tail alone: the one recorded from here before, if any */
        for (b = fb_next_same(f, NULL, kcs, kip, &key); b && (b->n || !b->tail); b = fb_next_same(f, b, kcs, kip, &key))
            ;
    }
    if (!b && (n || tailed)) b = fb_store(f, kcs, kip, &key, n, to_model, CS, c->ip, tailed ? f->rec_tail : NULL);
    f->n_recorded += n;
    if (!tailed) return r;
    /* the tail, from the state the nodes left (the block's) */
    r = fast_tail_fill(c, f, b->tail);
    if (UNLIKELY(f->verify) && r == FAST_NODES && !c->in_rep) vf_tail(f, c, NULL);
    return r;
}

/* ---- replaying ---- */

/* What the replaying copy changes besides memory, to undo a node. */
#define FS_FIELDS X(uint16_t, last_ea) X(uint16_t, insn_cs) X(uint16_t, insn_ip) \
    X(uint8_t, inhibit) X(uint8_t, trap_next) X(uint8_t, flow) X(uint8_t, flow_vec)

typedef struct FSaved {
    uint8_t regs[FAST_REGS_BYTES];
#define X(type, name) type name;
    FS_FIELDS
#undef X
} FSaved;

static ALWAYS_INLINE void fs_save(FSaved *s, const EmuCore *c) {
    memcpy(s->regs, &c->r, sizeof s->regs);
#define X(type, name) s->name = c->name;
    FS_FIELDS
#undef X
}

/* After the latest node: what exec_one leaves (a decoded form has no REP, TF, or inhibit). */
static ALWAYS_INLINE void fs_after(EmuCore *c, const FNode *last) {
    if (last->dec.kind == FK_GENERIC) return; /* cache/replay_copy.c did it */
    c->insn_cs = last->cs;
    c->insn_ip = last->ip;
    c->inhibit = 0;
    c->trap_next = 0;
}

/* The CPU as a caller sees it after node `last` (the light events, an observer): the clock, the
 * count, and what the node leaves. */
static ALWAYS_INLINE void fs_at(EmuCore *c, const FNode *last, uint64_t cycles, uint64_t insns) {
    c->cycles = cycles;
    c->instructions = insns;
    fs_after(c, last);
}

/* The sample by the rule, at a boundary after a decoded node (so no interrupt shadow): of that
 * node, insn (EXEC), or the CS:IP an interrupt would push there (IRQ). False if it waits. */
static ALWAYS_INLINE int fast_rule_sample(const EmuCore *c, const FNode *insn, uint16_t irq_cs, uint16_t irq_ip,
                                          EmuSample *s) {
    if (c->sample_rule == EMU_SAMPLE_EXEC) *s = (EmuSample){insn->cs, insn->ip};
    else if (c->sample_rule == EMU_SAMPLE_IRQ && getf(c, EMU_FLAG_IF)) *s = (EmuSample){irq_cs, irq_ip};
    else return 0;
    return 1;
}


/* A sampling timer's tick (EmuCore.sample_rule), due at a boundary of the replay at clock clk,
 * taken here if it may be: the sample by its rule (the IRQ rule's CS:IP at the boundary is
 * CS:irq_ip; the EXEC rule's is the instruction before it, insn, a decoded node: so no
 * interrupt shadow), for each tick due by clk; then the next deadline. Returns false, and
 * changes nothing, if light must take it. */
static NOINLINE int fast_sample(EmuCore *c, uint64_t clk, uint16_t irq_ip, const FNode *insn) {
    EmuSample s;
    if (!fast_rule_sample(c, insn, CS, irq_ip, &s) || clk >= c->sample_rest) return 0;
    uint64_t at = c->light_at;
    do {
        if (UNLIKELY(c->sample_n == EMU_SAMPLE_BUF)) c->sample_flush(c->ctx, c);
        c->samples[c->sample_n++] = s;
        at += c->sample_every;
    } while (at <= clk);
    fast_next_tick(c, at);
    return 1;
}

/* How many nodes of blk end before clock `rel` of the block (counted from its start): a binary
 * search in five steps, without branches on the data, which a profiling tick's would
 * mispredict (cum grows with the node, and is padded with UINT32_MAX to 32). */
static ALWAYS_INLINE unsigned fast_ends_before(const FBlock *blk, uint64_t rel) {
    const uint32_t *const cum = blk->cum;
    unsigned k = cum[15] < rel ? 16u : 0u;
    k += cum[k + 7] < rel ? 8u : 0u;
    k += cum[k + 3] < rel ? 4u : 0u;
    k += cum[k + 1] < rel ? 2u : 0u;
    k += cum[k] < rel;
    return k;
}

/* Where a deadline falls in node nd, a REP MOVSB that started at clock `start` and whose opcode
 * is read before the deadline: 0 past its last boundary between two iterations, or it has
 * none (it runs whole); 1 between two of its iterations, whose states the recording kept (the
 * replay splits it there); -1 between two whose states it did not keep (left to the
 * interpreter). */
static ALWAYS_INLINE int fast_rep_falls(const FNode *nd, uint64_t start, uint64_t deadline) {
    if (!nd->n_iter) return nd->fact <= 1 ? 0 : -1;
    return start + nd->iter[nd->n_iter - 1].clk < deadline ? 0 : 1;
}

/* How a tick at clock `at` falls in a pass through blk that started at clock `now` and runs at
 * least up to it: in node *lim, the first that ends at or after it, and
 * - TICK_AFTER: lim's opcode is read before it (the tick comes after lim);
 * - TICK_REP, TICK_UNKEPT: so, and it falls between two iterations of lim, a REP MOVSB whose
 *   states there the recording kept, or did not (fast_rep_falls);
 * - TICK_PRE: while lim's opcode is read (the tick comes at that read, after the node before). */
enum { TICK_UNKEPT = -1, TICK_AFTER = 0, TICK_REP = 1, TICK_PRE = 2 };
static ALWAYS_INLINE int fast_tick_falls(const FBlock *blk, uint64_t now, uint64_t at, const FNode **lim) {
    const unsigned k = fast_ends_before(blk, at - now);
    const FNode *const l = blk->node + k;
    *lim = l;
    const uint64_t start = now + blk->cum[k] - l->dt; /* (l->cum, without its second line) */
    if (start + l->rni >= at) return TICK_PRE;
    return l->dec.kind == FK_REP_MOVSB ? fast_rep_falls(l, start, at) : TICK_AFTER;
}

/* A sampling timer's tick, due at the deadline (light_at), which falls in block blk of decoded
 * nodes only (the replay at node nd, the block having started at clock `now`): taken ahead,
 * before the nodes up to it run, if it may be (one tick, and the next deadline after the
 * block's end). Where the deadline passes:
 * - in node lim, whose opcode is read before it: the tick comes after lim (by the IRQ rule
 *   the sample is the next node's CS:IP: so not after the block's last node);
 * - between two iterations of lim, a REP MOVSB whose opcode is read before it: the tick comes
 *   there (by the IRQ rule the sample is the REP's own address, which an interrupt pushes);
 * - while lim's opcode is read ("pre"): the tick comes at that read, when the run loop
 *   returns, and the sample is that of the boundary before lim (how soon the opcode is read
 *   depends on the state there, not on what lim turns out to be; not before a REP MOVSB).
 * The sample holds if the run gets past node `cross` (lim, or lim - 1 for "pre"), which then
 * ends the same (by the IRQ rule, the next node follows it: IF is the same as now, and no
 * shadow); else fast_sample_undo takes it back. (The tick comes at or before the block's end:
 * the next one, or anything else due, after that end means nothing more comes in the block.) */
static NOINLINE int fast_sample_ahead(EmuCore *c, EmuFast *f, const FBlock *blk, const FNode *nd, uint64_t now) {
    const uint64_t deadline = c->light_at, at = deadline + c->sample_every, block_end = now + blk->total;
    if ((at < c->sample_rest ? at : c->sample_rest) <= block_end || c->sample_n == EMU_SAMPLE_BUF) return 0;
    const FNode *lim;
    const int how = fast_tick_falls(blk, now, deadline, &lim);
    const FNode *cross = lim, *const next = lim + 1;
    if (lim < nd || how == TICK_UNKEPT) return 0;
    uint16_t irq_cs = lim->cs, irq_ip = lim->ip;
    if (how == TICK_REP) {
        irq_ip = (uint16_t)(lim->dec.next - 2);
    } else if (how == TICK_AFTER) {
        if (next == blk->node + blk->n && c->sample_rule != EMU_SAMPLE_EXEC) return 0;
        irq_cs = next->cs;
        irq_ip = next->ip;
    } else {
        if (lim == nd || lim->dec.kind == FK_REP_MOVSB) return 0; /* (lim - 1: not this replay's to undo) */
        cross = lim - 1;
    }
    EmuSample s;
    if (!fast_rule_sample(c, cross, irq_cs, irq_ip, &s)) return 0;
    f->ahead_at = deadline;
    f->ahead_nd = cross;
    f->ahead_now = now;
    f->n_ahead++;
    c->samples[c->sample_n++] = s;
    fast_next_tick(c, at);
    return 1;
}

/* Node nd of the block that started at clock `now` did not run as recorded (or not to where
 * it went then): the tick taken ahead at or after it, if any, is undone (as before it). True
 * if it was. (The check for a tick taken ahead at all is inline: a run without any then pays no
 * call at each disagreement, 60,000 on cpubench.) */
static NOINLINE int fast_sample_undo_at(EmuCore *c, EmuFast *f, const FNode *nd, uint64_t now) {
    if (f->ahead_now != now || nd > f->ahead_nd) return 0;
    c->sample_n--;
    c->light_at = c->deadline = f->ahead_at;
    f->ahead_nd = NULL;
    f->n_ahead_undone++;
    return 1;
}
static ALWAYS_INLINE int fast_sample_undo(EmuCore *c, EmuFast *f, const FNode *nd, uint64_t now) {
    return f->ahead_nd != NULL && fast_sample_undo_at(c, f, nd, now);
}

/* ---- deferred ticks ----
 * While the replay runs blocks of decoded nodes only, by a sampling rule that cannot wait there
 * (EXEC, or IRQ with IF set, which no decoded node changes), the ticks due are not met one by
 * one: each pass through a block is logged instead (block, clock at its first node), and
 * fast_defer_flush takes the ticks afterwards, where they fell, with fast_sample_ahead's
 * rules. That spares the replay loop a departure (and the mispredicted branch to it) at every
 * tick; it departs once every FAST_LOG_MAX passes, or where anything else is due, or where a
 * block is not fit (dtotal). A pass covers the clocks after its start up to the next one's
 * (or `upto`, for the latest): the node in which a tick's clock falls, or whose opcode is read
 * then ("pre": the tick comes at that read, after the node before it) ran as recorded. */

/* Deferral may start at node nd of blk, at clock `now`, with `deadline` the replay's: the next
 * tick is the deadline, it falls after the block's first node (so a "pre" tick always has a
 * node before it in the log), the rule cannot wait, and nothing else is due before the
 * block's end. */
static ALWAYS_INLINE int fast_defer_may(const EmuCore *c, const FBlock *blk, const FNode *nd, uint64_t now,
                                        uint64_t deadline) {
    return c->sample_rule && deadline == c->light_at && nd == blk->node && blk->dtotal == blk->total &&
           now + blk->total < c->sample_rest &&
           c->light_at > now + blk->cum[0] &&
           (c->sample_rule == EMU_SAMPLE_EXEC || (c->sample_rule == EMU_SAMPLE_IRQ && getf(c, EMU_FLAG_IF)));
}

/* The latest node of pass p, which ended at clock `end` (after its start). */
static const FNode *fast_pass_last(const FPass *p, uint64_t end) {
    return p->blk->node + fast_ends_before(p->blk, end - p->now);
}

/* Takes the ticks due by `upto` in the n passes logged (the latest ending there, where the next
 * instruction is at cs:ip), and sets the next tick's deadline. */
static NOINLINE void fast_defer_flush(EmuCore *c, EmuFast *f, unsigned n, uint64_t upto, uint16_t cs, uint16_t ip) {
    const FPass *const lg = f->log;
    uint64_t at = c->light_at;
    unsigned i = 0;
    f->n_defer_flushes++;
    for (; at <= upto && at < c->sample_rest; at += c->sample_every) {
        while (i + 1 < n && lg[i + 1].now < at) i++;
        const FBlock *const blk = lg[i].blk;
        const uint64_t now = lg[i].now, end = i + 1 < n ? lg[i + 1].now : upto;
        const FNode *lim;
        const int how = fast_tick_falls(blk, now, at, &lim); /* (not TICK_UNKEPT: such blocks are unfit) */
        const FNode *cross = lim;
        uint16_t irq_cs = lim->cs, irq_ip = lim->ip;
        if (how == TICK_PRE) { /* after the node before lim, in this pass or the one before */
            cross = lim != blk->node ? lim - 1 : fast_pass_last(&lg[i - 1], now);
        } else if (how != TICK_AFTER) {
            irq_ip = (uint16_t)(lim->dec.next - 2);
        } else if (now + blk->cum[lim - blk->node] < end) {
            irq_cs = lim[1].cs;
            irq_ip = lim[1].ip;
        } else if (i + 1 < n) { /* (the pass's latest node: the next pass goes on from it) */
            irq_cs = lg[i + 1].blk->node[0].cs;
            irq_ip = lg[i + 1].blk->node[0].ip;
        } else {
            irq_cs = cs;
            irq_ip = ip;
        }
        EmuSample s = {0, 0}; /* (fast_defer_may: the rule does not wait, so it is always set) */
        fast_rule_sample(c, cross, irq_cs, irq_ip, &s);
        if (UNLIKELY(c->sample_n == EMU_SAMPLE_BUF)) c->sample_flush(c->ctx, c);
        c->samples[c->sample_n++] = s;
        f->n_deferred++;
    }
    fast_next_tick(c, at);
}

/* Where the replay ends: the clock, the count, and what the latest node leaves (if any ran). */
static ALWAYS_INLINE void fast_leave(EmuCore *c, EmuFast *f, uint64_t now, uint64_t insn0, unsigned done,
                                     const FNode *last) {
    c->cycles = now;
    c->instructions = insn0 + done;
    f->n_replayed += done;
    if (last) fs_after(c, last);
}

static ALWAYS_INLINE void fs_load(EmuCore *c, const FSaved *s) {
    memcpy(&c->r, s->regs, sizeof s->regs);
#define X(type, name) c->name = s->name;
    FS_FIELDS
#undef X
}

static NOINLINE void fs_undo(EmuFast *f, EmuCore *c, const FSaved *s) {
    fs_load(c, s);
    /* At a plain boundary: not halted, no REP under way. */
    c->halted = c->in_rep = c->rep_started = c->rep_pending_irq = 0;
    for (uint32_t i = f->sh.n_undo; i-- > 0;) c->mem[f->sh.undo[i].lin] = f->sh.undo[i].old;
    f->n_undone++;
}

/* fk_run out of line, for the paths outside the loop (inlining it a second time costs the loop
 * itself about 5%). */
static NOINLINE int fk_run_call(EmuCore *c, const FDec *d, unsigned fact, uint32_t lin) {
    return fk_run(c, d, fact, lin);
}


/* The replay has reached the boundary before node n of blk (the loop's `from` being the first
 * node it replayed there): the clock, the count, the latest node and the state follow. */
#define FAST_REACHED(n)                                                                             \
    do {                                                                                            \
        FAST_SITES(n, now + (n)[-1].cum, insn0 + done + (unsigned)((n) - from));                    \
        if ((n) != blk->node) {                                                                     \
            last = (n) - 1;                                                                         \
            state = &last->after;                                                                   \
            now += last->cum;                                                                       \
        }                                                                                           \
        done += (unsigned)((n) - from);                                                             \
    } while (0)

/* The replay at tail t (its block's nodes run, at clock *now): fast_tail_try, and where it ran,
 * what follows it: the clock, the observer (obs: the loop's copy calls it; insns the count
 * before it), the check (verify), the state after it (*state) and the block that begins there
 * (*next; NULL if none: to be recorded). Out of the loop's way, which it does not slow. */
static NOINLINE int fast_tail_step(EmuCore *c, EmuFast *f, FTail *t, uint64_t *now, uint64_t deadline,
                                   const FRel **state, FBlock **next, int obs, uint64_t insns, int verify) {
    FTailEnd *e;
    uint64_t dt;
    const int r = fast_tail_try(c, t, *now, deadline, &e, &dt);
    if (r != FT_DONE) return r;
    *now += dt;
    if (obs && c->observe) {
        c->cycles = *now;
        c->instructions = insns + 1;
        c->insn_cs = t->node.cs;
        c->insn_ip = t->node.ip;
        c->inhibit = 0;
        c->trap_next = 0;
        c->observe(c->observe_ctx, &c->cpu, EMU_OBS_INSN);
    }
    if (UNLIKELY(verify)) {
        c->cycles = *now;
        vf_tail(f, c, &e->after);
    }
    *state = &e->after;
    f->n_tail_runs++;
    FBlock *nx = e->next;
    if (!nx || nx->ip != c->ip || nx->cs != CS) {
        nx = fb_lookup(f, CS, c->ip, &e->after);
        e->next = nx;
    }
    *next = nx;
    return FT_DONE;
}

/* Replay from a plain boundary: block after block, as long as the nodes agree. Where a node
 * does not (a jump the other way, another operand parity), the other blocks recorded from the
 * same state are tried, else a new one is recorded from there; where the run goes somewhere
 * no block starts, one is recorded. */
/* The observer (the exact profiler) after node nd, which ends at clock `at` (`pending` nodes
 * replayed in this block not counted in `done` yet), as exec_one calls it: the clock, the count,
 * the instruction's address and its flow (a REP instruction's iterations make one call: the
 * same clocks and count on the same instruction). */
#define FAST_OBSERVE(nd_, pending, at)                                                              \
    do {                                                                                            \
        if (obs && c->observe) {                                                                    \
            c->cycles = (at);                                                                       \
            c->instructions = insn0 + done + (pending) + 1;                                         \
            if ((nd_)->dec.kind != FK_GENERIC) {                                                    \
                c->insn_cs = (nd_)->cs;                                                             \
                c->insn_ip = (nd_)->ip;                                                             \
                c->inhibit = 0;                                                                     \
                c->trap_next = 0;                                                                   \
                if ((nd_)->dec.kind == FK_CALL) c->flow = EMU_FLOW_CALL_NEAR;                       \
                else if ((nd_)->dec.kind == FK_RET) c->flow = EMU_FLOW_RET;                         \
            }                                                                                       \
            c->observe(c->observe_ctx, &c->cpu, EMU_OBS_INSN);                                        \
        }                                                                                           \
    } while (0)

/* An observer that takes runs of sites (EMU_OBS_SITES): the nodes [from, to) of blk, the
 * latest ending at clock `at` with the count `insns`. */
static NOINLINE void fast_sites(EmuCore *c, const FBlock *blk, const FNode *from, const FNode *to, uint64_t at,
                                uint64_t insns) {
    fs_at(c, to - 1, at, insns); /* (a CALL's or RET's flow is its site's) */
    c->obs_sites = blk->site + (from - blk->node);
    c->obs_nsites = (uint32_t)(to - from);
    c->observe(c->observe_ctx, &c->cpu, EMU_OBS_SITES);
}
#define FAST_SITES(to_, at, insns)                                                                  \
    do {                                                                                            \
        if (sites && (to_) > ofrom) {                                                               \
            fast_sites(c, blk, ofrom, to_, at, insns);                                              \
            ofrom = (to_);                                                                          \
        }                                                                                           \
    } while (0)

/* The observer after node nd of the loop: by itself, or in runs that end with a node whose
 * transfer of control, if any, is not known in advance (a generic one: FNode.ends_run). */
#define FAST_OBSERVE_NODE(nd_, pending, at)                                                         \
    do {                                                                                            \
        if (obs) {                                                                                  \
            if (!sites) FAST_OBSERVE(nd_, pending, at);                                             \
            else if ((nd_)->ends_run) FAST_SITES((nd_) + 1, at, insn0 + done + (pending) + 1);      \
        }                                                                                           \
    } while (0)

/* After node nd, run in the loop: the observer, and the checks. */
#define FAST_NODE_DONE(nd_)                                                                         \
    do {                                                                                            \
        FAST_OBSERVE_NODE(nd_, (unsigned)((nd_) - from), now + (nd_)->cum);                         \
        if (UNLIKELY(verify)) {                                                                     \
            if ((nd_) != cross && now + (nd_)->cum >= deadline)                                     \
                vf_fail(c, f->shadow, "a node past the deadline");                                  \
            c->cycles = now + (nd_)->cum;                                                           \
            c->insn_cs = (nd_)->cs;                                                                 \
            c->insn_ip = (nd_)->ip;                                                                 \
            c->inhibit = 0;                                                                         \
            c->trap_next = 0;                                                                       \
            vf_node(f, c, nd_);                                                                     \
        }                                                                                           \
    } while (0)

/* The ticks deferred, taken up to the boundary reached (clock `now`, at CS:IP), and the replay's
 * deadline the next one's (or what else is due). */
#define FAST_DEFER_SETTLE()                                                                         \
    do {                                                                                            \
        if (dfr && lg_n) {                                                                          \
            fast_defer_flush(c, f, lg_n, now, CS, c->ip);                                           \
            lg_n = 0;                                                                               \
            deadline = c->deadline;                                                                 \
        }                                                                                           \
    } while (0)

/* `slow`: 0 the plain copy; 1 the checking copy, or the one that calls the observer (each
 * tested at run time); 2 the one for an observer of runs of sites, without checks; 3 the plain
 * copy that defers sampling ticks */
static ALWAYS_INLINE int fast_run(EmuCore *c, EmuFast *f, const int slow) {
    const int verify = slow == 1 && f->verify, obs = slow == 1 || slow == 2, dfr = slow == 3;
    /* (TF set: every instruction ends in a trap, which the decoded forms do not check for) */
    if ((!obs && UNLIKELY(c->observe != NULL)) || getf(c, EMU_FLAG_TF)) return FAST_NONE;
    const uint64_t insn0 = c->instructions;
    const int sites = slow == 2 || (obs && c->observe && c->observe_sites);
    const FNode *ofrom = NULL; /* sites: the first node not reported yet */
    FRel entry;
    const FRel *state;       /* the state at the boundary reached */
    FBlock *blk;
    const FNode *nd;         /* the next node */
    const EmuBiu *bu = &c->biu;
    if (f->res_nd && c->cycles == f->res_cycles && c->ip == f->res_nd->ip && CS == f->res_nd->cs &&
        fr_handled(bu)) {
        /* Where the latest replay stopped for a deadline: its state still holds. */
        blk = f->res_blk;
        nd = f->res_nd;
        state = &nd[-1].after;
        f->res_nd = NULL;
        f->n_resumed++;
    } else {
        f->res_nd = NULL;
        const int only = fast_model_only_at(c);
        if (only) return only == FAST_ONLY_TRAP ? fast_trap_repeat(c, f) : FAST_NONE;
        if (!fr_make(c, &entry)) return FAST_NONE;
        state = &entry;
        blk = fb_lookup(f, CS, c->ip, &entry);
        nd = blk ? blk->node : NULL;
    }
    f->n_entries++;
    if (UNLIKELY(verify)) vf_begin(f, c);
    uint64_t deadline = c->deadline;
    /* the clock at the start of the block */
    uint64_t now = c->cycles - (blk && nd != blk->node ? nd[-1].cum : 0);
    const FNode *last = NULL; /* the latest node replayed */
    unsigned done = 0;
    unsigned lg_n = 0; /* dfr: the passes logged (while any are, the ticks wait: deadline is later) */
    FTail *tail = NULL; /* the tail the model is to run and learn (fill) */
    if (!blk) goto record;
    for (;;) {
        const FNode *const end = blk->node + blk->n, *const from = nd;
        ofrom = nd;
        const FNode *lim = end; /* the first node that ends at or after the deadline, or end */
        const FNode *cross = NULL; /* that node, if it runs here: then lim is the one after it */
        const FNode *rep = NULL;   /* or that node, a REP MOVSB to be run up to the deadline */
        const FNode *pre = NULL;   /* or that node, before which light events come (at lim) */
        if (dfr) {
            if (lg_n) {
                if (LIKELY(now + blk->dtotal < deadline && lg_n < FAST_LOG_MAX)) {
                    f->log[lg_n].blk = blk;
                    f->log[lg_n].now = now;
                    lg_n++;
                    goto run_nodes;
                }
                FAST_DEFER_SETTLE();
            }
            if (fast_defer_may(c, blk, nd, now, deadline)) {
                f->log[0].blk = blk;
                f->log[0].now = now;
                lg_n = 1;
                f->ahead_nd = NULL; /* (any tick taken ahead was in a pass now over) */
                deadline = c->sample_rest < FAST_FAR ? c->sample_rest : FAST_FAR;
                goto run_nodes;
            }
        }
        if (UNLIKELY(now + blk->total >= deadline)) {
            if (deadline == c->light_at && c->sample_rule && blk->decoded && fast_sample_ahead(c, f, blk, nd, now)) {
                /* (a tick taken ahead: the replay then goes on through the block, as if no
                 * deadline fell in it; fast_sample_undo where it does not) */
                deadline = c->deadline;
            } else {
                /* (at least the last node's end reaches the deadline, so k counts those before
                 * it, and then the nodes already run: none before nd, unless the deadline has
                 * passed already) */
                const unsigned k = fast_ends_before(blk, deadline - now), first = (unsigned)(nd - blk->node);
                lim = blk->node + (k > first ? k : first);
                /* The run loop would run it and return after it, unless the deadline comes before
                 * its opcode is read (or in a REP, between two iterations): a decoded form other
                 * than REP MOVSB whose opcode is read before the deadline runs here. */
                if (lim != end && lim->dec.kind != FK_GENERIC) {
                    const uint64_t start = now + lim->cum - lim->dt;
                    if (start + lim->rni < deadline) {
                        const int r = lim->dec.kind == FK_REP_MOVSB ? fast_rep_falls(lim, start, deadline) : 0;
                        if (r == 0) cross = lim++;
                        else if (r == 1) rep = lim; /* between two of its iterations */
                    } else if (lim != blk->node && lim->dec.kind != FK_REP_MOVSB && c->light &&
                               deadline == c->light_at && start + lim->rni < c->light_hard) {
                        /* (light must not decline there: the caller would take the events after
                         * the node, where the run loop has them before it) */
                        pre = lim; /* the deadline passes while its opcode is read */
                    }
                }
            }
        }
        /* (A node runs where the one before it went: every decoded form but RET goes where it
         * went when recorded, or disagrees; RET and FK_GENERIC nodes check where they went.) */
    run_nodes:
        for (; nd != lim; nd++) {
            const int run = fk_run(c, &nd->dec, nd->fact, nd->lin);
            if (LIKELY(run == 1)) {
                /* Neither IF, TF, the inputs nor the REP state change in these: the boundary
                 * after it is plain. */
                FAST_NODE_DONE(nd);
            } else if (run == 3) { /* a RET elsewhere than the next node */
                FAST_NODE_DONE(nd);
                if (lim == end && fast_sample_undo(c, f, nd, now)) {
                    deadline = c->deadline;
                    if (now + nd->cum >= deadline) { /* (the tick comes where it went) */
                        cross = nd;
                        lim = nd + 1;
                    }
                }
                f->n_moved++;
                if (++nd != lim) goto elsewhere;
                break; /* (what comes at lim checks) */
            } else if (run == 0) {
                if (lim == end && fast_sample_undo(c, f, nd, now)) deadline = c->deadline;
                goto disagrees;
            } else { /* FK_GENERIC */
                FSaved sv;
                fs_save(&sv, c);
                f->sh.n_undo = 0;
                c->fsig = FSIG_START;
                c->fpend = 0;
                c->fabort = 0;
                emu_null_node(c);
                f->n_generic++;
                if (UNLIKELY(c->fabort || c->fsig != nd->sig)) {
                    fs_undo(f, c, &sv);
                    goto disagrees;
                }
                FAST_OBSERVE_NODE(nd, (unsigned)(nd - from), now + nd->cum);
                if (UNLIKELY(verify)) {
                    if (now + nd->cum >= deadline) vf_fail(c, f->shadow, "a node past the deadline");
                    c->cycles = now + nd->cum;
                    vf_node(f, c, nd);
                }
                /* (and TF: it may have set it, for the instructions after it, which the decoded
                 * forms do not check) */
                if (!boundary_plain(c) || getf(c, EMU_FLAG_TF)) {
                    nd++;
                    FAST_REACHED(nd);
                    goto stop;
                }
                if (nd + 1 != end && (nd[1].ip != c->ip || nd[1].cs != CS)) {
                    f->n_moved++;
                    if (++nd != lim) goto elsewhere;
                    break;
                }
            }
        }
        if (cross && nd == lim) goto crossed;
        if (rep && nd == lim) goto rep_split;
        if (pre && nd == lim) {
            /* The run loop returns once the opcode of node nd is read, before it runs it; the
             * caller's events, light, come there (they read registers only: the node is run
             * first, to know it agrees, and its registers put aside meanwhile). The node then
             * runs, whatever they did, and the run returns after it if the deadline has passed. */
            if (nd->ip != c->ip || nd->cs != CS) goto elsewhere;
            FSaved before, after;
            fs_save(&before, c);
            const int run = fk_run_call(c, &nd->dec, nd->fact, nd->lin);
            if (run != 1 && run != 3) goto disagrees;
            fs_save(&after, c);
            fs_load(c, &before);
            /* (after a generic node, inhibit may be set: light takes that case) */
            const uint64_t read = now + nd->cum - nd->dt + nd->rni;
            if (nd[-1].dec.kind == FK_GENERIC || !fast_sample(c, read, nd->ip, nd - 1)) {
                fs_at(c, nd - 1, read, insn0 + done + (unsigned)(nd - from));
                c->light(c->ctx, c);
            }
            deadline = c->deadline;
            fs_load(c, &after);
            FAST_OBSERVE_NODE(nd, (unsigned)(nd - from), now + nd->cum);
            if (UNLIKELY(verify)) {
                c->cycles = now + nd->cum;
                fs_after(c, nd);
                vf_node(f, c, nd);
            }
            nd++;
            if (deadline > now + nd[-1].cum && boundary_plain(c)) {
                if (run == 3) goto elsewhere;
                FAST_SITES(nd, now + nd[-1].cum, insn0 + done + (unsigned)(nd - from));
                done += (unsigned)(nd - from);
                continue;
            }
            goto returns;
        }
        if (nd != end) goto deadline_at;
        /* the block's end */
        FAST_REACHED(nd);
        if (UNLIKELY(c->stop)) goto stop;
        if (UNLIKELY(blk->to_model) && c->ip == blk->to_ip && CS == blk->to_cs) {
            if (!blk->tail) goto to_model;
            /* its tail: whole, if what it does is known and it ends before the deadline */
            FAST_DEFER_SETTLE();
            FBlock *nx;
            const int r = fast_tail_step(c, f, blk->tail, &now, deadline, &state, &nx, obs, insn0 + done, verify);
            if (r == FT_MODEL) goto to_model;
            if (r == FT_FILL) {
                tail = blk->tail;
                goto fill;
            }
            last = &blk->tail->node;
            done++;
            if (!nx) goto record;
            blk = nx;
            nd = blk->node;
            continue;
        }
        {
            FBlock *nx = blk->next[0];
            if (!nx || nx->ip != c->ip || nx->cs != CS) {
                nx = blk->next[1];
                if (!nx || nx->ip != c->ip || nx->cs != CS) {
                    nx = fb_lookup(f, CS, c->ip, state);
                    if (!nx) goto record;
                }
                blk->next[1] = blk->next[0];
                blk->next[0] = nx;
            }
            blk = nx;
            nd = blk->node;
        }
        continue;
    elsewhere: /* a jump before node nd went elsewhere than when recorded */
        FAST_REACHED(nd);
        blk = fb_lookup(f, CS, c->ip, state);
        if (!blk) goto record;
        nd = blk->node;
        continue;
    disagrees: /* node nd did not agree (nothing changed): another block from this state? */
        if (nd->dec.kind == FK_REP_MOVSB || nd->dec.kind == FK_MULDIV) {
            /* its count, or its clocks, vary here: a tail from now on (fast_tail_at), and a block
             * that begins with it is dropped */
            fast_tail_variable(f->variable, nd->lin);
            if (nd == blk->node) blk->dead = 1;
        }
        if (dfr && lg_n && nd == blk->node && --lg_n == 0) deadline = c->deadline; /* (an empty pass) */
        {
            /* (after it in the chain, or from the head) */
            FBlock *other = nd == blk->node && !blk->dead ? blk : NULL;
            FAST_REACHED(nd);
            blk = fb_next_same(f, other, CS, c->ip, state);
            if (!blk) {
                /* A few outcomes are worth a block each; a node that goes a new way every
                 * time is left to the exact model. */
                unsigned variants = 0;
                for (FBlock *b = fb_next_same(f, NULL, CS, c->ip, state); b && variants < FAST_VARIANTS;
                     b = fb_next_same(f, b, CS, c->ip, state))
                    variants++;
                if (variants >= FAST_VARIANTS) goto stop;
                goto record;
            }
            nd = blk->node;
        }
        continue;
    rep_split: /* the deadline falls between two iterations of node nd, a REP MOVSB */
        if (nd->ip != c->ip || nd->cs != CS) goto elsewhere;
        {
            uint64_t bytes;
            memcpy(&bytes, c->mem + nd->lin, 8);
            if ((bytes & nd->dec.mask) != nd->dec.code || !fk_movsb_ok(c, nd->fact, nd->dec.next)) goto disagrees;
            const uint64_t start = now + nd->cum - nd->dt;
            FAST_SITES(nd, start, insn0 + done + (unsigned)(nd - from));
            unsigned k = 0; /* its iterations done */
            for (;;) {
                unsigned i = k; /* the iteration during which the deadline passes */
                while (i < nd->n_iter && start + nd->iter[i].clk < deadline) i++;
                if (i == nd->n_iter) break; /* (not before its end) */
                fk_movsb(c, i + 1 - k);
                k = i + 1;
                f->n_split++;
                /* the state the run loop returns in between two iterations */
                c->ip = nd->dec.next;
                c->in_rep = c->rep_started = c->rep_kind = 1;
                c->rep_op = 0xA4;
                c->rep_seg = 0xFF;
                c->rep_pending_irq = 0;
                FAST_OBSERVE(nd, (unsigned)(nd - from), start + nd->iter[i].clk);
                fs_at(c, nd, start + nd->iter[i].clk, insn0 + done + (unsigned)(nd - from) + 1);
                if (UNLIKELY(verify)) vf_rep(f, c, nd, i);
                if (c->light && deadline == c->light_at) {
                    if (!fast_sample(c, c->cycles, (uint16_t)(c->ip - 2), nd)) c->light(c->ctx, c);
                    deadline = c->deadline;
                    if (deadline > c->cycles && !(c->nmi | (c->intr & (c->flags >> 9)) | c->stop)) continue;
                }
                /* the run returns here, in the instruction */
                done += (unsigned)(nd - from) + 1;
                fast_leave(c, f, c->cycles, insn0, done, nd);
                fr_apply(c, &nd->iter[i].after);
                if (UNLIKELY(verify)) vf_end(f, c);
                c->boundary_pending = 1;
                return deadline <= c->cycles ? FAST_DEADLINE : FAST_NODES;
            }
            /* the rest, to its end */
            fk_movsb(c, nd->fact - k);
            c->in_rep = c->rep_started = 0;
            c->ip = nd->dec.next;
            FAST_OBSERVE(nd, (unsigned)(nd - from), now + nd->cum);
            if (UNLIKELY(verify)) {
                c->cycles = now + nd->cum;
                fs_after(c, nd);
                vf_rep(f, c, nd, nd->n_iter);
            }
            nd++;
            if (deadline <= now + nd[-1].cum) { /* (in its last iteration: its end is the boundary) */
                cross = nd - 1;
                ofrom = nd; /* (observed above) */
                goto crossed;
            }
            done += (unsigned)(nd - from);
        }
        continue;
    crossed: /* the deadline passed in node cross, the latest (nd - 1) */
        /* the caller's events, here if they are light (then on, unless they stop the run), else
         * the run returns */
        if (c->light && deadline == c->light_at) {
            FAST_SITES(nd, now + cross->cum, insn0 + done + (unsigned)(nd - from));
            if (!fast_sample(c, now + cross->cum, c->ip, cross)) {
                fs_at(c, cross, now + cross->cum, insn0 + done + (unsigned)(nd - from));
                c->light(c->ctx, c);
            }
            deadline = c->deadline;
            if (deadline > now + cross->cum && boundary_plain(c)) {
                if (nd != end && (nd->ip != c->ip || nd->cs != CS)) goto elsewhere;
                done += (unsigned)(nd - from);
                continue;
            }
        }
    returns: /* after node nd - 1, for the deadline (passed, or events that stop the run) */
        FAST_REACHED(nd);
        FAST_DEFER_SETTLE();
        fast_leave(c, f, now, insn0, done, last);
        fr_apply(c, state);
        if (UNLIKELY(verify)) vf_end(f, c);
        c->boundary_pending = 1;
        if (deadline > now) return FAST_NODES; /* (the boundary is not plain) */
        if (nd != end) { /* the next call may go on from here */
            f->res_blk = blk;
            f->res_nd = nd;
            f->res_cycles = now;
        }
        return FAST_DEADLINE;
    deadline_at: /* node nd ends at or after the deadline, and is left to the interpreter */
        FAST_REACHED(nd);
    to_model: /* or the instruction at CS:IP is one blocks leave to it */
        FAST_DEFER_SETTLE();
        fast_leave(c, f, now, insn0, done, last);
        fr_apply(c, state);
        if (UNLIKELY(verify)) vf_end(f, c);
        return done ? FAST_INTERPRET : FAST_NONE; /* (the interpreter runs it, from here) */
    }
fill:
    /* the tail at the boundary reached, in `state`: the model runs it, and it learns */
    FAST_DEFER_SETTLE();
    fast_leave(c, f, now, insn0, done, last);
    fr_apply(c, state);
    if (UNLIKELY(verify)) {
        vf_end(f, c);
        if (done) return FAST_NODES; /* (the check's copy is not kept in step with recording) */
    }
    {
        const int r = fast_tail_fill(c, f, tail);
        if (UNLIKELY(verify) && r == FAST_NODES && !c->in_rep) vf_tail(f, c, NULL);
        return r;
    }
record:
    /* from the boundary reached, in `state`: materialised by fb_record (unless the instruction
     * there is one blocks leave to the model) */
    if (fast_model_only_at(c)) {
        FAST_DEFER_SETTLE();
        fast_leave(c, f, now, insn0, done, last);
        fr_apply(c, state);
        if (UNLIKELY(verify)) vf_end(f, c);
        return done ? FAST_INTERPRET : FAST_NONE;
    }
    FAST_DEFER_SETTLE();
    fast_leave(c, f, now, insn0, done, last);
    if (UNLIKELY(verify)) {
        fr_apply(c, state);
        vf_end(f, c);
        if (done) return FAST_NODES; /* (the check's copy is not kept in step with recording) */
    }
    return fb_record(f, c, state);
stop:
    FAST_DEFER_SETTLE();
    fast_leave(c, f, now, insn0, done, last);
    fr_apply(c, state);
    if (UNLIKELY(verify)) vf_end(f, c);
    return done ? FAST_NODES : FAST_NONE;
}

/* (each copy a function of its own: the compiler then inlines as much in each) */
static NOINLINE int fast_run_slow(EmuCore *c, EmuFast *f) { return fast_run(c, f, 1); }
static NOINLINE int fast_run_sites(EmuCore *c, EmuFast *f) { return fast_run(c, f, 2); }
static NOINLINE int fast_run_sampled(EmuCore *c, EmuFast *f) { return fast_run(c, f, 3); }

int emu_fast_run(EmuCore *c) {
    EmuFast *f = (EmuFast *)c->fast;
    const int r = LIKELY(!f->verify && !c->observe) ? (c->sample_rule ? fast_run_sampled(c, f) : fast_run(c, f, 0))
                  : !f->verify && c->observe_sites  ? fast_run_sites(c, f)
                                                    : fast_run_slow(c, f);
    if (c->sample_n) c->sample_flush(c->ctx, c); /* (the samples taken, before the caller runs) */
    return r;
}

/* ---- the cache's life ---- */

void emu_fast_forget(void *fast) {
    if (fast) ((EmuFast *)fast)->res_nd = NULL;
}

static int env_on(const char *name) {
    const char *v = getenv(name);
    return v && *v && strcmp(v, "0") != 0;
}

void *emu_fast_new(void) {
    EmuFast *f = calloc(1, sizeof *f);
    if (!f) return NULL;
    f->hash = calloc((size_t)1 << FAST_HASH_BITS, sizeof(FBlock *));
    f->arena = aligned_alloc(64, FAST_ARENA_BYTES);
    f->rec_tail = malloc(sizeof(FTail));
    f->verify = env_on("EMU86_FAST_VERIFY");
    f->stats = env_on("EMU86_FAST_STATS");
    if (f->verify) {
        f->shadow = malloc(sizeof(EmuCore));
        f->shadow_mem = malloc(EMU_MEM_SIZE + 16);
    }
    if (!f->hash || !f->arena || !f->rec_tail || (f->verify && (!f->shadow || !f->shadow_mem))) {
        emu_fast_free(f);
        return NULL;
    }
    return f;
}

void emu_fast_free(void *fast) {
    EmuFast *f = (EmuFast *)fast;
    if (!f) return;
    if (f->stats)
        fprintf(stderr,
                "emu86: block cache: %llu entries, %llu instructions replayed, %llu undone, "
                "%llu recorded in %llu blocks, %llu resets, %llu resumed, %llu REP stops, "
                "%llu moved, %llu ticks taken ahead, %llu taken back, %llu deferred in %llu flushes, "
                "%llu REP iterations in %llu steady runs, %llu service slices in %llu, "
                "%llu tails, %llu ends learnt, %llu tails replayed, ticks in %llu runs of repeats, %llu generic\n",
                (unsigned long long)f->n_entries, (unsigned long long)f->n_replayed,
                (unsigned long long)f->n_undone, (unsigned long long)f->n_recorded,
                (unsigned long long)f->n_blocks, (unsigned long long)f->n_resets,
                (unsigned long long)f->n_resumed, (unsigned long long)f->n_split,
                (unsigned long long)f->n_moved, (unsigned long long)f->n_ahead,
                (unsigned long long)f->n_ahead_undone, (unsigned long long)f->n_deferred,
                (unsigned long long)f->n_defer_flushes, (unsigned long long)f->n_rep_iters,
                (unsigned long long)f->n_rep_runs, (unsigned long long)f->n_trap_slices,
                (unsigned long long)f->n_trap_runs, (unsigned long long)f->n_tails,
                (unsigned long long)f->n_tail_fills, (unsigned long long)f->n_tail_runs,
                (unsigned long long)f->n_inline_ticks, (unsigned long long)f->n_generic);
    free(f->hash);
    free(f->arena);
    free(f->rec_tail);
    free(f->shadow);
    free(f->shadow_mem);
    free(f);
}
