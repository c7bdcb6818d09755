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

#define EMU_MEM_SIZE 0x100000u

/* The CPU as the machine's users see it: the registers, the clocks, and what the observer is
 * told. The CPU's state holds more (emu/cpu/state.h) and names these fields as they are named
 * here, so they are listed once, for both. A CPU is made by the machine (emu_machine_cpu). */
#define EMU_CPU_FIELDS                                                                          \
    /* Architectural state. Byte registers: AL CL DL BL AH CH DH BH alias r.w. */               \
    union { uint16_t w[8]; uint8_t b[16]; } r;                                                  \
    uint16_t sreg[4];                                                                           \
    uint16_t ip;                                                                                \
    uint16_t flags;                                                                             \
    /* CPU clocks since reset, and instructions executed. */                                    \
    uint64_t cycles;                                                                            \
    uint64_t instructions;                                                                      \
    /* Start of the instruction being executed (its first prefix). */                           \
    uint16_t insn_cs, insn_ip;                                                                  \
    /* For the observer: how the instruction that just ended transferred control (EMU_FLOW_*), \
     * the vector of an EMU_FLOW_INT, and the run of sites an EMU_OBS_SITES reports. */         \
    uint8_t flow;                                                                               \
    uint8_t flow_vec;                                                                           \
    EmuObsSite *obs_sites;                                                                      \
    uint32_t obs_nsites;

struct EmuCpu {
    EMU_CPU_FIELDS
};

/* Put CS:IP somewhere new (as a far jump would), emptying the queue. Code that C code put in
 * memory before it has been said (emu_cpu_mem_written), as every write is. */
void emu_cpu_jump(EmuCpu *cpu, uint16_t cs, uint16_t ip);

/* Attach (or with fn NULL detach) the execution observer. */
void emu_cpu_set_observer(EmuCpu *cpu, EmuObserver fn, void *ctx);
/* The observer takes runs of replayed instructions at once (EMU_OBS_SITES). */
void emu_cpu_observe_sites(EmuCpu *cpu, bool on);
/* A loader put another program's code in memory: the block cache of the exact model, if any,
 * drops what it recorded (which would still replay only where its bytes agree), so that its
 * arena is used again rather than grown. Only the host's time and memory change. */
void emu_cpu_code_replaced(EmuCpu *cpu);
/* C code wrote the n bytes of guest memory from linear address lin (wrapping at 1 MiB): every
 * writer outside the CPU (a BIOS or DOS service, a loader, the profiler's guest service) says
 * so, in a service or outside one, so that the block cache replays no code that was written
 * without checking it again (emu/cache/code_trust.inc). Bytes of the ROM are never written.
 * A light timer or an observer writes none (they change nothing but their own data). */
void emu_cpu_mem_written(EmuCpu *cpu, uint32_t lin, uint32_t n);

/* Helpers for callers that inspect state. */
static inline uint32_t emu_linear(uint16_t seg, uint16_t off) {
    return (((uint32_t)seg << 4) + off) & 0xFFFFFu;
}

/* Guest memory as C code outside the CPU reads and writes it (the BIOS's and DOS's services,
 * the profiler's guest service, the text screen): MEM is the machine's 1 MiB
 * (emu_machine_mem), addresses wrap at 1 MiB, little-endian, and a write to the ROM (at
 * EMU_ROM_BASE and above) is ignored, as on the PC. The one copy of these helpers. Every write
 * is followed by emu_cpu_mem_written. */
#define EMU_ROM_BASE 0xF0000u
static inline uint8_t emu_peek8(const uint8_t *mem, uint32_t a) { return mem[a & 0xFFFFFu]; }
static inline uint16_t emu_peek16(const uint8_t *mem, uint32_t a) {
    return (uint16_t)(emu_peek8(mem, a) | emu_peek8(mem, a + 1) << 8);
}
static inline uint32_t emu_peek32(const uint8_t *mem, uint32_t a) {
    return (uint32_t)emu_peek16(mem, a) | (uint32_t)emu_peek16(mem, a + 2) << 16;
}
static inline void emu_poke8(uint8_t *mem, uint32_t a, uint8_t v) {
    a &= 0xFFFFFu;
    if (a < EMU_ROM_BASE) mem[a] = v;
}
static inline void emu_poke16(uint8_t *mem, uint32_t a, uint16_t v) {
    emu_poke8(mem, a, (uint8_t)v);
    emu_poke8(mem, a + 1, (uint8_t)(v >> 8));
}

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
 * from inside its run (its light hook), which saves leaving and re-entering the run per tick.
 * Timers are not light unless set so. */
void emu_machine_set_timer_light(EmuMachine *m, int handle, bool light);

/* A sampling timer: a timer whose ticks are samples of where the CPU is, by `rule` (IRQ: a
 * tick waits, as emu_machine_add_timer's callback returning true would, while the sample
 * cannot be taken). fn receives them in the order taken, n >= 1 at a time. When the timer is
 * not light, each sample comes at its tick. When it is light, fn must change nothing but its
 * own data (as for any light timer), and the machine holds its samples back and hands them
 * over in batches of up to EMU_SAMPLE_HOLD (each taken at its own tick and boundary): when the
 * hold is full, before emu_machine_run returns, before a timer that is not light runs (a live
 * view of the profile, say), before the timer is removed or made light or not, and at
 * emu_machine_deliver_samples. (A batch a tick cost about 180 host instructions
 * more per tick, on FIND's 128,000.) Returns a timer handle >= 0 (for
 * emu_machine_set_timer_light and emu_machine_remove_timer), or -1. */
typedef void (*EmuSampleFn)(void *ctx, EmuMachine *m, const EmuSample *s, unsigned n);
int emu_machine_add_sampler(EmuMachine *m, uint32_t period_pit_clocks, EmuSampleRule rule, EmuSampleFn fn,
                            void *ctx);
#define EMU_SAMPLE_HOLD 512
/* The samples held back (a light sampler's), handed over now: for a service that changes what
 * its sampler's fn does with them. */
void emu_machine_deliver_samples(EmuMachine *m);

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
