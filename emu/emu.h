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
 * by clock. TABLE is the documented-timings model: the microcode's clocks with an ideal bus
 * (every instruction starts with a full queue); faster, and exact only where the queue never
 * runs dry. */
typedef enum { EMU_TIMING_EXACT = 0, EMU_TIMING_TABLE = 1 } EmuTiming;

/* Why cpu_run() returned. */
typedef enum {
    EMU_RUN_DEADLINE = 0, /* cycles reached the deadline (an event is due) */
    EMU_RUN_STOP,         /* something asked the CPU to stop (emu_cpu_request_stop) */
    EMU_RUN_HALT_FOREVER, /* HLT with interrupts disabled and nothing that can wake it */
} EmuRunResult;

typedef struct EmuCpu EmuCpu;

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

#define EMU_MEM_SIZE 0x100000u
#define EMU_HLE_REGIONS 4

/* Bus interface unit state (exact model). Internal, but part of the CPU so that the state one
 * instruction leaves is what the next one starts with. */
typedef struct EmuBiu {
    uint8_t q[8];         /* prefetch queue, q[qhead..qhead+qlen) modulo 8 */
    uint8_t qhead, qlen;
    uint8_t preload;      /* opcode byte taken from the queue by the last RNI */
    uint8_t has_preload;
    uint8_t tstate;       /* bus T-state */
    uint8_t astate;       /* address-phase pipeline state */
    uint8_t latch;        /* bus cycle type, T1..T4 */
    uint8_t status;       /* status lines (passive once the transfer is done) */
    uint8_t pipe;         /* type of the request in the address pipeline */
    uint8_t eu_req;       /* EU bus request: none / early / late */
    uint8_t fetch;        /* prefetcher state */
    uint8_t delay;        /* fetch delay clocks left */
    uint8_t final;        /* current transfer ends an atomic operation */
    uint8_t word;         /* current transfer is 16 bits wide */
    uint16_t pc;          /* prefetch offset (in CS) */
    uint32_t addr;        /* address latch */
    uint16_t data;        /* data bus */
    uint64_t ready_at;    /* TABLE model: clock at which a flushed queue delivers again */
    uint8_t qop, qop_prev; /* queue operation of this clock / of the previous one (tracing) */
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

    uint8_t *mem;         /* EMU_MEM_SIZE bytes (+ 16 bytes of slack) */
    uint32_t rom_start;   /* writes at or above this linear address are ignored */

    EmuPortIn port_in;
    EmuPortOut port_out;
    EmuIntAck int_ack;
    EmuHleTrap hle_trap;
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
    uint8_t timing;       /* EmuTiming */
    uint8_t fault;        /* reserved */
    uint16_t last_ea;     /* last effective address computed (LEA/LES/LDS reg,reg use it) */

    /* Start of the instruction being executed (first prefix), for samplers. */
    uint16_t insn_cs, insn_ip;
    /* The instruction's own bytes for the REP continuation */
    uint8_t rep_op, rep_seg, rep_prefixes;

    EmuBiu biu;

    /* Optional per-clock trace (exact model only; for debugging and the conformance runner). */
    void (*trace_clock)(void *tctx, const EmuCpu *cpu);
    void *trace_ctx;
};

/* Queue operations as seen on the QS0/QS1 lines. */
enum { EMU_QOP_NONE = 0, EMU_QOP_FIRST = 1, EMU_QOP_FLUSH = 2, EMU_QOP_SUBSEQUENT = 3 };

/* Initialise a CPU on the given 1 MiB memory (caller owns it; EMU_MEM_SIZE + 16 bytes). The
 * CPU is left as after RESET: CS=FFFF, IP=0, flags cleared, queue empty. */
void emu_cpu_init(EmuCpu *cpu, uint8_t *mem, EmuTiming timing);
void emu_cpu_reset(EmuCpu *cpu);

/* Run instructions until cycles >= deadline, a stop request, or an unwakeable HLT. Returns at
 * an instruction boundary (or between two iterations of a REP string instruction). */
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

/* Helpers for callers that inspect state. */
static inline uint32_t emu_linear(uint16_t seg, uint16_t off) {
    return (((uint32_t)seg << 4) + off) & 0xFFFFFu;
}
uint8_t emu_reg8(const EmuCpu *cpu, int index); /* AL CL DL BL AH CH DH BH */
void emu_set_reg8(EmuCpu *cpu, int index, uint8_t v);

/* The registers and flags as a DEBUG-style one-liner (for diagnostics). */
void emu_cpu_format_state(const EmuCpu *cpu, char *buf, size_t len);

#ifdef __cplusplus
}
#endif
#endif
