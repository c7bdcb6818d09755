/* Folded stacks ("main;compute;leaf 1234"): one line per distinct stack of names, sorted. */
#include "exact_internal.h"

#include <stdlib.h>
#include <string.h>

typedef struct Folded {
    char *stack;
    uint64_t cycles;
} Folded;

static int cmp_folded(const void *a, const void *b) {
    return strcmp(((const Folded *)a)->stack, ((const Folded *)b)->stack);
}

/* The names from the root to node i, joined by ';' (';' and spaces in names made '_'). */
static char *stack_of(const ProfExact *e, const ProfNamer *n, size_t i) {
    size_t depth = 0;
    for (size_t k = i; k != EXACT_NO_PARENT; k = e->node[k].parent) depth++;
    size_t *path = malloc(depth * sizeof *path);
    if (!path) return NULL;
    size_t d = depth;
    for (size_t k = i; k != EXACT_NO_PARENT; k = e->node[k].parent) path[--d] = k;
    ProfBuf b = {0};
    for (size_t k = 0; k < depth; k++) {
        char name[300];
        exact_name(n, e->node[path[k]].fn, name, sizeof name);
        for (char *c = name; *c; c++)
            if (*c == ';' || *c == ' ') *c = '_';
        if (k) prof_buf_put(&b, ";", 1);
        prof_buf_puts(&b, name);
    }
    free(path);
    if (b.oom) {
        prof_buf_free(&b);
        return NULL;
    }
    return b.data;
}

bool prof_exact_folded(const ProfExact *e, const ProfNamer *n, ProfBuf *out) {
    Folded *f = calloc(e->nnodes ? e->nnodes : 1, sizeof *f);
    if (!f) return false;
    size_t nf = 0;
    bool ok = true;
    for (size_t i = 0; i < e->nnodes && ok; i++) {
        if (!e->node[i].self_cycles) continue;
        f[nf].stack = stack_of(e, n, i);
        f[nf].cycles = e->node[i].self_cycles;
        ok = f[nf].stack != NULL;
        nf += ok;
    }
    if (ok) {
        if (nf) qsort(f, nf, sizeof *f, cmp_folded);
        for (size_t i = 0; i < nf;) {
            uint64_t sum = 0;
            size_t j = i;
            while (j < nf && !strcmp(f[j].stack, f[i].stack)) sum += f[j++].cycles;
            prof_buf_printf(out, "%s %llu\n", f[i].stack, (unsigned long long)sum);
            i = j;
        }
    }
    for (size_t i = 0; i < nf; i++) free(f[i].stack);
    free(f);
    return ok && !out->oom;
}
