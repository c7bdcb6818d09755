/* The PC's internal state, shared by machine.c, bios.c, bios_video.c and input.c. */
#ifndef EMU86_MACHINE_INTERNAL_H
#define EMU86_MACHINE_INTERNAL_H

#include "cpu/state.h"
#include "pc/pic.h"
#include "pc/pit.h"

#include <signal.h>

#define MACHINE_MAX_TIMERS 4
#define MACHINE_MAX_PENDING 4
#define MACHINE_NEVER UINT64_MAX
/* A service's clocks are spent in slices of at most this many, so that no profiling tick
 * (at least 60 us = 286 clocks apart) is ever merged with another. */
#define SERVICE_SLICE 256u

#define BDA 0x400u /* linear address of the BIOS data area */

typedef struct Timer {
    uint32_t period;     /* PIT clocks */
    uint64_t next_tick;  /* PIT clock of the next due time */
    uint64_t at;         /* the CPU clock it is due at (the first at or after next_tick) */
    uint64_t pending_due;/* master time of a tick whose sample still waits */
    EmuTimerFn fn;
    void *ctx;
    uint8_t active, retry, light; /* light: see emu_machine_set_timer_light */
    /* a sampling timer (emu_machine_add_sampler; fn is then the machine's): its rule (0 for
     * any other timer), its callback, and its period in CPU clocks if every due time falls on
     * a CPU clock (else 0: the CPU does not take its samples itself) */
    uint8_t rule;
    uint32_t every;
    EmuSampleFn sample_fn;
    void *sample_ctx;
} Timer;

/* A service whose clocks are still being spent (keyed by trap address and stack). */
typedef struct PendingCost {
    uint32_t lin;
    uint16_t ss, sp;
    uint32_t remaining;
    uint8_t used;
} PendingCost;

typedef struct Input {
    uint16_t *keys;       /* the keyboard: from --keys, */
    size_t nkeys, cap, pos;
    EmuKeySource source;  /* then interactive keys, if any */
    void *source_ctx;
    int held;             /* a key taken from the source by a peek, or -1 */
    int source_closed;
    int fd;               /* standard input: the host's redirected stdin, or -1 */
    uint8_t buf[4096];
    size_t blen, bpos;
    int eof;
    uint8_t crlf, last_cr, pending_lf; /* LF -> CR LF on stdin */
    unsigned idle_polls;  /* polls in a row that found nothing and nothing to come */
    uint64_t last_poll;   /* the instruction count at the latest */
} Input;

struct EmuMachine {
    EmuCore cpu;
    uint8_t *mem;
    Pit pit;
    Pic pic;
    unsigned div;
    unsigned memory_kb;   /* what the BIOS reports */
    uint64_t max_cycles;
    int powered;

    uint64_t irq0_due;    /* master time of the next IRQ0 edge */
    uint64_t irq0_at;     /* the CPU clock it is seen at (the first at or after irq0_due) */
    Timer timers[MACHINE_MAX_TIMERS];
    /* set_deadline's findings for light_events: the only light timer (or NULL), the first clock
     * anything else is due at, and a count of changes to the timers and IRQ0 (after which
     * they no longer hold) */
    Timer *light1;
    uint64_t rest_at;
    uint32_t sched_gen;
    /* a light sampler's samples, held back (emu_machine_add_sampler): held_by's, in order */
    Timer *held_by;
    unsigned nheld;
    EmuSample held[EMU_SAMPLE_HOLD];

    uint8_t port61;
    uint8_t last_scan;
    uint8_t crtc_index[2], crtc[2][32]; /* [0] colour (3D4h), [1] mono (3B4h) */
    uint8_t cga_mode, cga_color;

    EmuService svc;
    void *svc_ctx;
    EmuBoot boot;
    void *boot_ctx;
    PendingCost pending[MACHINE_MAX_PENDING];

    EmuEnd end;
    int status;
    char msg[256];
    volatile sig_atomic_t interrupted;

    Input in;
    unsigned input_limit, exhausted;
    EmuOutput out;
    void *out_ctx;
    uint8_t teletype_quiet; /* the next INT 10h teletype does not copy to `out` */
    EmuWarn warn;           /* unknown functions: once each, or the end with `strict` */
    void *warn_ctx;
    uint8_t strict;
    uint8_t warned[256][32]; /* (vector, AH) already reported */
    uint32_t warned_sub[64]; /* (vector, AH, AL) already reported: a small set of keys */
    unsigned nwarned_sub;
    void *trace; /* FILE* */
};

static inline uint64_t machine_tick(const EmuMachine *m, uint64_t cycle) {
    return cycle * m->div / EMU_PIT_DIV;
}

/* memory helpers for C services (emu.h's emu_peek/emu_poke on the machine's memory; the
 * machine's ROM starts at EMU_ROM_BASE) */
static inline uint8_t m_rd8(const EmuMachine *m, uint32_t a) { return emu_peek8(m->mem, a); }
static inline uint16_t m_rd16(const EmuMachine *m, uint32_t a) { return emu_peek16(m->mem, a); }
static inline void m_wr8(EmuMachine *m, uint32_t a, uint8_t v) {
    emu_poke8(m->mem, a, v);
    emu_cpu_mem_written(&m->cpu.cpu, a, 1);
}
static inline void m_wr16(EmuMachine *m, uint32_t a, uint16_t v) {
    emu_poke16(m->mem, a, v);
    emu_cpu_mem_written(&m->cpu.cpu, a, 2);
}

/* bios.c */
uint32_t bios_service(EmuMachine *m, uint8_t svc);
void bios_set_caller_flag(EmuMachine *m, uint16_t flag, int on);
/* bios_video.c */
uint32_t bios_video(EmuMachine *m);
/* The ROM's teletype run (EMU_ROM_TELETYPE_RUN): CX characters from DS:SI. */
uint32_t bios_teletype_run(EmuMachine *m);
void bios_video_init(EmuMachine *m);
/* input.c */
void input_init(Input *in);
void input_free(Input *in);

unsigned emu_machine_cpu_div(const EmuMachine *m);
/* Sampling helpers for timers. IRQ rule: the CS:IP a hardware interrupt taken now would push
 * (false while it could not be taken: IF=0 or an interrupt shadow). Exact rule: the CS:IP of
 * the instruction that was executing (its first prefix). */
bool emu_machine_irq_sample(const EmuMachine *m, uint16_t *cs, uint16_t *ip);
void emu_machine_exec_sample(const EmuMachine *m, uint16_t *cs, uint16_t *ip);

#endif
