/* The CPU's whole state: the part others see (emu.h's EmuCpu, first) and what only the emu
 * library's rooms use: the bus interface unit and its models' state (cpu/bus/), the block
 * cache's (cache/), the interrupt inputs and sequencing, the callbacks the machine (pc/) sets.
 *
 * EmuCore embeds EmuCpu as its first member and names the same fields directly (an anonymous
 * struct over EMU_CPU_FIELDS, in a union with it), so that the interpreter writes c->ip with no
 * indirection; emu_core() turns an EmuCpu handed out by the machine back into its EmuCore.
 */
#ifndef EMU86_CPU_STATE_H
#define EMU86_CPU_STATE_H

#include "emu.h"

typedef struct EmuCore EmuCore;

/* Why cpu_run() returned. */
typedef enum {
    EMU_RUN_DEADLINE = 0, /* cycles reached the deadline (an event is due) */
    EMU_RUN_STOP,         /* something asked the CPU to stop (emu_cpu_request_stop) */
    EMU_RUN_HALT_FOREVER, /* HLT with interrupts disabled and nothing that can wake it */
} EmuRunResult;

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
typedef uint32_t (*EmuHleTrap)(void *ctx, EmuCore *cpu, uint8_t service, bool *again);
/* Optional: the trap at CS:IP is about to be repeated, a service's time being spent in slices.
 * The handler takes up to `max` of the slices still to come at once, as many calls that
 * would each return the same clocks as the latest with *again set, and returns how many it took
 * (0: none; never the last slice, which ends the repetition). */
typedef uint32_t (*EmuHleRepeat)(void *ctx, EmuCore *cpu, uint32_t max);

#define EMU_HLE_REGIONS 4

/* The pages of EmuCore.code_pages: 1 KiB each, and one past 1 MiB (the slack a node's bytes
 * may reach: cache/code_trust.inc). */
#define EMU_CODE_PAGE_BITS 10
#define EMU_CODE_PAGES ((0x100000u >> EMU_CODE_PAGE_BITS) + 1)

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

/* Bus interface unit state: part of the CPU, so that the state one instruction leaves is what
 * the next one starts with. */
typedef struct EmuBiu {
    uint8_t q[8];         /* prefetch queue, q[qhead..qhead+qlen) modulo 8 */
    uint8_t qhead, qlen;  /* (exact model: bytes of scheduled fetches too, see q_at) */
    uint8_t preload;      /* opcode byte taken from the queue by the last RNI */
    uint8_t has_preload;
    uint8_t tstate;       /* bus T-state (exact model: written for the trace only) */
    uint8_t astate;       /* address cycle stage (likewise) */
    uint8_t latch;        /* bus cycle type in T1..T4 (likewise) */
    uint8_t fetch;        /* prefetcher state: normal, suspended, halted */
    uint8_t armed;        /* exact: the next fetch waits for the queue read that leaves the
                           * queue this long (room for a word), or 0xFF */
    uint16_t pc;          /* prefetch offset (in CS) */
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

struct EmuCore {
    union {
        EmuCpu cpu;                /* the part others see (emu.h): hand out &c->cpu */
        struct { EMU_CPU_FIELDS }; /* the same fields, named directly: c->ip */
    };

    /* The clock at which cpu_run() returns. */
    uint64_t deadline;
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
    void (*light)(void *ctx, EmuCore *cpu);
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
    void (*sample_flush)(void *ctx, EmuCore *cpu);
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
    uint16_t last_ea;     /* last effective address computed (LEA/LES/LDS reg,reg use it) */

    /* The instruction's own bytes for the REP continuation */
    uint8_t rep_op, rep_seg;

    EmuBiu biu;

    /* Optional observer (see EmuObserver); NULL costs one predictable branch per instruction. */
    EmuObserver observe;
    void *observe_ctx;
    uint8_t observe_sites; /* the observer takes EMU_OBS_SITES */

    /* Optional per-clock trace (exact model only; for debugging and the conformance runner). */
    void (*trace_clock)(void *tctx, const EmuCore *cpu);
    void *trace_ctx;

    /* The exact model's block cache (emu_cpu_set_block_cache; internal: cache/cache.h), and the
     * signature of the bus requests of the instruction being recorded or replayed. */
    void *fast;
    /* The bytes the instructions of its trusted blocks occupy, marked (NULL without a cache:
     * cpu/internal.h, code_at2), and a count that goes up whenever one of them is written: by
     * the model (mem_wr8, mem_wr16_even, code_written) or by C code outside the CPU, which says
     * so (emu_cpu_mem_written); and at a reset. A block whose bytes were found as recorded at
     * the latest count is trusted: replayed without checking them (cache/replay.inc). */
    uint8_t *codemap;
    /* For each page of memory (EMU_CODE_PAGE_BITS), the code epoch at which a mark in it was
     * last cleared (code_written), or of a reset (every page); NULL without a cache. */
    uint64_t *code_pages;
    /* For each page, whether a mark was set in it since the cache was last emptied (a write
     * where none was costs no look at codemap: code_written). */
    uint8_t *code_marked;
    /* With EMU86_FAST_VERIFY, memory's marked bytes as they were before a service (else NULL):
     * after it, a marked byte that changed though no emu_cpu_mem_written said so is an internal
     * error (code_audit_check). */
    uint8_t *code_audit;
    uint64_t code_epoch;
    uint64_t code_clears; /* marks cleared in codemap (code_hit): how many times */
    uint64_t fsig;
    uint32_t fpend;
    uint8_t fabort;
    /* The block cache: the operands of the latest node run without its flags (their value was
     * dead; cache/dead_flags.inc), from which they are worked out where the replay leaves
     * before the node that overwrites them. */
    uint16_t nf_a, nf_b;
};

/* The EmuCore of an EmuCpu (every EmuCpu is the first member of one). */
static inline EmuCore *emu_core(EmuCpu *cpu) { return (EmuCore *)(void *)cpu; }
static inline const EmuCore *emu_core_const(const EmuCpu *cpu) { return (const EmuCore *)(const void *)cpu; }

/* Queue operations as seen on the QS0/QS1 lines. */
enum { EMU_QOP_NONE = 0, EMU_QOP_FIRST = 1, EMU_QOP_FLUSH = 2, EMU_QOP_SUBSEQUENT = 3 };

/* Initialise a CPU on the given 1 MiB memory (caller owns it; EMU_MEM_SIZE + 16 bytes). The
 * CPU is left as after RESET: CS=FFFF, IP=0, flags cleared, queue empty. */
void emu_cpu_init(EmuCore *cpu, uint8_t *mem, EmuTiming timing);
void emu_cpu_reset(EmuCore *cpu);

/* Run instructions until cycles >= deadline, a stop request, or an unwakeable HLT. Returns
 * right after an instruction (or a REP iteration), before the boundary logic that follows it
 * (interrupt recognition, or the read of the next opcode): that logic runs when the CPU is
 * resumed, so interrupts raised by events due meanwhile are seen at that boundary. */
EmuRunResult emu_cpu_run(EmuCore *cpu);

/* Execute exactly one instruction (or one REP iteration), including the boundary logic that
 * follows it (interrupt, trap, or the read of the next opcode). */
void emu_cpu_step(EmuCore *cpu);

/* Register a linear range [lo, hi) in which opcode F1h is the HLE trap. */
bool emu_cpu_add_hle_region(EmuCore *cpu, uint32_t lo, uint32_t hi);

/* Prefill the queue with `n` bytes of code at CS:IP (as after a reset that preloaded it) and
 * read the first opcode byte, as the conformance suite's initial state requires. The clock
 * spent reading it is not counted. */
void emu_cpu_prefill(EmuCore *cpu, const uint8_t *bytes, int n);

/* The exact model's block cache (on by default in the machine): instructions it has seen run
 * from the same relative state of the bus are replayed with their recorded clocks, which are
 * the same as the model's. `on` false frees it. Returns false if it could not be allocated. */
bool emu_cpu_set_block_cache(EmuCore *cpu, bool on);

uint8_t emu_reg8(const EmuCore *cpu, int index); /* AL CL DL BL AH CH DH BH */
void emu_set_reg8(EmuCore *cpu, int index, uint8_t v);

/* The registers and flags as a DEBUG-style one-liner (for diagnostics). */
void emu_cpu_format_state(const EmuCore *cpu, char *buf, size_t len);

#endif
