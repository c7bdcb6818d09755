/* The sidecar of a .PRF and what the report makes of it: the full counts (a counter that
 * wrapped is shown with its count and listed), the routines' samples at their addresses, the
 * names it keeps; a sidecar of another run is refused with the reason; garbage never crashes.
 * And the report's own rules: --sort time, --top, every name a bucket covers, the split of a
 * bucket's hits over its routines by bytes without a sidecar. */
#include "check.h"
#include "prf_make.h"
#include "profiler.h"
#include "util.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static char *render(const ProfPrf *p, const ProfMap *m, ProfFormat f, ProfSort sort, size_t top,
                    const ProfPrfTally *t) {
    ProfBuf b = {0};
    ProfReportOptions o = {f, false, "t.prf", sort, top, t, t ? "t.prf.emu86" : NULL};
    CHECK(prof_report_render(p, m, &o, &b));
    return b.data;
}

static ProfMap names(void) {
    ProfMap m;
    char err[200];
    const char *map = "  Address         Publics by Value\n\n 0000:0000       start\n 0000:0004       a\n"
                      " 0000:0008       b\n 0000:000A       c\n 0000:000C       d\n 0000:000E       e\n"
                      " 0000:0040       hot\n";
    CHECK(prof_map_parse(&m, map, strlen(map), "n.map", err, sizeof err));
    return m;
}

/* 70,000 samples in hot (at 0041): the bucket's counter wraps; 3 in a, 1 in e, 2 in DOS */
static void tally_of(ProfPrf *p, ProfPrfTally *t) {
    CHECK(prof_tally_init(t, &p->h));
    ProfSampler s = {p, NULL, PROF_PC_LINEAR, 0, t};
    for (int i = 0; i < 70000; i++) prof_sampler_tick(&s, 0x0414, 0x0001);
    for (int i = 0; i < 3; i++) prof_sampler_tick(&s, 0x0410, 0x0005);
    prof_sampler_tick(&s, 0x0410, 0x000F);
    prof_sampler_tick(&s, 0x0200, 0);
    prof_sampler_tick(&s, 0x0200, 0);
}

/* The same samples in batches, runs of equal ones among them (counted at once by the sampler):
 * the same .PRF, wrapped counter included, and the same full counts. */
static void test_runs_at_once(void) {
    ProfPrf p1 = prf_make(0x100, 1), p2 = prf_make(0x100, 1);
    ProfPrfTally t1, t2;
    tally_of(&p1, &t1);
    CHECK(prof_tally_init(&t2, &p2.h));
    ProfSampler s = {&p2, NULL, PROF_PC_LINEAR, 0, &t2};
    ProfCsIp hot[700];
    for (unsigned i = 0; i < 700; i++) hot[i] = (ProfCsIp){0x0414, 0x0001};
    for (int i = 0; i < 100; i++) prof_sampler_ticks(&s, hot, 700); /* 70,000: wraps once */
    const ProfCsIp rest[6] = {{0x0410, 0x0005}, {0x0410, 0x0005}, {0x0410, 0x0005},
                              {0x0410, 0x000F}, {0x0200, 0},      {0x0200, 0}};
    prof_sampler_ticks(&s, rest, 6);
    CHECK_EQ(s.ticks, 70006);
    CHECK_EQ(p2.bucket[4], 70000 - 65536);
    CHECK(!memcmp(&p1.h, &p2.h, sizeof p1.h) && !memcmp(p1.bucket, p2.bucket, 2u * p1.h.bucket_num));
    CHECK(t1.io == t2.io && t1.dos == t2.dos && t1.high == t2.high && t1.nat == t2.nat);
    CHECK(!memcmp(t1.at, t2.at, t1.nat * sizeof *t1.at));
    prof_tally_free(&t1);
    prof_tally_free(&t2);
    prof_prf_free(&p1);
    prof_prf_free(&p2);
}

static void test_full_counts(void) {
    ProfPrf p = prf_make(0x100, 1);
    ProfPrfTally t;
    tally_of(&p, &t);
    CHECK_EQ(p.bucket[4], 70000 - 65536);
    CHECK_EQ(prof_tally_bucket(&t, &p.h, 4), 70000);
    CHECK_EQ(t.dos, 2);
    ProfMap m = names();
    char *s = render(&p, &m, PROF_FMT_TEXT, PROF_SORT_TIME, 0, &t);
    CHECK_STR_CONTAINS(s, "counts:        in full, from t.prf.emu86");
    CHECK_STR_CONTAINS(s, "   70000   100.0   100.0  0040    hot\n");
    CHECK_STR_CONTAINS(s, "       3     0.0   100.0  0004    a\n");
    CHECK_STR_CONTAINS(s, "wrapped: bucket 4 (offset 0040): 70000 samples; the .PRF's 16-bit counter holds 4464 (wrapped once)");
    /* the first bucket covers start, then a, b, c, d, e start in it: four names and "+2" */
    CHECK_STR_CONTAINS(s, "start a b c +2");
    free(s);
    s = render(&p, &m, PROF_FMT_CSV, PROF_SORT_TIME, 1, &t);
    CHECK_STR_CONTAINS(s, "bucket,4,0414,0040,hot,70000,100.0,100.0\nroutine,,,0040,hot,70000,100.0,100.0\ndos,");
    free(s);
    s = render(&p, &m, PROF_FMT_JSON, PROF_SORT_ADDRESS, 0, &t);
    CHECK_STR_CONTAINS(s, "\"wrapped\":\ttrue");
    CHECK_STR_CONTAINS(s, "\"counts\":\t\"full\"");
    free(s);
    /* without the sidecar: the .PRF's counter, and a bucket's hits split by bytes: bucket 0's
     * 4 over start (4 bytes), a (4), b (2), c (2), d (2), e (2): 1, 1, 1/2... by remainders */
    s = render(&p, &m, PROF_FMT_CSV, PROF_SORT_ADDRESS, 0, NULL);
    CHECK_STR_CONTAINS(s, "bucket,4,0414,0040,hot,4464,");
    CHECK_STR_CONTAINS(s, "routine,,,0000,start,1,");
    CHECK_STR_CONTAINS(s, "routine,,,0004,a,1,");
    CHECK_STR_CONTAINS(s, "routine,,,0040,hot,4464,");
    free(s);
    prof_map_free(&m);
    prof_tally_free(&t);
    prof_prf_free(&p);
}

static void test_sidecar_file(const char *dir) {
    ProfPrf p = prf_make(0x100, 1);
    ProfPrfTally t;
    tally_of(&p, &t);
    ProfMap m = names();
    ProfSidecar sc = {p.h, 70006, t, m, "PROG.EXE", 'i'};
    ProfBuf b = {0};
    CHECK(prof_sidecar_encode(&sc, &b));
    CHECK_STR_CONTAINS(b.data, "emu86 sidecar 1\n");
    CHECK_STR_CONTAINS(b.data, "\nat 0041 70000\n");
    CHECK_STR_CONTAINS(b.data, "\nname 0040 hot\n");
    CHECK_STR_CONTAINS(b.data, "\nsample irq\n");
    ProfSidecar back;
    char err[300], note[9000];
    CHECK(prof_sidecar_decode(&back, b.data, b.len, "x", err, sizeof err));
    CHECK_EQ(back.tally.at[0x41], 70000);
    CHECK_EQ(back.tally.dos, 2);
    CHECK_EQ(back.ticks, 70006);
    CHECK_EQ(back.names.nsym, m.nsym);
    CHECK(back.rule == 'i');
    CHECK(!strcmp(back.program, "PROG.EXE"));
    CHECK(prof_sidecar_matches(&back, &p, err, sizeof err));
    prof_sidecar_free(&back);
    /* beside a .PRF: read for it; another run's (a count that differs) is refused, saying why */
    char prf[600], side[700];
    snprintf(prf, sizeof prf, "%s/s.PRF", dir);
    prof_sidecar_path(prf, side, sizeof side);
    CHECK(!strcmp(side + strlen(side) - 11, "s.PRF.emu86"));
    CHECK(prof_prf_write(&p, prf, err, sizeof err));
    CHECK(prof_write_file(side, b.data, b.len, err, sizeof err));
    CHECK(prof_sidecar_read_for(&back, prf, &p, note, sizeof note));
    prof_sidecar_free(&back);
    p.bucket[4]++;
    CHECK(!prof_sidecar_read_for(&back, prf, &p, note, sizeof note));
    CHECK_STR_CONTAINS(note, "its count of bucket 4 is not the .PRF's");
    p.bucket[4]--;
    p.h.clock_grain = 500;
    CHECK(!prof_sidecar_read_for(&back, prf, &p, note, sizeof note));
    CHECK_STR_CONTAINS(note, "header");
    unlink(side);
    CHECK(!prof_sidecar_read_for(&back, prf, &p, note, sizeof note));
    CHECK(!note[0]); /* none: nothing to say */
    unlink(prf);
    /* damaged lines: refused with the line number */
    const char *bad[] = {"emu86 sidecar 2\n", "emu86 sidecar 1\nat 0000 1\n", "emu86 sidecar 1\nheader 1000 17 1 0410 0420 0100\nat 0200 1\n",
                         "emu86 sidecar 1\nheader 1000 17 1 0410 0420 0100\nat 0002 1\nat 0001 1\n",
                         "emu86 sidecar 1\nwhat 1\n", "emu86 sidecar 1\nheader 1000 17 0 0410 0420 0100\n"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        CHECK(!prof_sidecar_decode(&back, bad[i], strlen(bad[i]), "bad", err, sizeof err));
        CHECK_STR_CONTAINS(err, "bad");
    }
    /* mutations of a good one: decoded or refused, never a crash */
    uint32_t x = 5;
    for (int round = 0; round < 20000; round++) {
        char *c = malloc(b.len + 1);
        memcpy(c, b.data, b.len);
        for (int k = 0; k < 3; k++) {
            x = x * 1103515245u + 12345u;
            c[(x >> 8) % b.len] = (char)(x >> 20);
        }
        size_t len = (x >> 4) % (b.len + 1);
        if (prof_sidecar_decode(&back, c, len, "m", err, sizeof err)) {
            (void)prof_sidecar_matches(&back, &p, err, sizeof err);
            prof_sidecar_free(&back);
        }
        free(c);
    }
    prof_buf_free(&b);
    prof_map_free(&m);
    prof_tally_free(&t);
    prof_prf_free(&p);
}

static void test_sort_top(void) {
    ProfPrf p = prf_make(0x100, 1);
    for (int i = 0; i < 5; i++) prof_prf_tick(&p, 0x0410, 0x0001);
    for (int i = 0; i < 9; i++) prof_prf_tick(&p, 0x0412, 0x0001);
    for (int i = 0; i < 7; i++) prof_prf_tick(&p, 0x0411, 0x0001);
    char *s = render(&p, NULL, PROF_FMT_CSV, PROF_SORT_TIME, 2, NULL);
    CHECK_STR_CONTAINS(s, "\nbucket,2,0412,0020,,9,42.9,42.9\nbucket,1,0411,0010,,7,33.3,76.2\ndos,");
    free(s);
    s = render(&p, NULL, PROF_FMT_CSV, PROF_SORT_ADDRESS, 0, NULL);
    CHECK_STR_CONTAINS(s, "\nbucket,0,0410,0000,,5,23.8,23.8\nbucket,1,0411,0010,,7,33.3,57.1\n");
    free(s);
    prof_prf_free(&p);
}

/* The sidecar's lines are written without printf: the same text as "%0*llX" and "%llu". */
static void test_put_numbers(void) {
    static const uint64_t v[] = {0, 1, 9, 10, 15, 16, 0xFF, 0xFFF, 0x1000, 0xABCD, 0xFFFF, 0x10000, 0xFFFFF,
                                 99999, 4294967295u, 4294967296u, UINT64_MAX};
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
        for (unsigned digits = 0; digits <= 6; digits++) {
            ProfBuf b = {0};
            char want[64];
            prof_buf_put_hex(&b, v[i], digits);
            snprintf(want, sizeof want, "%0*llX", (int)digits, (unsigned long long)v[i]);
            CHECK(b.data && strcmp(b.data, want) == 0);
            prof_buf_free(&b);
            prof_buf_put_dec(&b, v[i]);
            snprintf(want, sizeof want, "%llu", (unsigned long long)v[i]);
            CHECK(b.data && strcmp(b.data, want) == 0);
            prof_buf_free(&b);
        }
}

int main(int argc, char **argv) {
    test_put_numbers();
    test_full_counts();
    test_runs_at_once();
    test_sidecar_file(argc > 1 ? argv[1] : ".");
    test_sort_top();
    return check_done("profiler.sidecar");
}
