/* Internal: the numbers of a PROHST-style report, computed once for every output format. */
#ifndef EMU86_PROFILER_REPORT_ROWS_H
#define EMU86_PROFILER_REPORT_ROWS_H

#include "util.h"

typedef struct ReportRow {
    uint32_t index;          /* bucket number, from 0 */
    uint16_t para;           /* absolute paragraph of its first byte */
    uint32_t rel;            /* bytes from the program start */
    uint16_t hits;
    uint64_t cum_hits;       /* program hits up to and including this bucket */
    char address[16];        /* "SSSS:OOOO" program-relative */
    char symbol[300];        /* "name+0x1A", "name", or "" */
    char pct[16], cum_pct[16];
} ReportRow;

typedef struct ReportData {
    const ProfPrf *p;
    uint64_t program, total, max_hits;
    ReportRow *row;          /* the listed buckets, in address order */
    size_t nrows;
} ReportData;

bool report_rows_build(ReportData *d, const ProfPrf *p, const ProfMap *map, bool all_buckets);
void report_rows_free(ReportData *d);

/* "SSSS:OOOO" for a program-relative byte address: 64 KiB frames (SSSS a multiple of 1000h). */
void report_format_address(char *out, size_t outlen, uint32_t rel);
/* "name", "name+0x1A", or "" with no symbol at or below rel. */
void report_format_symbol(char *out, size_t outlen, const ProfMap *map, uint32_t rel);

bool report_text(const ReportData *d, const char *title, ProfBuf *out);
bool report_csv(const ReportData *d, ProfBuf *out);
bool report_json(const ReportData *d, const char *title, ProfBuf *out);

#endif
