/* The report's numbers: listed buckets, their addresses, symbols and percentages. */
#include "report_rows.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void report_format_address(char *out, size_t outlen, uint32_t rel) {
    uint32_t seg = (rel >> 16) << 12;
    snprintf(out, outlen, "%04X:%04X", (unsigned)(seg & 0xFFFF), (unsigned)(rel & 0xFFFF));
}

void report_format_symbol(char *out, size_t outlen, const ProfMap *map, uint32_t rel) {
    const ProfSymbol *s = prof_map_lookup(map, rel);
    if (!s) snprintf(out, outlen, "%s", "");
    else if (s->addr == rel) snprintf(out, outlen, "%s", s->name);
    else snprintf(out, outlen, "%s+0x%X", s->name, (unsigned)(rel - s->addr));
}

bool report_rows_build(ReportData *d, const ProfPrf *p, const ProfMap *map, bool all_buckets) {
    memset(d, 0, sizeof *d);
    d->p = p;
    size_t listed = 0;
    for (size_t i = 0; i < p->h.bucket_num; i++) {
        d->program += p->bucket[i];
        if (p->bucket[i] > d->max_hits) d->max_hits = p->bucket[i];
        if (p->bucket[i] || all_buckets) listed++;
    }
    d->total = d->program + p->h.hit_io + p->h.hit_dos + p->h.hit_high;
    d->row = calloc(listed ? listed : 1, sizeof *d->row);
    if (!d->row) return false;
    uint64_t cum = 0;
    for (size_t i = 0; i < p->h.bucket_num; i++) {
        cum += p->bucket[i];
        if (!p->bucket[i] && !all_buckets) continue;
        ReportRow *r = &d->row[d->nrows++];
        uint32_t rel_para = (uint32_t)i * p->h.bucket_siz;
        r->index = (uint32_t)i;
        r->para = (uint16_t)(p->h.prog_low_pa + rel_para);
        r->rel = rel_para * 16u;
        r->hits = p->bucket[i];
        r->cum_hits = cum;
        report_format_address(r->address, sizeof r->address, r->rel);
        report_format_symbol(r->symbol, sizeof r->symbol, map, r->rel);
        prof_percent(r->pct, sizeof r->pct, r->hits, d->total);
        prof_percent(r->cum_pct, sizeof r->cum_pct, cum, d->total);
    }
    return true;
}

void report_rows_free(ReportData *d) {
    free(d->row);
    d->row = NULL;
    d->nrows = 0;
}
