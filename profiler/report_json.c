/* The report as JSON (cJSON). Percentages are written as numbers computed in integers. */
#include "report_rows.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>

static void add_hex4(cJSON *o, const char *key, unsigned v) {
    char s[8];
    snprintf(s, sizeof s, "%04X", v & 0xFFFF);
    cJSON_AddStringToObject(o, key, s);
}

static void add_share(cJSON *o, const char *key, uint64_t hits, uint64_t total) {
    char pct[16];
    prof_percent(pct, sizeof pct, hits, total);
    cJSON *c = cJSON_AddObjectToObject(o, key);
    cJSON_AddNumberToObject(c, "hits", (double)hits);
    cJSON_AddRawToObject(c, "percent", pct);
}

bool report_json(const ReportData *d, const char *title, ProfBuf *b) {
    const ProfPrfHeader *h = &d->p->h;
    cJSON *root = cJSON_CreateObject();
    if (!root) return false;
    if (title) cJSON_AddStringToObject(root, "file", title);
    cJSON *hd = cJSON_AddObjectToObject(root, "header");
    cJSON_AddNumberToObject(hd, "clock_grain", h->clock_grain);
    cJSON_AddNumberToObject(hd, "bucket_num", h->bucket_num);
    cJSON_AddNumberToObject(hd, "bucket_siz", h->bucket_siz);
    add_hex4(hd, "prog_low_pa", h->prog_low_pa);
    add_hex4(hd, "prog_high_pa", h->prog_high_pa);
    add_hex4(hd, "dos_pa", h->dos_pa);
    cJSON_AddNumberToObject(hd, "hit_io", h->hit_io);
    cJSON_AddNumberToObject(hd, "hit_dos", h->hit_dos);
    cJSON_AddNumberToObject(hd, "hit_high", h->hit_high);
    cJSON_AddNumberToObject(root, "pit_divisor", prof_pit_divisor(h->clock_grain));
    cJSON *sm = cJSON_AddObjectToObject(root, "samples");
    cJSON_AddNumberToObject(sm, "total", (double)d->total);
    add_share(sm, "program", d->program, d->total);
    add_share(sm, "dos", d->dos, d->total);
    add_share(sm, "io", d->io, d->total);
    add_share(sm, "high", d->high, d->total);
    cJSON_AddStringToObject(root, "counts", d->o->tally ? "full" : "prf");
    cJSON_AddStringToObject(root, "sort", d->o->sort == PROF_SORT_TIME ? "time" : "address");
    cJSON *arr = cJSON_AddArrayToObject(root, "buckets");
    for (size_t i = 0; i < d->nrows; i++) {
        const ReportRow *r = &d->row[i];
        cJSON *o = cJSON_CreateObject();
        if (!o) break;
        cJSON_AddItemToArray(arr, o);
        cJSON_AddNumberToObject(o, "bucket", r->index);
        add_hex4(o, "paragraph", r->para);
        cJSON_AddStringToObject(o, "address", r->address);
        cJSON_AddNumberToObject(o, "offset", r->rel);
        cJSON_AddStringToObject(o, "symbol", r->symbol);
        cJSON_AddNumberToObject(o, "hits", (double)r->hits);
        if (r->wrapped) cJSON_AddTrueToObject(o, "wrapped");
        cJSON_AddRawToObject(o, "percent", r->pct);
        cJSON_AddRawToObject(o, "cumulative_percent", r->cum_pct);
    }
    cJSON *rt = cJSON_AddArrayToObject(root, "routines");
    for (size_t i = 0; i < d->nrtn; i++) {
        const ReportRoutine *r = &d->rtn[i];
        cJSON *o = cJSON_CreateObject();
        if (!o) break;
        cJSON_AddItemToArray(rt, o);
        cJSON_AddStringToObject(o, "address", r->address);
        cJSON_AddNumberToObject(o, "offset", r->addr);
        cJSON_AddStringToObject(o, "name", r->name);
        cJSON_AddNumberToObject(o, "hits", (double)r->hits);
        cJSON_AddRawToObject(o, "percent", r->pct);
        cJSON_AddRawToObject(o, "cumulative_percent", r->cum_pct);
    }
    if (d->estimated) cJSON_AddTrueToObject(root, "routines_estimated");
    char *text = cJSON_Print(root);
    cJSON_Delete(root);
    if (!text) return false;
    prof_buf_puts(b, text);
    prof_buf_puts(b, "\n");
    free(text);
    return !b->oom;
}
