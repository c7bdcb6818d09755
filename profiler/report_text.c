/* The report as text: PROHST's listing, with its bugs fixed (docs/profiler.md), the routines'
 * flat profile before it, and the counters that wrapped after it. */
#include "report_rows.h"

#include <string.h>

enum { BAR_WIDTH = 50 };

static void class_line(ProfBuf *b, const char *label, uint64_t hits, uint64_t total) {
    char pct[16];
    prof_percent(pct, sizeof pct, hits, total);
    prof_buf_printf(b, "  %-10s %8llu %6s%%\n", label, (unsigned long long)hits, pct);
}

static const char *order(const ReportData *d) { return d->o->sort == PROF_SORT_TIME ? "by samples" : "by address"; }

static void routines(const ReportData *d, ProfBuf *b) {
    if (!d->nrtn) return;
    prof_buf_printf(b, "Routines (%s%s; %% of all samples)\n", order(d),
                    d->estimated ? "; no samples by address in the .PRF: a bucket's are split over its "
                                   "routines by bytes"
                                 : "");
    prof_buf_puts(b, " Samples       %  Cumul%  Offset  Routine\n");
    for (size_t i = 0; i < d->nrtn; i++) {
        const ReportRoutine *r = &d->rtn[i];
        prof_buf_printf(b, "%8llu  %6s  %6s  %-6s  %s\n", (unsigned long long)r->hits, r->pct, r->cum_pct, r->address,
                        r->name);
    }
    prof_buf_puts(b, "\n");
}

bool report_text(const ReportData *d, const char *title, ProfBuf *b) {
    const ProfPrfHeader *h = &d->p->h;
    prof_buf_puts(b, "emu86 profile listing (PROFIL histogram)\n");
    if (title) prof_buf_printf(b, "file:          %s\n", title);
    prof_buf_printf(b, "clock grain:   %u us (PIT divisor %lu)\n", h->clock_grain,
                    (unsigned long)prof_pit_divisor(h->clock_grain));
    prof_buf_printf(b, "buckets:       %u of %u paragraph%s (%lu bytes)\n", h->bucket_num,
                    h->bucket_siz, h->bucket_siz == 1 ? "" : "s", (unsigned long)h->bucket_siz * 16);
    prof_buf_printf(b, "program:       load segment %04X (linear %05lX) to paragraph %04X; offsets are from "
                    "the load segment\n",
                    h->prog_low_pa, (unsigned long)h->prog_low_pa * 16, h->prog_high_pa);
    prof_buf_printf(b, "DOS boundary:  paragraph %04X\n", h->dos_pa);
    if (d->o->tally)
        prof_buf_printf(b, "counts:        in full, from %s\n", d->o->counts_from ? d->o->counts_from : "the run");
    prof_buf_printf(b, "\nsamples        %8llu  100.0%%\n", (unsigned long long)d->total);
    class_line(b, "program", d->program, d->total);
    class_line(b, "DOS", d->dos, d->total);
    class_line(b, "I/O", d->io, d->total);
    class_line(b, "high", d->high, d->total);
    prof_buf_puts(b, "\n");

    routines(d, b);
    int symw = 7;
    for (size_t i = 0; i < d->nrows; i++) {
        int n = (int)strlen(d->row[i].symbol);
        if (n > symw) symw = n;
    }
    prof_buf_printf(b, "Buckets (%s)\n", order(d));
    prof_buf_printf(b, "  Hits  Offset  Para  %-*s  Cumul%%      %%  Histogram\n", symw, "Symbols");
    for (size_t i = 0; i < d->nrows; i++) {
        const ReportRow *r = &d->row[i];
        unsigned bar = d->max_hits ? (unsigned)((r->hits * (uint64_t)BAR_WIDTH + d->max_hits / 2) / d->max_hits) : 0;
        if (r->hits && !bar) bar = 1;
        prof_buf_printf(b, "%6llu  %-6s  %04X  %-*s  %6s %6s  |", (unsigned long long)r->hits, r->address, r->para,
                        symw, r->symbol, r->cum_pct, r->pct);
        for (unsigned k = 0; k < bar; k++) prof_buf_put(b, "*", 1);
        prof_buf_puts(b, "\n");
    }
    if (!d->nrows) prof_buf_puts(b, "  (no hits in the program)\n");
    char pct[16];
    prof_percent(pct, sizeof pct, d->program, d->total);
    prof_buf_printf(b, "\ntotal: %llu samples, %llu in the program (%s%%) in %zu of %u buckets\n",
                    (unsigned long long)d->total, (unsigned long long)d->program, pct, d->nbuckets_hit,
                    h->bucket_num);
    /* the counters PROFIL's readers see wrapped */
    const ProfPrfTally *t = d->o->tally;
    if (t) {
        const struct {
            const char *what;
            uint64_t full;
            uint16_t held;
        } cls[3] = {{"DOS", t->dos, h->hit_dos}, {"I/O", t->io, h->hit_io}, {"high", t->high, h->hit_high}};
        char times[32];
        for (int k = 0; k < 3; k++) {
            if (cls[k].full == cls[k].held) continue;
            prof_times(times, sizeof times, cls[k].full >> 16);
            prof_buf_printf(b, "wrapped: %s: %llu samples; the .PRF's 16-bit counter holds %u (wrapped %s)\n",
                            cls[k].what, (unsigned long long)cls[k].full, cls[k].held, times);
        }
        for (uint32_t i = 0; i < h->bucket_num; i++) {
            uint64_t full = report_bucket_hits(d->p, t, i);
            if (full == d->p->bucket[i]) continue;
            char at[16];
            report_format_address(at, sizeof at, i * h->bucket_siz * 16u);
            prof_times(times, sizeof times, full >> 16);
            prof_buf_printf(b, "wrapped: bucket %lu (offset %s): %llu samples; the .PRF's 16-bit counter holds %u "
                            "(wrapped %s)\n",
                            (unsigned long)i, at, (unsigned long long)full, d->p->bucket[i], times);
        }
    }
    return !b->oom;
}
