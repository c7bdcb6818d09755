/* UNIX profil(2): each flavour's index rule at its edges, the off switches, counters past the
 * buffer, the OSF/1 extended ranges, the buffer bytes, the sampler. */
#include "check.h"
#include "profiler.h"

#include <stdint.h>
#include <stdlib.h>

#define OFF(f, d, scale, bufsiz) prof_unix_counter_offset(f, 0x10000 + (d), 0x10000, scale, bufsiz)

enum { BIG = 1 << 20 };

static void test_sysv(void) {
    const ProfUnixFlavour f = PROF_UNIX_SYSV;
    CHECK_EQ(OFF(f, 0, 0, BIG), -1);        /* scale 0: off */
    CHECK_EQ(OFF(f, 0, 1, BIG), -1);        /* scale 1: off */
    CHECK_EQ(OFF(f, 0, 0x4000, 0), -1);     /* bufsiz 0: ineffective */
    /* 0xFFFF, "approximately 1": r = d - 1 for d >= 1, so 2 bytes per counter after the first 3 */
    CHECK_EQ(OFF(f, 0, 0xFFFF, BIG), 0);
    CHECK_EQ(OFF(f, 2, 0xFFFF, BIG), 0);
    CHECK_EQ(OFF(f, 3, 0xFFFF, BIG), 2);
    CHECK_EQ(OFF(f, 4, 0xFFFF, BIG), 2);
    CHECK_EQ(OFF(f, 5, 0xFFFF, BIG), 4);
    /* 0x10000 is not a 16-bit fraction: System V keeps the low 16 bits, 0 = off */
    CHECK_EQ(OFF(f, 4, 0x10000, BIG), -1);
    /* 0x8000: 4 bytes per counter; 0x4000 (cc -qp's default): 8 bytes */
    CHECK_EQ(OFF(f, 3, 0x8000, BIG), 0);
    CHECK_EQ(OFF(f, 4, 0x8000, BIG), 2);
    CHECK_EQ(OFF(f, 7, 0x4000, BIG), 0);
    CHECK_EQ(OFF(f, 8, 0x4000, BIG), 2);
    /* 2 (1/32768, the minimum that profiles): 65536 bytes per counter */
    CHECK_EQ(OFF(f, 0xFFFF, 2, BIG), 0);
    CHECK_EQ(OFF(f, 0x10000, 2, BIG), 2);
    /* pc below offset */
    CHECK_EQ(prof_unix_counter_offset(f, 0xFFFF, 0x10000, 0x8000, BIG), -1);
    /* the counter must lie wholly inside the buffer: bufsiz 4 = counters 0 and 1; 5 the same */
    CHECK_EQ(OFF(f, 7, 0x8000, 4), 2);
    CHECK_EQ(OFF(f, 8, 0x8000, 4), -1);
    CHECK_EQ(OFF(f, 8, 0x8000, 5), -1);
    CHECK_EQ(OFF(f, 8, 0x8000, 6), 4);
    CHECK_EQ(OFF(f, 0, 0x8000, 1), -1);
}

static void test_osf(void) {
    const ProfUnixFlavour f = PROF_UNIX_OSF;
    CHECK_EQ(OFF(f, 0, 0, BIG), -1);
    CHECK_EQ(OFF(f, 0, 1, BIG), -1);
    /* 0x10000: the range as long as the buffer, 2 bytes per counter */
    CHECK_EQ(OFF(f, 1, 0x10000, BIG), 0);
    CHECK_EQ(OFF(f, 2, 0x10000, BIG), 2);
    CHECK_EQ(OFF(f, 0xFFFFF - 0x10000, 0x10000, BIG), 0xEFFFE);
    CHECK_EQ(OFF(f, 3, 0xFFFF, BIG), 2);
    CHECK_EQ(OFF(f, 4, 0x8000, BIG), 2);
    CHECK_EQ(OFF(f, 8, 0x4000, BIG), 2);
    /* 2: "maps all instructions onto the beginning of the short_buffer" */
    CHECK_EQ(OFF(f, 0, 2, BIG), 0);
    CHECK_EQ(OFF(f, 0xEFFFF, 2, BIG), 0);
    CHECK_EQ(prof_unix_counter_offset(f, 5, 6, 2, BIG), -1); /* still not below offset */
    CHECK_EQ(OFF(f, 0, 2, 1), -1);                           /* nor without a whole counter */
    CHECK_EQ(OFF(f, 4, 0x10000, 4), -1);
    CHECK_EQ(OFF(f, 3, 0x10000, 4), 2);
}

static void test_bsd_linux(void) {
    for (int k = 0; k < 2; k++) {
        ProfUnixFlavour f = k ? PROF_UNIX_LINUX : PROF_UNIX_BSD;
        CHECK_EQ(OFF(f, 0, 0, BIG), -1);
        /* scale 1: 4.4BSD profiles ("ranges from 1 to 65536", only 0 disables); Linux: < 2 off */
        CHECK_EQ(OFF(f, 0x1FFFF, 1, BIG), f == PROF_UNIX_BSD ? 0 : -1);
        CHECK_EQ(OFF(f, 0x20000, 1, BIG), f == PROF_UNIX_BSD ? 2 : -1);
        /* [(pc - offset) / 2] * scale / 65536 */
        CHECK_EQ(OFF(f, 1, 0x10000, BIG), 0);
        CHECK_EQ(OFF(f, 2, 0x10000, BIG), 2);
        CHECK_EQ(OFF(f, 2, 0xFFFF, BIG), 0);   /* 1 * 65535 / 65536 */
        CHECK_EQ(OFF(f, 4, 0xFFFF, BIG), 2);
        CHECK_EQ(OFF(f, 3, 0x8000, BIG), 0);
        CHECK_EQ(OFF(f, 4, 0x8000, BIG), 2);
        CHECK_EQ(OFF(f, 7, 0x4000, BIG), 0);
        CHECK_EQ(OFF(f, 8, 0x4000, BIG), 2);
        CHECK_EQ(OFF(f, 0xFFFF, 2, BIG), 0);
        CHECK_EQ(OFF(f, 0x10000, 2, BIG), 2);
        CHECK_EQ(prof_unix_counter_offset(f, 0, 1, 0x10000, BIG), -1);
        CHECK_EQ(OFF(f, 2, 0x10000, 4), 2);
        CHECK_EQ(OFF(f, 4, 0x10000, 4), -1);
        CHECK_EQ(OFF(f, 0, 0x10000, 0), -1);
        CHECK(!prof_unix_enabled(f, 0x10000, 0));
    }
}

static void test_buffer(void) {
    char err[256];
    ProfUnix u;
    CHECK(!prof_unix_init(&u, PROF_UNIX_SYSV, 16, 0, 0x10000, err, sizeof err));
    CHECK_STR_CONTAINS(err, "16-bit");
    CHECK(!prof_unix_init(&u, PROF_UNIX_BSD, 16, 0, 0x10001, err, sizeof err));
    CHECK_STR_CONTAINS(err, "at most 0x10000");
    CHECK(prof_unix_init(&u, PROF_UNIX_SYSV, 7, 0x100, 0x8000, err, sizeof err));
    prof_unix_tick(&u, 0x0FF);  /* below offset */
    prof_unix_tick(&u, 0x100);  /* counter 0 */
    prof_unix_tick(&u, 0x103);  /* counter 0 */
    prof_unix_tick(&u, 0x10B);  /* counter 2 */
    prof_unix_tick(&u, 0x10C);  /* counter 3: bytes 6-7, past a 7-byte buffer */
    CHECK_EQ(u.ticks, 5);
    CHECK_EQ(u.counted, 3);
    ProfBuf b = {0};
    CHECK(prof_unix_encode(&u, &b));
    const uint8_t want[7] = {2, 0, 0, 0, 1, 0, 0};
    CHECK_EQ(b.len, 7);
    CHECK(!memcmp(b.data, want, 7));
    prof_buf_free(&b);
    /* 16-bit counters wrap */
    for (int k = 0; k < 65535; k++) prof_unix_tick(&u, 0x104);
    CHECK(prof_unix_encode(&u, &b));
    CHECK_EQ((uint8_t)b.data[2], 0xFF);
    CHECK_EQ((uint8_t)b.data[3], 0xFF);
    prof_buf_free(&b);
    prof_unix_tick(&u, 0x104);
    CHECK_EQ(u.buf[2] | u.buf[3] << 8, 0);
    prof_unix_free(&u);

    /* off: the buffer stays as it was (zero) */
    CHECK(prof_unix_init(&u, PROF_UNIX_LINUX, 8, 0, 1, err, sizeof err));
    prof_unix_tick(&u, 0);
    CHECK_EQ(u.counted, 0);
    prof_unix_free(&u);
}

static void test_ranges(void) {
    char err[256];
    ProfUnix u;
    /* decreasing lowpc, as OSF/1 requires */
    ProfUnixRange r[3] = {
        {0x20000, 0x20100, 0x20000, 0x10000}, /* 0x100 bytes, 4 per 32-bit counter: 64 counters */
        {0x10000, 0x10040, 0x10000, 0x8000},  /* 8 bytes per counter: 8 counters */
        {0x04100, 0x04200, 0x04000, 2},       /* scale 2: one counter */
    };
    CHECK(prof_unix_init_ranges(&u, r, 3, err, sizeof err));
    CHECK_EQ(u.ncount[0], 64);
    CHECK_EQ(u.ncount[1], 8);
    CHECK_EQ(u.ncount[2], 1);
    prof_unix_tick(&u, 0x200FF);  /* range 0, counter 63 */
    prof_unix_tick(&u, 0x20100);  /* highpc is outside */
    prof_unix_tick(&u, 0x20000);  /* counter 0 */
    prof_unix_tick(&u, 0x10007);  /* range 1, counter 0 */
    prof_unix_tick(&u, 0x10008);  /* counter 1 */
    prof_unix_tick(&u, 0x10040);  /* between ranges */
    prof_unix_tick(&u, 0x041FF);  /* range 2 */
    prof_unix_tick(&u, 0x04100);
    prof_unix_tick(&u, 0x040FF);  /* below lowpc (though above offset) */
    prof_unix_tick(&u, 0x00000);
    prof_unix_tick(&u, 0xFFFFF);
    CHECK_EQ(u.ticks, 11);
    CHECK_EQ(u.counted, 6);
    CHECK_EQ(u.count[0][63], 1);
    CHECK_EQ(u.count[0][0], 1);
    CHECK_EQ(u.count[1][0], 1);
    CHECK_EQ(u.count[1][1], 1);
    CHECK_EQ(u.count[2][0], 2);
    ProfBuf b = {0};
    CHECK(prof_unix_encode(&u, &b));
    CHECK_EQ(b.len, 4 * (64 + 8 + 1));
    CHECK_EQ((uint8_t)b.data[0], 1);
    CHECK_EQ((uint8_t)b.data[63 * 4], 1);
    CHECK_EQ((uint8_t)b.data[64 * 4 + 4], 1);
    CHECK_EQ((uint8_t)b.data[72 * 4], 2);
    prof_buf_free(&b);
    prof_unix_free(&u);

    /* bad input */
    ProfUnixRange up[2] = {{0x100, 0x200, 0x100, 0x10000}, {0x300, 0x400, 0x300, 0x10000}};
    CHECK(!prof_unix_init_ranges(&u, up, 2, err, sizeof err));
    CHECK_STR_CONTAINS(err, "decreasing lowpc");
    prof_unix_free(&u);
    ProfUnixRange ov[2] = {{0x300, 0x400, 0x300, 0x10000}, {0x200, 0x301, 0x200, 0x10000}};
    CHECK(!prof_unix_init_ranges(&u, ov, 2, err, sizeof err));
    CHECK_STR_CONTAINS(err, "overlaps range 1");
    prof_unix_free(&u);
    ProfUnixRange touch[2] = {{0x300, 0x400, 0x300, 0x10000}, {0x200, 0x300, 0x200, 0x10000}};
    CHECK(prof_unix_init_ranges(&u, touch, 2, err, sizeof err));
    prof_unix_free(&u);
    ProfUnixRange empty = {0x300, 0x300, 0x300, 0x10000};
    CHECK(!prof_unix_init_ranges(&u, &empty, 1, err, sizeof err));
    CHECK_STR_CONTAINS(err, "not below highpc");
    ProfUnixRange off = {0x300, 0x400, 0x301, 0x10000};
    CHECK(!prof_unix_init_ranges(&u, &off, 1, err, sizeof err));
    CHECK_STR_CONTAINS(err, "offset 0x301 is above lowpc");
    ProfUnixRange sc = {0x300, 0x400, 0x300, 0x10001};
    CHECK(!prof_unix_init_ranges(&u, &sc, 1, err, sizeof err));
    CHECK_STR_CONTAINS(err, "scale 0x10001");
    CHECK(!prof_unix_init_ranges(&u, r, 0, err, sizeof err));
    CHECK_STR_CONTAINS(err, "1 to 64");
    ProfUnixRange many[65];
    for (int i = 0; i < 65; i++) many[i] = (ProfUnixRange){(uint32_t)(65 - i) * 16, (uint32_t)(65 - i) * 16 + 8, (uint32_t)(65 - i) * 16, 0x10000};
    CHECK(prof_unix_init_ranges(&u, many, 64, err, sizeof err));
    prof_unix_tick(&u, 2 * 16 + 7);
    CHECK_EQ(u.count[63][1], 1);
    prof_unix_tick(&u, 65 * 16);
    CHECK_EQ(u.count[0][0], 1);
    prof_unix_free(&u);
    CHECK(!prof_unix_init_ranges(&u, many, 65, err, sizeof err));
    /* scale 0 or 1: that range is off, no counters */
    ProfUnixRange z = {0x300, 0x400, 0x300, 1};
    CHECK(prof_unix_init_ranges(&u, &z, 1, err, sizeof err));
    prof_unix_tick(&u, 0x300);
    CHECK_EQ(u.counted, 0);
    CHECK_EQ(u.ncount[0], 0);
    prof_unix_free(&u);
}

static void test_sampler(void) {
    char err[256];
    ProfPrfSetup s = {0x0400, false, 256, 0, 0x0100, 1000, 1};
    ProfPrf p;
    ProfUnix u;
    CHECK(prof_prf_init(&p, &s, err, sizeof err));
    CHECK(prof_unix_init(&u, PROF_UNIX_BSD, 0x200, 0x100, 0x10000, err, sizeof err));
    ProfSampler sm = {&p, &u, PROF_PC_IP, 0, NULL};
    prof_sampler_tick(&sm, 0x0400, 0x0102);
    CHECK_EQ(sm.ticks, 1);
    CHECK_EQ(p.bucket[0], 1);
    CHECK_EQ(u.buf[2], 1);          /* IP 0102 - 0100 = 2: counter 1 */
    sm.pc_mode = PROF_PC_LINEAR;    /* 04102 is far above the 0x200-byte buffer */
    prof_sampler_tick(&sm, 0x0400, 0x0102);
    CHECK_EQ(u.counted, 1);
    /* A batch is the same as its ticks one by one, in every histogram. */
    {
        ProfPrf p1, p2;
        ProfUnix u1, u2;
        ProfPrfSetup s3 = {0x0400, false, 3000, 0, 0x0100, 1000, 3};
        CHECK(prof_prf_init(&p1, &s3, err, sizeof err) && prof_prf_init(&p2, &s3, err, sizeof err));
        CHECK(prof_unix_init(&u1, PROF_UNIX_BSD, 0x4000, 0x100, 0x8000, err, sizeof err));
        CHECK(prof_unix_init(&u2, PROF_UNIX_BSD, 0x4000, 0x100, 0x8000, err, sizeof err));
        ProfSampler one = {&p1, &u1, PROF_PC_LINEAR, 0, NULL}, batch = {&p2, &u2, PROF_PC_LINEAR, 0, NULL};
        ProfCsIp smp[40];
        uint32_t x = 12345;
        for (unsigned i = 0; i < 40; i++) {
            x = x * 1103515245u + 12345u;
            smp[i] = (ProfCsIp){(uint16_t)(i % 5 == 0 ? 0x0040 : i % 7 == 0 ? 0x9000 : 0x0400 + (x >> 28)),
                                (uint16_t)(x >> 8)};
            prof_sampler_tick(&one, smp[i].cs, smp[i].ip);
        }
        prof_sampler_ticks(&batch, smp, 17);
        prof_sampler_ticks(&batch, smp + 17, 23);
        CHECK_EQ(batch.ticks, 40);
        CHECK(!memcmp(&p1.h, &p2.h, sizeof p1.h) && !memcmp(p1.bucket, p2.bucket, 2u * p1.h.bucket_num));
        CHECK(p1.h.hit_io > 0 && p1.h.hit_high > 0);
        CHECK(u1.counted == u2.counted && u1.counted > 0 && !memcmp(u1.buf, u2.buf, u1.bufsiz));
        prof_unix_free(&u1);
        prof_unix_free(&u2);
        prof_prf_free(&p1);
        prof_prf_free(&p2);
    }
    CHECK_EQ(prof_pc_of(PROF_PC_LINEAR, 0xFFFF, 0x0010), 0);  /* 20-bit wrap */
    CHECK_EQ(prof_pc_of(PROF_PC_LINEAR, 0x1234, 0x0005), 0x12345);
    prof_unix_free(&u);
    prof_prf_free(&p);

    ProfUnixFlavour f;
    CHECK(prof_unix_flavour_parse("osf", &f) && f == PROF_UNIX_OSF);
    CHECK(!prof_unix_flavour_parse("aix", &f));
    CHECK(!strcmp(prof_unix_flavour_name(PROF_UNIX_LINUX), "linux"));
}

int main(void) {
    test_sysv();
    test_osf();
    test_bsd_linux();
    test_buffer();
    test_ranges();
    test_sampler();
    return check_done("test_unix");
}
