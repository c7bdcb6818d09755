/* The PC: memory, I/O port bus, PIT and PIC wiring, the event scheduler and the run loop. */
#include "pc/machine_internal.h"
#include "cache/sample_rule.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern const unsigned char emu_bios_rom[];
extern const unsigned int emu_bios_rom_size;

/* ---- time ---- */

uint64_t emu_machine_now(const EmuMachine *m) { return m->cpu.cycles * m->div; }
unsigned emu_machine_cpu_div(const EmuMachine *m) { return m->div; }
uint64_t emu_machine_instructions(const EmuMachine *m) { return m->cpu.instructions; }

/* First CPU clock at or after a master time. */
static uint64_t cycle_at(const EmuMachine *m, uint64_t master) {
    if (master == MACHINE_NEVER) return MACHINE_NEVER;
    return (master + m->div - 1) / m->div;
}

/* The timers or IRQ0 changed: what set_deadline found no longer holds (for light_events, and
 * for the CPU's taking of samples, which must not set a deadline past the new ones). */
static void sched_changed(EmuMachine *m) {
    m->sched_gen++;
    m->cpu.sample_rule = 0;
}

/* Recompute when OUT0 next rises, and pull the CPU's deadline in if needed. */
static void schedule_irq0(EmuMachine *m, uint64_t now_tick) {
    uint64_t t = pit_next_rise(&m->pit, 0, now_tick);
    m->irq0_due = t == PIT_NEVER ? MACHINE_NEVER : t * EMU_PIT_DIV;
    m->irq0_at = cycle_at(m, m->irq0_due);
    sched_changed(m);
    if (m->irq0_at < m->cpu.deadline) m->cpu.deadline = m->irq0_at;
}

static void update_intr(EmuMachine *m) { m->cpu.intr = (uint8_t)pic_intr(&m->pic); }

static void light_events(void *ctx, EmuCore *c);
static void sample_flush(void *ctx, EmuCore *c);

/* ---- I/O ports ---- */

/* CGA/MDA status: bit 0 display disabled (retrace), bit 3 vertical retrace. A line is 912
 * master clocks (15.7 kHz), of which 640 are displayed; a frame 262 lines, 200 displayed,
 * vertical retrace in lines 224-227. Derived from time, so polling loops are deterministic. */
static uint8_t video_status(const EmuMachine *m, uint64_t cycle) {
    uint64_t t = cycle * m->div;
    uint64_t line = (t / 912) % 262, dot = t % 912;
    uint8_t v = 0xF0;
    if (dot >= 640 || line >= 200) v |= 1;
    if (line >= 224 && line < 228) v |= 8;
    return v;
}

static uint8_t port_in(void *ctx, uint16_t port, uint64_t cycle) {
    EmuMachine *m = ctx;
    uint64_t tick = machine_tick(m, cycle);
    switch (port) {
    case 0x20: case 0x21: return pic_read(&m->pic, port);
    case 0x40: case 0x41: case 0x42: case 0x43: return pit_read(&m->pit, port, tick);
    case 0x60: return m->last_scan;
    case 0x61: {
        /* bit 4 toggles with DRAM refresh (every 18 PIT clocks), bit 5 is OUT2 */
        uint8_t v = (uint8_t)(m->port61 & 0x0F);
        if ((tick / 18) & 1) v |= 0x10;
        if (pit_out(&m->pit, 2, tick)) v |= 0x20;
        return v;
    }
    case 0x62: return pit_out(&m->pit, 2, tick) ? 0x20 : 0x00; /* PC PPI port C: OUT2 */
    case 0x64: return 0x14;                                    /* no data, not inhibited */
    case 0x3B5: return m->crtc[1][m->crtc_index[1] & 31];
    case 0x3D5: return m->crtc[0][m->crtc_index[0] & 31];
    case 0x3BA: case 0x3DA: return video_status(m, cycle);
    default: return 0xFF;
    }
}

static void port_out(void *ctx, uint16_t port, uint8_t v, uint64_t cycle) {
    EmuMachine *m = ctx;
    uint64_t tick = machine_tick(m, cycle);
    switch (port) {
    case 0x20: case 0x21:
        pic_write(&m->pic, port, v);
        update_intr(m);
        break;
    case 0x40: case 0x41: case 0x42: case 0x43:
        pit_write(&m->pit, port, v, tick);
        schedule_irq0(m, tick);
        break;
    case 0x61:
        m->port61 = v;
        pit_set_gate(&m->pit, 2, v & 1, tick);
        break;
    case 0x3B4: m->crtc_index[1] = v; break;
    case 0x3B5: m->crtc[1][m->crtc_index[1] & 31] = v; break;
    case 0x3D4: m->crtc_index[0] = v; break;
    case 0x3D5: m->crtc[0][m->crtc_index[0] & 31] = v; break;
    case 0x3D8: m->cga_mode = v; break;
    case 0x3D9: m->cga_color = v; break;
    default: break;
    }
}

static uint8_t int_ack(void *ctx) {
    EmuMachine *m = ctx;
    uint8_t v = pic_ack(&m->pic);
    update_intr(m);
    return v;
}

/* ---- services ---- */

static PendingCost *find_pending(EmuMachine *m, uint32_t lin) {
    for (int i = 0; i < MACHINE_MAX_PENDING; i++) {
        PendingCost *p = &m->pending[i];
        if (p->used && p->lin == lin && p->ss == m->cpu.sreg[EMU_SS] && p->sp == m->cpu.r.w[EMU_SP]) return p;
    }
    return NULL;
}

static uint32_t machine_trap(void *ctx, EmuCore *c, uint8_t svc, bool *again) {
    EmuMachine *m = ctx;
    uint16_t cs = c->sreg[EMU_CS], ip = (uint16_t)(c->ip - 2);
    uint32_t lin = emu_linear(cs, ip);
    PendingCost *p = find_pending(m, lin);
    uint32_t cost;
    if (p) {
        cost = p->remaining;
        p->used = 0;
    } else if (svc < 0x40) {
        cost = bios_service(m, svc);
    } else {
        cost = m->svc ? m->svc(m->svc_ctx, m, svc) : 0;
    }
    /* A service that moved CS:IP (a jump, a program start or end) spends its time at once. */
    if (cost > SERVICE_SLICE && c->sreg[EMU_CS] == cs && c->ip == (uint16_t)(ip + 2) &&
        m->end == EMU_END_NONE) {
        for (int i = 0; i < MACHINE_MAX_PENDING; i++) {
            PendingCost *q = &m->pending[i];
            if (!q->used) {
                q->used = 1;
                q->lin = lin;
                q->ss = c->sreg[EMU_SS];
                q->sp = c->r.w[EMU_SP];
                q->remaining = cost - SERVICE_SLICE;
                *again = true;
                return SERVICE_SLICE;
            }
        }
    }
    return cost;
}

/* The trap at CS:IP repeats for a pending cost: up to max of its slices of SERVICE_SLICE that
 * would come back with `again`, at once. */
static uint32_t machine_trap_repeat(void *ctx, EmuCore *c, uint32_t max) {
    EmuMachine *m = ctx;
    PendingCost *p = find_pending(m, emu_linear(c->sreg[EMU_CS], c->ip));
    if (!p || m->end != EMU_END_NONE) return 0;
    const uint32_t again = (p->remaining - 1) / SERVICE_SLICE; /* (the last, at most a slice, ends it) */
    const uint32_t n = again < max ? again : max;
    p->remaining -= n * SERVICE_SLICE;
    return n;
}

void emu_machine_set_service(EmuMachine *m, EmuService fn, void *ctx) {
    m->svc = fn;
    m->svc_ctx = ctx;
}

bool emu_machine_add_stub_region(EmuMachine *m, uint32_t lo, uint32_t hi) {
    return emu_cpu_add_hle_region(&m->cpu, lo, hi);
}

void emu_machine_set_boot(EmuMachine *m, EmuBoot fn, void *ctx) {
    m->boot = fn;
    m->boot_ctx = ctx;
}

/* ---- lifetime ---- */

EmuMachine *emu_machine_new(const EmuMachineConfig *cfg) {
    EmuMachine *m = calloc(1, sizeof *m);
    if (!m) return NULL;
    m->mem = calloc(1, EMU_MEM_SIZE + 16);
    if (!m->mem) {
        free(m);
        return NULL;
    }
    m->div = cfg && cfg->cpu_div ? cfg->cpu_div : EMU_CPU_DIV_DEFAULT;
    m->max_cycles = cfg ? cfg->max_cycles : 0;
    m->memory_kb = cfg && cfg->memory_kb ? cfg->memory_kb : 640;
    m->input_limit = cfg && cfg->input_limit ? cfg->input_limit : 16;
    emu_cpu_init(&m->cpu, m->mem, cfg ? cfg->timing : EMU_TIMING_EXACT);
    /* The exact model's block cache: the same clocks, faster (a failed allocation only costs
     * speed). */
    if (m->cpu.timing == EMU_TIMING_EXACT && !(cfg && cfg->no_block_cache))
        (void)emu_cpu_set_block_cache(&m->cpu, true);
    m->cpu.ctx = m;
    m->cpu.port_in = port_in;
    m->cpu.port_out = port_out;
    m->cpu.int_ack = int_ack;
    m->cpu.hle_trap = machine_trap;
    m->cpu.hle_repeat = machine_trap_repeat;
    m->cpu.light = light_events;
    m->cpu.sample_flush = sample_flush;
    m->cpu.light_at = MACHINE_NEVER;
    memcpy(m->mem + 0xF0000, emu_bios_rom, emu_bios_rom_size < 0x10000 ? emu_bios_rom_size : 0x10000);
    m->cpu.rom_start = EMU_ROM_BASE;
    emu_cpu_add_hle_region(&m->cpu, 0xF0000, 0x100000);
    pit_init(&m->pit);
    pic_init(&m->pic);
    input_init(&m->in);
    m->irq0_due = m->irq0_at = MACHINE_NEVER;
    return m;
}

void emu_machine_free(EmuMachine *m) {
    if (!m) return;
    input_free(&m->in);
    emu_cpu_set_block_cache(&m->cpu, false);
    free(m->mem);
    free(m);
}

EmuCpu *emu_machine_cpu(EmuMachine *m) { return &m->cpu.cpu; }
uint8_t *emu_machine_mem(EmuMachine *m) { return m->mem; }

void emu_machine_end(EmuMachine *m, EmuEnd why, int status, const char *msg) {
    if (m->end != EMU_END_NONE) return;
    m->end = why;
    m->status = status;
    snprintf(m->msg, sizeof m->msg, "%s", msg ? msg : "");
    m->cpu.stop = 1;
}

int emu_machine_exit_status(const EmuMachine *m) { return m->status; }
bool emu_machine_end_pending(const EmuMachine *m) { return m->end != EMU_END_NONE || m->interrupted; }
const char *emu_machine_end_message(const EmuMachine *m) { return m->msg; }

void emu_machine_interrupt(EmuMachine *m) {
    m->interrupted = 1;
    m->cpu.stop = 1;
}

/* ---- timers ---- */

int emu_machine_add_timer(EmuMachine *m, uint32_t period, EmuTimerFn fn, void *ctx) {
    if (!period || !fn) return -1;
    for (int i = 0; i < MACHINE_MAX_TIMERS; i++) {
        Timer *t = &m->timers[i];
        if (!t->active) {
            t->active = 1;
            t->retry = 0;
            t->light = 0;
            t->rule = 0;
            t->period = period;
            t->next_tick = machine_tick(m, m->cpu.cycles) + period;
            t->at = cycle_at(m, t->next_tick * EMU_PIT_DIV);
            t->fn = fn;
            t->ctx = ctx;
            sched_changed(m);
            /* added while the CPU runs (e.g. from a service): its first tick must not wait
             * for the deadline set before it existed */
            if (t->at < m->cpu.deadline) m->cpu.deadline = t->at;
            if (t->at < m->cpu.light_hard) m->cpu.light_hard = t->at;
            return i;
        }
    }
    return -1;
}

/* The sample by `rule` at the boundary the CPU is at (cache/sample_rule.h); false if it waits.
 * (Inside a REP string instruction an interrupt is taken after the current iteration.) */
static bool machine_sample(const EmuMachine *m, unsigned rule, EmuSample *s) {
    const EmuCore *c = &m->cpu;
    return sample_by_rule(rule, c->flags, c->inhibit, (EmuSample){c->insn_cs, c->insn_ip},
                          (EmuSample){c->sreg[EMU_CS], sample_irq_ip(c->ip, c->in_rep)}, s);
}

void emu_machine_deliver_samples(EmuMachine *m) {
    const unsigned n = m->nheld;
    if (!n) return;
    m->nheld = 0;
    m->held_by->sample_fn(m->held_by->sample_ctx, m, m->held, n);
}

/* Samples of timer t (n <= EMU_SAMPLE_BUF): held back if it is light (handed over when the
 * hold is full), else handed over now, after any held. */
_Static_assert(EMU_SAMPLE_BUF <= EMU_SAMPLE_HOLD, "the CPU's samples fit in the hold");
static void take_samples(EmuMachine *m, Timer *t, const EmuSample *s, unsigned n) {
    if (m->nheld && (m->held_by != t || m->nheld + n > EMU_SAMPLE_HOLD || !t->light)) emu_machine_deliver_samples(m);
    if (!t->light) {
        t->sample_fn(t->sample_ctx, m, s, n);
        return;
    }
    memcpy(m->held + m->nheld, s, n * sizeof *s);
    m->nheld += n;
    m->held_by = t;
}

/* A sampling timer's tick, outside the CPU's own taking of them: one sample, or a wait. */
static bool sample_tick(void *ctx, EmuMachine *m, uint64_t due) {
    (void)due;
    Timer *t = ctx;
    EmuSample s;
    if (!machine_sample(m, t->rule, &s)) return true;
    take_samples(m, t, &s, 1);
    return false;
}

int emu_machine_add_sampler(EmuMachine *m, uint32_t period, EmuSampleRule rule, EmuSampleFn fn, void *ctx) {
    if (!fn || (rule != EMU_SAMPLE_IRQ && rule != EMU_SAMPLE_EXEC)) return -1;
    const int h = emu_machine_add_timer(m, period, sample_tick, NULL);
    if (h < 0) return h;
    Timer *t = &m->timers[h];
    t->ctx = t;
    t->rule = (uint8_t)rule;
    t->sample_fn = fn;
    t->sample_ctx = ctx;
    /* (due times are whole PIT clocks: each falls on a CPU clock if the CPU's divisor divides
     * the PIT's) */
    const uint64_t every = EMU_PIT_DIV % m->div == 0 ? (uint64_t)period * (EMU_PIT_DIV / m->div) : 0;
    t->every = every <= UINT32_MAX ? (uint32_t)every : 0;
    return h;
}

void emu_machine_remove_timer(EmuMachine *m, int h) {
    emu_machine_deliver_samples(m);
    if (h >= 0 && h < MACHINE_MAX_TIMERS) m->timers[h].active = 0;
    sched_changed(m);
}

void emu_machine_set_timer_light(EmuMachine *m, int h, bool light) {
    if (h < 0 || h >= MACHINE_MAX_TIMERS) return;
    emu_machine_deliver_samples(m);
    m->timers[h].light = light;
    sched_changed(m);
    /* heavier now: the deadline the CPU runs to may no longer be one it can handle itself */
    if (!light) m->cpu.light_at = MACHINE_NEVER;
}

bool emu_machine_irq_sample(const EmuMachine *m, uint16_t *cs, uint16_t *ip) {
    EmuSample s;
    if (!machine_sample(m, EMU_SAMPLE_IRQ, &s)) return false;
    *cs = s.cs;
    *ip = s.ip;
    return true;
}

void emu_machine_exec_sample(const EmuMachine *m, uint16_t *cs, uint16_t *ip) {
    EmuSample s;
    machine_sample(m, EMU_SAMPLE_EXEC, &s);
    *cs = s.cs;
    *ip = s.ip;
}

/* ---- the run loop ---- */

/* Timer t's ticks due by CPU clock `now`. */
static void timer_ticks(EmuMachine *m, Timer *t, uint64_t now) {
    while (t->active && t->at <= now) {
        uint64_t due = t->next_tick * EMU_PIT_DIV;
        t->next_tick += t->period;
        t->at = cycle_at(m, t->next_tick * EMU_PIT_DIV);
        /* A tick while an earlier one still waits merges with it, as a pending IRQ would. */
        if (!t->retry) {
            t->pending_due = due;
            if (!t->light && !t->rule) emu_machine_deliver_samples(m); /* (a live view sees them) */
            t->retry = t->fn(t->ctx, m, due);
        }
    }
}

/* Handle everything that is due at the current clock. */
static void process_events(EmuMachine *m) {
    const uint64_t now = m->cpu.cycles; /* (what is due at a master time is due at the first CPU
                                         * clock at or after it: *_at) */
    while (m->irq0_at <= now) {
        uint64_t tick = m->irq0_due / EMU_PIT_DIV;
        pic_pulse(&m->pic, 0);
        update_intr(m);
        uint64_t t = pit_next_rise(&m->pit, 0, tick);
        m->irq0_due = t == PIT_NEVER ? MACHINE_NEVER : t * EMU_PIT_DIV;
        m->irq0_at = cycle_at(m, m->irq0_due);
    }
    for (int i = 0; i < MACHINE_MAX_TIMERS; i++) {
        Timer *t = &m->timers[i];
        if (!t->active) continue;
        if (t->retry) t->retry = t->fn(t->ctx, m, t->pending_due);
        timer_ticks(m, t, now);
    }
}

void emu_machine_set_trace(EmuMachine *m, void *file) { m->trace = file; }

static void trace_insn(EmuMachine *m) {
    char st[200];
    const EmuCore *c = &m->cpu;
    emu_cpu_format_state(c, st, sizeof st);
    uint32_t a = emu_linear(c->insn_cs, c->insn_ip);
    fprintf(m->trace, "%04X:%04X %02X%02X%02X %10llu  %s\n", c->insn_cs, c->insn_ip, m->mem[a],
            m->mem[(a + 1) & 0xFFFFF], m->mem[(a + 2) & 0xFFFFF], (unsigned long long)c->cycles, st);
}

/* The CPU's next deadline: the first clock at which something is due. If only light timers
 * are due first, it is also light_at: the CPU may handle it itself (light_events). */
static void set_deadline(EmuMachine *m) {
    EmuCore *c = &m->cpu;
    c->light_at = MACHINE_NEVER;
    c->light_hard = 0;
    c->sample_rule = 0;
    m->light1 = NULL;
    if (m->trace) {
        c->deadline = c->cycles;
        return;
    }
    uint64_t d = m->irq0_at, light = MACHINE_NEVER, heavy = MACHINE_NEVER;
    Timer *light1 = NULL;
    unsigned nlight = 0;
    for (int i = 0; i < MACHINE_MAX_TIMERS; i++) {
        Timer *t = &m->timers[i];
        if (!t->active) continue;
        if (t->retry) { /* single-step until the sample can be taken */
            c->deadline = c->cycles;
            return;
        }
        if (t->light) {
            light1 = t;
            nlight++;
            if (t->at < light) light = t->at;
        } else if (t->at < heavy) {
            heavy = t->at;
        }
    }
    if (heavy < d) d = heavy;
    c->light_hard = heavy; /* (light_events declines where one of them is due) */
    if (m->max_cycles && m->max_cycles < d) d = m->max_cycles;
    m->light1 = nlight == 1 ? light1 : NULL;
    m->rest_at = d;
    if (light < d) {
        c->light_at = light;
        /* the one light timer, a sampler whose ticks fall on CPU clocks: the CPU may take
         * them itself, up to anything else */
        if (m->light1 && m->light1->rule && m->light1->every) {
            c->sample_rule = light1->rule;
            c->sample_every = light1->every;
            c->sample_rest = d;
        }
        d = light;
    }
    c->deadline = d;
}

/* EmuCore.sample_flush: the samples the CPU took, each at its own tick of the sampler light1,
 * whose due times the CPU went past meanwhile. */
static void sample_flush(void *ctx, EmuCore *c) {
    EmuMachine *m = ctx;
    Timer *t = m->light1;
    const unsigned n = c->sample_n;
    c->sample_n = 0;
    t->next_tick += (uint64_t)t->period * n;
    t->at = cycle_at(m, t->next_tick * EMU_PIT_DIV);
    take_samples(m, t, c->samples, n);
}

/* EmuCore.light: at the boundary where the deadline light_at was reached, what the run loop
 * would do between two runs, unless a timer that is not light is due too (then the CPU
 * returns, and the run loop does it). */
static void light_events(void *ctx, EmuCore *c) {
    EmuMachine *m = ctx;
    Timer *const t1 = m->light1;
    if (c->sample_n) sample_flush(m, c); /* (the ticks it took come first) */
    if (t1 && c->cycles < m->rest_at) {
        /* The common case, in short: only the one light timer is due (as process_events and
         * set_deadline would do it, unless its function changed the timers or IRQ0). */
        const uint32_t gen = m->sched_gen;
        timer_ticks(m, t1, c->cycles);
        if (t1->retry || m->sched_gen != gen) {
            set_deadline(m);
            return;
        }
        const int before = t1->at < m->rest_at;
        c->light_at = before ? t1->at : MACHINE_NEVER;
        c->deadline = before ? t1->at : m->rest_at;
        return;
    }
    for (int i = 0; i < MACHINE_MAX_TIMERS; i++) {
        const Timer *t = &m->timers[i];
        if (t->active && !t->light && t->at <= c->cycles) {
            c->deadline = c->cycles;
            c->light_at = MACHINE_NEVER;
            return;
        }
    }
    process_events(m);
    set_deadline(m);
}

static void power_on(EmuMachine *m) {
    emu_cpu_reset(&m->cpu);
    m->powered = 1;
}

EmuEnd emu_machine_run(EmuMachine *m) {
    if (!m->powered) power_on(m);
    while (m->end == EMU_END_NONE) {
        if (m->interrupted) {
            emu_machine_end(m, EMU_END_SIGNAL, 130, "interrupted");
            break;
        }
        if (m->max_cycles && m->cpu.cycles >= m->max_cycles) {
            emu_machine_end(m, EMU_END_MAX_CYCLES, 0, "the --max-cycles limit was reached");
            break;
        }
        set_deadline(m);
        if (m->cpu.deadline <= m->cpu.cycles) m->cpu.force_step = 1;
        EmuRunResult r = emu_cpu_run(&m->cpu);
        if (r == EMU_RUN_HALT_FOREVER) {
            emu_machine_end(m, EMU_END_HALT, 0, "the CPU halted with interrupts disabled");
            break;
        }
        if (m->trace) trace_insn(m);
        process_events(m);
    }
    emu_machine_deliver_samples(m);
    return m->end;
}

/* ---- output ---- */

void emu_machine_set_output(EmuMachine *m, EmuOutput fn, void *ctx) {
    m->out = fn;
    m->out_ctx = ctx;
}

void emu_machine_output(EmuMachine *m, const uint8_t *bytes, size_t n) {
    if (m->out) m->out(m->out_ctx, bytes, n);
}

void emu_machine_quiet_teletype(EmuMachine *m, bool quiet) { m->teletype_quiet = quiet; }

/* ---- functions the guest calls that are not here ---- */

void emu_machine_set_warn(EmuMachine *m, EmuWarn fn, void *ctx, bool strict) {
    m->warn = fn;
    m->warn_ctx = ctx;
    m->strict = strict;
}

/* Reported before? (then true); else remembered. */
static bool warned_before(EmuMachine *m, uint8_t vec, uint8_t ah, int al) {
    if (al < 0) {
        uint8_t *b = &m->warned[vec][ah >> 3], bit = (uint8_t)(1u << (ah & 7));
        bool seen = *b & bit;
        *b |= bit;
        return seen;
    }
    uint32_t key = (uint32_t)vec << 16 | (uint32_t)ah << 8 | (uint8_t)al;
    for (unsigned i = 0; i < m->nwarned_sub; i++)
        if (m->warned_sub[i] == key) return true;
    if (m->nwarned_sub < sizeof m->warned_sub / sizeof m->warned_sub[0]) m->warned_sub[m->nwarned_sub++] = key;
    else return true; /* enough said */
    return false;
}

void emu_machine_unknown_call(EmuMachine *m, uint8_t vec, uint8_t ah, int al, const char *answer) {
    if (!m->strict && (!m->warn || warned_before(m, vec, ah, al))) return;
    char line[160], sub[24] = "";
    if (al >= 0) snprintf(sub, sizeof sub, " subfunction %02Xh", (unsigned)al);
    snprintf(line, sizeof line, "INT %02Xh function %02Xh%s is not implemented here (%s)", vec, ah, sub,
             answer);
    if (m->strict) {
        char msg[200];
        snprintf(msg, sizeof msg, "%.150s; stopped (--strict)", line);
        emu_machine_end(m, EMU_END_ERROR, 0, msg);
        return;
    }
    m->warn(m->warn_ctx, line);
}
