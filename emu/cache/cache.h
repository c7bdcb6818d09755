/* The block cache of the exact model (cache/cache.c): what its parts share.
 *
 * The lazy exact model's clocks for an instruction follow from two things only: the state of
 * the bus interface unit at its start, taken relative to the clock then (FRel), and the
 * sequence of the EU's requests to it while the instruction runs: bytes taken from the queue,
 * the internal clocks between requests, reads and writes (for a word, the parity of its
 * address), SUSP, FLUSH (the parity of the new IP), waits for T4. That sequence is summed up
 * in a signature, built by the same calls in two copies of the interpreter:
 *  - cache/cache.c's recording copy (cpu/bus/lazy.h with LZ_SIGNATURE), which runs the exact model;
 *  - cache/replay_copy.c's replaying copy (cpu/bus/null.h), which keeps no time at all.
 * A recorded instruction (a node) keeps its signature, its clocks and the relative state after
 * it; replaying it runs the fast copy and, if the signatures agree, takes the clocks recorded.
 * If they do not, what the instruction did is undone (registers restored, memory writes rolled
 * back from the undo log) and the exact model runs it.
 */
#ifndef EMU86_CPU_FAST_H
#define EMU86_CPU_FAST_H

#include "cpu/internal.h"

/* The EU's requests, as mixed into the signature. */
enum {
    EV_TAKE = 1, EV_READ8, EV_READ16, EV_READ16_ODD, EV_WRITE8, EV_WRITE16, EV_WRITE16_ODD,
    EV_WRITE16_MID, EV_WRITE16_MID_ODD, EV_SUSPEND, EV_FLUSH, EV_FLUSH_ODD, EV_WAIT_T4, EV_END
};

#define FSIG_START 0xCBF29CE484222325ull /* FNV-1a's offset basis */
#define FSIG_PRIME 0x100000001B3ull

/* A request, with the internal clocks since the one before it. */
static ALWAYS_INLINE void fsig_mix(EmuCore *c, unsigned ev) {
    c->fsig = (c->fsig ^ ((uint64_t)c->fpend << 8 | ev)) * FSIG_PRIME;
    c->fpend = 0;
}

/* What the replaying copy undoes when a signature disagrees: memory as it was before each
 * byte it wrote. */
typedef struct FUndo {
    uint32_t lin;
    uint8_t old;
} FUndo;

#define FAST_UNDO_MAX (1u << 17)

typedef struct EmuFastShared {
    uint32_t n_undo;
    FUndo undo[FAST_UNDO_MAX];
} EmuFastShared;

/* cache/replay_copy.c: one instruction (and all its REP iterations) from the read of its opcode, with
 * no clocks; c->fabort is set if it did something the cache cannot replay (I/O, HLT, a
 * service, a change of CS by MOV/POP, a write into the prefetch window, an undo log full). */
void emu_null_node(EmuCore *c);

/* cache/cache.c */
void *emu_fast_new(void);
void emu_fast_free(void *fast);
/* The CPU was put somewhere else (reset, jump, prefill): no replay goes on where it stopped. */
void emu_fast_forget(void *fast);
/* At a plain boundary of the run loop (the next opcode not read yet). Returns FAST_NODES
 * (instructions ran; the boundary after them is pending), FAST_DEADLINE (the run loop returns:
 * the deadline passed in an instruction, or before its opcode was read, as in the run loop),
 * FAST_INTERPRET (instructions ran, and the next one, at a plain boundary, is the run loop's
 * to run) or FAST_NONE (nothing ran: the same). */
enum { FAST_NONE = 0, FAST_NODES, FAST_DEADLINE, FAST_INTERPRET };
int emu_fast_run(EmuCore *c);
/* Between two iterations of a REP string instruction, nothing else due (no interrupt, trap,
 * NMI, halt or stop; not force_step): runs iterations of its steady state, if it is in one.
 * True if it ran any (the boundary after them pending, the REP maybe still under way). */
int emu_fast_rep(EmuCore *c);

#endif
