/* emu86 report on an exact profile (callgrind format): gprof's two tables in clocks. The flat
 * profile: each routine's own clocks (self) and with its callees (inclusive), its share of all
 * clocks, and how often it was called. The call graph: for each routine, most inclusive first,
 * its callers above it (the clocks it took when called from each, and how many of its calls
 * came from there) and its callees below it (the clocks each took when called from here). */
#include "callgrind.h"
#include "cli.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const CgProfile *sort_p;
static ProfSort sort_by;

static int by_self(const void *a, const void *b) {
    const CgFn *x = &sort_p->fn[*(const size_t *)a], *y = &sort_p->fn[*(const size_t *)b];
    if (sort_by == PROF_SORT_ADDRESS) {
        if (x->any_pos != y->any_pos) return x->any_pos ? -1 : 1;
        if (x->min_pos != y->min_pos) return x->min_pos < y->min_pos ? -1 : 1;
    } else if (x->self[0] != y->self[0]) {
        return x->self[0] > y->self[0] ? -1 : 1;
    }
    return strcmp(x->name, y->name);
}

static int by_incl(const void *a, const void *b) {
    const CgFn *x = &sort_p->fn[*(const size_t *)a], *y = &sort_p->fn[*(const size_t *)b];
    if (x->incl[0] != y->incl[0]) return x->incl[0] > y->incl[0] ? -1 : 1;
    return strcmp(x->name, y->name);
}

static size_t *order(const CgProfile *p, int (*cmp)(const void *, const void *), ProfSort sort) {
    size_t *o = malloc((p->nfn ? p->nfn : 1) * sizeof *o);
    if (!o) return NULL;
    for (size_t i = 0; i < p->nfn; i++) o[i] = i;
    sort_p = p;
    sort_by = sort;
    if (p->nfn) qsort(o, p->nfn, sizeof *o, cmp);
    return o;
}

static void flat_text(const CgProfile *p, const size_t *o, size_t n, ProfBuf *b) {
    const char *ev = p->events[0] ? p->events[0] : "cost";
    char t[32];
    prof_commas(t, sizeof t, p->total[0]);
    prof_buf_printf(b, "Flat profile: %s %s", t, ev);
    if (p->nev > 1) {
        prof_commas(t, sizeof t, p->total[1]);
        prof_buf_printf(b, ", %s %s", t, p->events[1]);
    }
    prof_buf_printf(b, "%s%s\n", p->cmd ? " of " : "", p->cmd ? p->cmd : "");
    prof_buf_printf(b, "  %%self  cumul%%  %16s  %16s  %%incl  %10s  name\n", "self", "inclusive", "calls");
    uint64_t cum = 0;
    for (size_t k = 0; k < n; k++) {
        const CgFn *f = &p->fn[o[k]];
        char ps[16], pc[16], pi[16], self[32], incl[32], calls[32];
        cum += f->self[0];
        prof_percent(ps, sizeof ps, f->self[0], p->total[0]);
        prof_percent(pc, sizeof pc, cum, p->total[0]);
        prof_percent(pi, sizeof pi, f->incl[0], p->total[0]);
        prof_commas(self, sizeof self, f->self[0]);
        prof_commas(incl, sizeof incl, f->incl[0]);
        prof_commas(calls, sizeof calls, f->called);
        prof_buf_printf(b, "%7s %7s  %16s  %16s %6s  %10s  %s\n", ps, pc, self, incl, pi, calls, f->name);
    }
}

/* a caller's or callee's line: the arc's inclusive clocks, its calls of the callee's total */
static void arc_line(ProfBuf *b, const CgProfile *p, const CgArc *x, size_t other, const size_t *index) {
    char c1[32], cc[48], ref[24];
    prof_commas(c1, sizeof c1, x->incl[0]);
    snprintf(cc, sizeof cc, "%llu/%llu", (unsigned long long)x->calls, (unsigned long long)p->fn[x->callee].called);
    ref[0] = 0;
    if (index[other]) snprintf(ref, sizeof ref, " [%zu]", index[other]);
    prof_buf_printf(b, "              %16s  %16s  %13s      %s%s\n", c1, "", cc, p->fn[other].name, ref);
}

static void graph_text(const CgProfile *p, const size_t *o, size_t n, ProfBuf *b) {
    const size_t nf = p->nfn ? p->nfn : 1;
    size_t *index = calloc(nf, sizeof *index);          /* fn -> its [n] in the graph, 0: none */
    size_t *first_out = calloc(nf + 1, sizeof *first_out); /* arcs are sorted by caller */
    size_t *first_in = calloc(nf + 1, sizeof *first_in), *in = malloc((p->narc + 1) * sizeof *in);
    if (!index || !first_out || !first_in || !in) {
        b->oom = true;
        goto done;
    }
    for (size_t k = 0; k < n; k++) index[o[k]] = k + 1;
    for (size_t a = 0; a < p->narc; a++) {
        first_out[p->arc[a].caller + 1]++;
        first_in[p->arc[a].callee + 1]++;
    }
    for (size_t f = 0; f < p->nfn; f++) {
        first_out[f + 1] += first_out[f];
        first_in[f + 1] += first_in[f];
    }
    {
        /* the arcs by callee (in caller order within each: a counting sort) */
        size_t *fill = malloc(nf * sizeof *fill);
        if (!fill) {
            b->oom = true;
            goto done;
        }
        memcpy(fill, first_in, nf * sizeof *fill);
        for (size_t a = 0; a < p->narc; a++) in[fill[p->arc[a].callee]++] = a;
        free(fill);
    }
    prof_buf_printf(b, "\nCall graph (%s; each routine with its callers above it and its callees below it:\n"
                       "a caller's line is what the routine took when called from there, a callee's what the\n"
                       "callee took when called from here, both inclusive)\n",
                    p->events[0] ? p->events[0] : "cost");
    prof_buf_printf(b, "index  %%incl  %16s  %16s  %13s  name\n", "inclusive", "self", "called");
    for (size_t k = 0; k < n; k++) {
        const size_t fi = o[k];
        const CgFn *f = &p->fn[fi];
        char c1[32], c2[32], cc[48], pct[16], ref[24];
        for (size_t j = first_in[fi]; j < first_in[fi + 1]; j++) arc_line(b, p, &p->arc[in[j]], p->arc[in[j]].caller, index);
        prof_commas(c1, sizeof c1, f->incl[0]);
        prof_commas(c2, sizeof c2, f->self[0]);
        prof_percent(pct, sizeof pct, f->incl[0], p->total[0]);
        snprintf(cc, sizeof cc, "%llu", (unsigned long long)f->called);
        snprintf(ref, sizeof ref, "[%zu]", k + 1);
        prof_buf_printf(b, "%-6s %5s  %16s  %16s  %13s  %s %s\n", ref, pct, c1, c2, cc, f->name, ref);
        for (size_t a = first_out[fi]; a < first_out[fi + 1]; a++) arc_line(b, p, &p->arc[a], p->arc[a].callee, index);
        prof_buf_puts(b, "-----------------------------------------------\n");
    }
done:
    free(index);
    free(first_out);
    free(first_in);
    free(in);
}

static void flat_csv(const CgProfile *p, const size_t *o, size_t n, ProfBuf *b) {
    prof_buf_puts(b, "name,self,self_percent,inclusive,inclusive_percent,calls,self_instructions\n");
    for (size_t k = 0; k < n; k++) {
        const CgFn *f = &p->fn[o[k]];
        char ps[16], pi[16];
        prof_percent(ps, sizeof ps, f->self[0], p->total[0]);
        prof_percent(pi, sizeof pi, f->incl[0], p->total[0]);
        prof_buf_put_csv_field(b, f->name);
        prof_buf_printf(b, ",%llu,%s,%llu,%s,%llu,%llu\n", (unsigned long long)f->self[0], ps,
                        (unsigned long long)f->incl[0], pi, (unsigned long long)f->called,
                        (unsigned long long)f->self[1]);
    }
}

static void flat_json(const CgProfile *p, const size_t *o, size_t n, ProfBuf *b) {
    cJSON *root = cJSON_CreateObject();
    if (!root) {
        b->oom = true;
        return;
    }
    if (p->cmd) cJSON_AddStringToObject(root, "cmd", p->cmd);
    cJSON *ev = cJSON_AddArrayToObject(root, "events");
    for (int k = 0; k < p->nev; k++) cJSON_AddItemToArray(ev, cJSON_CreateString(p->events[k]));
    cJSON_AddNumberToObject(root, "total", (double)p->total[0]);
    cJSON *fns = cJSON_AddArrayToObject(root, "functions");
    for (size_t k = 0; k < n; k++) {
        const CgFn *f = &p->fn[o[k]];
        char ps[16], pi[16];
        prof_percent(ps, sizeof ps, f->self[0], p->total[0]);
        prof_percent(pi, sizeof pi, f->incl[0], p->total[0]);
        cJSON *x = cJSON_CreateObject();
        if (!x) break;
        cJSON_AddItemToArray(fns, x);
        cJSON_AddStringToObject(x, "name", f->name);
        cJSON_AddNumberToObject(x, "self", (double)f->self[0]);
        cJSON_AddRawToObject(x, "self_percent", ps);
        cJSON_AddNumberToObject(x, "inclusive", (double)f->incl[0]);
        cJSON_AddRawToObject(x, "inclusive_percent", pi);
        cJSON_AddNumberToObject(x, "calls", (double)f->called);
    }
    cJSON *arcs = cJSON_AddArrayToObject(root, "calls");
    for (size_t a = 0; a < p->narc; a++) {
        cJSON *x = cJSON_CreateObject();
        if (!x) break;
        cJSON_AddItemToArray(arcs, x);
        cJSON_AddStringToObject(x, "caller", p->fn[p->arc[a].caller].name);
        cJSON_AddStringToObject(x, "callee", p->fn[p->arc[a].callee].name);
        cJSON_AddNumberToObject(x, "calls", (double)p->arc[a].calls);
        cJSON_AddNumberToObject(x, "inclusive", (double)p->arc[a].incl[0]);
    }
    char *text = cJSON_Print(root);
    cJSON_Delete(root);
    if (!text) {
        b->oom = true;
        return;
    }
    prof_buf_puts(b, text);
    prof_buf_puts(b, "\n");
    free(text);
}

int cli_report_exact(const char *path, ProfFormat format, ProfSort sort, size_t top, const char *out_path) {
    CgProfile p;
    char err[600];
    if (!cg_read(&p, path, err, sizeof err)) {
        fprintf(stderr, "emu86 report: %s\n", err);
        return CLI_EXIT_INPUT;
    }
    size_t *flat = order(&p, by_self, sort), *graph = order(&p, by_incl, PROF_SORT_TIME);
    ProfBuf b = {0};
    int status = 0;
    if (!flat || !graph) {
        b.oom = true;
    } else {
        size_t nf = top && top < p.nfn ? top : p.nfn;
        if (format == PROF_FMT_CSV) {
            flat_csv(&p, flat, nf, &b);
        } else if (format == PROF_FMT_JSON) {
            flat_json(&p, flat, nf, &b);
        } else {
            prof_buf_printf(&b, "emu86 exact profile: %s\n", path);
            if (p.positions_are_offsets)
                prof_buf_printf(&b, "program:       load segment %04X; offsets are from it\n", p.load_seg);
            prof_buf_puts(&b, "\n");
            flat_text(&p, flat, nf, &b);
            graph_text(&p, graph, nf, &b);
        }
    }
    if (b.oom) {
        fprintf(stderr, "emu86 report: out of memory\n");
        status = CLI_EXIT_INPUT;
    } else if (!prof_write_file(out_path, b.data ? b.data : "", b.len, err, sizeof err)) {
        fprintf(stderr, "emu86 report: %s\n", err);
        status = CLI_EXIT_INPUT;
    }
    prof_buf_free(&b);
    free(flat);
    free(graph);
    cg_free(&p);
    return status;
}
