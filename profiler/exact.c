/* The exact-profile collector: every instruction's clocks into a calling-context tree and a
 * per-instruction table, with a shadow stack driven by call and return events. The hashes are
 * only for speed; writers sort everything, so hash order never reaches an output. */
#include "exact_internal.h"

#include <stdlib.h>
#include <string.h>

enum { MAX_DEPTH = 4096 };

static uint64_t mix(uint64_t k) {
    k ^= k >> 31;
    k *= 0x9E3779B97F4A7C15ull;
    k ^= k >> 29;
    return k;
}

static uint64_t child_key(uint32_t parent, uint32_t site, uint32_t fn) {
    return mix(((uint64_t)parent << 32) ^ ((uint64_t)site * 0x100000001B3ull) ^ fn);
}

static bool child_grow(ProfExact *e);

static uint32_t add_node(ProfExact *e, uint32_t parent, uint32_t site, uint32_t fn) {
    if (e->nnodes == e->node_cap) {
        size_t cap = e->node_cap ? e->node_cap * 2 : 256;
        ExactNode *n = realloc(e->node, cap * sizeof *n);
        if (!n) {
            e->oom = true;
            return EXACT_NO_PARENT;
        }
        e->node = n;
        e->node_cap = cap;
    }
    ExactNode *n = &e->node[e->nnodes];
    memset(n, 0, sizeof *n);
    n->parent = parent;
    n->site = site;
    n->fn = fn;
    return (uint32_t)e->nnodes++;
}

static void child_insert(ProfExact *e, uint32_t idx) {
    const ExactNode *n = &e->node[idx];
    size_t mask = e->child_cap - 1, h = child_key(n->parent, n->site, n->fn) & mask;
    while (e->child[h]) h = (h + 1) & mask;
    e->child[h] = idx + 1;
}

static bool child_grow(ProfExact *e) {
    size_t cap = e->child_cap ? e->child_cap * 2 : 1024;
    uint32_t *t = calloc(cap, sizeof *t);
    if (!t) return false;
    free(e->child);
    e->child = t;
    e->child_cap = cap;
    for (size_t i = 1; i < e->nnodes; i++) child_insert(e, (uint32_t)i); /* the root is not a child */
    return true;
}

/* The node for fn called from site in parent's context, made on first use. */
static uint32_t child_of(ProfExact *e, uint32_t parent, uint32_t site, uint32_t fn) {
    if (e->nnodes * 2 >= e->child_cap && !child_grow(e)) {
        e->oom = true;
        return EXACT_NO_PARENT;
    }
    size_t mask = e->child_cap - 1, h = child_key(parent, site, fn) & mask;
    while (e->child[h]) {
        const ExactNode *n = &e->node[e->child[h] - 1];
        if (n->parent == parent && n->site == site && n->fn == fn) return e->child[h] - 1;
        h = (h + 1) & mask;
    }
    uint32_t idx = add_node(e, parent, site, fn);
    if (idx != EXACT_NO_PARENT) e->child[h] = idx + 1;
    return idx;
}

static bool insn_grow(ProfExact *e) {
    size_t cap = e->insn_cap ? e->insn_cap * 2 : 4096;
    ExactInsn *t = calloc(cap, sizeof *t);
    if (!t) return false;
    for (size_t i = 0; i < e->insn_cap; i++) {
        if (!e->insn[i].key) continue;
        size_t h = mix(e->insn[i].key) & (cap - 1);
        while (t[h].key) h = (h + 1) & (cap - 1);
        t[h] = e->insn[i];
    }
    free(e->insn);
    e->insn = t;
    e->insn_cap = cap;
    return true;
}

ProfExact *prof_exact_new(uint16_t entry_cs, uint16_t entry_ip) {
    ProfExact *e = calloc(1, sizeof *e);
    if (!e) return NULL;
    e->stack_cap = 64;
    e->stack = malloc(e->stack_cap * sizeof *e->stack);
    uint32_t root = e->stack ? add_node(e, EXACT_NO_PARENT, 0, (uint32_t)entry_cs << 16 | entry_ip)
                             : EXACT_NO_PARENT;
    if (root == EXACT_NO_PARENT || !child_grow(e) || !insn_grow(e)) {
        prof_exact_free(e);
        return NULL;
    }
    e->node[root].calls = 1;
    e->seg_gen = 1;
    e->stack[0] = (ExactFrame){root, 0};
    e->depth = 1;
    return e;
}

void prof_exact_free(ProfExact *e) {
    if (!e) return;
    free(e->node);
    free(e->child);
    free(e->insn);
    free(e->stack);
    exact_segs_free(e);
    free(e);
}

void prof_exact_insn(ProfExact *e, uint16_t cs, uint16_t ip, uint32_t cycles) {
    prof_exact_insns(e, cs, ip, cycles, 1);
}

ExactInsn *exact_insn_slot(ProfExact *e, uint32_t fn, uint32_t lin) {
    uint64_t key = (((uint64_t)fn << 20) | lin) + 1;
    if ((e->ninsn + 1) * 2 > e->insn_cap && !insn_grow(e)) {
        e->oom = true;
        return NULL;
    }
    size_t mask = e->insn_cap - 1, h = mix(key) & mask;
    while (e->insn[h].key && e->insn[h].key != key) h = (h + 1) & mask;
    if (!e->insn[h].key) {
        e->insn[h].key = key;
        e->ninsn++;
    }
    return &e->insn[h];
}

void prof_exact_insns(ProfExact *e, uint16_t cs, uint16_t ip, uint32_t cycles, uint32_t insns) {
    ExactNode *n = &e->node[e->stack[e->depth - 1].node];
    n->self_cycles += cycles;
    n->self_insns += insns;
    e->total_cycles += cycles;
    e->total_insns += insns;
    ExactInsn *slot = exact_insn_slot(e, n->fn, (((uint32_t)cs << 4) + ip) & 0xFFFFF);
    if (!slot) return;
    slot->cycles += cycles;
    slot->insns += insns;
}

void prof_exact_call(ProfExact *e, uint16_t site_cs, uint16_t site_ip, uint16_t target_cs,
                     uint16_t target_ip, uint16_t ret_cs, uint16_t ret_ip, ProfCallKind kind) {
    (void)kind;
    if (e->depth >= MAX_DEPTH || e->overflow) {
        e->overflow++;
        return;
    }
    const uint32_t parent = e->stack[e->depth - 1].node, site = (uint32_t)site_cs << 16 | site_ip,
                   fn = (uint32_t)target_cs << 16 | target_ip;
    ExactNode *p = &e->node[parent];
    uint32_t node = p->memo_child;
    if (!node || p->memo_site != site || p->memo_fn != fn) { /* (not the same call as its latest) */
        node = child_of(e, parent, site, fn);
        if (node == EXACT_NO_PARENT) return;
        p = &e->node[parent]; /* (the nodes may have moved) */
        p->memo_site = site;
        p->memo_fn = fn;
        p->memo_child = node;
    }
    if (e->depth == e->stack_cap) {
        ExactFrame *s = realloc(e->stack, e->stack_cap * 2 * sizeof *s);
        if (!s) {
            e->oom = true;
            return;
        }
        e->stack = s;
        e->stack_cap *= 2;
    }
    e->node[node].calls++;
    e->stack[e->depth++] = (ExactFrame){node, (uint32_t)ret_cs << 16 | ret_ip};
}

void prof_exact_ret(ProfExact *e, uint16_t to_cs, uint16_t to_ip) {
    if (e->overflow) {
        e->overflow--;
        return;
    }
    uint32_t to = (uint32_t)to_cs << 16 | to_ip;
    for (size_t k = e->depth - 1; k >= 1; k--) {
        if (e->stack[k].ret == to) {
            e->depth = k;
            return;
        }
    }
    /* no frame returns there: a jump in disguise (PUSH + RET); the stack stays */
}

uint64_t prof_exact_total_cycles(const ProfExact *e) { return e->total_cycles; }
uint64_t prof_exact_total_insns(const ProfExact *e) { return e->total_insns; }

bool exact_inclusive(const ProfExact *e, uint64_t **cycles, uint64_t **insns) {
    *cycles = malloc((e->nnodes + 1) * sizeof **cycles);
    *insns = malloc((e->nnodes + 1) * sizeof **insns);
    if (!*cycles || !*insns) {
        free(*cycles);
        free(*insns);
        return false;
    }
    for (size_t i = 0; i < e->nnodes; i++) {
        (*cycles)[i] = e->node[i].self_cycles;
        (*insns)[i] = e->node[i].self_insns;
    }
    /* a child always has a higher index than its parent */
    for (size_t i = e->nnodes; i-- > 1;) {
        (*cycles)[e->node[i].parent] += (*cycles)[i];
        (*insns)[e->node[i].parent] += (*insns)[i];
    }
    return true;
}
