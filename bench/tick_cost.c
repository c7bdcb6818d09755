/* The profiler's cost on the host: per tick of the sampler (.PRF + a System V profil(2)
 * buffer, random CS:IP) and per instruction fed to the exact collector (one call per 64
 * instructions). A measurement, printed, not a test: run by bench/run.sh.
 *   bench_tick_cost [N]     (N ticks and instructions; default 5,000,000) */
#include "profiler.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    const int n = argc > 1 ? atoi(argv[1]) : 5000000;
    if (n <= 0) {
        fprintf(stderr, "usage: bench_tick_cost [N]\n");
        return 2;
    }
    char err[256];
    ProfPrfSetup setup = {0x0400, false, 60000, 0, 0x0100, 1000, 1};
    ProfPrf p;
    ProfUnix u;
    if (!prof_prf_init(&p, &setup, err, sizeof err) ||
        !prof_unix_init(&u, PROF_UNIX_SYSV, 0x10000, 0x4100, 0x8000, err, sizeof err)) {
        fprintf(stderr, "bench_tick_cost: %s\n", err);
        return 1;
    }
    ProfSampler s = {&p, &u, PROF_PC_LINEAR, 0, NULL};
    double t0 = seconds();
    uint32_t x = 1;
    for (int i = 0; i < n; i++) {
        x = x * 1103515245u + 12345u;
        prof_sampler_tick(&s, (uint16_t)(0x0300 + ((x >> 20) & 0x3FF)), (uint16_t)(x >> 4));
    }
    printf("per-tick cost (PRF + System V profil, random CS:IP): %.1f ns\n", (seconds() - t0) * 1e9 / n);
    prof_unix_free(&u);
    prof_prf_free(&p);

    ProfExact *e = prof_exact_new(0x0400, 0x0100);
    if (!e) return 1;
    t0 = seconds();
    for (int i = 0; i < n; i++) {
        if ((i & 63) == 0) prof_exact_call(e, 0x0400, 0x0100, 0x0400, (uint16_t)(0x200 + (i >> 6 & 0xF0)), 0x0400, 0x0103, PROF_CALL_NEAR);
        prof_exact_insn(e, 0x0400, (uint16_t)(0x200 + (i & 0x1FF)), 4);
        if ((i & 63) == 63) prof_exact_ret(e, 0x0400, 0x0103);
    }
    printf("exact collector cost per instruction (1 call per 64): %.1f ns\n", (seconds() - t0) * 1e9 / n);
    prof_exact_free(e);
    return 0;
}
