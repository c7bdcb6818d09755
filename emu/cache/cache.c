/* The exact model's block cache (see cache/cache.h for the principle).
 *
 * At a plain boundary of the run loop (nothing due but the read of the next opcode), the state
 * of the bus interface unit is worked out to the current clock and taken relative to it
 * (RelState): where the prefetcher stands from IP, the latest two bus cycles, when the bytes in the
 * queue arrive, when the last five bytes before IP were taken (the next fetches are decided by
 * them); clocks more than 24 before now all count as long ago, which they equal for every rule
 * of cpu/bus/lazy.h. A block is keyed by CS:IP and that state, and holds up to BLOCK_NODES_MAX nodes
 * recorded from the exact model (this file's copy of the interpreter, which signs the EU's
 * requests): for each, its CS:IP, signature, clocks and the relative state after it.
 *
 * Replaying a node runs cache/replay_copy.c's copy (the work without the clocks) and compares the
 * signatures; on agreement the clocks recorded are taken, else the node is undone and the
 * exact model goes on from the state recorded before it. A node runs only if it ends before
 * the deadline, so that the run returns where the interpreter would have. A block's last node
 * links to the block recorded after it (checked against CS:IP, its key's state being that
 * node's). Blocks live in an arena that is emptied when full, or when a loader puts another
 * program's code in memory (emu_fast_drop).
 *
 * EMU86_FAST_VERIFY=1 (tests) runs every replay again in the exact model on a copy of the CPU
 * and memory, and aborts with the details at the first difference in clocks, registers, the
 * relative state or memory. EMU86_FAST_STATS=1 prints counters when the cache is freed.
 */
#define _DEFAULT_SOURCE /* madvise's MADV_POPULATE_WRITE (record.inc, arena_ready) */
#define LZ_SIGNATURE 1
#if defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wunused-function" /* the run loop's parts, not used here */
#endif
#include "cpu/bus/lazy.h"

#include "cpu/exec.inc"
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#define REGS_BYTES (offsetof(EmuCore, flags) + sizeof(uint16_t)) /* r, sreg, ip, flags */

#include "cache/sample_rule.h"
#include "cache/kinds.inc"
#include "cache/relative.inc"
#include "cache/string_work.inc"
#include "cache/store.inc"
#include "cache/dead_flags.inc"
#include "cache/tails.inc"
#include "cache/verify.inc"
#include "cache/sampling.inc"
#include "cache/repeats.inc"
#include "cache/record.inc"
#include "cache/code_trust.inc"
#include "cache/undo.inc"
#include "cache/replay.inc"

/* Sites from now on, for every block: the blocks recorded without them are dropped (an
 * observer of sites is most often there from the start; sites take a fifth of the arena). */
static NOINLINE void sites_on(BlockCache *f) {
    cache_empty(f);
    f->n_resets++;
    f->sites = 1;
}

/* (each copy a function of its own, which hands over the samples it took before the caller
 * runs; this one only chooses, in a jump: the sampled copy then saves no registers twice) */
int emu_fast_run(EmuCore *c) {
    BlockCache *f = (BlockCache *)c->fast;
    if (LIKELY(!f->verify && !c->observe)) return c->sample_rule ? replay_run_sampled(c, f) : replay_run_plain(c, f);
    if (c->observe_sites && !f->sites) sites_on(f);
    return !f->verify && c->observe_sites ? replay_run_sites(c, f) : replay_run_checked(c, f);
}

/* ---- the cache's life ---- */

void emu_fast_forget(void *fast) {
    if (fast) ((BlockCache *)fast)->res_nd = NULL;
}

void emu_fast_drop(void *fast) {
    BlockCache *f = (BlockCache *)fast;
    if (!f || !f->used) return;
    cache_empty(f);
    f->n_dropped++;
}

uint8_t *emu_fast_codemap(void *fast) { return ((BlockCache *)fast)->codemap; }
uint8_t *emu_fast_code_audit(void *fast) { return ((BlockCache *)fast)->code_audit; }
uint64_t *emu_fast_code_pages(void *fast) { return ((BlockCache *)fast)->code_pages; }
uint8_t *emu_fast_code_marked(void *fast) { return ((BlockCache *)fast)->code_marked; }

uint64_t emu_fast_epoch_after(void *fast, uint64_t epoch) {
    const uint64_t top = ((BlockCache *)fast)->epoch_seen;
    return (epoch > top ? epoch : top) + 1;
}

static int env_on(const char *name) {
    const char *v = getenv(name);
    return v && *v && strcmp(v, "0") != 0;
}

#define HUGE_PAGE ((size_t)2 << 20)
#define HASH_ALLOC ((sizeof(Block *) << HASH_BITS) > HUGE_PAGE ? (sizeof(Block *) << HASH_BITS) : HUGE_PAGE)
static void huge_pages(void *p, size_t n) {
#ifdef MADV_HUGEPAGE
    (void)madvise(p, n, MADV_HUGEPAGE);
#else
    (void)p, (void)n;
#endif
}

void *emu_fast_new(void) {
    BlockCache *f = calloc(1, sizeof *f);
    if (!f) return NULL;
    f->hash = aligned_alloc(HUGE_PAGE, HASH_ALLOC);
    if (f->hash) {
        huge_pages(f->hash, HASH_ALLOC);
        memset(f->hash, 0, sizeof(Block *) << HASH_BITS);
    }
    f->arena = aligned_alloc(HUGE_PAGE, ARENA_BYTES);
    if (f->arena) huge_pages(f->arena, ARENA_BYTES);
    f->rec_tail = malloc(sizeof(Tail));
    f->verify = env_on("EMU86_FAST_VERIFY");
    f->stats = env_on("EMU86_FAST_STATS");
    if (f->verify) {
        f->shadow = malloc(sizeof(EmuCore));
        f->shadow_mem = malloc(EMU_MEM_SIZE + 16);
        f->code_audit = calloc(1, EMU_MEM_SIZE);
    }
    if (!f->hash || !f->arena || !f->rec_tail ||
        (f->verify && (!f->shadow || !f->shadow_mem || !f->code_audit))) {
        emu_fast_free(f);
        return NULL;
    }
    return f;
}

void emu_fast_free(void *fast) {
    BlockCache *f = (BlockCache *)fast;
    if (!f) return;
    if (f->stats)
        fprintf(stderr,
                "emu86: block cache: %llu entries, %llu instructions replayed, %llu undone, "
                "%llu recorded in %llu blocks, %llu resets, %llu resumed "
                "(%llu after the interpreter's node), %llu REP stops, "
                "%llu moved, %llu ticks taken ahead, %llu taken back, %llu deferred in %llu flushes, "
                "%llu REP iterations in %llu steady runs, %llu service slices in %llu (%llu from a known state), "
                "%llu tails, %llu ends learnt, %llu tails replayed, ticks in %llu runs of repeats, %llu generic, %llu links moved, "
                "%llu drops for another program, %llu blocks checked at %llu code epochs, %llu known by their pages\n",
                (unsigned long long)f->n_entries, (unsigned long long)f->n_replayed,
                (unsigned long long)f->n_undone, (unsigned long long)f->n_recorded,
                (unsigned long long)f->n_blocks, (unsigned long long)f->n_resets,
                (unsigned long long)f->n_resumed, (unsigned long long)f->n_resumed_after,
                (unsigned long long)f->n_split,
                (unsigned long long)f->n_moved, (unsigned long long)f->n_ahead,
                (unsigned long long)f->n_ahead_undone, (unsigned long long)f->n_deferred,
                (unsigned long long)f->n_defer_flushes, (unsigned long long)f->n_rep_iters,
                (unsigned long long)f->n_rep_runs, (unsigned long long)f->n_trap_slices,
                (unsigned long long)f->n_trap_runs, (unsigned long long)f->n_trap_known,
                (unsigned long long)f->n_tails,
                (unsigned long long)f->n_tail_fills, (unsigned long long)f->n_tail_runs,
                (unsigned long long)f->n_inline_ticks, (unsigned long long)f->n_generic,
                (unsigned long long)f->n_relinked, (unsigned long long)f->n_dropped,
                (unsigned long long)f->n_checked, (unsigned long long)f->n_epochs, (unsigned long long)f->n_quiet);
    free(f->hash);
    free(f->arena);
    free(f->rec_tail);
    free(f->shadow);
    free(f->shadow_mem);
    free(f->code_audit);
    free(f);
}
