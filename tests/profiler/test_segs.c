/* The exact profile's segments (profiler/exact_segs.c): passes counted per segment reach the
 * per-instruction table when settled, once; past their memory limit they are settled and
 * dropped (seg_gen changes) without losing a pass. */
#include "check.h"
#include "exact_internal.h"
#include "profiler.h"

static void fill(ExactSeg *g, uint32_t lin0, uint32_t clocks0) {
    for (uint32_t i = 0; i < g->n; i++) {
        g->site[i] = (ExactSegSite){lin0 + i * 2, clocks0 + i};
        g->sum += clocks0 + i;
    }
}

static void test_settle(void) {
    ProfExact *e = prof_exact_new(0x1000, 0);
    CHECK(e != NULL);
    const uint32_t fn = 0x1000u << 16 | 0x100;
    ExactSeg *g = exact_seg_new(e, fn, 3);
    CHECK(g && g->n == 3 && g->count == 0 && g->sum == 0);
    fill(g, 0x10100, 5); /* 5, 6, 7 clocks at 0x10100, 0x10102, 0x10104 */
    CHECK_EQ(g->sum, 18);
    g->count += 4;
    exact_settle(e);
    exact_settle(e); /* (nothing more) */
    CHECK_EQ(exact_insn_slot(e, fn, 0x10100)->cycles, 20);
    CHECK_EQ(exact_insn_slot(e, fn, 0x10102)->cycles, 24);
    CHECK_EQ(exact_insn_slot(e, fn, 0x10104)->cycles, 28);
    CHECK_EQ(exact_insn_slot(e, fn, 0x10104)->insns, 4);
    g->count++;
    exact_settle(e);
    CHECK_EQ(exact_insn_slot(e, fn, 0x10104)->cycles, 35);
    CHECK_EQ(exact_insn_slot(e, fn, 0x10104)->insns, 5);
    prof_exact_free(e);
}

static void test_drop(void) {
    ProfExact *e = prof_exact_new(0x1000, 0);
    CHECK(e != NULL);
    const uint32_t gen = e->seg_gen, fn = 0x2000u << 16;
    enum { SEGS = 60000, N = 32 }; /* about 16 MB of segments: more than are kept */
    for (uint32_t k = 0; k < SEGS; k++) {
        ExactSeg *g = exact_seg_new(e, fn, N);
        CHECK(g != NULL);
        if (!g) break;
        fill(g, 0x20000 + (k % 8) * 0x100, 1);
        g->count = 1 + k % 3;
    }
    CHECK(e->seg_gen != gen);
    exact_settle(e);
    uint64_t insns = 0, cycles = 0;
    for (uint32_t k = 0; k < 8; k++)
        for (uint32_t i = 0; i < N; i++) {
            const ExactInsn *s = exact_insn_slot(e, fn, 0x20000 + k * 0x100 + i * 2);
            insns += s->insns;
            cycles += s->cycles;
        }
    /* passes: 1, 2, 3 in turn (20,000 of each); a pass of a segment is N instructions of
     * 1..N clocks */
    CHECK_EQ(insns, (uint64_t)SEGS / 3 * 6 * N);
    CHECK_EQ(cycles, (uint64_t)SEGS / 3 * 6 * (N * (N + 1) / 2));
    prof_exact_free(e);
}

int main(void) {
    test_settle();
    test_drop();
    printf("%d checks, %d failed\n", check_count, check_failures);
    return check_failures != 0;
}
