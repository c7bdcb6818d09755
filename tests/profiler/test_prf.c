/* .PRF: header formulas, the tick rule at every boundary, counter wrap, the divisor, the file
 * writer and the validating reader. */
#include "check.h"
#include "profiler.h"

#include <stdint.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static ProfPrf make(bool exe, uint32_t com, uint16_t pages, uint32_t bucket) {
    ProfPrfSetup s = {0x0400, exe, com, pages, 0x0100, 1000, bucket};
    ProfPrf p;
    char err[256];
    if (!prof_prf_init(&p, &s, err, sizeof err)) {
        fprintf(stderr, "init: %s\n", err);
        exit(1);
    }
    return p;
}

static void test_sizes(void) {
    /* .COM: bytes rounded up to a paragraph */
    CHECK_EQ(prof_prf_program_paras(false, 0, 0), 0);
    CHECK_EQ(prof_prf_program_paras(false, 1, 0), 1);
    CHECK_EQ(prof_prf_program_paras(false, 16, 0), 1);
    CHECK_EQ(prof_prf_program_paras(false, 17, 0), 2);
    CHECK_EQ(prof_prf_program_paras(false, 1000, 0), 63);   /* 1000/16 = 62.5 -> 63 */
    CHECK_EQ(prof_prf_program_paras(false, 65280, 0), 4080);
    /* .EXE: 512-byte pages x 32, header included, 16-bit */
    CHECK_EQ(prof_prf_program_paras(true, 0, 1), 32);
    CHECK_EQ(prof_prf_program_paras(true, 0, 3), 96);
    CHECK_EQ(prof_prf_program_paras(true, 0, 2047), 65504);
    CHECK_EQ(prof_prf_program_paras(true, 0, 2048), 0);     /* SHL AX,5 wraps as PROFIL's did */

    /* hand-computed headers */
    ProfPrf p = make(false, 1000, 0, 2); /* 63 paragraphs, 2 per bucket */
    CHECK_EQ(p.h.clock_grain, 1000);
    CHECK_EQ(p.h.bucket_siz, 2);
    CHECK_EQ(p.h.prog_low_pa, 0x0410);
    CHECK_EQ(p.h.prog_high_pa, 0x0410 + 63);
    CHECK_EQ(p.h.bucket_num, 63 / 2 + 1);  /* 32 */
    CHECK_EQ(p.h.dos_pa, 0x0100);
    CHECK_EQ(p.h.hit_io + p.h.hit_dos + p.h.hit_high, 0);
    CHECK_EQ(prof_prf_file_size(&p.h), 2 * (9 + 32));
    prof_prf_free(&p);

    p = make(true, 0, 3, 4);  /* 96 paragraphs, 4 per bucket */
    CHECK_EQ(p.h.prog_high_pa, 0x0410 + 96);
    CHECK_EQ(p.h.bucket_num, 96 / 4 + 1);  /* 25: the last bucket is always past the end when
                                              size divides evenly, as in PROFIL */
    prof_prf_free(&p);

    p = make(false, 160, 0, 1);  /* exactly 10 paragraphs */
    CHECK_EQ(p.h.bucket_num, 11);
    CHECK_EQ(p.h.prog_high_pa, 0x041A);
    prof_prf_free(&p);
}

static void test_validation(void) {
    char err[256];
    ProfPrf p;
    ProfPrfSetup s = {0x0400, false, 100, 0, 0x0100, 59, 1};
    CHECK(!prof_prf_init(&p, &s, err, sizeof err));
    CHECK_STR_CONTAINS(err, "at least 60");
    s.grain_us = 60;
    CHECK(prof_prf_init(&p, &s, err, sizeof err));
    prof_prf_free(&p);
    s.grain_us = 65536;
    CHECK(!prof_prf_init(&p, &s, err, sizeof err));
    CHECK_STR_CONTAINS(err, "at most 65535");
    s.grain_us = 1000;
    s.bucket_paras = 0;
    CHECK(!prof_prf_init(&p, &s, err, sizeof err));
    CHECK_STR_CONTAINS(err, "at least 1 paragraph");
    s.bucket_paras = 70000;
    CHECK(!prof_prf_init(&p, &s, err, sizeof err));
    CHECK_STR_CONTAINS(err, "at most 65535");
    s.bucket_paras = 1;
    s.com_bytes = 0xFFFF0; /* 65535 paragraphs in 1-paragraph buckets: 65536 buckets */
    CHECK(!prof_prf_init(&p, &s, err, sizeof err));
    CHECK_STR_CONTAINS(err, "more than 65535 buckets");
}

static void test_classes(void) {
    ProfPrf p = make(false, 1000, 0, 2); /* low 0410, high 044F, dos 0100 */
    uint16_t i = 0xFFFF;
    const ProfPrfHeader *h = &p.h;
    CHECK_EQ(prof_prf_classify(h, 0x0000, 0x0000, &i), PROF_HIT_IO);
    CHECK_EQ(prof_prf_classify(h, 0x00FF, 0x000F, &i), PROF_HIT_IO);   /* para 00FF */
    CHECK_EQ(prof_prf_classify(h, 0x00FF, 0x0010, &i), PROF_HIT_DOS);  /* para 0100 = dos_pa */
    CHECK_EQ(prof_prf_classify(h, 0x0100, 0x0000, &i), PROF_HIT_DOS);
    CHECK_EQ(prof_prf_classify(h, 0x040F, 0x000F, &i), PROF_HIT_DOS);  /* para 040F */
    CHECK_EQ(prof_prf_classify(h, 0x0400, 0x00FF, &i), PROF_HIT_DOS);  /* PSP:00FF, para 040F */
    CHECK_EQ(prof_prf_classify(h, 0x0400, 0x0100, &i), PROF_HIT_BUCKET); /* para 0410 = low */
    CHECK_EQ(i, 0);
    CHECK_EQ(prof_prf_classify(h, 0x0410, 0x001F, &i), PROF_HIT_BUCKET); /* para 0411 */
    CHECK_EQ(i, 0);
    CHECK_EQ(prof_prf_classify(h, 0x0412, 0x0000, &i), PROF_HIT_BUCKET);
    CHECK_EQ(i, 1);
    CHECK_EQ(prof_prf_classify(h, 0x044E, 0x000F, &i), PROF_HIT_BUCKET); /* para 044E: last */
    CHECK_EQ(i, (0x44E - 0x410) / 2);
    CHECK_EQ(prof_prf_classify(h, 0x044F, 0x0000, &i), PROF_HIT_HIGH);  /* para 044F = high */
    CHECK_EQ(prof_prf_classify(h, 0xF000, 0xE000, &i), PROF_HIT_HIGH);
    /* CS + (IP >> 4) is a 16-bit sum: FFFF:0010 is paragraph 0000 -> I/O */
    CHECK_EQ(prof_prf_classify(h, 0xFFFF, 0x0010, &i), PROF_HIT_IO);
    CHECK_EQ(prof_prf_classify(h, 0xFFFF, 0x0420, &i), PROF_HIT_IO);   /* para 0041 */
    CHECK_EQ(prof_prf_classify(h, 0xFFFF, 0x1010, &i), PROF_HIT_DOS);  /* para 0100 */
    CHECK_EQ(prof_prf_classify(h, 0xFFFF, 0x4110, &i), PROF_HIT_BUCKET); /* para 0410 */
    CHECK_EQ(i, 0);

    prof_prf_tick(&p, 0x0070, 0x0010);
    prof_prf_tick(&p, 0x0100, 0x0000);
    prof_prf_tick(&p, 0x0100, 0x0000);
    prof_prf_tick(&p, 0xF000, 0x0000);
    prof_prf_tick(&p, 0x0400, 0x0125);
    CHECK_EQ(p.h.hit_io, 1);
    CHECK_EQ(p.h.hit_dos, 2);
    CHECK_EQ(p.h.hit_high, 1);
    CHECK_EQ(p.bucket[1], 1);  /* 0400:0125 is para 0412 */
    prof_prf_free(&p);

    /* dos_pa above prog_low_pa: the order of the tests decides, as in PROFIL's CMPs */
    ProfPrfSetup s = {0x0400, false, 160, 0, 0x0500, 1000, 1};
    char err[256];
    CHECK(prof_prf_init(&p, &s, err, sizeof err));
    CHECK_EQ(prof_prf_classify(&p.h, 0x0410, 0, &i), PROF_HIT_IO);
    prof_prf_free(&p);
}

static void test_wrap(void) {
    ProfPrf p = make(false, 32, 0, 1);
    for (int k = 0; k < 65535; k++) prof_prf_tick(&p, 0x0410, 0x0000);
    CHECK_EQ(p.bucket[0], 65535);
    prof_prf_tick(&p, 0x0410, 0x0000);
    CHECK_EQ(p.bucket[0], 0);  /* INC wraps */
    for (int k = 0; k < 65537; k++) prof_prf_tick(&p, 0x0000, 0x0000);
    CHECK_EQ(p.h.hit_io, 1);
    for (int k = 0; k < 65536; k++) prof_prf_tick(&p, 0x0200, 0x0000);
    CHECK_EQ(p.h.hit_dos, 0);
    for (int k = 0; k < 65538; k++) prof_prf_tick(&p, 0x9000, 0x0000);
    CHECK_EQ(p.h.hit_high, 2);
    prof_prf_free(&p);
}

static void test_divisor(void) {
    CHECK_EQ(prof_pit_divisor(60), 72);       /* 71.59 */
    CHECK_EQ(prof_pit_divisor(1000), 1193);   /* 1193.182 */
    CHECK_EQ(prof_pit_divisor(54925), 65536); /* 65535.52 */
    CHECK_EQ(prof_pit_divisor(54924), 65534); /* 65534.32 */
    CHECK_EQ(prof_pit_divisor(55000), 65625); /* 65625.01 */
    CHECK_EQ(prof_pit_divisor(65535), 78195); /* 78195.18 */
    CHECK_EQ(prof_pit_divisor(419), 500);     /* 499.94 */
    CHECK_EQ(prof_pit_divisor(0), 0);
}

static void test_file(const char *dir) {
    ProfPrf p = make(false, 1000, 0, 2);
    prof_prf_tick(&p, 0x0070, 0);
    prof_prf_tick(&p, 0x0410, 0);
    prof_prf_tick(&p, 0x0410, 0);
    p.bucket[31] = 0xBEEF;
    ProfBuf b = {0};
    CHECK(prof_prf_encode(&p, &b));
    CHECK_EQ(b.len, 2 * (9 + 32));
    const uint8_t *d = (const uint8_t *)b.data;
    CHECK_EQ(d[0], 0xE8); /* 1000 = 03E8h, little-endian */
    CHECK_EQ(d[1], 0x03);
    CHECK_EQ(d[2], 32);
    CHECK_EQ(d[4], 2);
    CHECK_EQ(d[6], 0x10);
    CHECK_EQ(d[7], 0x04);
    CHECK_EQ(d[8], 0x4F);
    CHECK_EQ(d[9], 0x04);
    CHECK_EQ(d[10], 0x00);
    CHECK_EQ(d[11], 0x01);
    CHECK_EQ(d[12], 1);   /* hit_io */
    CHECK_EQ(d[18], 2);   /* bucket 0 */
    CHECK_EQ(d[18 + 62], 0xEF);
    CHECK_EQ(d[18 + 63], 0xBE);

    char err[512];
    ProfPrf q;
    CHECK(prof_prf_decode(&q, d, b.len, "x.prf", err, sizeof err));
    CHECK(!memcmp(&q.h, &p.h, sizeof q.h));
    CHECK_EQ(q.bucket[31], 0xBEEF);
    prof_prf_free(&q);

    /* bad files */
    CHECK(!prof_prf_decode(&q, d, 17, "x.prf", err, sizeof err));
    CHECK_STR_CONTAINS(err, "x.prf: not a PROFIL file: 17 bytes");
    CHECK(!prof_prf_decode(&q, d, b.len - 1, "x.prf", err, sizeof err));
    CHECK_STR_CONTAINS(err, "odd length");
    CHECK(!prof_prf_decode(&q, d, b.len - 2, "x.prf", err, sizeof err));
    CHECK_STR_CONTAINS(err, "does not match bucket_num 32");
    uint8_t *bad = malloc(b.len);
    memcpy(bad, d, b.len);
    bad[4] = 0; /* bucket_siz 0 */
    CHECK(!prof_prf_decode(&q, bad, b.len, "x.prf", err, sizeof err));
    CHECK_STR_CONTAINS(err, "bucket_siz is 0");
    memcpy(bad, d, b.len);
    bad[0] = 59;
    bad[1] = 0;
    CHECK(!prof_prf_decode(&q, bad, b.len, "x.prf", err, sizeof err));
    CHECK_STR_CONTAINS(err, "below PROFIL's minimum");
    memcpy(bad, d, b.len);
    bad[8] = 0x50; /* prog_high_pa 0450: 64 paragraphs / 2 + 1 = 33 != 32 */
    CHECK(!prof_prf_decode(&q, bad, b.len, "x.prf", err, sizeof err));
    CHECK_STR_CONTAINS(err, "does not match the program size");
    free(bad);

    /* writer: the file appears whole; failures name the file */
    char path[1024];
    snprintf(path, sizeof path, "%s/t.prf", dir);
    CHECK(prof_prf_write(&p, path, err, sizeof err));
    CHECK(prof_prf_read(&q, path, err, sizeof err));
    CHECK_EQ(q.bucket[0], 2);
    prof_prf_free(&q);
    struct stat st;
    CHECK(stat(path, &st) == 0 && st.st_size == (off_t)b.len);
    snprintf(path, sizeof path, "%s/no-such-dir/t.prf", dir);
    CHECK(!prof_prf_write(&p, path, err, sizeof err));
    CHECK_STR_CONTAINS(err, "cannot write '");
    CHECK_STR_CONTAINS(err, "no-such-dir/t.prf'");
    CHECK(!prof_prf_read(&q, path, err, sizeof err));
    CHECK_STR_CONTAINS(err, "cannot read '");
    /* no temporary left behind */
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "ls -a '%s' | grep -q tmp-", dir);
    CHECK(system(cmd) != 0);
    prof_buf_free(&b);
    prof_prf_free(&p);
}

/* The bucket division as a multiply (prof_prf_recip) is exact for all 16-bit operands: every
 * divisor at the quotient's edges and the top of the range, and every dividend for some. */
static void test_recip(void) {
    unsigned bad = 0;
    for (uint32_t d = 1; d <= 0xFFFF; d++) {
        const uint64_t r = prof_prf_recip((uint16_t)d);
        const uint32_t xs[] = {0, 1, d - 1, d, d + 1, 0xFFFF - 0xFFFF % d - 1, 0xFFFF - 0xFFFF % d, 0xFFFE, 0xFFFF};
        for (size_t k = 0; k < sizeof xs / sizeof xs[0]; k++) {
            const uint32_t x = xs[k] & 0xFFFF;
            bad += (uint32_t)((x * r) >> 32) != x / d;
        }
        if (d <= 300 || d % 997 == 0 || d >= 0xFF00)
            for (uint32_t x = 0; x <= 0xFFFF; x++) bad += (uint32_t)((x * r) >> 32) != x / d;
    }
    CHECK_EQ(bad, 0);
}

int main(int argc, char **argv) {
    test_recip();
    test_sizes();
    test_validation();
    test_classes();
    test_wrap();
    test_divisor();
    test_file(argc > 1 ? argv[1] : ".");
    return check_done("test_prf");
}
