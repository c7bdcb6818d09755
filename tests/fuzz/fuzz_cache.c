/* Fuzz target: the exact model's block cache changes nothing but the speed. Arbitrary bytes as
 * code and initial state (as fuzz_cpu.c), run by two CPUs of the exact model, one with the
 * cache and one without, through emu_cpu_run with deadlines at intervals the input chooses; the
 * code is run three times from its start (memory as the previous pass left it), so that the
 * cache replays what it recorded, and whatever the code does to itself, its stack or the
 * queue. After every run both must agree on the clock, the registers, the flags, the count of
 * instructions and the run's result, and at the end on every byte of memory. The cache is
 * kept from one input to the next, as it would be in a long run: its blocks must not be
 * replayed where the code or the state no longer fits them. */
#include "fuzz.h"
#include "emu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_cpu_setup.h"

#define PASS_CLOCKS 30000

static void fail(const char *what, int pass, const EmuCpu *x, const EmuCpu *y) {
    char sx[200], sy[200];
    emu_cpu_format_state(x, sx, sizeof sx);
    emu_cpu_format_state(y, sy, sizeof sy);
    fprintf(stderr, "block cache: %s differs (pass %d):\n cache    %s cycles %llu insns %llu\n no cache %s cycles %llu insns %llu\n",
            what, pass, sx, (unsigned long long)x->cycles, (unsigned long long)x->instructions, sy,
            (unsigned long long)y->cycles, (unsigned long long)y->instructions);
    abort();
}

static void *cache; /* kept across inputs */

static void free_cache(void) {
    EmuCpu t;
    memset(&t, 0, sizeof t);
    t.fast = cache;
    emu_cpu_set_block_cache(&t, false); /* (EMU86_FAST_STATS prints the counters then) */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static uint8_t *mx, *my;
    if (!mx) {
        mx = malloc(EMU_MEM_SIZE + 16);
        my = malloc(EMU_MEM_SIZE + 16);
        atexit(free_cache);
    }
    EmuCpu x, y;
    setup(&x, mx, data, size, EMU_TIMING_EXACT, 0);
    setup(&y, my, data, size, EMU_TIMING_EXACT, 0);
    x.fast = cache;
    if (!emu_cpu_set_block_cache(&x, true)) abort();
    cache = x.fast;
    const uint16_t ip0 = x.ip;
    unsigned k = 0;
    for (int pass = 0; pass < 3; pass++) {
        const uint64_t until = x.cycles + PASS_CLOCKS;
        while (x.cycles < until) {
            /* the next deadline: 1 to 512 clocks on, from the input's bytes */
            const unsigned step = 1 + (size ? (unsigned)data[k % size] * 2u + (k & 1) : 97u);
            k++;
            x.deadline = y.deadline = x.cycles + step;
            const EmuRunResult rx = emu_cpu_run(&x), ry = emu_cpu_run(&y);
            if (rx != ry) fail("the run's result", pass, &x, &y);
            if (x.cycles != y.cycles || x.instructions != y.instructions) fail("the clock", pass, &x, &y);
            if (memcmp(&x.r, &y.r, sizeof x.r) || memcmp(x.sreg, y.sreg, sizeof x.sreg) || x.ip != y.ip ||
                x.flags != y.flags || x.halted != y.halted || x.in_rep != y.in_rep)
                fail("the state", pass, &x, &y);
            if (rx == EMU_RUN_HALT_FOREVER) break;
        }
        emu_cpu_jump(&x, 0x1000, ip0);
        emu_cpu_jump(&y, 0x1000, ip0);
    }
    if (memcmp(mx, my, EMU_MEM_SIZE)) {
        uint32_t a = 0;
        while (mx[a] == my[a]) a++;
        fprintf(stderr, "block cache: memory differs at %05X: %02X %02X\n", a, mx[a], my[a]);
        abort();
    }
    x.fast = NULL; /* (kept for the next input) */
    return 0;
}
