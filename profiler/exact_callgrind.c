/* The exact profile in callgrind format: per-instruction self costs per function, and calls=
 * lines with the callee's inclusive cost at each call site. Events: Cycles Instructions.
 * Functions are numbered in name order; every list is sorted. Positions are image offsets for
 * the program's code (as every output writes its addresses) and 100000h + the linear address
 * elsewhere. The program is the object (ob=); there is no source file (fl=???, as valgrind
 * writes for code without debug information, which callgrind_annotate does not try to open).
 * After each fn= line, "# emu86 inclusive: CYCLES INSNS" gives the function's inclusive cost
 * counted once however deep it recurses (from the calling-context tree), for emu86 report. */
#include "exact_internal.h"

#include <stdlib.h>
#include <string.h>

typedef struct Fn {
    uint32_t key;     /* entry CS:IP */
    const char *name; /* (in the names table) */
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

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

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

/* The name of a function key (the table is sorted by key). */
static const char *name_of_key(const Fn *byk, size_t n, uint32_t key) {
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (byk[mid].key < key) lo = mid + 1;
        else hi = mid;
    }
    return byk[lo].name;
}

/* The id of a name (1-based, in the sorted table of distinct names). */
static uint32_t id_of(char *const *names, size_t n, const char *name) {
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (strcmp(names[mid], name) < 0) lo = mid + 1;
        else hi = mid;
    }
    return (uint32_t)lo + 1;
}

/* The routine whose code holds a linear address: the map's name at or below it inside the
 * program, or NULL (outside the program, or below its first name). */
static const char *routine_at(const ProfNamer *nm, uint32_t lin) {
    if (!nm || !nm->map || lin - nm->base >= nm->size) return NULL;
    const ProfSymbol *s = prof_map_lookup(nm->map, lin - nm->base);
    return s ? s->name : NULL;
}

/* The position of a linear address: its image offset inside the program, else 100000h + it. */
static uint32_t position(const ProfNamer *nm, uint32_t lin) {
    if (!nm || !nm->size) return lin; /* (no program known: linear addresses) */
    return lin - nm->base < nm->size ? lin - nm->base : 0x100000u + lin;
}

/* Each function's inclusive cost: the nodes of its id with no ancestor of the same id (a
 * recursion counted once), by a walk of the tree keeping how many of each id are on the path. */
static bool inclusive_by_fn(const ProfExact *e, const uint32_t *fid_of_node, uint32_t nid, const uint64_t *inc_c,
                            const uint64_t *inc_i, uint64_t *fn_c, uint64_t *fn_i) {
    const size_t n = e->nnodes;
    size_t *first = calloc(n + 1, sizeof *first), *kids = malloc((n ? n : 1) * sizeof *kids);
    size_t *stack = malloc((n + 1) * sizeof *stack), *next = malloc((n + 1) * sizeof *next);
    uint32_t *on_path = calloc(nid + 1, sizeof *on_path);
    bool ok = first && kids && stack && next && on_path;
    if (ok) {
        /* children of each node, by a counting sort on the parent */
        for (size_t i = 1; i < n; i++) first[e->node[i].parent + 1]++;
        for (size_t i = 0; i < n; i++) first[i + 1] += first[i];
        for (size_t i = 0; i < n + 1; i++) next[i] = first[i];
        for (size_t i = 1; i < n; i++) kids[next[e->node[i].parent]++] = i;
        size_t depth = 0;
        stack[depth] = 0;
        next[depth] = first[0];
        if (!on_path[fid_of_node[0]]++) {
            fn_c[fid_of_node[0]] += inc_c[0];
            fn_i[fid_of_node[0]] += inc_i[0];
        }
        while (depth != (size_t)-1) {
            size_t at = stack[depth];
            if (next[depth] < first[at + 1]) {
                size_t k = kids[next[depth]++];
                stack[++depth] = k;
                next[depth] = first[k];
                if (!on_path[fid_of_node[k]]++) {
                    fn_c[fid_of_node[k]] += inc_c[k];
                    fn_i[fid_of_node[k]] += inc_i[k];
                }
            } else {
                on_path[fid_of_node[at]]--;
                depth--;
            }
        }
    }
    free(first);
    free(kids);
    free(stack);
    free(next);
    free(on_path);
    return ok;
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
    size_t nkeys = 0, nnames = 0, nc = 0, na = 0;
    Fn *fn = calloc(e->nnodes ? e->nnodes : 1, sizeof *fn);
    char **pool = NULL;  /* every name made here (freed at the end) */
    size_t npool = 0;
    char **names = NULL; /* the distinct names, sorted: id i + 1 is names[i] */
    Cost *cost = NULL;
    Arc *arc = NULL;
    bool *defined = NULL;
    uint64_t *inc_c = NULL, *inc_i = NULL, *fn_c = NULL, *fn_i = NULL, *self_c = NULL, *self_i = NULL;
    uint64_t *out_c = NULL, *out_i = NULL;
    uint32_t *fid_of_node = NULL;
    bool ok = false;
    if (!fn) goto done;
    /* the entries' names (by the call that entered them) */
    for (size_t i = 0; i < e->nnodes; i++) fn[i].key = e->node[i].fn;
    if (e->nnodes) qsort(fn, e->nnodes, sizeof *fn, cmp_fn_key);
    for (size_t i = 0; i < e->nnodes; i++)
        if (!nkeys || fn[nkeys - 1].key != fn[i].key) fn[nkeys++] = fn[i];
    pool = calloc(nkeys + 1, sizeof *pool);
    if (!pool) goto done;
    for (size_t i = 0; i < nkeys; i++) {
        char name[300];
        exact_name(nm, fn[i].key, name, sizeof name);
        if (!(pool[npool++] = strdup(name))) goto done;
        fn[i].name = pool[npool - 1];
    }

    /* a cost belongs to the routine whose code it is (in the program: the name at or below
     * its address), else to the function the call entered; a call site to the routine it is in */
    const char **cost_name = calloc(e->ninsn + 1, sizeof *cost_name);
    cost = calloc(e->ninsn + 1, sizeof *cost);
    if (!cost_name || !cost) {
        free(cost_name);
        goto done;
    }
    for (size_t i = 0; i < e->insn_cap; i++) {
        if (!e->insn[i].key) continue;
        uint64_t k = e->insn[i].key - 1;
        uint32_t lin = (uint32_t)(k & 0xFFFFF);
        const char *r = routine_at(nm, lin);
        cost_name[nc] = r ? r : name_of_key(fn, nkeys, (uint32_t)(k >> 20));
        cost[nc++] = (Cost){0, position(nm, lin), e->insn[i].cycles, e->insn[i].insns};
    }
    const char **caller_name = calloc(e->nnodes + 1, sizeof *caller_name);
    if (!caller_name) {
        free(cost_name);
        goto done;
    }
    for (size_t i = 1; i < e->nnodes; i++) {
        const char *r = routine_at(nm, exact_linear(e->node[i].site));
        caller_name[i] = r ? r : name_of_key(fn, nkeys, e->node[e->node[i].parent].fn);
    }
    /* the distinct names: ids in name order */
    names = malloc((nkeys + nc + e->nnodes + 1) * sizeof *names);
    if (!names) {
        free(cost_name);
        free(caller_name);
        goto done;
    }
    for (size_t i = 0; i < nkeys; i++) names[nnames++] = (char *)fn[i].name;
    for (size_t i = 0; i < nc; i++) names[nnames++] = (char *)cost_name[i];
    for (size_t i = 1; i < e->nnodes; i++) names[nnames++] = (char *)caller_name[i];
    if (nnames) qsort(names, nnames, sizeof *names, cmp_str);
    size_t nid = 0;
    for (size_t i = 0; i < nnames; i++)
        if (!nid || strcmp(names[nid - 1], names[i])) names[nid++] = names[i];
    for (size_t i = 0; i < nc; i++) cost[i].fid = id_of(names, nid, cost_name[i]);
    free(cost_name);
    if (nc) qsort(cost, nc, sizeof *cost, cmp_cost);

    /* call arcs from the calling-context tree, with inclusive costs */
    fid_of_node = malloc((e->nnodes ? e->nnodes : 1) * sizeof *fid_of_node);
    arc = calloc(e->nnodes ? e->nnodes : 1, sizeof *arc);
    if (!fid_of_node || !arc || !exact_inclusive(e, &inc_c, &inc_i)) {
        free(caller_name);
        goto done;
    }
    for (size_t i = 0; i < e->nnodes; i++) fid_of_node[i] = id_of(names, nid, name_of_key(fn, nkeys, e->node[i].fn));
    for (size_t i = 1; i < e->nnodes; i++) {
        const ExactNode *n = &e->node[i];
        arc[na++] = (Arc){id_of(names, nid, caller_name[i]), position(nm, exact_linear(n->site)), fid_of_node[i],
                          position(nm, exact_linear(n->fn)), n->calls, inc_c[i], inc_i[i]};
    }
    free(caller_name);
    if (na) qsort(arc, na, sizeof *arc, cmp_arc);
    defined = calloc(nid + 1, sizeof *defined);
    fn_c = calloc(nid + 1, sizeof *fn_c);
    fn_i = calloc(nid + 1, sizeof *fn_i);
    self_c = calloc(nid + 1, sizeof *self_c);
    self_i = calloc(nid + 1, sizeof *self_i);
    out_c = calloc(nid + 1, sizeof *out_c);
    out_i = calloc(nid + 1, sizeof *out_i);
    if (!defined || !fn_c || !fn_i || !self_c || !self_i || !out_c || !out_i) goto done;
    if (!inclusive_by_fn(e, fid_of_node, (uint32_t)nid, inc_c, inc_i, fn_c, fn_i)) goto done;
    /* a routine's inclusive cost: while it was on the call stack; for code never called (only
     * jumped into) its own and its calls'; never less than its own */
    for (size_t i = 0; i < nc; i++) {
        self_c[cost[i].fid] += cost[i].cycles;
        self_i[cost[i].fid] += cost[i].insns;
    }
    for (size_t i = 0; i < na; i++)
        if (arc[i].caller != arc[i].callee) {
            out_c[arc[i].caller] += arc[i].cycles;
            out_i[arc[i].caller] += arc[i].insns;
        }
    for (size_t id = 1; id <= nid; id++) {
        if (!fn_c[id]) {
            fn_c[id] = self_c[id] + out_c[id];
            fn_i[id] = self_i[id] + out_i[id];
        }
        if (fn_c[id] < self_c[id]) {
            fn_c[id] = self_c[id];
            fn_i[id] = self_i[id];
        }
    }

    prof_buf_puts(out, "# callgrind format\nversion: 1\ncreator: emu86 " EMU86_VERSION "\n");
    prof_buf_printf(out, "pid: 1\ncmd: %s\npart: 1\n\npositions: instr\nevents: Cycles Instructions\n",
                    cmd ? cmd : "program");
    if (nm && nm->size)
        prof_buf_printf(out, "# positions: offsets from the load segment %04X for the program's code, 100000h + "
                             "the linear address elsewhere\n",
                        (unsigned)(nm->base >> 4));
    prof_buf_printf(out, "summary: %llu %llu\n\nob=(1) %s\nfl=(1) ???\n", (unsigned long long)e->total_cycles,
                    (unsigned long long)e->total_insns, file ? file : cmd ? cmd : "program");
    size_t ci = 0, ai = 0;
    for (uint32_t id = 1; id <= nid; id++) {
        bool any = (ci < nc && cost[ci].fid == id) || (ai < na && arc[ai].caller == id);
        if (!any) continue;
        prof_buf_puts(out, "\n");
        put_fn_ref(out, "fn", id, names[id - 1], defined);
        prof_buf_printf(out, "# emu86 inclusive: %llu %llu\n", (unsigned long long)fn_c[id], (unsigned long long)fn_i[id]);
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
            put_fn_ref(out, "cfn", a.callee, names[a.callee - 1], defined);
            prof_buf_printf(out, "calls=%llu 0x%05X\n0x%05X %llu %llu\n", (unsigned long long)a.calls,
                            (unsigned)a.target, (unsigned)a.site, (unsigned long long)a.cycles,
                            (unsigned long long)a.insns);
        }
    }
    prof_buf_printf(out, "\ntotals: %llu %llu\n", (unsigned long long)e->total_cycles,
                    (unsigned long long)e->total_insns);
    ok = !out->oom;
done:
    for (size_t i = 0; i < npool; i++) free(pool[i]);
    free(pool);
    free(names);
    free(fn);
    free(cost);
    free(arc);
    free(defined);
    free(inc_c);
    free(inc_i);
    free(fn_c);
    free(fn_i);
    free(self_c);
    free(self_i);
    free(out_c);
    free(out_i);
    free(fid_of_node);
    return ok;
}
