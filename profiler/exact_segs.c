/* The exact profile's segments (exact_internal.h): the replayed runs' passes, counted per
 * segment while the program runs, and spread over the per-instruction table when settled. They
 * live in chunks; past SEG_BYTES_MAX they are settled and dropped (the memos the observer keeps
 * of them then go stale with seg_gen), so that their memory stays bounded however often the
 * block cache records the same code again. */
#include "exact_internal.h"

#include <stdlib.h>

enum { SEG_CHUNK = 256u << 10, SEG_BYTES_MAX = 8u << 20 };

struct ExactSegChunk {
    ExactSegChunk *next;
    size_t used, cap;
    _Alignas(8) unsigned char data[];
};

static size_t seg_size(uint32_t n) { return (sizeof(ExactSeg) + n * sizeof(ExactSegSite) + 7) & ~(size_t)7; }

void exact_settle(ProfExact *e) {
    for (ExactSegChunk *k = e->seg; k; k = k->next) {
        for (size_t at = 0; at < k->used;) {
            ExactSeg *g = (ExactSeg *)(k->data + at);
            at += seg_size(g->n);
            if (!g->count) continue;
            for (uint32_t i = 0; i < g->n; i++) {
                ExactInsn *slot = exact_insn_slot(e, g->fn, g->site[i].lin);
                if (!slot) return; /* (out of memory: e->oom says so) */
                slot->cycles += g->count * g->site[i].clocks;
                slot->insns += g->count;
            }
            g->count = 0;
        }
    }
}

static void drop_segs(ProfExact *e) {
    while (e->seg) {
        ExactSegChunk *k = e->seg;
        e->seg = k->next;
        free(k);
    }
    e->seg_bytes = 0;
    e->seg_gen++;
}

void exact_segs_free(ProfExact *e) { drop_segs(e); }

ExactSeg *exact_seg_new(ProfExact *e, uint32_t fn, uint32_t n) {
    const size_t size = seg_size(n);
    ExactSegChunk *k = e->seg;
    if (!k || k->cap - k->used < size) {
        if (e->seg_bytes >= SEG_BYTES_MAX) {
            exact_settle(e);
            drop_segs(e);
        }
        const size_t cap = size > SEG_CHUNK ? size : SEG_CHUNK;
        k = malloc(sizeof *k + cap);
        if (!k) {
            e->oom = true;
            return NULL;
        }
        k->next = e->seg;
        k->used = 0;
        k->cap = cap;
        e->seg = k;
        e->seg_bytes += cap;
    }
    ExactSeg *g = (ExactSeg *)(k->data + k->used);
    k->used += size;
    g->count = 0;
    g->sum = 0;
    g->fn = fn;
    g->n = n;
    return g;
}
