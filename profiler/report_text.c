/* The report as text: PROHST's listing, with its bugs fixed (docs/profiler.md). */
#include "report_rows.h"

#include <string.h>

enum { BAR_WIDTH = 50 };

static void class_line(ProfBuf *b, const char *label, uint64_t hits, uint64_t total) {
    char pct[16];
    prof_percent(pct, sizeof pct, hits, total);
    prof_buf_printf(b, "  %-10s %8llu %6s%%\n", label, (unsigned long long)hits, pct);
}

bool report_text(const ReportData *d, const char *title, ProfBuf *b) {
    const ProfPrfHeader *h = &d->p->h;
    prof_buf_puts(b, "emu86 profile listing (PROFIL histogram)\n");
    if (title) prof_buf_printf(b, "file:          %s\n", title);
    prof_buf_printf(b, "clock grain:   %u us (PIT divisor %lu)\n", h->clock_grain,
                    (unsigned long)prof_pit_divisor(h->clock_grain));
    prof_buf_printf(b, "buckets:       %u of %u paragraph%s (%lu bytes)\n", h->bucket_num,
                    h->bucket_siz, h->bucket_siz == 1 ? "" : "s", (unsigned long)h->bucket_siz * 16);
    prof_buf_printf(b, "program:       paragraphs %04X-%04X (linear %05lX-%05lX)\n", h->prog_low_pa,
                    h->prog_high_pa, (unsigned long)h->prog_low_pa * 16,
                    (unsigned long)h->prog_high_pa * 16);
    prof_buf_printf(b, "DOS boundary:  paragraph %04X\n\n", h->dos_pa);
    prof_buf_printf(b, "samples        %8llu  100.0%%\n", (unsigned long long)d->total);
    class_line(b, "program", d->program, d->total);
    class_line(b, "DOS", h->hit_dos, d->total);
    class_line(b, "I/O", h->hit_io, d->total);
    class_line(b, "high", h->hit_high, d->total);
    prof_buf_puts(b, "\n");

    int symw = 6;
    for (size_t i = 0; i < d->nrows; i++) {
        int n = (int)strlen(d->row[i].symbol);
        if (n > symw) symw = n;
    }
    prof_buf_printf(b, "  Hits  Address    Para  %-*s  Cumul%%      %%  Histogram\n", symw, "Symbol");
    for (size_t i = 0; i < d->nrows; i++) {
        const ReportRow *r = &d->row[i];
        unsigned bar = d->max_hits ? (unsigned)((r->hits * (uint64_t)BAR_WIDTH + d->max_hits / 2) / d->max_hits) : 0;
        if (r->hits && !bar) bar = 1;
        prof_buf_printf(b, "%6u  %s  %04X  %-*s  %6s %6s  |", r->hits, r->address, r->para, symw,
                        r->symbol, r->cum_pct, r->pct);
        for (unsigned k = 0; k < bar; k++) prof_buf_put(b, "*", 1);
        prof_buf_puts(b, "\n");
    }
    if (!d->nrows) prof_buf_puts(b, "  (no hits in the program)\n");
    size_t nonempty = 0;
    for (size_t i = 0; i < d->p->h.bucket_num; i++) nonempty += d->p->bucket[i] != 0;
    char pct[16];
    prof_percent(pct, sizeof pct, d->program, d->total);
    prof_buf_printf(b, "\ntotal: %llu samples, %llu in the program (%s%%) in %zu of %u buckets\n",
                    (unsigned long long)d->total, (unsigned long long)d->program, pct, nonempty,
                    h->bucket_num);
    return !b->oom;
}
