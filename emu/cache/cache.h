/* The block cache of the exact model: what its parts share with the CPU room.
 *
 * The lazy exact model's clocks for an instruction follow from two things only: the state of
 * the bus interface unit at its start, taken relative to the clock then (RelState), and the
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
 *
 * The room's files (one translation unit, cache/cache.c, is composed of the .inc parts: the
 * replay loop inlines the interpreter's helpers and the decoded forms, and the recording, the
 * tails and the checks run the interpreter's recording copy, cpu/exec.inc, which a translation
 * unit of their own would compile a second time):
 *   cache.c          the unit: the parts in order, emu_fast_run, the cache's life and counters
 *   kinds.inc        decoded forms: the instructions the replay runs itself (kind_run)
 *   kinds_far.inc    its part for far transfers and segment registers (RETF, CALL far, LES)
 *   kinds_more.inc   its part for LOOPNZ/LOOPZ, shifts by CL, LODS STOS MOVS CMPS, XLAT, NOT NEG
 *   kinds_near.inc   its part for CALL and JMP near through a register or memory (FF /2, /4)
 *   kinds_decode.inc its decoder, run when recording (kind_decode)
 *   relative.inc     the relative state of the bus (rel_make, rel_apply)
 *   string_work.inc  REP string work without clocks (rep_span, rep_work)
 *   store.inc        nodes, blocks, the cache's state, the hash (block_find)
 *   dead_flags.inc   nodes run without the flags a later node overwrites (nf_mark, nf_settle)
 *   tails.inc        tails: instructions whose clocks follow their data
 *   verify.inc       the checking copy (EMU86_FAST_VERIFY)
 *   sampling.inc     the profiler's tick policy: ticks taken ahead, deferred, in repeats
 *   repeats.inc      REP steady states and a service's slices, run at once
 *   record.inc       recording a block from the exact model (block_record)
 *   code_trust.inc   the blocks whose bytes the replay need not check (block_bytes_bad)
 *   undo.inc         a generic node taken back (regs_save, node_undo)
 *   replay.inc       the replay loop (replay_run)
 *   replay_stops.inc its stops inside a pass at a deadline (replay_pre, _rep_split, _crossed)
 *   sample_rule.h    where a sample falls (shared with pc/machine.c)
 *   replay_copy.c    the replaying copy of the interpreter (emu_null_node)
 *
 * Words used in the room:
 *   node         one recorded instruction (with its REP iterations): CS:IP, signature, clocks,
 *                the relative state after it, and its decoded form if it has one
 *   block        up to BLOCK_NODES_MAX nodes recorded from one CS:IP and relative state (its key);
 *                up to BLOCK_VARIANTS from one key, where a node went another way
 *   link         what led the replay to a block: the block before it (its next[0]), a node
 *                after which it went elsewhere than the node after it, as a return may (its
 *                went), or a node that did not agree (its alt); a next[0] or an alt is moved
 *                to another block from the same key when the one it leads to does not agree at
 *                its first node (replay_disagrees)
 *   decoded form / kind  an instruction the replay runs itself, checking its bytes and fact
 *                (KIND_GENERIC: none; the replaying copy runs it and compares signatures);
 *                its writes refused in its prefetch window, the linear bytes [its address + its
 *                length, + 8), and in any block's bytes (kinds.inc, kind_store_ok)
 *   code epoch   EmuCore.code_epoch: a count that goes up wherever a block's bytes are written
 *                (EmuCore.codemap marks them; the pages written are stamped with it,
 *                EmuCore.code_pages); a block whose bytes were found as recorded at the
 *                current count, or none of whose pages was stamped since, is replayed without
 *                checking them again (code_trust.inc, block_bytes_bad)
 *   fact         what a decoded form's clocks depend on besides its bytes, as recorded (the
 *                parities of the addresses it touches, a REP MOVSB's count, ...)
 *   tail         the last instruction of a block whose clocks follow its data (tails.inc)
 *   plain boundary  one at which nothing is due but the read of the next opcode
 *   light event  the caller's events that the replay may handle without returning
 *                (EmuCore.light: the machine's light timers, such as the profiler's sampler)
 *   tick         a sampling timer's due time; taken "ahead" (before the nodes up to it ran),
 *                "deferred" (from the log of passes afterwards), or "inline" in repeats
 *   pass         one run of the replay through a block, logged while ticks are deferred
 *   rest         sample_rest: the clock by which something other than a tick is due
 *   pre          a tick that falls while a node's opcode is read (it comes before the node)
 *   the model    the exact interpreter (cpu/run_lazy.c, or the recording copy)
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

/* cache/cache.c: the cache's life and its entry points (emu_fast_rep: cache/repeats.inc) */
void *emu_fast_new(void);
void emu_fast_free(void *fast);
/* The CPU was put somewhere else (reset, jump, prefill): no replay goes on where it stopped. */
void emu_fast_forget(void *fast);
/* Another program's code was loaded (emu_cpu_code_replaced): every block dropped. */
void emu_fast_drop(void *fast);
/* Its map of the bytes its trusted blocks' instructions occupy (EmuCore.codemap). */
uint8_t *emu_fast_codemap(void *fast);
/* With EMU86_FAST_VERIFY, a buffer for the audit of the services' writes (EmuCore.code_audit);
 * else NULL. */
uint8_t *emu_fast_code_audit(void *fast);
/* Its stamps of the pages written (EmuCore.code_pages: EMU_CODE_PAGES of them). */
uint64_t *emu_fast_code_pages(void *fast);
/* Its pages where a mark was set (EmuCore.code_marked: EMU_CODE_PAGES of them). */
uint8_t *emu_fast_code_marked(void *fast);
/* A code epoch later than `epoch` and than any at which one of its blocks was trusted. */
uint64_t emu_fast_epoch_after(void *fast, uint64_t epoch);
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
