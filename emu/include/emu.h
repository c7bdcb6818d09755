/* emu86 — the machine: an 8086 CPU and the PC around it.
 *
 * This is the one public header of the emu/ library. The CPU core knows nothing of DOS or of
 * profiling: they attach through the hooks declared here (I/O port bus, interrupt line, HLE trap
 * inside registered stub regions, boundary callback when a scheduled event is due).
 *
 * Time: one integer count of 14.31818 MHz master-clock periods. A CPU clock is cpu_div of them
 * (3 by default: 4.772727 MHz), a PIT input clock 12 of them (1.193182 MHz).
 */
#ifndef EMU86_EMU_H
#define EMU86_EMU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------------------------ */
/* Clocks                                                                                      */

#define EMU_MASTER_HZ_X100 1431818000ULL /* 14.31818 MHz, times 100 */
#define EMU_PIT_DIV 12u                   /* master periods per PIT input clock */
#define EMU_CPU_DIV_DEFAULT 3u            /* master periods per CPU clock (4.77 MHz) */

/* ------------------------------------------------------------------------------------------ */
/* CPU                                                                                         */

enum { EMU_AX, EMU_CX, EMU_DX, EMU_BX, EMU_SP, EMU_BP, EMU_SI, EMU_DI };
enum { EMU_ES, EMU_CS, EMU_SS, EMU_DS };

enum {
    EMU_FLAG_CF = 0x0001, EMU_FLAG_PF = 0x0004, EMU_FLAG_AF = 0x0010, EMU_FLAG_ZF = 0x0040,
    EMU_FLAG_SF = 0x0080, EMU_FLAG_TF = 0x0100, EMU_FLAG_IF = 0x0200, EMU_FLAG_DF = 0x0400,
    EMU_FLAG_OF = 0x0800
};

/* Timing models. EXACT is the default: the bus interface unit (4-clock bus cycles, 16-bit
 * transfers, the 6-byte prefetch queue and its fetch policy, bus arbitration) is simulated clock
 * by clock. TABLE is the documented-timings model: the microcode's clocks with a simplified bus
 * (cpu/bus/table.h): the queue refill after a flush and the EU's bus cycles waiting for the one under
 * way are modelled, otherwise the queue is taken to be full; faster, and exact on about 85% of
 * the SingleStepTests suite. */
typedef enum { EMU_TIMING_EXACT = 0, EMU_TIMING_TABLE = 1 } EmuTiming;

/* Why cpu_run() returned. */
typedef enum {
    EMU_RUN_DEADLINE = 0, /* cycles reached the deadline (an event is due) */
    EMU_RUN_STOP,         /* something asked the CPU to stop (emu_cpu_request_stop) */
    EMU_RUN_HALT_FOREVER, /* HLT with interrupts disabled and nothing that can wake it */
} EmuRunResult;

typedef struct EmuCpu EmuCpu;

/* A sample of where the CPU is, taken for a sampling timer (emu_machine_add_sampler). */
typedef struct EmuSample {
    uint16_t cs, ip;
} EmuSample;
/* The rule a sample is taken by. IRQ: the CS:IP a hardware interrupt taken there would push
 * (the sample waits while it could not be taken: IF=0 or an interrupt shadow). EXEC: the
 * CS:IP of the instruction that was executing (its first prefix). */
typedef enum { EMU_SAMPLE_IRQ = 1, EMU_SAMPLE_EXEC = 2 } EmuSampleRule;
#define EMU_SAMPLE_BUF 32

/* Observer of execution (the exact profiler): called after every instruction, REP iteration or
 * HLE service slice (EMU_OBS_INSN: insn_cs:insn_ip is where it began, `flow` how it transferred
 * control), and around an interrupt entry taken at a boundary (hardware interrupt, NMI or
 * single-step trap: EMU_OBS_INT_BEGIN before its first clock, EMU_OBS_INT_END after it, with
 * `flow` EMU_FLOW_INT). Clocks between two calls belong to what the first call ended and the
 * second began. The observer reads `flow` and sets it back to EMU_FLOW_NONE. */
typedef enum { EMU_OBS_INSN = 0, EMU_OBS_INT_BEGIN, EMU_OBS_INT_END, EMU_OBS_SITES } EmuObsEvent;

/* EMU_OBS_SITES (only to an observer that asked for it: emu_cpu_observe_sites): a run of
 * instructions the block cache replayed, reported at once, in order: obs_sites[0..obs_nsites),
 * each one instruction (a REP one with all its iterations) with its clocks. The call comes
 * after the last (cycles, instructions and insn_cs:insn_ip as after it). A site's own `flow`
 * says how it transferred control besides jumps: EMU_FLOW_CALL_NEAR (CALL rel16: to to_ip,
 * returning to ret_ip, both in cs) or EMU_FLOW_RET (near RET: to where the next site begins,
 * or for the last, to CS:IP now); the CPU's `flow` is that of the last site when it is none of
 * these (an instruction the cache replays without a decoded form). `memo` is the observer's
 * own, per site: zero when the site is new, and kept as long as the cache keeps it, so that a
 * lookup done once per site can be remembered there. */
typedef struct EmuObsSite {
    uint64_t memo[2];
    uint32_t clocks;
    uint16_t cs, ip;
    uint16_t to_ip, ret_ip;
    uint8_t flow;
} EmuObsSite;
enum {
    EMU_FLOW_NONE = 0,
    EMU_FLOW_CALL_NEAR, /* CALL rel16, CALL r/m16: return address IP at SS:SP */
    EMU_FLOW_CALL_FAR,  /* CALL ptr16:16, CALL m16:16: IP, CS at SS:SP */
    EMU_FLOW_INT,       /* INT n, INT3, INTO taken, divide error, hardware interrupt, NMI, trap */
    EMU_FLOW_RET,       /* RET, RETF, IRET (to the CS:IP now) */
};
typedef void (*EmuObserver)(void *ctx, EmuCpu *cpu, EmuObsEvent ev);

/* Called for OUT; `cycle` is the CPU clock at which the bus transfer happens. */
typedef void (*EmuPortOut)(void *ctx, uint16_t port, uint8_t value, uint64_t cycle);
/* Called for IN. */
typedef uint8_t (*EmuPortIn)(void *ctx, uint16_t port, uint64_t cycle);
/* Interrupt acknowledge: returns the vector of the interrupt being taken. */
typedef uint8_t (*EmuIntAck)(void *ctx);
/* HLE trap: opcode F1h followed by a service byte, executed inside a registered stub region.
 * Returns the number of CPU clocks the service takes. The handler may change any register;
 * to repeat the trap instruction (a service that takes its time in slices, so that interrupts
 * are seen in between), it sets *again. */
typedef uint32_t (*EmuHleTrap)(void *ctx, EmuCpu *cpu, uint8_t service, bool *again);
/* Optional: the trap at CS:IP is about to be repeated, a service's time being spent in slices.
 * The handler takes up to `max` of the slices still to come at once, as many calls that
 * would each return the same clocks as the latest with *again set, and returns how many it took
 * (0: none; never the last slice, which ends the repetition). */
typedef uint32_t (*EmuHleRepeat)(void *ctx, EmuCpu *cpu, uint32_t max);

#define EMU_MEM_SIZE 0x100000u
#define EMU_HLE_REGIONS 4

/* A bus cycle the exact model has scheduled or run: when its T1 comes and, for a prefetch, the
 * clock its address cycle began and what it fetches. */
typedef struct EmuBiuCycle {
    int64_t t1;           /* clock of T1 (T2, T3, T4 follow) */
    int64_t dec;          /* prefetch the BIU decided: clock of its Tr (the decision to fetch; an
                           * EU action in that clock or before it drops the fetch); INT64_MIN for
                           * one begun by the EU (FLUSH, reset) and for the EU's own cycles */
    int64_t tr;           /* prefetch begun by the EU: clock of its Tr (for the trace) */
    uint32_t lin;         /* prefetch: linear address (with CS as it was at its T1) */
    union {
        struct {
            uint8_t type; /* bus cycle type (BUS_* in cpu/internal.h) */
            uint8_t final;/* last transfer of an access: the BIU decides on a fetch at T2 */
            uint8_t n;    /* prefetch: bytes it brings (1 at an odd offset) */
            uint8_t by_eu;/* prefetch: begun by the EU (FLUSH), not decided by the BIU */
        };
        uint32_t meta;    /* the four at once */
    };
} EmuBiuCycle;

/* Bus interface unit state. Internal, but part of the CPU so that the state one instruction
 * leaves is what the next one starts with. */
typedef struct EmuBiu {
    uint8_t q[8];         /* prefetch queue, q[qhead..qhead+qlen) modulo 8 */
    uint8_t qhead, qlen;  /* (exact model: bytes of scheduled fetches too, see q_at) */
    uint8_t preload;      /* opcode byte taken from the queue by the last RNI */
    uint8_t has_preload;
    uint8_t tstate;       /* bus T-state (exact model: written for the trace only) */
    uint8_t astate;       /* address cycle stage (likewise) */
    uint8_t latch;        /* bus cycle type in T1..T4 (likewise) */
    uint8_t status;       /* (unused) */
    uint8_t pipe;         /* (unused) */
    uint8_t eu_req;       /* (unused) */
    uint8_t fetch;        /* prefetcher state: normal, suspended, halted */
    uint8_t delay;        /* (unused) */
    uint8_t final;        /* (unused) */
    uint8_t word;         /* (unused) */
    uint8_t discard;      /* (unused) */
    uint8_t armed;        /* exact: the next fetch waits for the queue read that leaves the
                           * queue this long (room for a word), or 0xFF */
    uint16_t pc;          /* prefetch offset (in CS) */
    uint32_t addr;        /* (unused) */
    uint16_t data;        /* (unused) */
    uint16_t cs_left;     /* exact: CS when the CPU last stopped (a change from outside is seen as
                           * an instruction's, when it goes on) */
    /* TABLE model (cpu/bus/table.h): the latest two bus cycles, their T1 and the code bytes each
     * brought (0: a cycle of the EU), and when the first byte after a flush can be read. */
    int64_t tb_t1, tb_prev_t1, tb_ready;
    uint8_t tb_n, tb_prev_n, tb_final;
    uint8_t qop, qop_prev; /* queue operation shown on the current clock's trace row */
    uint8_t qop_op[2];    /* tracing: the EU's last two queue operations, */
    int64_t qop_at[2];    /* at these clocks, */
    int64_t traced;       /* and the first clock whose trace row is still to be written */
    int64_t q_at[8];      /* exact: clock from which each queue byte can be read (its T4 + 1);
                           * lazy: the same by address (modulo 8) */
    EmuBiuCycle cyc[8];   /* exact: recent and scheduled bus cycles, the latest at */
    uint8_t cyc_tail;     /* cyc[(cyc_tail - 1) % 8] */
    uint8_t eager;        /* the exact model's state is cpu/bus/exact.h's (1) or cpu/bus/lazy.h's (0) */
    /* Lazy exact model (cpu/bus/lazy.h): the latest two bus cycles (T1, code bytes), whether the
     * prefetcher is stopped (suspended or halted, or the latest cycle not final), the clock
     * each byte of the queue's window was taken (by address, modulo 8), and the bytes held back
     * from memory (frozen: the queue keeps what was fetched), with their clock of arrival and
     * linear address; a snapshot of the window while code outside the CPU runs. */
    int64_t lz_t1, lz_prev_t1;
    uint8_t lz_n, lz_prev_n, lz_stop;
    uint8_t lz_frozen, lz_track; /* frozen bytes; those a change of memory still reaches */
    uint8_t lz_snap_valid;
    uint16_t lz_snap_lo;
    int64_t lz_snap_at;
    uint8_t lz_fz_val[8], lz_snap[8];
    int64_t lz_taken[8];
    int64_t lz_fz_at[8];
    uint32_t lz_fz_lin[8];
} EmuBiu;

struct EmuCpu {
    /* Architectural state. Byte registers: AL CL DL BL AH CH DH BH alias r.w. */
    union { uint16_t w[8]; uint8_t b[16]; } r;
    uint16_t sreg[4];
    uint16_t ip;
    uint16_t flags;

    /* Time: CPU clocks since reset, and the deadline at which cpu_run() returns. */
    uint64_t cycles;
    uint64_t deadline;
    uint64_t instructions;
    /* Optional: the caller's events handled without leaving cpu_run() (the machine's light
     * timers). When the deadline it reaches is light_at, the block cache (replaying or
     * recording) may call light(ctx, cpu) where the run would return for it, instead of
     * returning. light does there what the caller
     * would do after the return (it may raise intr), touches neither memory nor the CPU's
     * registers, and sets the next deadline and light_at; the run returns if that deadline has
     * passed, else goes on. The same events at the same boundaries either way. light may
     * decline (set the deadline to now and light_at to UINT64_MAX, leaving the events to the
     * caller) only when called at or after light_hard. */
    uint64_t light_at, light_hard;
    void (*light)(void *ctx, EmuCpu *cpu);
    /* Optional, a lighter form of light: when the light event at light_at is a sampling
     * timer's tick and nothing else is due before sample_rest, the replay may take the sample
     * itself by sample_rule (0: it may not), into samples[], then the ticks after it every
     * sample_every clocks, setting light_at and the deadline as light would. It calls
     * sample_flush(ctx, cpu) to hand them over (sample_n back to 0) when samples[] is full and
     * before the run returns: sample_n is 0 whenever the caller's code runs. A sample by the
     * IRQ rule that must wait is left to light. The replay may take a tick's sample after the
     * run has gone past it (from its log of the blocks it ran), so sample_flush reads only
     * samples[], not the CPU's clock or registers. */
    uint8_t sample_rule;
    uint8_t sample_n;
    uint32_t sample_every;
    uint64_t sample_rest;
    void (*sample_flush)(void *ctx, EmuCpu *cpu);
    EmuSample samples[EMU_SAMPLE_BUF];

    uint8_t *mem;         /* EMU_MEM_SIZE bytes (+ 16 bytes of slack) */
    uint32_t rom_start;   /* writes at or above this linear address are ignored */

    EmuPortIn port_in;
    EmuPortOut port_out;
    EmuIntAck int_ack;
    EmuHleTrap hle_trap;
    EmuHleRepeat hle_repeat;
    void *ctx;            /* passed to all callbacks */

    struct { uint32_t lo, hi; } hle[EMU_HLE_REGIONS]; /* linear [lo, hi) */
    int n_hle;

    /* Interrupt inputs and internal sequencing state. */
    uint8_t intr;         /* INTR line level */
    uint8_t nmi;          /* NMI edge latched */
    uint8_t halted;
    uint8_t inhibit;      /* no interrupt at the next boundary (after MOV/POP sreg, STI) */
    uint8_t in_rep;       /* a REP string instruction is in progress */
    uint8_t rep_started;  /* its set-up has been done */
    uint8_t rep_kind;     /* 0 none, 1 REP/REPE, 2 REPNE */
    uint8_t rep_pending_irq; /* an interrupt is waiting for the REP loop to yield */
    uint8_t trap_next;    /* TF was set at the start of the current instruction */
    uint8_t stop;         /* request to leave cpu_run() at the next boundary */
    uint8_t boundary_pending; /* an instruction ended; its boundary logic has not run yet */
    uint8_t force_step;   /* cpu_run() executes at least one instruction even past the deadline */
    uint8_t timing;       /* EmuTiming */
    uint8_t exact_eager;  /* EXACT: keep the bus state eagerly (cpu/bus/exact.h, as the per-clock
                           * trace does) rather than lazily (cpu/bus/lazy.h, faster, the same clocks,
                           * registers and memory); for tests. Read by reset, emu_cpu_jump and
                           * emu_cpu_prefill, which choose the eager form also when trace_clock
                           * is set. */
    uint8_t fault;        /* reserved */
    uint16_t last_ea;     /* last effective address computed (LEA/LES/LDS reg,reg use it) */

    /* Start of the instruction being executed (first prefix), for samplers. */
    uint16_t insn_cs, insn_ip;
    /* The instruction's own bytes for the REP continuation */
    uint8_t rep_op, rep_seg, rep_prefixes;

    EmuBiu biu;

    /* Optional observer (see EmuObserver); NULL costs one predictable branch per instruction. */
    EmuObserver observe;
    void *observe_ctx;
    EmuObsSite *obs_sites; /* EMU_OBS_SITES: the run reported */
    uint32_t obs_nsites;
    uint8_t observe_sites; /* the observer takes EMU_OBS_SITES */
    uint8_t flow;         /* EMU_FLOW_* of the instruction that just ended */
    uint8_t flow_vec;     /* EMU_FLOW_INT: the interrupt's vector */

    /* Optional per-clock trace (exact model only; for debugging and the conformance runner). */
    void (*trace_clock)(void *tctx, const EmuCpu *cpu);
    void *trace_ctx;

    /* The exact model's block cache (emu_cpu_set_block_cache; internal: cache/cache.h), and the
     * signature of the bus requests of the instruction being recorded or replayed. */
    void *fast;
    uint64_t fsig;
    uint32_t fpend;
    uint8_t fabort;
};

/* Queue operations as seen on the QS0/QS1 lines. */
enum { EMU_QOP_NONE = 0, EMU_QOP_FIRST = 1, EMU_QOP_FLUSH = 2, EMU_QOP_SUBSEQUENT = 3 };

/* Initialise a CPU on the given 1 MiB memory (caller owns it; EMU_MEM_SIZE + 16 bytes). The
 * CPU is left as after RESET: CS=FFFF, IP=0, flags cleared, queue empty. */
void emu_cpu_init(EmuCpu *cpu, uint8_t *mem, EmuTiming timing);
void emu_cpu_reset(EmuCpu *cpu);

/* Run instructions until cycles >= deadline, a stop request, or an unwakeable HLT. Returns
 * right after an instruction (or a REP iteration), before the boundary logic that follows it
 * (interrupt recognition, or the read of the next opcode): that logic runs when the CPU is
 * resumed, so interrupts raised by events due meanwhile are seen at that boundary. */
EmuRunResult emu_cpu_run(EmuCpu *cpu);

/* Execute exactly one instruction (or one REP iteration), including the boundary logic that
 * follows it (interrupt, trap, or the read of the next opcode). */
void emu_cpu_step(EmuCpu *cpu);

/* Register a linear range [lo, hi) in which opcode F1h is the HLE trap. */
bool emu_cpu_add_hle_region(EmuCpu *cpu, uint32_t lo, uint32_t hi);

/* Put CS:IP somewhere new (as a far jump would), emptying the queue. */
void emu_cpu_jump(EmuCpu *cpu, uint16_t cs, uint16_t ip);

/* Prefill the queue with `n` bytes of code at CS:IP (as after a reset that preloaded it) and
 * read the first opcode byte, as the conformance suite's initial state requires. The clock
 * spent reading it is not counted. */
void emu_cpu_prefill(EmuCpu *cpu, const uint8_t *bytes, int n);

/* The exact model's block cache (on by default in the machine): instructions it has seen run
 * from the same relative state of the bus are replayed with their recorded clocks, which are
 * the same as the model's. `on` false frees it. Returns false if it could not be allocated. */
bool emu_cpu_set_block_cache(EmuCpu *cpu, bool on);

/* Attach (or with fn NULL detach) the execution observer. */
void emu_cpu_set_observer(EmuCpu *cpu, EmuObserver fn, void *ctx);
/* The observer takes runs of replayed instructions at once (EMU_OBS_SITES). */
void emu_cpu_observe_sites(EmuCpu *cpu, bool on);

/* Helpers for callers that inspect state. */
static inline uint32_t emu_linear(uint16_t seg, uint16_t off) {
    return (((uint32_t)seg << 4) + off) & 0xFFFFFu;
}
uint8_t emu_reg8(const EmuCpu *cpu, int index); /* AL CL DL BL AH CH DH BH */
void emu_set_reg8(EmuCpu *cpu, int index, uint8_t v);

/* The registers and flags as a DEBUG-style one-liner (for diagnostics). */
void emu_cpu_format_state(const EmuCpu *cpu, char *buf, size_t len);


/* ------------------------------------------------------------------------------------------ */
/* The PC: CPU, 1 MiB memory (ROM at F0000h), 8253 PIT, 8259A PIC, keyboard input, text video,  */
/* the free BIOS (roms-free/), and an event scheduler on the master clock.                    */
/*                                                                                            */
/* Memory map fixed by the machine: 00000 IVT, 00400 BIOS data area, B0000/B8000 text video,  */
/* F0000-FFFFF the BIOS ROM (writes ignored). Everything between is RAM.                       */

typedef struct EmuMachine EmuMachine;

typedef struct EmuMachineConfig {
    EmuTiming timing;           /* EMU_TIMING_EXACT (default) or EMU_TIMING_TABLE */
    unsigned cpu_div;           /* master periods per CPU clock; 0 means 3 (4.77 MHz) */
    uint64_t max_cycles;        /* end the run after this many CPU clocks; 0 = no limit */
    unsigned input_limit;       /* reads after the end of input before the run ends; 0 = 16 */
    bool no_block_cache;        /* run the exact model without its block cache (same results) */
    unsigned memory_kb;         /* conventional memory the BIOS reports (INT 12h, 0040:0013);
                                 * 0 = 640. The RAM above it is not taken away. */
} EmuMachineConfig;

/* How a run ended. */
typedef enum {
    EMU_END_NONE = 0,
    EMU_END_EXIT,         /* the guest (DOS) ended the program; see emu_machine_exit_status */
    EMU_END_MAX_CYCLES,   /* --max-cycles reached */
    EMU_END_SIGNAL,       /* the host asked us to stop (SIGINT/SIGTERM) */
    EMU_END_HALT,         /* HLT with interrupts disabled: nothing can wake the CPU */
    EMU_END_INPUT,        /* the guest kept reading after its input was exhausted */
    EMU_END_ERROR,        /* a service reported an unrecoverable error */
} EmuEnd;

EmuMachine *emu_machine_new(const EmuMachineConfig *cfg);
void emu_machine_free(EmuMachine *m);
EmuCpu *emu_machine_cpu(EmuMachine *m);
uint8_t *emu_machine_mem(EmuMachine *m);
/* Master-clock time now (14.31818 MHz periods). */
uint64_t emu_machine_now(const EmuMachine *m);
unsigned emu_machine_cpu_div(const EmuMachine *m);

/* Power on: reset the CPU into the BIOS, which initialises the machine and boots through the
 * boot hook. Then run until the run ends; returns why. */
EmuEnd emu_machine_run(EmuMachine *m);
/* Called by services to end the run (status: the exit status; msg: NULL or a one-line reason,
 * copied). The CPU stops at the next instruction boundary. */
void emu_machine_end(EmuMachine *m, EmuEnd why, int status, const char *msg);
int emu_machine_exit_status(const EmuMachine *m);
/* Has the run been asked to end (by a service, the limit, or a host signal)? */
bool emu_machine_end_pending(const EmuMachine *m);
const char *emu_machine_end_message(const EmuMachine *m);
/* Async-signal-safe: ask the run to end (EMU_END_SIGNAL) at the next boundary. */
void emu_machine_interrupt(EmuMachine *m);

/* HLE services. The CPU traps on F1h xx inside registered stub regions. Service bytes 00h-3Fh
 * belong to the BIOS; 40h-FFh go to this handler (DOS). A service returns the CPU clocks it
 * takes; the machine spends them at the trap instruction in slices, so that interrupts (and
 * profiling ticks) fall inside the service at the address of its stub. */
typedef uint32_t (*EmuService)(void *ctx, EmuMachine *m, uint8_t service);
void emu_machine_set_service(EmuMachine *m, EmuService fn, void *ctx);
bool emu_machine_add_stub_region(EmuMachine *m, uint32_t lo, uint32_t hi);

/* Boot hook, called by the BIOS's INT 19h once the machine is initialised: load the program
 * and point CS:IP (and the rest) at it. Returning false ends the run with EMU_END_ERROR. */
typedef bool (*EmuBoot)(void *ctx, EmuMachine *m);
void emu_machine_set_boot(EmuMachine *m, EmuBoot fn, void *ctx);

/* Periodic timers on the PIT input clock (1.193182 MHz), independent of the guest's PIT
 * channels: the profiler's ticks. The callback runs at the first instruction boundary at or
 * after each due time; returning true asks to be called again at the next boundary (a sample
 * that must wait, e.g. while IF=0). Returns a handle >= 0, or -1. */
typedef bool (*EmuTimerFn)(void *ctx, EmuMachine *m, uint64_t due_master);
int emu_machine_add_timer(EmuMachine *m, uint32_t period_pit_clocks, EmuTimerFn fn, void *ctx);
void emu_machine_remove_timer(EmuMachine *m, int handle);
/* A light timer's callback only reads the CPU's state (registers, insn_cs:insn_ip) and changes
 * nothing but its own data, and has no effect when it returns true: the CPU may then call it
 * from inside its run (EmuCpu.light), which saves leaving and re-entering the run per tick.
 * Timers are not light unless set so. */
void emu_machine_set_timer_light(EmuMachine *m, int handle, bool light);

/* A sampling timer: a timer whose ticks are samples of where the CPU is, by `rule` (IRQ: a
 * tick waits, as emu_machine_add_timer's callback returning true would, while the sample
 * cannot be taken). fn receives them in the order taken, n >= 1 at a time; when the timer is
 * light, a batch may hold the samples of several ticks (taken each at its own boundary), and
 * comes before any other code of the machine or its callers runs; fn must then change
 * nothing but its own data (as for any light timer). Returns a timer handle >= 0 (for emu_machine_set_timer_light and
 * emu_machine_remove_timer), or -1. */
typedef void (*EmuSampleFn)(void *ctx, EmuMachine *m, const EmuSample *s, unsigned n);
int emu_machine_add_sampler(EmuMachine *m, uint32_t period_pit_clocks, EmuSampleRule rule, EmuSampleFn fn,
                            void *ctx);

/* Sampling helpers for timers. IRQ rule: the CS:IP a hardware interrupt taken now would push
 * (false while it could not be taken: IF=0 or an interrupt shadow). Exact rule: the CS:IP of
 * the instruction that was executing (its first prefix). */
bool emu_machine_irq_sample(const EmuMachine *m, uint16_t *cs, uint16_t *ip);
void emu_machine_exec_sample(const EmuMachine *m, uint16_t *cs, uint16_t *ip);

/* Guest input: two devices. The keyboard (BIOS INT 16h, DOS's CON) is a deterministic stream
 * of keys: first the --keys text, then the interactive key source if there is one (a terminal
 * or a window), else nothing more. Standard input (DOS's handle 0 when the host's stdin is
 * redirected) is the bytes of a host file descriptor, apart from the keyboard.
 * Key notation: plain characters; \n, \r, \t, \e, \\ ; {Enter} {Esc} {Tab} {Bksp} {Up}
 * {Down} {Left} {Right} {Home} {End} {PgUp} {PgDn} {Ins} {Del} {F1}..{F10} {Ctrl-A}..{Ctrl-Z}
 * {Ctrl-C} {{ for a brace. Returns false and fills err on bad notation. */
bool emu_machine_keys(EmuMachine *m, const char *notation, char *err, size_t errlen);
/* Next key as BIOS INT 16h returns it (scan code << 8 | ASCII), or -1 when the keyboard has
 * nothing more to give (the keys are used up and no source, or the source is closed). */
int emu_input_key(EmuMachine *m);
/* Peek at the next key without consuming it; -1 if none is there now. */
int emu_input_peek(EmuMachine *m);
/* A guest's look at the keyboard (INT 16h AH=01h, DOS's input status): emu_input_peek, and
 * when the keyboard is empty with nothing left to come, an idle poll (emu_input_idle_poll). */
int emu_input_poll(EmuMachine *m);
/* Count a poll that found input empty with nothing left to come: a program that does nothing
 * else (polls in a row, fewer than EMU_IDLE_POLL_GAP instructions apart), 64 x the input limit
 * of them, is waiting for input that will never come: the run ends with EMU_END_INPUT. */
#define EMU_IDLE_POLL_GAP 200u
void emu_input_idle_poll(EmuMachine *m);
/* The host's redirected stdin: its file descriptor (-1: none), its next byte and a peek (-1 at
 * its end). */
void emu_machine_set_input_fd(EmuMachine *m, int fd);
int emu_stdin_byte(EmuMachine *m);
int emu_stdin_peek(EmuMachine *m);
/* Read the redirected stdin as UNIX text: an LF not after a CR comes as CR LF (--crlf). */
void emu_machine_set_stdin_crlf(EmuMachine *m, bool on);
/* Interactive key source (a terminal or a window), after the --keys text: returns a key (scan
 * code << 8 | ASCII); with wait=false -1 means "none yet", with wait=true it blocks until a key
 * comes and -1 means the input is closed for good. */
typedef int (*EmuKeySource)(void *ctx, bool wait);
/* The key (scan code << 8 | ASCII) that types an ASCII character on a US keyboard. */
uint16_t emu_key_of_char(uint8_t ch);
void emu_machine_set_key_source(EmuMachine *m, EmuKeySource fn, void *ctx);

/* Count a read that found the input exhausted; after the configured number the run ends with
 * EMU_END_INPUT and a clear message. */
void emu_input_exhausted(EmuMachine *m);

/* Console output sink (the frontend's): BIOS teletype output and DOS console output land here
 * when set. */
typedef void (*EmuOutput)(void *ctx, const uint8_t *bytes, size_t n);
void emu_machine_set_output(EmuMachine *m, EmuOutput fn, void *ctx);
void emu_machine_output(EmuMachine *m, const uint8_t *bytes, size_t n);
/* The next BIOS teletype (INT 10h AH=0Eh) only draws: it does not copy its character to the
 * output sink (true), or copies it again (false). For DOS, which hands the ROM the characters
 * of its console and puts their bytes in the right stream itself (standard output or not). */
void emu_machine_quiet_teletype(EmuMachine *m, bool quiet);

/* A guest called a function the BIOS or DOS does not have (INT vec, function AH, and a
 * subfunction AL, or -1 for none). The first such call of each (vec, AH[, AL]) gives one line
 * to the warning hook ("INT 21h function 5Ch is not implemented here (AL=00h, carry set)";
 * `answer` says what the caller got); with strict the run ends (EMU_END_ERROR) instead. */
typedef void (*EmuWarn)(void *ctx, const char *line);
void emu_machine_set_warn(EmuMachine *m, EmuWarn fn, void *ctx, bool strict);
void emu_machine_unknown_call(EmuMachine *m, uint8_t vec, uint8_t ah, int al, const char *answer);

/* BIOS teletype (INT 10h AH=0Eh) from C: writes to video memory, moves the cursor, scrolls. */
void emu_bios_teletype(EmuMachine *m, uint8_t ch);

/* Entry points of the free ROM (roms-free/bios.asm), at EMU_ROM_SEG:offset.
 * EMU_ROM_INT10: INT 10h's handler (the IBM PC's entry point, where the ROM points the vector).
 * EMU_ROM_TELETYPE_RUN: emu86's own, a far call that draws CX characters from DS:SI as CX calls
 * of INT 10h AH=0Eh would draw them (the same teletype on the active page: CR, LF, BS, BEL,
 * wrapping, scrolling), copies nothing to the output sink, leaves every register as it was, and
 * takes 600 x CX clocks (a teletype's per character, as CX calls of AH=0Eh take in the ROM),
 * spent in the ROM, besides the call's instructions. DOS's CON driver hands it its output in
 * runs while INT 10h's vector is EMU_ROM_INT10 (docs/dos.md). */
#define EMU_ROM_SEG 0xF000u
#define EMU_ROM_INT10 0xF065u
#define EMU_ROM_TELETYPE_RUN 0xF070u
/* The current text screen as 25 lines (trailing blanks removed), NUL-terminated. */
void emu_machine_screen_text(const EmuMachine *m, char *buf, size_t len);

/* The UTF-8 text of a CP437 character (control codes as their ROM glyphs; 0 as a space). */
const char *emu_cp437_utf8(uint8_t ch);

/* Instruction trace: when set, one line per instruction (address, bytes, registers after it)
 * is written here. Slow; for debugging. */
void emu_machine_set_trace(EmuMachine *m, void *file /* FILE* */);

/* Statistics for --stats. */
uint64_t emu_machine_instructions(const EmuMachine *m);

#ifdef __cplusplus
}
#endif
#endif
