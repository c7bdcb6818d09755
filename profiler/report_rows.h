/* Internal: the numbers of a PROHST-style report, computed once for every output format. */
#ifndef EMU86_PROFILER_REPORT_ROWS_H
#define EMU86_PROFILER_REPORT_ROWS_H

#include "util.h"

typedef struct ReportRow {
    uint32_t index;          /* bucket number, from 0 */
    uint16_t para;           /* absolute paragraph of its first byte */
    uint32_t rel;            /* image offset of its first byte */
    uint64_t hits;           /* in full (the sidecar's count when there is one) */
    uint64_t cum_hits;       /* hits of the rows up to and including this one, as listed */
    bool wrapped;            /* more than the .PRF's 16-bit counter holds */
    char address[16];        /* "01A0": the image offset */
    char symbol[300];        /* the names the bucket covers: "name+0x1A next", or "" */
    char pct[16], cum_pct[16];
} ReportRow;

/* A routine: a name of the map (or found in the code) and its bytes up to the next name. */
typedef struct ReportRoutine {
    uint32_t addr;           /* image offset */
    const char *name;        /* the map's */
    uint64_t hits, cum_hits;
    char address[16], pct[16], cum_pct[16];
} ReportRoutine;

typedef struct ReportData {
    const ProfPrf *p;
    const ProfReportOptions *o;
    uint64_t io, dos, high;  /* in full */
    uint64_t program, total, max_hits;
    ReportRow *row;          /* the listed buckets, in the order asked for */
    size_t nrows, nbuckets_hit;
    ReportRoutine *rtn;      /* the routines with samples, in the order asked for */
    size_t nrtn;
    bool estimated;          /* no samples by address: a bucket's split over its routines by bytes */
    unsigned wrapped;        /* buckets whose 16-bit counter wrapped */
} ReportData;

bool report_rows_build(ReportData *d, const ProfPrf *p, const ProfMap *map, const ProfReportOptions *o);
void report_rows_free(ReportData *d);

/* The samples of each routine of m (acc[i] for m->sym[i], acc[nsym] below the first name):
 * from the tally's samples by address, else each bucket's split over its routines by bytes.
 * acc has m->nsym + 1 entries. False: out of memory. */
bool report_routine_hits(const ProfPrf *p, const ProfPrfTally *t, const ProfMap *m, uint64_t *acc);

/* A bucket's full count: the tally's, else the .PRF's counter. */
uint64_t report_bucket_hits(const ProfPrf *p, const ProfPrfTally *tally, uint32_t i);

/* "01A6" (at least 4 hex digits): an image offset, the notation of every output. */
void report_format_address(char *out, size_t outlen, uint32_t rel);
/* The names covering bytes [rel, rel + len): the one at or below rel ("name" or "name+0x1A"),
 * then each that starts inside, at most 4 and "+N" for more; "" with none. */
void report_format_symbols(char *out, size_t outlen, const ProfMap *map, uint32_t rel, uint32_t len);

bool report_text(const ReportData *d, const char *title, ProfBuf *out);
bool report_csv(const ReportData *d, ProfBuf *out);
bool report_json(const ReportData *d, const char *title, ProfBuf *out);

#endif
