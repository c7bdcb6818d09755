/* The exact timing model, computed lazily: the bus rules of cpu/bus/exact.h, with the same clocks,
 * registers and memory, but without its list of bus cycles or the queue's bytes.
 *
 * Included by cpu/run_lazy.c: the exact model of normal running. cpu/bus/exact.h keeps the eager form,
 * which the per-clock trace needs (cpu/run_exact.c); the tests run both (tests/cpu/biu_diff,
 * tests/fuzz/fuzz_cpu.c, the conformance suite with --eager).
 *
 * The bus. Counting the bytes of fetches under way with the queue, the prefetcher fetches the
 * word at `pc` once the queue holds four bytes or fewer, that is once the EU has taken the byte
 * at pc - 5, at clock r: right after the latest bus cycle L if r is by L's T2, else with an
 * address cycle that begins at max(r, L's T4 + 1) (lz_decide). Those decisions depend on
 * nothing but the clocks the bytes were taken and L, until the EU next acts on the bus. So a
 * take only notes its clock (lz_taken, by address modulo 8) and reads memory; the fetches are
 * worked out when the EU next asks for the bus, suspends or flushes the prefetcher, waits for
 * a T4 or halts (lz_sync): all those decided before that clock, the later ones being exactly
 * those the EU's action would drop. A take of a byte not fetched yet works out the fetch that
 * brings it (nothing can come between). q_at says by address from when each fetched byte can
 * be read; of the bus cycles only the latest two are kept (lz_t1, lz_n: code bytes, 0 for a
 * cycle of the EU; lz_prev_*), which is all the EU's requests, SUSP, FLUSH and HLT look at.
 *
 * The queue's contents. A take reads memory, which is right unless memory changed between the
 * byte's fetch (its T3) and its take. Every change is seen: an EU write checks whether it
 * lands in the window of fetched bytes not yet taken, [IP, pc) in CS; code that runs outside
 * the CPU (I/O, an HLE service, the machine between two runs) is
 * bracketed by a snapshot of the window (lz_snap, lz_unsnap). A byte whose T3 came before the
 * change is then frozen: the value it was fetched with (and its clock of arrival) is kept in
 * lz_fz_*, and its q_at is set to LZ_FROZEN so that the take, which compares q_at anyway, goes
 * the slow way to find it. A byte whose T3 is still to come reads the new memory, as in
 * cpu/bus/exact.h. After POP CS or MOV CS the bytes of fetches begun with the old CS are frozen with
 * their linear address, and followed (lz_track) until their T3 by the changes of memory.
 */
#ifndef EMU86_BIU_LAZY_H
#define EMU86_BIU_LAZY_H

#include "cpu/bus/bus.h" /* the interface this model provides */

#include <assert.h>

/* The block cache's recording copy (cache/cache.c) signs the EU's requests (cache/cache.h); the
 * interpreter of normal running does not. */
#ifdef LZ_SIGNATURE
#include "cache/cache.h"
#define LZ_SIG(c, ev) fsig_mix((c), (ev))
#define LZ_SIG_CLOCKS(c, n) ((c)->fpend += (uint32_t)(n))
#define LZ_UNCACHEABLE(c) ((c)->fabort = 1)
#else
#define LZ_SIG(c, ev) ((void)0)
#define LZ_SIG_CLOCKS(c, n) ((void)0)
#define LZ_UNCACHEABLE(c) ((void)0)
#endif

/* EmuBiu.lz_stop: no fetch is decided while the latest cycle is not final (the first transfer
 * of a word at an odd address) or the prefetcher is suspended (SUSP, HLT). */
enum { LZ_NONFINAL = 1, LZ_SUSPENDED = 2 };

#define LZ_LONG_AGO (INT64_MIN / 4)
#define LZ_FROZEN (INT64_MAX / 4) /* q_at of a frozen byte */

static ALWAYS_INLINE int64_t lz_now(const EmuCore *c) { return (int64_t)c->cycles; }
static ALWAYS_INLINE void lz_advance_to(EmuCore *c, int64_t t) {
    if (t > lz_now(c)) c->cycles = (uint64_t)t;
}
/* Is offset a before b (in the 64K wrap of IP)? */
static ALWAYS_INLINE int lz_before(uint16_t a, uint16_t b) { return (int16_t)(uint16_t)(a - b) < 0; }

static ALWAYS_INLINE void B_cycles(EmuCore *c, int n) {
    LZ_SIG_CLOCKS(c, n);
    c->cycles += (uint64_t)n;
}

/* ---- the latest two bus cycles ---- */

static ALWAYS_INLINE void lz_push(EmuBiu *b, int64_t t1, unsigned n, unsigned final) {
    b->lz_prev_t1 = b->lz_t1;
    b->lz_prev_n = b->lz_n;
    b->lz_t1 = t1;
    b->lz_n = (uint8_t)n;
    b->lz_stop = (uint8_t)((b->lz_stop & LZ_SUSPENDED) | (final ? 0 : LZ_NONFINAL));
}

/* ---- frozen bytes ---- */

static ALWAYS_INLINE void lz_freeze(EmuBiu *b, unsigned i, uint8_t v, int64_t at, uint32_t lin, int track) {
    b->lz_fz_val[i] = v;
    b->lz_fz_at[i] = at;
    b->lz_fz_lin[i] = lin;
    b->q_at[i] = LZ_FROZEN;
    b->lz_frozen = (uint8_t)(b->lz_frozen | 1u << i);
    if (track) b->lz_track = (uint8_t)(b->lz_track | 1u << i);
}
static ALWAYS_INLINE void lz_unfreeze(EmuBiu *b, unsigned i) {
    b->q_at[i] = b->lz_fz_at[i];
    b->lz_frozen = (uint8_t)(b->lz_frozen & ~(1u << i));
    b->lz_track = (uint8_t)(b->lz_track & ~(1u << i));
}
static NOINLINE void lz_unfreeze_all(EmuBiu *b) {
    for (unsigned i = 0; i < 8; i++)
        if (b->lz_frozen & 1u << i) lz_unfreeze(b, i);
}

/* Memory changed at the current clock: the frozen bytes it still reaches (their T3 to come)
 * read it again. */
static NOINLINE void lz_track_changed(EmuCore *c) {
    EmuBiu *b = &c->biu;
    const int64_t now = lz_now(c);
    for (unsigned i = 0; i < 8; i++) {
        if (!(b->lz_track & 1u << i)) continue;
        if (b->lz_fz_at[i] - 2 < now) b->lz_track = (uint8_t)(b->lz_track & ~(1u << i));
        else b->lz_fz_val[i] = mem_rd8(c, b->lz_fz_lin[i]);
    }
}

/* Drop the latest cycle, a fetch whose address cycle has begun (T1 after now): its bytes leave
 * the queue. The cycle before it is final (a fetch is decided only after a final cycle). */
static ALWAYS_INLINE void lz_drop(EmuBiu *b) {
    b->pc = (uint16_t)(b->pc - b->lz_n);
    if (UNLIKELY(b->lz_frozen))
        for (unsigned k = 0; k < b->lz_n; k++)
            if (b->lz_frozen & 1u << ((b->pc + k) & 7)) lz_unfreeze(b, (b->pc + k) & 7);
    b->lz_t1 = b->lz_prev_t1;
    b->lz_n = b->lz_prev_n;
    b->lz_stop &= LZ_SUSPENDED;
    b->lz_prev_t1 = LZ_LONG_AGO;
    b->lz_prev_n = 0;
}

/* ---- prefetching ---- */

/* When the fetch of the next word is decided, the room for it having come at clock r, after
 * the latest cycle (T1 at lt1): back to back if by its T2, else on the first idle clock. */
static ALWAYS_INLINE int64_t lz_decide(int64_t r, int64_t lt1) {
    if (r <= lt1 + 1) return lt1 + 1;
    return r > lt1 + 4 ? r : lt1 + 4;
}

/* Schedule the fetch at pc decided at clock `d`, and those after it decided before clock `now`
 * whose room has come: those at offsets below `lim5`, five past the next byte to take. The
 * first may bring one byte (at an odd offset, after a flush); the others bring words. (Of the
 * cycle before the latest, only whether it is a fetch matters: it is never dropped.) */
static ALWAYS_INLINE void lz_sync_run(EmuCore *c, int64_t now, unsigned lim5, unsigned pc, int64_t d) {
    EmuBiu *b = &c->biu;
    int64_t pt1 = b->lz_t1, lt1 = d + 3;
    unsigned pn = b->lz_n, ln = 2 - (pc & 1u);
    b->q_at[pc & 7] = lt1 + 4;
    b->q_at[(pc + 1) & 7] = lt1 + 4; /* at an odd pc, a slot no byte in the queue uses */
    pc += ln;
    if ((pc - lim5) & 0x8000u) {
        d = lz_decide(b->lz_taken[(pc - 5) & 7], lt1);
        if (d < now) {
            ln = pn = 2;
            do {
                pt1 = lt1;
                lt1 = d + 3;
                const unsigned j = pc & 6;
                b->q_at[j] = lt1 + 4;
                b->q_at[j + 1] = lt1 + 4;
                pc += 2;
                if (!((pc - lim5) & 0x8000u)) break;
                d = lz_decide(b->lz_taken[(pc - 5) & 7], lt1);
            } while (d < now);
        }
    }
    b->pc = (uint16_t)pc;
    b->lz_prev_t1 = pt1;
    b->lz_prev_n = (uint8_t)pn;
    b->lz_t1 = lt1;
    b->lz_n = (uint8_t)ln;
}

/* Work out the fetches decided before clock `now` (an action of the EU on the bus in it comes
 * before a decision in it); `next` is the offset of the next byte to take. */
static ALWAYS_INLINE void lz_sync_next(EmuCore *c, int64_t now, uint16_t next) {
    EmuBiu *b = &c->biu;
    if (b->lz_stop) return;
    const unsigned lim5 = (unsigned)next + 5, pc = b->pc;
    if (!((pc - lim5) & 0x8000u)) return; /* the byte at pc - 5 not taken yet */
    const int64_t d = lz_decide(b->lz_taken[(pc - 5) & 7], b->lz_t1);
    if (d < now) lz_sync_run(c, now, lim5, pc, d);
}
/* The same inside an instruction (the EU on the bus, a jump, HLT), where the opcode byte RNI
 * took has been used: the next byte to take is at IP. Between instructions (code outside the
 * CPU has run), lz_sync_next with IP + has_preload. */
static ALWAYS_INLINE void lz_sync(EmuCore *c, int64_t now) {
    assert(!c->biu.has_preload);
    lz_sync_next(c, now, c->ip);
}

/* Empty the queue and fetch from CS:IP at clock `now` (the fetches decided before it worked
 * out): a fetch whose address cycle has begun goes on for the new address, else one begins. */
static void lz_flush_at(EmuCore *c, int64_t now) {
    EmuBiu *b = &c->biu;
    b->has_preload = 0;
    b->lz_stop = 0; /* the latest cycle is final: nothing flushes between two transfers */
    if (UNLIKELY(b->lz_frozen)) lz_unfreeze_all(b);
    const uint16_t pc = c->ip;
    const unsigned n = 2 - (pc & 1u);
    int64_t t1;
    if (b->lz_n && b->lz_t1 > now) {
        t1 = b->lz_t1;
        b->lz_n = (uint8_t)n;
    } else {
        t1 = now + 3 > b->lz_t1 + 4 ? now + 3 : b->lz_t1 + 4;
        lz_push(b, t1, n, 1);
    }
    b->q_at[pc & 7] = t1 + 4;
    b->q_at[(pc + 1) & 7] = t1 + 4;
    b->pc = (uint16_t)(pc + n);
    /* The bytes before IP count as taken long ago: the fetches that follow go back to back.
     * (All eight are set, which is quicker: a byte's slot is read only after its take.) */
    for (unsigned k = 0; k < 8; k++) b->lz_taken[k] = LZ_LONG_AGO;
}

/* ---- the queue ---- */

/* The take of the byte at IP at the prefetch offset: not fetched yet. With the prefetcher
 * running, the fetch that brings it is decided by now or will be with nothing of the EU's
 * coming between: it and those decided before now are worked out. */
static ALWAYS_INLINE uint8_t lz_take_unfetched_body(EmuCore *c) {
    EmuBiu *b = &c->biu;
    const uint16_t a = c->ip;
    const int64_t now = lz_now(c);
    int64_t at;
    if (UNLIKELY(a != b->pc || b->lz_stop)) {
        /* Nothing would ever fetch it, or IP moved without a flush: neither happens with the
         * 8086's microcode. Rather than hang, fetching starts again at IP. */
        lz_flush_at(c, now);
        at = b->q_at[a & 7];
    } else {
        /* lz_sync_run from pc = a to a + 5, unrolled: the fetch at a (one byte at an odd a),
         * then at most two words, while decided before now. */
        int64_t pt1 = b->lz_t1;
        unsigned pn = b->lz_n, ln = 2 - (a & 1u), pc = (unsigned)a + ln;
        int64_t lt1 = lz_decide(b->lz_taken[(a - 5) & 7], pt1) + 3;
        at = lt1 + 4;
        b->q_at[a & 7] = at;
        b->q_at[(a + 1) & 7] = at;
        int64_t d = lz_decide(b->lz_taken[(pc - 5) & 7], lt1);
        if (d < now) {
            pt1 = lt1;
            pn = ln = 2;
            lt1 = d + 3;
            b->q_at[pc & 7] = lt1 + 4;
            b->q_at[(pc + 1) & 7] = lt1 + 4;
            pc += 2;
            d = lz_decide(b->lz_taken[(pc - 5) & 7], lt1);
            if (d < now) {
                pt1 = lt1;
                lt1 = d + 3;
                b->q_at[pc & 7] = lt1 + 4;
                b->q_at[(pc + 1) & 7] = lt1 + 4;
                pc += 2;
            }
        }
        b->pc = (uint16_t)pc;
        b->lz_prev_t1 = pt1;
        b->lz_prev_n = (uint8_t)pn;
        b->lz_t1 = lt1;
        b->lz_n = (uint8_t)ln;
    }
    const int64_t t = at > now ? at : now;
    b->lz_taken[a & 7] = t;
    c->cycles = (uint64_t)t + 1;
    return mem_rd8(c, lin_addr(CS, a));
}

static NOINLINE uint8_t lz_take_unfetched(EmuCore *c) { return lz_take_unfetched_body(c); }

/* The take of a frozen byte: the value it was fetched with. */
static NOINLINE uint8_t lz_take_frozen(EmuCore *c) {
    EmuBiu *b = &c->biu;
    const unsigned i = c->ip & 7;
    const uint8_t v = b->lz_fz_val[i];
    lz_unfreeze(b, i);
    const int64_t at = b->q_at[i];
    const int64_t now = at > lz_now(c) ? at : lz_now(c);
    b->lz_taken[i] = now;
    c->cycles = (uint64_t)now + 1;
    return v;
}

/* A byte is taken from the queue in the current clock (after waiting for it to arrive). */
static ALWAYS_INLINE uint8_t lz_take_in(EmuCore *c, int slow_inline) {
    EmuBiu *b = &c->biu;
    const uint16_t a = c->ip;
    if (UNLIKELY(!lz_before(a, b->pc))) return slow_inline ? lz_take_unfetched_body(c) : lz_take_unfetched(c);
    const unsigned i = a & 7;
    const int64_t at = b->q_at[i];
    const int64_t now = at > lz_now(c) ? at : lz_now(c);
    if (UNLIKELY(now == LZ_FROZEN)) return lz_take_frozen(c);
    b->lz_taken[i] = now;
    c->cycles = (uint64_t)now + 1;
    return mem_rd8(c, lin_addr(CS, a));
}
static ALWAYS_INLINE uint8_t lz_take(EmuCore *c) { return lz_take_in(c, 0); }

/* A subsequent byte of the current instruction (modrm, displacement, immediate). */
static ALWAYS_INLINE uint8_t B_qread(EmuCore *c) {
    LZ_SIG(c, EV_TAKE);
    uint8_t v = lz_take(c);
    c->ip++;
    return v;
}
/* The first byte of an instruction (or the byte after a prefix): the one RNI took, at no
 * cost, or one taken now. */
static ALWAYS_INLINE uint8_t B_first(EmuCore *c) {
    EmuBiu *b = &c->biu;
    if (b->has_preload) {
        b->has_preload = 0;
        c->ip++;
        return b->preload;
    }
    return B_qread(c);
}
/* RNI: at the end of an instruction, the next opcode byte is taken from the queue. */
static ALWAYS_INLINE void B_rni(EmuCore *c) {
    EmuBiu *b = &c->biu;
    LZ_SIG(c, EV_TAKE);
    b->preload = lz_take(c);
    b->has_preload = 1;
}

/* A byte of a memory operand's displacement (decode_mem_load, one copy): the slow way inline. */
static ALWAYS_INLINE uint8_t B_qread_hot(EmuCore *c) {
    LZ_SIG(c, EV_TAKE);
    uint8_t v = lz_take_in(c, 1);
    c->ip++;
    return v;
}

/* RNI in the interpreter's inner loop: the same, with the slow way inline (one copy of it).
 * (A model without these gets B_rni and B_qread there: cpu/exec.inc.) */
#define BIU_HAS_RNI_HOT 1
static ALWAYS_INLINE void B_rni_hot(EmuCore *c) {
    EmuBiu *b = &c->biu;
    LZ_SIG(c, EV_TAKE);
    b->preload = lz_take_in(c, 1);
    b->has_preload = 1;
}

/* ---- changes of memory ---- */

/* Is linear address `lin` that of a byte in the window of fetched bytes not yet taken? */
static ALWAYS_INLINE int lz_in_window(const EmuCore *c, uint32_t lin) {
    const EmuBiu *b = &c->biu;
    const uint32_t o = (lin - ((uint32_t)CS << 4)) & 0xFFFFFu;
    const uint16_t start = c->ip; /* inside an instruction (as lz_sync) */
    assert(!b->has_preload);
    return o <= 0xFFFFu && (uint16_t)(o - start) < (uint16_t)(b->pc - start);
}

/* The EU is about to write the byte at `lin`, in the window, at the current clock: if its
 * fetch's T3 has passed, the queue keeps the value fetched. */
static NOINLINE void lz_write_hits(EmuCore *c, uint32_t lin) {
    EmuBiu *b = &c->biu;
    const unsigned i = ((lin - ((uint32_t)CS << 4)) & 0xFFFFFu) & 7;
    if (b->lz_frozen & 1u << i) return; /* frozen already (if followed: after the write) */
    const int64_t at = b->q_at[i];
    if (at - 2 < lz_now(c)) lz_freeze(b, i, mem_rd8(c, lin), at, lin, 0);
}
static ALWAYS_INLINE void lz_write_check(EmuCore *c, uint32_t lin) {
    if (UNLIKELY(lz_in_window(c, lin))) lz_write_hits(c, lin);
}
/* The same for an even word: its two bytes at once (the second one never wraps). */
static ALWAYS_INLINE void lz_write_check_word(EmuCore *c, uint32_t lin) {
    const EmuBiu *b = &c->biu;
    const uint32_t o = (lin - ((uint32_t)CS << 4)) & 0xFFFFFu;
    const uint16_t start = c->ip; /* inside an instruction (as lz_sync) */
    if (UNLIKELY(o <= 0xFFFFu && (uint16_t)(o + 1 - start) <= (uint16_t)(b->pc - start))) {
        lz_write_check(c, lin);
        lz_write_check(c, lin + 1);
    }
}
/* After the write: the frozen bytes still followed read memory again. */
static ALWAYS_INLINE void lz_written(EmuCore *c) {
    if (UNLIKELY(c->biu.lz_track)) lz_track_changed(c);
}

/* CS has just changed without a flush (POP CS, MOV CS): the fetches begun with the old one
 * (T1 by now) brought its bytes, and a change of memory before their T3 still reaches them;
 * those that begin later use the new one. */
static NOINLINE void lz_cs_changed(EmuCore *c, uint16_t old_cs) {
    EmuBiu *b = &c->biu;
    const int64_t now = lz_now(c);
    lz_sync_next(c, now, (uint16_t)(c->ip + b->has_preload));
    for (uint16_t o = (uint16_t)(c->ip + b->has_preload); o != b->pc; o++) {
        const unsigned i = o & 7;
        if (b->lz_frozen & 1u << i) continue; /* its fetch began before (T3 by an earlier change) */
        const int64_t at = b->q_at[i];
        if (at - 4 > now) continue;
        const uint32_t lin = lin_addr(old_cs, o);
        lz_freeze(b, i, mem_rd8(c, lin), at, lin, at - 2 >= now);
    }
}

/* Code outside the CPU is about to run (and may change memory): the eight bytes from the next
 * one to take, which hold the window of fetched bytes. Which of them were fetched, and when,
 * is worked out only if one has changed (lz_unsnap): nothing the EU does comes between. */
static NOINLINE void lz_snap(EmuCore *c) {
    EmuBiu *b = &c->biu;
    b->cs_left = CS;
    const uint16_t lo = (uint16_t)(c->ip + b->has_preload);
    const uint32_t lin = lin_addr(CS, lo);
    if (LIKELY(lo <= 0xFFF8u && lin <= EMU_MEM_SIZE - 8)) {
        memcpy(b->lz_snap, c->mem + lin, 8);
    } else {
        for (unsigned k = 0; k < 8; k++) b->lz_snap[k] = mem_rd8(c, lin_addr(CS, (uint16_t)(lo + k)));
    }
    b->lz_snap_lo = lo;
    b->lz_snap_at = lz_now(c);
    b->lz_snap_valid = 1;
}

/* A window byte changed while code outside the CPU ran: one whose fetch's T3 had passed keeps
 * its fetched value; one whose T3 is to come reads the new memory. */
static NOINLINE void lz_snap_changed(EmuCore *c, uint16_t cs) {
    EmuBiu *b = &c->biu;
    const uint16_t lo = b->lz_snap_lo;
    lz_sync_next(c, b->lz_snap_at, lo);
    const uint16_t hi = b->pc;
    if ((uint16_t)(hi - lo) > 8) return; /* IP moved without a flush: nothing to keep */
    const int64_t now = lz_now(c);
    for (uint16_t o = lo; o != hi; o++) {
        const unsigned i = o & 7;
        if (b->lz_frozen & 1u << i) continue;
        const uint32_t lin = lin_addr(cs, o);
        const uint8_t was = b->lz_snap[(uint16_t)(o - lo)];
        const int64_t at = b->q_at[i];
        if (at - 2 < now && mem_rd8(c, lin) != was) lz_freeze(b, i, was, at, lin, 0);
    }
}

/* It has run. A change of CS is taken as one by an instruction. */
static NOINLINE void lz_unsnap(EmuCore *c) {
    EmuBiu *b = &c->biu;
    const uint16_t cs = b->cs_left;
    if (b->lz_snap_valid) {
        b->lz_snap_valid = 0;
        const uint16_t lo = b->lz_snap_lo;
        const uint32_t lin = lin_addr(cs, lo);
        int same;
        if (LIKELY(lo <= 0xFFF8u && lin <= EMU_MEM_SIZE - 8)) {
            same = !memcmp(b->lz_snap, c->mem + lin, 8);
        } else {
            same = 1;
            for (unsigned k = 0; k < 8; k++)
                if (mem_rd8(c, lin_addr(cs, (uint16_t)(lo + k))) != b->lz_snap[k]) same = 0;
        }
        if (UNLIKELY(!same)) lz_snap_changed(c, cs);
        if (b->lz_track) lz_track_changed(c);
    }
    if (UNLIKELY(cs != CS)) lz_cs_changed(c, cs);
}

/* ---- bus cycles of the EU ---- */

/* The EU asks for a bus cycle in the current clock; returns the clock of its T1. */
static ALWAYS_INLINE int64_t lz_request_body(EmuCore *c, unsigned final) {
    EmuBiu *b = &c->biu;
    const int64_t now = lz_now(c);
    lz_sync(c, now);
    const int64_t lt1 = b->lz_t1;
    int64_t t1;
    if (lt1 > now) {
        t1 = lt1 + 2;      /* a fetch in its address cycle: dropped at T0 */
        lz_drop(b);
    } else if (now - lt1 <= 1) {
        t1 = lt1 + 4;      /* T1 or T2: T1 after T4 */
    } else if (now - lt1 == 2) {
        t1 = now + 4;      /* T3: the address cycle begins at T4 */
    } else {
        t1 = now + 3;      /* T4 or idle */
    }
    lz_push(b, t1, 0, final);
    return t1;
}
static NOINLINE int64_t lz_request(EmuCore *c, unsigned final) { return lz_request_body(c, final); }
/* The first transfer of a word at an odd address. */
static NOINLINE int64_t lz_request_first(EmuCore *c) { return lz_request_body(c, 0); }
static ALWAYS_INLINE int64_t lz_request_read(EmuCore *c) { return lz_request_body(c, 1); }
/* A write of the byte at `lin` (not done yet: it is checked against the window first). */
static NOINLINE int64_t lz_request_write8(EmuCore *c, uint32_t lin) {
    int64_t t1 = lz_request_body(c, 1);
    lz_write_check(c, lin);
    return t1;
}
/* A write of the word at even `lin`. */
static ALWAYS_INLINE int64_t lz_request_write16(EmuCore *c, uint32_t lin) {
    int64_t t1 = lz_request_body(c, 1);
    lz_write_check_word(c, lin);
    return t1;
}
/* The second transfer of a word at an odd address, asked for at the first one's T4. */
static ALWAYS_INLINE int64_t lz_request_second(EmuCore *c) {
    int64_t t1 = lz_now(c) + 1;
    lz_push(&c->biu, t1, 0, 1);
    return t1;
}

static ALWAYS_INLINE uint8_t B_read8(EmuCore *c, uint16_t seg, uint16_t off) {
    LZ_SIG(c, EV_READ8);
    lz_advance_to(c, lz_request_read(c) + 3);
    return mem_rd8(c, lin_addr(seg, off));
}
static ALWAYS_INLINE uint16_t B_read16(EmuCore *c, uint16_t seg, uint16_t off) {
    uint32_t lin = lin_addr(seg, off);
    LZ_SIG(c, EV_READ16 + (lin & 1));
    if (LIKELY(!(lin & 1))) {
        lz_advance_to(c, lz_request_read(c) + 3);
        return mem_rd16_even(c, lin);
    }
    lz_advance_to(c, lz_request_first(c) + 3);
    uint8_t lo = mem_rd8(c, lin);
    lz_advance_to(c, lz_request_second(c) + 3);
    return (uint16_t)(lo | mem_rd8(c, lin_addr(seg, (uint16_t)(off + 1))) << 8);
}
/* A write changes memory in the clock the EU asks for its bus cycle (as in cpu/bus/exact.h); the EU
 * goes on at T3, or at T4 when the write does not end the instruction (`mid`). */
static ALWAYS_INLINE void B_write8(EmuCore *c, uint16_t seg, uint16_t off, uint8_t v) {
    uint32_t lin = lin_addr(seg, off);
    LZ_SIG(c, EV_WRITE8);
    int64_t t1 = lz_request_write8(c, lin);
    mem_wr8(c, lin, v);
    lz_written(c);
    lz_advance_to(c, t1 + 2);
}
static ALWAYS_INLINE void lz_write16(EmuCore *c, uint16_t seg, uint16_t off, uint16_t v, int mid) {
    uint32_t lin = lin_addr(seg, off);
    LZ_SIG(c, (mid ? EV_WRITE16_MID : EV_WRITE16) + (lin & 1));
    int64_t t1;
    if (LIKELY(!(lin & 1))) {
        t1 = lz_request_write16(c, lin);
        mem_wr16_even(c, lin, v);
        lz_written(c);
    } else {
        uint32_t hi = lin_addr(seg, (uint16_t)(off + 1));
        t1 = lz_request_first(c);
        lz_write_check(c, lin);
        lz_write_check(c, hi);
        mem_wr8(c, lin, (uint8_t)v);
        mem_wr8(c, hi, (uint8_t)(v >> 8));
        lz_written(c);
        lz_advance_to(c, t1 + 3);
        t1 = lz_request_second(c);
    }
    lz_advance_to(c, t1 + 2 + (mid != 0));
}
static ALWAYS_INLINE void B_write16(EmuCore *c, uint16_t seg, uint16_t off, uint16_t v) {
    lz_write16(c, seg, off, v, 0);
}
static ALWAYS_INLINE void B_write16_mid(EmuCore *c, uint16_t seg, uint16_t off, uint16_t v) {
    lz_write16(c, seg, off, v, 1);
}

/* I/O: the device sees the transfer at T3 (and may change memory then). */
static uint16_t lz_io_in(EmuCore *c, uint16_t port, int word, unsigned final, int first) {
    LZ_UNCACHEABLE(c);
    int64_t t1 = first ? lz_request(c, final) : lz_request_second(c);
    lz_advance_to(c, t1 + 2);
    lz_snap(c);
    uint16_t v = c->port_in(c->ctx, port, c->cycles);
    if (word) v = (uint16_t)(v | c->port_in(c->ctx, (uint16_t)(port + 1), c->cycles) << 8);
    lz_unsnap(c);
    lz_advance_to(c, t1 + 3);
    return v;
}
static void lz_io_out(EmuCore *c, uint16_t port, uint16_t v, int word, unsigned final, int first) {
    LZ_UNCACHEABLE(c);
    int64_t t1 = first ? lz_request(c, final) : lz_request_second(c);
    lz_advance_to(c, t1 + 2);
    lz_snap(c);
    c->port_out(c->ctx, port, (uint8_t)v, c->cycles);
    if (word) c->port_out(c->ctx, (uint16_t)(port + 1), (uint8_t)(v >> 8), c->cycles);
    lz_unsnap(c);
    if (!final) lz_advance_to(c, t1 + 3);
}
static ALWAYS_INLINE uint8_t B_in8(EmuCore *c, uint16_t port) { return (uint8_t)lz_io_in(c, port, 0, 1, 1); }
static ALWAYS_INLINE uint16_t B_in16(EmuCore *c, uint16_t port) {
    if (!(port & 1)) return lz_io_in(c, port, 1, 1, 1);
    uint8_t lo = (uint8_t)lz_io_in(c, port, 0, 0, 1);
    return (uint16_t)(lo | lz_io_in(c, (uint16_t)(port + 1), 0, 1, 0) << 8);
}
static ALWAYS_INLINE void B_out8(EmuCore *c, uint16_t port, uint8_t v) { lz_io_out(c, port, v, 0, 1, 1); }
static ALWAYS_INLINE void B_out16(EmuCore *c, uint16_t port, uint16_t v) {
    if (!(port & 1)) {
        lz_io_out(c, port, v, 1, 1, 1);
        return;
    }
    lz_io_out(c, port, (uint8_t)v, 0, 0, 1);
    lz_io_out(c, (uint16_t)(port + 1), (uint8_t)(v >> 8), 0, 1, 0);
}
/* Two INTA bus cycles; the vector comes from the interrupt controller during the second. (What
 * it may do to memory does not matter to the queue: the interrupt sequence empties it.) */
static ALWAYS_INLINE uint8_t B_inta(EmuCore *c) {
    LZ_UNCACHEABLE(c);
    lz_advance_to(c, lz_request(c, 0) + 3);
    int64_t t1 = lz_request_second(c);
    lz_advance_to(c, t1);
    uint8_t v = c->int_ack ? c->int_ack(c->ctx) : 0xFF;
    lz_advance_to(c, t1 + 3);
    return v;
}

/* The EU waits for a bus cycle in progress, or a fetch whose address cycle has begun, to
 * reach T4. */
static void B_wait_t4(EmuCore *c) {
    EmuBiu *b = &c->biu;
    LZ_SIG(c, EV_WAIT_T4);
    const int64_t now = lz_now(c);
    lz_sync(c, now);
    if (b->lz_t1 > now) lz_advance_to(c, now < b->lz_prev_t1 + 4 ? b->lz_prev_t1 + 3 : b->lz_t1 + 3);
    else if (now < b->lz_t1 + 4) lz_advance_to(c, b->lz_t1 + 3);
}

/* ---- prefetch control ---- */

/* SUSP: prefetching stops; a fetch under way finishes (the EU waits for its T3), one whose
 * address cycle has only begun is dropped. */
static void B_suspend(EmuCore *c) {
    EmuBiu *b = &c->biu;
    LZ_SIG(c, EV_SUSPEND);
    const int64_t now = lz_now(c);
    lz_sync(c, now);
    b->lz_stop = LZ_SUSPENDED;
    if (b->lz_n && b->lz_t1 > now) lz_drop(b);
    if (b->lz_n && now < b->lz_t1 + 3) lz_advance_to(c, b->lz_t1 + 3);
}

/* Empty the queue and start fetching at CS:IP. */
static ALWAYS_INLINE void B_flush(EmuCore *c) {
    LZ_SIG(c, EV_FLUSH + (c->ip & 1));
    const int64_t now = lz_now(c);
    lz_sync(c, now);
    lz_flush_at(c, now);
}

static ALWAYS_INLINE void B_cs_changed(EmuCore *c, uint16_t old_cs) {
    LZ_UNCACHEABLE(c);
    lz_cs_changed(c, old_cs);
}

/* Code outside the CPU may have changed memory (the machine between two runs, a service): the
 * window's bytes fetched before it keep their values. */
static ALWAYS_INLINE void B_outside(EmuCore *c) { lz_unsnap(c); }
/* The CPU stops running (or calls out): the window as it is. */
static ALWAYS_INLINE void B_leave(EmuCore *c) {
    LZ_UNCACHEABLE(c);
    lz_snap(c);
}

/* CORR: the microcode's correction of the PC by the queue length (one clock). */
static ALWAYS_INLINE void B_corr(EmuCore *c) { B_cycles(c, 1); }

/* HLT: the prefetcher stops, a fetch whose address cycle has begun is dropped, and a bus
 * cycle in progress runs to its end, after which the bus stays idle. */
static void B_halt(EmuCore *c) {
    EmuBiu *b = &c->biu;
    LZ_UNCACHEABLE(c);
    const int64_t now = lz_now(c);
    lz_sync(c, now);
    b->lz_stop = LZ_SUSPENDED;
    if (b->lz_n && b->lz_t1 > now) lz_drop(b);
    lz_advance_to(c, b->lz_t1 + 4);
}

/* While halted, nothing happens on the bus: time simply passes. */
static ALWAYS_INLINE void B_idle(EmuCore *c, uint64_t n) { c->cycles += n; }

static void lz_clear(EmuCore *c) {
    EmuBiu *b = &c->biu;
    memset(b, 0, sizeof *b);
    b->lz_t1 = b->lz_prev_t1 = LZ_LONG_AGO;
    b->cs_left = CS;
}

#ifndef LZ_SIGNATURE /* defined once, by cpu/run_lazy.c */
void emu_biu_reset_lazy(EmuCore *c) {
    lz_clear(c);
    lz_flush_at(c, lz_now(c));
}

/* The queue holds `bytes` (from CS:IP on), not read from memory: frozen. The first was taken
 * in the clock before the instruction's own clocks begin, which is when the room the queue
 * has (if any) appeared. */
void emu_biu_prefill_lazy(EmuCore *c, const uint8_t *bytes, int n) {
    EmuBiu *b = &c->biu;
    lz_clear(c);
    if (n < 1) {
        lz_flush_at(c, lz_now(c));
        return;
    }
    if (n > 6) n = 6;
    const uint16_t ip = c->ip;
    b->preload = bytes[0];
    b->has_preload = 1;
    b->pc = (uint16_t)(ip + n);
    for (int k = 1; k < n; k++) {
        const uint16_t o = (uint16_t)(ip + k);
        lz_freeze(b, o & 7, bytes[k], LZ_LONG_AGO, lin_addr(CS, o), 0);
    }
    for (unsigned k = 0; k < 8; k++) b->lz_taken[(uint16_t)(ip - k) & 7] = lz_now(c) - 1;
}
#endif

#endif
