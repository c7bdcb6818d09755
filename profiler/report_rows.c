/* The report's numbers: the buckets and routines listed, their addresses, names and shares. */
#include "report_rows.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_NAMES_SHOWN = 4 };

void report_format_address(char *out, size_t outlen, uint32_t rel) { snprintf(out, outlen, "%04X", (unsigned)rel); }

/* The index of the first symbol above addr (nsym if none). */
static size_t first_above(const ProfMap *m, uint32_t addr) {
    size_t lo = 0, hi = m->nsym;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (m->sym[mid].addr <= addr) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

void report_format_symbols(char *out, size_t outlen, const ProfMap *map, uint32_t rel, uint32_t len) {
    out[0] = 0;
    if (!map || !map->nsym) return;
    size_t n = 0, shown = 0, more = 0;
    const ProfSymbol *s = prof_map_lookup(map, rel);
    if (s) {
        if (s->addr == rel) n += (size_t)snprintf(out + n, outlen - n, "%s", s->name);
        else n += (size_t)snprintf(out + n, outlen - n, "%s+0x%X", s->name, (unsigned)(rel - s->addr));
        shown++;
    }
    for (size_t i = first_above(map, rel); i < map->nsym && map->sym[i].addr - rel < len && n < outlen; i++) {
        if (shown == MAX_NAMES_SHOWN) {
            more++;
            continue;
        }
        n += (size_t)snprintf(out + n, outlen - n, "%s%s", shown ? " " : "", map->sym[i].name);
        shown++;
    }
    if (more && n < outlen) snprintf(out + n, outlen - n, " +%zu", more);
}

uint64_t report_bucket_hits(const ProfPrf *p, const ProfPrfTally *tally, uint32_t i) {
    return tally ? prof_tally_bucket(tally, &p->h, i) : p->bucket[i];
}

static int row_by_hits(const void *a, const void *b) {
    const ReportRow *x = a, *y = b;
    if (x->hits != y->hits) return x->hits > y->hits ? -1 : 1;
    return x->index < y->index ? -1 : x->index > y->index;
}

static int rtn_by_hits(const void *a, const void *b) {
    const ReportRoutine *x = a, *y = b;
    if (x->hits != y->hits) return x->hits > y->hits ? -1 : 1;
    return x->addr < y->addr ? -1 : x->addr > y->addr;
}

typedef struct Part {
    size_t sym;          /* routine index */
    uint64_t rem;        /* the remainder of its share */
} Part;

static int part_by_rem(const void *a, const void *b) {
    const Part *x = a, *y = b;
    if (x->rem != y->rem) return x->rem > y->rem ? -1 : 1;
    return x->sym < y->sym ? -1 : x->sym > y->sym;
}

/* Without samples by address: each bucket's hits over the routines that cover its bytes, in
 * proportion to the bytes, the units left over to the largest remainders. acc[nsym] is the
 * part below the first name. */
static bool split_buckets(const ProfPrf *p, const ProfMap *m, uint32_t nat, uint64_t *acc) {
    const uint32_t bs = p->h.bucket_siz * 16u;
    Part *part = NULL;
    size_t cap = 0;
    for (uint32_t b = 0; b < p->h.bucket_num; b++) {
        const uint64_t h = p->bucket[b];
        const uint32_t lo = b * bs, hi = lo + bs < nat ? lo + bs : nat;
        if (!h || lo >= hi) continue;
        const size_t k = first_above(m, lo);
        size_t end = k;
        while (end < m->nsym && m->sym[end].addr < hi) end++;
        if (end - k + 1 > cap) {
            Part *q = realloc(part, (end - k + 1) * sizeof *q);
            if (!q) {
                free(part);
                return false;
            }
            part = q;
            cap = end - k + 1;
        }
        /* the routine at lo (or the part below the names), then each that starts inside */
        size_t np = 0, cur = k ? k - 1 : m->nsym;
        uint32_t from = lo;
        uint64_t given = 0;
        for (size_t j = k; j <= end; j++) {
            uint32_t to = j < end ? m->sym[j].addr : hi;
            uint64_t bytes = to - from, share = h * bytes / (hi - lo);
            acc[cur] += share;
            given += share;
            part[np++] = (Part){cur, h * bytes % (hi - lo)};
            cur = j;
            from = to;
        }
        if (np) qsort(part, np, sizeof *part, part_by_rem);
        for (size_t i = 0; given < h; i = (i + 1) % np, given++) acc[part[i].sym]++;
    }
    free(part);
    return true;
}

bool report_routine_hits(const ProfPrf *p, const ProfPrfTally *t, const ProfMap *m, uint64_t *acc) {
    const uint32_t nat = (uint32_t)(uint16_t)(p->h.prog_high_pa - p->h.prog_low_pa) * 16u;
    memset(acc, 0, (m->nsym + 1) * sizeof *acc);
    if (!t) return split_buckets(p, m, nat, acc);
    for (size_t j = 0; j <= m->nsym; j++) {
        uint32_t from = j == m->nsym ? 0 : m->sym[j].addr;
        uint32_t to = j == m->nsym ? (m->nsym ? m->sym[0].addr : nat) : j + 1 < m->nsym ? m->sym[j + 1].addr : nat;
        for (uint32_t a = from; a < to && a < t->nat; a++) acc[j] += t->at[a];
    }
    return true;
}

static bool build_routines(ReportData *d, const ProfMap *m) {
    uint64_t *acc = calloc(m->nsym + 1, sizeof *acc);
    d->rtn = calloc(m->nsym + 1, sizeof *d->rtn);
    if (!acc || !d->rtn || !report_routine_hits(d->p, d->o->tally, m, acc)) {
        free(acc);
        return false;
    }
    d->estimated = !d->o->tally;
    /* in address order: the part below the names, then each name */
    for (size_t i = 0; i <= m->nsym; i++) {
        size_t j = i ? i - 1 : m->nsym;
        if (!acc[j]) continue;
        ReportRoutine *r = &d->rtn[d->nrtn++];
        r->addr = j == m->nsym ? 0 : m->sym[j].addr;
        r->name = j == m->nsym ? "(below the first name)" : m->sym[j].name;
        r->hits = acc[j];
    }
    free(acc);
    if (d->o->sort == PROF_SORT_TIME) qsort(d->rtn, d->nrtn, sizeof *d->rtn, rtn_by_hits);
    if (d->o->top && d->nrtn > d->o->top) d->nrtn = d->o->top;
    uint64_t cum = 0;
    for (size_t i = 0; i < d->nrtn; i++) {
        ReportRoutine *r = &d->rtn[i];
        cum += r->hits;
        r->cum_hits = cum;
        report_format_address(r->address, sizeof r->address, r->addr);
        prof_percent(r->pct, sizeof r->pct, r->hits, d->total);
        prof_percent(r->cum_pct, sizeof r->cum_pct, cum, d->total);
    }
    return true;
}

bool report_rows_build(ReportData *d, const ProfPrf *p, const ProfMap *map, const ProfReportOptions *o) {
    memset(d, 0, sizeof *d);
    d->p = p;
    d->o = o;
    const ProfPrfTally *t = o->tally;
    size_t listed = 0;
    for (uint32_t i = 0; i < p->h.bucket_num; i++) {
        uint64_t h = report_bucket_hits(p, t, i);
        d->program += h;
        if (h > d->max_hits) d->max_hits = h;
        if (h) d->nbuckets_hit++;
        if (h || o->all_buckets) listed++;
        if (h != p->bucket[i]) d->wrapped++;
    }
    d->io = t ? t->io : p->h.hit_io;
    d->dos = t ? t->dos : p->h.hit_dos;
    d->high = t ? t->high : p->h.hit_high;
    d->total = d->program + d->io + d->dos + d->high;
    d->row = calloc(listed ? listed : 1, sizeof *d->row);
    if (!d->row) return false;
    for (uint32_t i = 0; i < p->h.bucket_num; i++) {
        uint64_t h = report_bucket_hits(p, t, i);
        if (!h && !o->all_buckets) continue;
        ReportRow *r = &d->row[d->nrows++];
        uint32_t rel_para = i * p->h.bucket_siz;
        r->index = i;
        r->para = (uint16_t)(p->h.prog_low_pa + rel_para);
        r->rel = rel_para * 16u;
        r->hits = h;
        r->wrapped = h != p->bucket[i];
        report_format_address(r->address, sizeof r->address, r->rel);
        report_format_symbols(r->symbol, sizeof r->symbol, map, r->rel, p->h.bucket_siz * 16u);
    }
    if (o->sort == PROF_SORT_TIME) qsort(d->row, d->nrows, sizeof *d->row, row_by_hits);
    if (o->top && d->nrows > o->top) d->nrows = o->top;
    uint64_t cum = 0;
    for (size_t i = 0; i < d->nrows; i++) {
        ReportRow *r = &d->row[i];
        cum += r->hits;
        r->cum_hits = cum;
        prof_percent(r->pct, sizeof r->pct, r->hits, d->total);
        prof_percent(r->cum_pct, sizeof r->cum_pct, cum, d->total);
    }
    if (map && map->nsym && !build_routines(d, map)) return false;
    return true;
}

void report_rows_free(ReportData *d) {
    free(d->row);
    free(d->rtn);
    d->row = NULL;
    d->rtn = NULL;
    d->nrows = d->nrtn = 0;
}
