/* Fuzz target: the exact model's block cache changes nothing but the speed. Arbitrary bytes as
 * code and initial state (as fuzz_cpu.c), run by two CPUs of the exact model, one with the
 * cache and one without, through emu_cpu_run with deadlines at intervals the input chooses; the
 * code is run three times from its start (memory as the previous pass left it), so that the
 * cache replays what it recorded, and whatever the code does to itself, its stack or the
 * queue. After every run both must agree on the clock, the registers, the flags, the count of
 * instructions and the run's result, and at the end on every byte of memory. The cache is
 * kept from one input to the next, as it would be in a long run: its blocks must not be
 * replayed where the code or the state no longer fits them. For a quarter of the inputs it is
 * emptied after every other pass, as where DOS loads another program. */
#include "fuzz.h"
#include "emu.h"
#include "cpu/state.h" /* (white-box: the CPU's whole state) */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_cpu_setup.h"

#define PASS_CLOCKS 30000

static void fail(const char *what, int pass, const EmuCore *x, const EmuCore *y) {
    char sx[200], sy[200];
    emu_cpu_format_state(x, sx, sizeof sx);
    emu_cpu_format_state(y, sy, sizeof sy);
    fprintf(stderr, "block cache: %s differs (pass %d):\n cache    %s cycles %llu insns %llu\n no cache %s cycles %llu insns %llu\n",
            what, pass, sx, (unsigned long long)x->cycles, (unsigned long long)x->instructions, sy,
            (unsigned long long)y->cycles, (unsigned long long)y->instructions);
    abort();
}

static void *cache; /* kept across inputs */

/* After a run of both CPUs: the same result, clock, count and state. */
static void same_after_run(EmuRunResult rx, EmuRunResult ry, int pass, const EmuCore *x, const EmuCore *y) {
    if (rx != ry) fail("the run's result", pass, x, y);
    if (x->cycles != y->cycles || x->instructions != y->instructions) fail("the clock", pass, x, y);
    if (memcmp(&x->r, &y->r, sizeof x->r) || memcmp(x->sreg, y->sreg, sizeof x->sreg) || x->ip != y->ip ||
        x->flags != y->flags || x->halted != y->halted || x->in_rep != y->in_rep)
        fail("the state", pass, x, y);
}

/* Light events (EmuCore.light, as the machine's profiling ticks): at each deadline the state
 * seen there goes into a signature, and the next deadline is set from the input's bytes; now
 * and then the event is declined (the run then returns, and the loop below takes it). The CPU
 * with the cache meets most of them inside its run; both must see the same states. */
typedef struct Events {
    const uint8_t *data;
    size_t size;
    unsigned k;
    uint64_t sig, n;
} Events;

static unsigned next_step(Events *ev) {
    const unsigned step = 1 + (ev->size ? (unsigned)ev->data[ev->k % ev->size] * 2u + (ev->k & 1) : 97u);
    ev->k++;
    return step;
}

static int declines(const Events *ev) { return (ev->k * 7 + ev->n) % 11 == 0; }

static void take_event(Events *ev, EmuCore *c) {
    uint64_t h = ev->sig ^ c->cycles;
    const uint64_t v[] = {c->instructions, c->sreg[EMU_CS], c->ip, c->flags, c->in_rep, c->insn_cs, c->insn_ip,
                          c->inhibit, c->r.w[0] | (uint64_t)c->r.w[1] << 16 | (uint64_t)c->r.w[2] << 32 | (uint64_t)c->r.w[3] << 48,
                          c->r.w[4] | (uint64_t)c->r.w[5] << 16 | (uint64_t)c->r.w[6] << 32 | (uint64_t)c->r.w[7] << 48};
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) h = (h ^ v[i]) * 0x100000001B3ull;
    ev->sig = h;
    ev->n++;
    c->deadline = c->light_at = c->cycles + next_step(ev);
    /* the next one declined (light's rule below): light_hard says so in advance */
    c->light_hard = declines(ev) ? c->deadline : UINT64_MAX;
}

static void light(void *ctx, EmuCore *c) {
    Events *ev = ctx;
    if (declines(ev)) {
        c->deadline = c->cycles; /* declined: the run returns, the caller takes it */
        c->light_at = UINT64_MAX;
        ev->k++;
        return;
    }
    take_event(ev, c);
}

/* Run until an event is declined (or the run ends otherwise), meeting the others as the
 * machine would: those the run returns for by calling light() itself. */
static EmuRunResult run_events(EmuCore *c, Events *ev) {
    for (;;) {
        const EmuRunResult r = emu_cpu_run(c);
        if (r != EMU_RUN_DEADLINE || c->cycles < c->deadline || c->light_at == UINT64_MAX) return r;
        light(ev, c);
        if (c->light_at == UINT64_MAX) return r;
    }
}

/* Sampling ticks (EmuCore.sample_rule, as the machine's profiler's): every `every` clocks,
 * sampled by the IRQ or the EXEC rule. The CPU with the cache takes most of them itself, into
 * samples[] (flushed to sm_flush), and hands the rest to light; the other returns for each, and
 * the loop below takes it as the machine would (by the IRQ rule a sample waits, the CPU then
 * stepping, while IF=0 or in a shadow). Now and then something else is due (`rest`, from the
 * input's bytes): the runs return for it. Both must take the same samples in the same order. */
typedef struct Sampling {
    const uint8_t *data;
    size_t size;
    unsigned k;
    uint8_t rule, retry;
    uint32_t every;
    uint64_t at, rest, rests, sig, n;
} Sampling;

static void sm_take(Sampling *sm, uint16_t cs, uint16_t ip) {
    sm->sig = (sm->sig ^ ((uint64_t)cs << 16 | ip)) * 0x100000001B3ull;
    sm->n++;
}

static void sm_flush(void *ctx, EmuCore *c) {
    Sampling *sm = ctx;
    for (unsigned i = 0; i < c->sample_n; i++) sm_take(sm, c->samples[i].cs, c->samples[i].ip);
    sm->at += (uint64_t)sm->every * c->sample_n;
    c->sample_n = 0;
}

/* one tick's sample (the machine's sample_tick): false if it must wait */
static int sm_sample(Sampling *sm, const EmuCore *c) {
    if (sm->rule == EMU_SAMPLE_EXEC) sm_take(sm, c->insn_cs, c->insn_ip);
    else if ((c->flags & EMU_FLAG_IF) && !c->inhibit)
        sm_take(sm, c->sreg[EMU_CS], c->in_rep ? (uint16_t)(c->ip - 2) : c->ip);
    else return 0;
    return 1;
}

/* what is due by now (the machine's process_events) */
static void sm_events(Sampling *sm, const EmuCore *c) {
    if (sm->retry) sm->retry = !sm_sample(sm, c);
    while (sm->at <= c->cycles) {
        if (!sm->retry) sm->retry = !sm_sample(sm, c);
        sm->at += sm->every;
    }
    if (sm->rest <= c->cycles) {
        sm->rest = c->cycles + 1 + (uint64_t)sm->data[sm->k++ % sm->size] * 16u;
        sm->rests++;
    }
}

/* the next deadline (the machine's set_deadline) */
static void sm_schedule(const Sampling *sm, EmuCore *c) {
    c->sample_rule = 0;
    c->light_at = UINT64_MAX;
    c->light_hard = 0;
    if (sm->retry) { /* (stepping until the sample can be taken) */
        c->deadline = c->cycles;
        return;
    }
    c->light_hard = c->deadline = sm->rest;
    if (sm->at < sm->rest) {
        c->light_at = c->deadline = sm->at;
        c->sample_rule = sm->rule;
        c->sample_every = sm->every;
        c->sample_rest = sm->rest;
    }
}

/* EmuCore.light (the machine's light_events): declined where the rest is due */
static void sm_light(void *ctx, EmuCore *c) {
    Sampling *sm = ctx;
    if (c->sample_n) sm_flush(sm, c);
    if (c->cycles >= sm->rest) {
        c->deadline = c->cycles;
        c->light_at = UINT64_MAX;
        return;
    }
    sm_events(sm, c);
    sm_schedule(sm, c);
}

/* The machine's run loop, up to the first return for the rest at or after `until`. */
static EmuRunResult sm_run(EmuCore *c, Sampling *sm, uint64_t until) {
    for (;;) {
        sm_schedule(sm, c);
        if (c->deadline <= c->cycles) c->force_step = 1;
        const EmuRunResult r = emu_cpu_run(c);
        if (c->sample_n) abort(); /* (flushed before the run returns) */
        if (r == EMU_RUN_HALT_FOREVER) return r;
        const uint64_t rests = sm->rests;
        sm_events(sm, c);
        if (sm->rests != rests && c->cycles >= until) return r;
    }
}

static void free_cache(void) {
    EmuCore t;
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
    EmuCore x, y;
    setup(&x, mx, data, size, EMU_TIMING_EXACT, 0);
    setup(&y, my, data, size, EMU_TIMING_EXACT, 0);
    x.fast = cache;
    if (!emu_cpu_set_block_cache(&x, true)) abort();
    cache = x.fast;
    const uint16_t ip0 = x.ip;
    unsigned k = 0;
    /* passes 0-2: plain deadlines; 3-5 (for half the inputs): light events */
    const int light_passes = size > 0 && (data[0] & 1);
    /* (for a quarter of the inputs, the blocks dropped after every other pass, as where EXEC
     * loads another program: emu_cpu_code_replaced) */
    const int drops = size > 0 && (data[0] & 0x30) == 0x30;
    Events ex, ey; /* with the cache, without */
    for (int pass = 0; pass < (light_passes ? 6 : 3); pass++) {
        const uint64_t until = x.cycles + PASS_CLOCKS;
        if (pass == 3) {
            ex = ey = (Events){data, size, k, 0, 0};
            x.light = light;
            x.ctx = &ex;
            x.deadline = x.light_at = x.cycles + next_step(&ex);
            y.deadline = y.light_at = y.cycles + next_step(&ey);
            x.light_hard = declines(&ex) ? x.deadline : UINT64_MAX;
        }
        while (x.cycles < until) {
            EmuRunResult rx, ry;
            if (pass < 3) {
                /* the next deadline: 1 to 512 clocks on, from the input's bytes */
                const unsigned step = 1 + (size ? (unsigned)data[k % size] * 2u + (k & 1) : 97u);
                k++;
                x.deadline = y.deadline = x.cycles + step;
                rx = emu_cpu_run(&x);
                ry = emu_cpu_run(&y);
            } else {
                rx = run_events(&x, &ex);
                ry = run_events(&y, &ey);
                if (x.cycles >= x.deadline) take_event(&ex, &x); /* (declined) */
                if (y.cycles >= y.deadline) take_event(&ey, &y);
                if (ex.sig != ey.sig || ex.n != ey.n) fail("a state seen by a light event", pass, &x, &y);
            }
            same_after_run(rx, ry, pass, &x, &y);
            if (rx == EMU_RUN_HALT_FOREVER) break;
        }
        emu_cpu_jump(&x.cpu, 0x1000, ip0);
        emu_cpu_jump(&y.cpu, 0x1000, ip0);
        if (drops && (pass & 1)) emu_cpu_code_replaced(&x.cpu);
    }
    /* passes 6-8 (for half the inputs): sampling ticks, by the rule and every so many clocks
     * (1 to 128, times 1, 4, 16 or 64) the input's second and first bytes say */
    if (size > 1 && (data[0] & 2)) {
        const uint32_t every = (1u + (data[1] >> 1)) << ((data[0] >> 2 & 3) * 2);
        Sampling sx = {data, size, k, data[1] & 1 ? EMU_SAMPLE_EXEC : EMU_SAMPLE_IRQ, 0, every, 0, 0, 0, 0, 0};
        sx.at = x.cycles + sx.every;
        sx.rest = x.cycles + 1 + (uint64_t)data[k % size] * 16u;
        Sampling sy = sx;
        x.light = sm_light;
        x.ctx = &sx;
        x.sample_flush = sm_flush;
        for (int pass = 6; pass < 9; pass++) {
            const uint64_t until = x.cycles + PASS_CLOCKS;
            const EmuRunResult rx = sm_run(&x, &sx, until), ry = sm_run(&y, &sy, until);
            if (sx.sig != sy.sig || sx.n != sy.n) fail("the samples", pass, &x, &y);
            same_after_run(rx, ry, pass, &x, &y);
            emu_cpu_jump(&x.cpu, 0x1000, ip0);
            emu_cpu_jump(&y.cpu, 0x1000, ip0);
            if (drops && (pass & 1)) emu_cpu_code_replaced(&x.cpu);
        }
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
