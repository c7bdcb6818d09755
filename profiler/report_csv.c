/* The report as CSV: one row per listed bucket, then the DOS, I/O, high and total rows. */
#include "report_rows.h"

static void other_row(ProfBuf *b, const char *kind, uint64_t hits, uint64_t total) {
    char pct[16];
    prof_percent(pct, sizeof pct, hits, total);
    prof_buf_printf(b, "%s,,,,,%llu,%s,\n", kind, (unsigned long long)hits, pct);
}

bool report_csv(const ReportData *d, ProfBuf *b) {
    prof_buf_puts(b, "kind,bucket,paragraph,address,symbol,hits,percent,cumulative_percent\n");
    for (size_t i = 0; i < d->nrows; i++) {
        const ReportRow *r = &d->row[i];
        prof_buf_printf(b, "bucket,%lu,%04X,%s,", (unsigned long)r->index, r->para, r->address);
        prof_buf_put_csv_field(b, r->symbol);
        prof_buf_printf(b, ",%u,%s,%s\n", r->hits, r->pct, r->cum_pct);
    }
    const ProfPrfHeader *h = &d->p->h;
    other_row(b, "dos", h->hit_dos, d->total);
    other_row(b, "io", h->hit_io, d->total);
    other_row(b, "high", h->hit_high, d->total);
    other_row(b, "program", d->program, d->total);
    other_row(b, "total", d->total, d->total);
    return !b->oom;
}
