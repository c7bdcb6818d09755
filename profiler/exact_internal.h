/* Internal: the exact-profile collector's data, shared by its writers. */
#ifndef EMU86_PROFILER_EXACT_INTERNAL_H
#define EMU86_PROFILER_EXACT_INTERNAL_H

#include "util.h"

#define EXACT_NO_PARENT 0xFFFFFFFFu

/* A calling context: a function (its entry CS:IP) called from a site in its parent's context. */
typedef struct ExactNode {
    uint32_t parent;       /* node index, EXACT_NO_PARENT for the root */
    uint32_t fn;           /* entry CS << 16 | IP */
    uint32_t site;         /* the calling instruction's CS << 16 | IP (root: 0) */
    uint64_t calls;        /* times entered */
    uint64_t self_cycles, self_insns;
    uint32_t memo_site, memo_fn, memo_child; /* its latest call (memo_child 0: none yet) */
} ExactNode;

/* Cost of one instruction address inside one function. */
typedef struct ExactInsn {
    uint64_t key;          /* fn << 20 | linear address; 0 = empty slot (key + 1 stored) */
    uint64_t cycles, insns;
} ExactInsn;

/* A segment of instructions the block cache replays (EMU_OBS_SITES): consecutive sites in one
 * function's context, up to a call or a return or the end of the run, the same on every pass.
 * Its passes are counted, and spread over its instructions' slots only when settled. */
typedef struct ExactSegSite {
    uint32_t lin, clocks;
} ExactSegSite;
typedef struct ExactSeg {
    uint64_t count;        /* passes not settled yet */
    uint64_t sum;          /* the clocks of one pass */
    uint32_t fn, n;
    ExactSegSite site[];
} ExactSeg;
typedef struct ExactSegChunk ExactSegChunk;

typedef struct ExactFrame {
    uint32_t node;
    uint32_t ret;          /* CS << 16 | IP the matching return goes to */
} ExactFrame;

struct ProfExact {
    ExactNode *node;
    size_t nnodes, node_cap;
    uint32_t *child;       /* hash of (parent, site, fn) -> node index + 1 */
    size_t child_cap;
    ExactInsn *insn;       /* hash of per-instruction costs */
    size_t insn_cap, ninsn;
    ExactFrame *stack;
    size_t depth, stack_cap;
    uint64_t overflow;     /* calls beyond the stack limit not yet returned */
    uint64_t total_cycles, total_insns;
    ExactSegChunk *seg;    /* the segments, newest chunk first */
    size_t seg_bytes;
    uint32_t seg_gen;      /* changes whenever the segments are dropped (from 1) */
    bool oom;
};

/* The per-instruction slot of (function, linear address), made on first use (NULL: out of
 * memory). The table may move: slots found before are then stale. */
ExactInsn *exact_insn_slot(ProfExact *e, uint32_t fn, uint32_t lin);

/* A new segment of fn with n sites (count 0; the caller fills its sites and sum), or NULL
 * (out of memory). When they take too much memory, the segments made so far are settled and
 * dropped first: seg_gen changes, and those found before are stale. */
ExactSeg *exact_seg_new(ProfExact *e, uint32_t fn, uint32_t n);
/* The segments' passes counted so far into the per-instruction table (for the writers). */
void exact_settle(ProfExact *e);
void exact_segs_free(ProfExact *e);

static inline uint32_t exact_linear(uint32_t csip) {
    return (((csip >> 16) << 4) + (csip & 0xFFFF)) & 0xFFFFF;
}

/* Name of a function entry (or any CS:IP) for the writers: map symbol, symbol+0xN, or SSSS:OOOO. */
void exact_name(const ProfNamer *n, uint32_t csip, char *out, size_t outlen);

/* Inclusive cycles and instructions of every node (arrays of e->nnodes). */
bool exact_inclusive(const ProfExact *e, uint64_t **cycles, uint64_t **insns);

#endif
