/* The report as CSV: one row per listed bucket, one per routine, then the DOS, I/O, high,
 * program and total rows. */
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
        prof_buf_printf(b, ",%llu,%s,%s\n", (unsigned long long)r->hits, r->pct, r->cum_pct);
    }
    for (size_t i = 0; i < d->nrtn; i++) {
        const ReportRoutine *r = &d->rtn[i];
        prof_buf_printf(b, "routine,,,%s,", r->address);
        prof_buf_put_csv_field(b, r->name);
        prof_buf_printf(b, ",%llu,%s,%s\n", (unsigned long long)r->hits, r->pct, r->cum_pct);
    }
    other_row(b, "dos", d->dos, d->total);
    other_row(b, "io", d->io, d->total);
    other_row(b, "high", d->high, d->total);
    other_row(b, "program", d->program, d->total);
    other_row(b, "total", d->total, d->total);
    return !b->oom;
}
