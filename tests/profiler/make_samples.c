/* Writes the sample .PRF files the golden report tests read: ticks from a fixed generator
 * into the header PROFIL would have computed for sample.asm (.COM, 933 bytes, 1-paragraph
 * buckets) and for the .EXE of data/sample_exe.map (4 pages, 4-paragraph buckets). */
#include "profiler.h"

#include <stdio.h>
#include <stdlib.h>

static uint32_t seed = 12345;
static uint32_t next(uint32_t n) {
    seed = seed * 1103515245u + 12345u;
    return (seed >> 8) % n;
}

/* Weighted regions: [from, to) offsets in the code segment, with a weight. */
typedef struct Region {
    uint16_t cs;
    uint16_t from, to;
    unsigned weight;
} Region;

static bool make(const char *path, const ProfPrfSetup *s, const Region *r, int nr, int ticks) {
    char err[512];
    ProfPrf p;
    if (!prof_prf_init(&p, s, err, sizeof err)) {
        fprintf(stderr, "make_samples: %s\n", err);
        return false;
    }
    unsigned total = 0;
    for (int i = 0; i < nr; i++) total += r[i].weight;
    for (int t = 0; t < ticks; t++) {
        uint32_t w = next(total);
        int i = 0;
        while (w >= r[i].weight) w -= r[i++].weight;
        prof_prf_tick(&p, r[i].cs, (uint16_t)(r[i].from + next((uint32_t)(r[i].to - r[i].from))));
    }
    bool ok = prof_prf_write(&p, path, err, sizeof err);
    if (!ok) fprintf(stderr, "make_samples: %s\n", err);
    prof_prf_free(&p);
    return ok;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: make_samples COM.PRF EXE.PRF\n");
        return 2;
    }
    ProfPrfSetup com = {0x0400, false, 933, 0, 0x0100, 1000, 1};
    const Region rc[] = {
        {0x0400, 0x0103, 0x0110, 30},   /* main_loop */
        {0x0400, 0x0110, 0x016F, 500},  /* compute */
        {0x0400, 0x016F, 0x02A2, 200},  /* print_num */
        {0x0400, 0x02A2, 0x0300, 60},   /* copy_block */
        {0x0100, 0x0000, 0x0200, 120},  /* DOS */
        {0x0070, 0x0000, 0x0100, 40},   /* I/O */
        {0xF000, 0xE000, 0xF000, 10},   /* ROM: high */
    };
    ProfPrfSetup exe = {0x0400, true, 0, 4, 0x0100, 500, 4};
    const Region re[] = {
        {0x0410, 0x0010, 0x0120, 80},   /* _main */
        {0x0410, 0x0120, 0x01E0, 400},  /* _compute */
        {0x0410, 0x01E0, 0x0250, 150},  /* _print_num */
        {0x0100, 0x0000, 0x0200, 90},
        {0x0070, 0x0000, 0x0100, 20},
    };
    if (!make(argv[1], &com, rc, 7, 4000)) return 1;
    if (!make(argv[2], &exe, re, 5, 3000)) return 1;
    return 0;
}
