/* Report edge cases: no samples at all (PROHST divided by zero), hits in the last bucket and
 * an empty last bucket (PROHST's garbage line), offsets with a map (PROHST's were relative to
 * the next module), a program above 64 KiB, decoding garbage .PRF bytes. (The per-tick cost is
 * measured by bench/tick_cost.c.) */
#include "check.h"
#include "prf_make.h"
#include "profiler.h"

#include <stdlib.h>

static char *render(const ProfPrf *p, const ProfMap *m, ProfFormat f, bool all) {
    ProfBuf b = {0};
    ProfReportOptions o = {f, all, "t.prf", PROF_SORT_ADDRESS, 0, NULL, NULL};
    CHECK(prof_report_render(p, m, &o, &b));
    return b.data;
}

static void test_empty(void) {
    ProfPrf p = prf_make(64, 1);
    for (int f = 0; f < 3; f++) {
        char *s = render(&p, NULL, (ProfFormat)f, false);
        CHECK(s != NULL);
        if (f == PROF_FMT_TEXT) CHECK_STR_CONTAINS(s, "(no hits in the program)");
        if (f == PROF_FMT_JSON) CHECK_STR_CONTAINS(s, "\"percent\":\t0.0");
        free(s);
    }
    ProfBuf svg = {0};
    CHECK(prof_plot_svg(&p, NULL, NULL, NULL, &svg));
    CHECK_STR_CONTAINS(svg.data, "</svg>");
    prof_buf_free(&svg);
    prof_prf_free(&p);
}

static void test_last_bucket(void) {
    ProfPrf p = prf_make(64, 1); /* 4 paragraphs, 5 buckets */
    prof_prf_tick(&p, 0x0410, 0x0000);
    char *s = render(&p, NULL, PROF_FMT_CSV, false);
    /* one bucket line, then the other rows: nothing after the last listed bucket */
    CHECK_STR_CONTAINS(s, "bucket,0,0410,0000,,1,100.0,100.0\ndos,");
    free(s);
    s = render(&p, NULL, PROF_FMT_CSV, true);
    CHECK_STR_CONTAINS(s, "bucket,4,0414,0040,,0,0.0,100.0\ndos,");
    free(s);
    /* a hit in the very last in-program bucket */
    prof_prf_tick(&p, 0x0413, 0x000F);
    s = render(&p, NULL, PROF_FMT_TEXT, false);
    CHECK_STR_CONTAINS(s, "     1  0030    0413");
    CHECK_STR_CONTAINS(s, "in 2 of 5 buckets");
    free(s);
    prof_prf_free(&p);
}

static void test_map_offsets(void) {
    ProfPrf p = prf_make(0x400, 1);
    ProfMap m;
    char err[256];
    const char *map = "  Address         Publics by Value\n\n 0000:0000       _a\n 0000:0100       _b\n"
                      " 0000:0105       _c\n";
    CHECK(prof_map_parse(&m, map, strlen(map), "m.map", err, sizeof err));
    prof_prf_tick(&p, 0x0410, 0x0020);  /* bucket 2: _a+0x20 (PROHST: relative to _b) */
    prof_prf_tick(&p, 0x0420, 0x0000);  /* bucket 16: _b itself */
    prof_prf_tick(&p, 0x0400, 0x0210);  /* bucket 17 starts at 0110h: _c+0xB */
    char *s = render(&p, &m, PROF_FMT_TEXT, false);
    CHECK_STR_CONTAINS(s, "0020    0412  _a+0x20");
    CHECK_STR_CONTAINS(s, "0100    0420  _b ");
    CHECK_STR_CONTAINS(s, "0110    0421  _c+0xB");
    free(s);
    prof_map_free(&m);
    prof_prf_free(&p);
}

static void test_big(void) {
    ProfPrfSetup s = {0x0400, true, 0, 300, 0x0100, 1000, 16}; /* 9600 paragraphs */
    ProfPrf p;
    char err[256];
    CHECK(prof_prf_init(&p, &s, err, sizeof err));
    prof_prf_tick(&p, 0x1410, 0x0005);  /* 64 KiB into the program */
    char *t = render(&p, NULL, PROF_FMT_TEXT, false);
    CHECK_STR_CONTAINS(t, "10000   1410");
    free(t);
    prof_prf_free(&p);
}

static void test_decode_garbage(void) {
    uint8_t buf[64];
    uint32_t seed = 7;
    int accepted = 0;
    for (int round = 0; round < 200000; round++) {
        size_t len = round % 64;
        for (size_t i = 0; i < len; i++) {
            seed = seed * 1103515245u + 12345u;
            buf[i] = (uint8_t)(seed >> 16);
        }
        if (len >= 18 && round % 3 == 0) { /* make some consistent headers */
            buf[2] = (uint8_t)((len - 18) / 2);
            buf[3] = 0;
            buf[4] = 1;
            buf[5] = 0;
            buf[8] = (uint8_t)(buf[6] + (len - 18) / 2 - 1);
            buf[9] = (uint8_t)(buf[7] + (buf[8] < buf[6]));
            buf[1] |= 1;
        }
        ProfPrf p;
        char err[256];
        if (prof_prf_decode(&p, buf, len, "g.prf", err, sizeof err)) {
            accepted++;
            char *s = render(&p, NULL, PROF_FMT_TEXT, true);
            free(s);
            prof_prf_free(&p);
        } else {
            CHECK(!strncmp(err, "g.prf: ", 7));
        }
    }
    CHECK(accepted > 0);
}

int main(void) {
    test_empty();
    test_last_bucket();
    test_map_offsets();
    test_big();
    test_decode_garbage();
    return check_done("test_report");
}
