/* The exact profile in callgrind format: per-instruction self costs per function, and calls=
 * lines with the callee's inclusive cost at each call site. Events: Cycles Instructions.
 * Functions are numbered in name order; every list is sorted. */
#include "exact_internal.h"

#include <stdlib.h>
#include <string.h>

typedef struct Fn {
    uint32_t key;     /* entry CS:IP */
    char *name;
    uint32_t id;      /* same name, same id */
} Fn;

typedef struct Cost {
    uint32_t fid, addr;
    uint64_t cycles, insns;
} Cost;

typedef struct Arc {
    uint32_t caller, site, callee, target;
    uint64_t calls, cycles, insns;
} Arc;

static int cmp_fn_key(const void *a, const void *b) {
    uint32_t x = ((const Fn *)a)->key, y = ((const Fn *)b)->key;
    return x < y ? -1 : x > y;
}

static int cmp_fn_name(const void *a, const void *b) {
    const Fn *x = a, *y = b;
    int c = strcmp(x->name, y->name);
    return c ? c : cmp_fn_key(a, b);
}

static int cmp_cost(const void *a, const void *b) {
    const Cost *x = a, *y = b;
    if (x->fid != y->fid) return x->fid < y->fid ? -1 : 1;
    return x->addr < y->addr ? -1 : x->addr > y->addr;
}

static int cmp_arc(const void *a, const void *b) {
    const Arc *x = a, *y = b;
    if (x->caller != y->caller) return x->caller < y->caller ? -1 : 1;
    if (x->site != y->site) return x->site < y->site ? -1 : 1;
    if (x->callee != y->callee) return x->callee < y->callee ? -1 : 1;
    return x->target < y->target ? -1 : x->target > y->target;
}

/* The id of a function key (the table is sorted by key at lookup time). */
static uint32_t fid_of(const Fn *byk, size_t n, uint32_t key) {
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (byk[mid].key < key) lo = mid + 1;
        else hi = mid;
    }
    return byk[lo].id;
}

static void put_fn_ref(ProfBuf *b, const char *tag, uint32_t id, const char *name, bool *defined) {
    if (defined[id]) {
        prof_buf_printf(b, "%s=(%u)\n", tag, id);
        return;
    }
    defined[id] = true;
    prof_buf_printf(b, "%s=(%u) %s\n", tag, id, name);
}

bool prof_exact_callgrind(const ProfExact *e, const ProfNamer *nm, const char *file, const char *cmd,
                          ProfBuf *out) {
    /* distinct function keys */
    size_t nkeys = 0;
    uint32_t *keys = malloc(e->nnodes * sizeof *keys);
    Fn *fn = NULL;
    Cost *cost = NULL;
    Arc *arc = NULL;
    char **names_by_id = NULL;
    bool *defined = NULL;
    uint64_t *inc_c = NULL, *inc_i = NULL;
    bool ok = false;
    if (!keys) goto done;
    for (size_t i = 0; i < e->nnodes; i++) keys[i] = e->node[i].fn;
    fn = calloc(e->nnodes, sizeof *fn);
    if (!fn) goto done;
    for (size_t i = 0; i < e->nnodes; i++) fn[i].key = keys[i];
    qsort(fn, e->nnodes, sizeof *fn, cmp_fn_key);
    for (size_t i = 0; i < e->nnodes; i++)
        if (!nkeys || fn[nkeys - 1].key != fn[i].key) fn[nkeys++] = fn[i];
    for (size_t i = 0; i < nkeys; i++) {
        char name[300];
        exact_name(nm, fn[i].key, name, sizeof name);
        fn[i].name = strdup(name);
        if (!fn[i].name) goto done;
    }
    /* ids in name order; equal names share one */
    qsort(fn, nkeys, sizeof *fn, cmp_fn_name);
    names_by_id = calloc(nkeys + 1, sizeof *names_by_id);
    defined = calloc(nkeys + 1, sizeof *defined);
    if (!names_by_id || !defined) goto done;
    uint32_t nid = 0;
    for (size_t i = 0; i < nkeys; i++) {
        if (!i || strcmp(fn[i].name, fn[i - 1].name)) names_by_id[++nid] = fn[i].name;
        fn[i].id = nid;
    }
    qsort(fn, nkeys, sizeof *fn, cmp_fn_key);

    /* per-instruction costs */
    cost = calloc(e->ninsn + 1, sizeof *cost);
    if (!cost) goto done;
    size_t nc = 0;
    for (size_t i = 0; i < e->insn_cap; i++) {
        if (!e->insn[i].key) continue;
        uint64_t k = e->insn[i].key - 1;
        cost[nc++] = (Cost){fid_of(fn, nkeys, (uint32_t)(k >> 20)), (uint32_t)(k & 0xFFFFF),
                            e->insn[i].cycles, e->insn[i].insns};
    }
    qsort(cost, nc, sizeof *cost, cmp_cost);

    /* call arcs from the calling-context tree, with inclusive costs */
    if (!exact_inclusive(e, &inc_c, &inc_i)) goto done;
    arc = calloc(e->nnodes, sizeof *arc);
    if (!arc) goto done;
    size_t na = 0;
    for (size_t i = 1; i < e->nnodes; i++) {
        const ExactNode *n = &e->node[i];
        arc[na++] = (Arc){fid_of(fn, nkeys, e->node[n->parent].fn), exact_linear(n->site),
                          fid_of(fn, nkeys, n->fn), exact_linear(n->fn), n->calls, inc_c[i], inc_i[i]};
    }
    qsort(arc, na, sizeof *arc, cmp_arc);

    prof_buf_puts(out, "# callgrind format\nversion: 1\ncreator: emu86 " EMU86_VERSION "\n");
    prof_buf_printf(out, "pid: 1\ncmd: %s\npart: 1\n\npositions: instr\nevents: Cycles Instructions\n",
                    cmd ? cmd : "program");
    prof_buf_printf(out, "summary: %llu %llu\n\nfl=(1) %s\n", (unsigned long long)e->total_cycles,
                    (unsigned long long)e->total_insns, file ? file : cmd ? cmd : "program");
    size_t ci = 0, ai = 0;
    for (uint32_t id = 1; id <= nid; id++) {
        bool any = (ci < nc && cost[ci].fid == id) || (ai < na && arc[ai].caller == id);
        if (!any) continue;
        prof_buf_puts(out, "\n");
        put_fn_ref(out, "fn", id, names_by_id[id], defined);
        for (; ci < nc && cost[ci].fid == id;) {
            Cost c = cost[ci++];
            while (ci < nc && cost[ci].fid == id && cost[ci].addr == c.addr) {
                c.cycles += cost[ci].cycles;
                c.insns += cost[ci++].insns;
            }
            prof_buf_printf(out, "0x%05X %llu %llu\n", (unsigned)c.addr, (unsigned long long)c.cycles,
                            (unsigned long long)c.insns);
        }
        for (; ai < na && arc[ai].caller == id;) {
            Arc a = arc[ai++];
            while (ai < na && !cmp_arc(&arc[ai], &a)) {
                a.calls += arc[ai].calls;
                a.cycles += arc[ai].cycles;
                a.insns += arc[ai++].insns;
            }
            put_fn_ref(out, "cfn", a.callee, names_by_id[a.callee], defined);
            prof_buf_printf(out, "calls=%llu 0x%05X\n0x%05X %llu %llu\n", (unsigned long long)a.calls,
                            (unsigned)a.target, (unsigned)a.site, (unsigned long long)a.cycles,
                            (unsigned long long)a.insns);
        }
    }
    prof_buf_printf(out, "\ntotals: %llu %llu\n", (unsigned long long)e->total_cycles,
                    (unsigned long long)e->total_insns);
    ok = !out->oom;
done:
    if (fn)
        for (size_t i = 0; i < nkeys; i++) free(fn[i].name);
    free(fn);
    free(keys);
    free(cost);
    free(arc);
    free(names_by_id);
    free(defined);
    free(inc_c);
    free(inc_i);
    return ok;
}
