/* MUL/DIV/AAM/AAD arithmetic of emu/cpu/muldiv.h (closed-form multiply, divide loop with its
 * flags computed once) against the microcode loops clock by clock (muldiv_ref.h): results,
 * every flag (the undefined ones included) and the clock count must agree. All byte operands
 * of MUL/IMUL and CORX, and random byte and word ones for the rest.
 *
 *   muldiv_check [word cases]
 */
#include "cpu/internal.h"

#include <stdio.h>
#include <stdlib.h>

static ALWAYS_INLINE void B_cycles(EmuCore *c, int n) { c->cycles += (uint64_t)n; }

#include "cpu/muldiv.h"
#include "muldiv_ref.h"

static uint64_t rng = 0x9E3779B97F4A7C15ull;
static uint32_t rnd(void) {
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)(rng >> 11);
}
static uint16_t rnd_flags(void) { return (uint16_t)(0xF002 | (rnd() & 0x0FD5)); }

static long bad;
static void report(const char *what, unsigned a, unsigned b, unsigned d, unsigned mode) {
    if (bad++ < 10) fprintf(stderr, "muldiv_check: %s differs for %X %X %X (mode %u)\n", what, a, b, d, mode);
}

static void check_mul(int w, uint16_t acc, uint16_t op, int s, int n) {
    EmuCore x = {0}, y = {0};
    x.flags = y.flags = rnd_flags();
    uint16_t h1, l1, h2, l2;
    do_mul(&x, w, acc, op, s, n, &h1, &l1);
    ref_do_mul(&y, w, acc, op, s, n, &h2, &l2);
    if (x.cycles != y.cycles || x.flags != y.flags || h1 != h2 || l1 != l2) report("mul", acc, op, 0, (unsigned)(w * 4 + s * 2 + n));
}

static void check_div(int w, uint16_t dh, uint16_t dl, uint16_t dv, int s, int n) {
    EmuCore x = {0}, y = {0};
    x.flags = y.flags = rnd_flags();
    uint16_t q1 = 0, r1 = 0, q2 = 0, r2 = 0;
    int o1 = do_div(&x, w, dh, dl, dv, s, n, &q1, &r1);
    int o2 = ref_do_div(&y, w, dh, dl, dv, s, n, &q2, &r2);
    if (o1 != o2 || x.cycles != y.cycles || x.flags != y.flags || q1 != q2 || r1 != r2)
        report("div", dh, dl, dv, (unsigned)(w * 4 + s * 2 + n));
}

static void check_cord(int w, uint16_t ta, uint16_t tc, uint16_t tb) {
    Alu a = {w ? 16u : 8u, (uint16_t)(w ? 0xFFFF : 0xFF), (uint16_t)(w ? 0x8000 : 0x80)};
    RefAlu ra = {a.bits, a.mask, a.msb};
    EmuCore x = {0}, y = {0};
    x.flags = y.flags = rnd_flags();
    uint16_t a1 = ta, a2 = ta, c1 = tc, c2 = tc;
    int cf1 = 0, cf2 = 0, k1 = 0, k2 = 0;
    int o1 = mc_cord(&x, &a, &a1, tb, &c1, &cf1, &k1), o2 = ref_mc_cord(&y, &ra, &a2, tb, &c2, &cf2, &k2);
    if (o1 != o2 || a1 != a2 || c1 != c2 || cf1 != cf2 || k1 != k2 || x.flags != y.flags) report("cord", ta, tc, tb, (unsigned)w);
}

int main(int argc, char **argv) {
    long words = argc > 1 ? atol(argv[1]) : 1000000;
    for (unsigned p = 0; p < 256; p++) {
        for (unsigned q = 0; q < 256; q++) {
            for (int m = 0; m < 4; m++) check_mul(0, (uint16_t)(p | (rnd() & 0xFF00)), (uint16_t)(q | (rnd() & 0xFF00)), m >> 1, m & 1);
            Alu a = {8, 0xFF, 0x80};
            RefAlu ra = {8, 0xFF, 0x80};
            for (int carry = 0; carry < 2; carry++) { /* AAD's use: any carry in */
                uint16_t ta1, ta2, tc1 = (uint16_t)p, tc2 = (uint16_t)p;
                int k1 = 0, k2 = 0;
                mc_corx(&a, (uint16_t)q, &ta1, &tc1, carry, &k1);
                ref_mc_corx(&ra, (uint16_t)q, &ta2, &tc2, carry, &k2);
                if (ta1 != ta2 || tc1 != tc2 || k1 != k2) report("corx", p, q, 0, (unsigned)carry);
            }
            for (int k = 0; k < 8; k++) {
                int m = (int)(rnd() & 3);
                check_div(0, (uint16_t)p, (uint16_t)q, (uint16_t)(rnd() & 0xFF), m >> 1, m & 1);
                check_cord(0, (uint16_t)p, (uint16_t)q, (uint16_t)(rnd() & 0xFF));
            }
        }
    }
    for (long i = 0; i < words; i++) {
        uint16_t x = (uint16_t)rnd(), y = (uint16_t)rnd(), z = (uint16_t)rnd();
        if (i & 1) z = (uint16_t)(z >> (rnd() & 15)); /* small divisors: quotients that fit */
        if (i & 2) x = (uint16_t)(x >> (rnd() & 15));
        int m = (int)(rnd() & 3);
        check_mul(1, x, y, m >> 1, m & 1);
        check_div(1, x, y, z, m >> 1, m & 1);
        check_cord(1, x, y, z);
    }
    /* divisors at the closed form's edge: half the range (top bit alone) and either side */
    for (int e = -1; e <= 1; e++)
        for (int k = 0; k < 2000; k++) {
            check_cord(0, (uint16_t)rnd(), (uint16_t)rnd(), (uint16_t)(0x80 + e));
            check_cord(1, (uint16_t)rnd(), (uint16_t)rnd(), (uint16_t)(0x8000 + e));
            check_cord(1, (uint16_t)(rnd() & 0x7FFF), (uint16_t)rnd(), (uint16_t)(0x8000 + e));
        }
    if (bad) {
        fprintf(stderr, "muldiv_check: %ld differences\n", bad);
        return 1;
    }
    printf("muldiv_check: closed forms and microcode loops agree\n");
    return 0;
}
