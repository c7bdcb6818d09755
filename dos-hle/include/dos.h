/* emu86 — DOS in C (high-level emulation): program loader, PSP, environment, memory arena,
 * INT 20h-2Fh services, FCB and handle file I/O on a sandboxed host folder, console, and the
 * cost model of services. The one public header of dos-hle/; depends on emu.h only.
 *
 * Use:
 *     Dos *d = dos_new(&cfg, err, sizeof err);          // cfg: drive folder, console, epoch...
 *     dos_load_program(d, "prog.exe", argc, argv, err, sizeof err); // reads and checks it
 *     dos_attach(d, machine);                            // boot hook, services, stub regions
 *     emu_machine_run(machine);                          // the program runs
 *
 * Memory map (paragraphs; see docs/dos.md):
 *     0000 IVT, 0040 BIOS data, 0050 DOS communication area,
 *     0070 I/O layer (the IO.SYS place): device stubs,        -> profiler hit_io
 *     0100 DOS layer: INT 20h-2Fh stubs (the INT 20h vector's segment, PROFIL's dos_pa),
 *     0180 DOS data (list of lists, SFT, current directory, disk parameters),
 *     0300 MCB chain: the shell's PSP and environment, the program's environment,
 *     0400 the program's PSP (DOS_PSP_SEG), image at 0410, free memory up to 9FFF.
 */
#ifndef EMU86_DOS_H
#define EMU86_DOS_H

#include "emu.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define DOS_IO_SEG 0x0070u   /* device-layer stubs (IO.SYS) */
#define DOS_CODE_SEG 0x0100u /* DOS-layer stubs: the INT 20h vector's segment */
#define DOS_PSP_SEG 0x0400u  /* the program's PSP when its environment fits (it does by default) */
#define DOS_MEMORY_KB_MIN 64u
#define DOS_MEMORY_KB_MAX 640u

/* Seconds from 1980-01-01 00:00:00 (DOS's own first day) to the virtual clock's zero. The
 * default epoch is that day itself: a PC without a clock card booted to Tue 1-01-1980 0:00. */
#define DOS_EPOCH_DEFAULT 0

typedef struct DosConfig {
    /* Host folders of drives A:-Z: (NULL: no such drive). If no drive at all is given, C: is the
     * current folder. The first drive given is the default drive. */
    const char *drive[26];
    /* Drives the guest may only read: creating, writing, deleting, renaming fail (5). */
    bool drive_readonly[26];
    /* stdin_console: the guest's standard input (handle 0) is the console (CON: keys from the
     * machine's keyboard), as when the host's stdin is a terminal; false: handle 0 is the
     * host's stdin as a redirected file (emu_machine_set_input_fd), the keyboard apart.
     * stdout_console: the guest's standard output (handle 1) is the console: CON, drawn on the
     * screen through the ROM, whose bytes also go, unchanged, to the machine's output
     * (emu_machine_output); false: handle 1 is a redirected file whose bytes go to the
     * machine's output only. emu86 always sets it: the machine is the same whatever shows it. */
    bool stdin_console, stdout_console;
    /* Where the bytes of the rest of the console's output go (CON through other handles than
     * standard output, INT 29h), e.g. the host's stderr; NULL: to the text screen only. */
    void (*con_out)(void *ctx, const uint8_t *bytes, size_t n);
    void *con_ctx;
    /* Seconds after 1980-01-01 00:00:00 at which the virtual clock starts (DOS_EPOCH_DEFAULT). */
    int64_t epoch;
    /* Cost model: false (default) charges the documented clocks; true makes services free. */
    bool no_costs;
    /* A file of "key value" lines overriding the default costs (docs/dos.md); NULL: none. */
    const char *cost_file;
    /* DOS version reported by INT 21h AH=30h (0: 3.30). */
    uint8_t version_major, version_minor;
    /* Extra environment strings ("NAME=value"), NULL-terminated list, or NULL. */
    const char *const *env;
    /* Conventional memory in KiB, 64-640 (0: 640): the arena ends there (and the first
     * program's memory top, PSP:2, with it); the machine's BIOS must report the same (INT 12h,
     * EmuMachineConfig.memory_kb). */
    unsigned memory_kb;
    /* The first program's PSP segment, DOS_PSP_SEG (0) or higher: DOS's footprint below it
     * grows by a block DOS owns, as with drivers and buffers loaded. */
    uint16_t psp_seg;
} DosConfig;

/* What the profiler needs to know about the loaded program (PROFIL's view of memory). */
typedef struct DosFacts {
    uint16_t psp_seg;    /* the program's PSP */
    uint16_t image_para; /* first paragraph of the program image: psp_seg + 10h */
    bool is_exe;         /* chosen by the MZ signature, not by the name */
    uint32_t com_size;   /* .COM: the file's size in bytes (0 for .EXE) */
    uint16_t exe_pages;  /* .EXE: the MZ header's 512-byte page count (0 for .COM) */
    uint16_t int20_seg;  /* segment of the INT 20h vector (PROFIL's dos_pa) */
    uint16_t io_seg;     /* segment of the device-layer stubs */
    /* How the program ended (valid once the run ended): 0 normal, 1 Ctrl-C, 2 critical error,
     * 3 terminate and stay resident; and its return code (AL of 4Ch). */
    uint8_t end_type, end_code;
} DosFacts;

typedef struct Dos Dos;

/* Create DOS for one run. Returns NULL and a one-line message in err on failure (a drive folder
 * that cannot be opened, an unreadable cost file). */
Dos *dos_new(const DosConfig *cfg, char *err, size_t errlen);
/* Ends the run: files still open are closed, those written stamped with the DOS clock (so before
 * the machine is freed), and everything freed. */
void dos_free(Dos *d);

/* Read the program (a host file chosen by the user, outside the sandbox's rules) and check it:
 * a .COM (at most 65,280 bytes) or an MZ .EXE with a consistent header. argv[0] is its name as
 * the user typed it; argv[1..] become the command tail (joined with spaces, at most 126 bytes).
 * Returns false with a one-line message naming the file. */
bool dos_load_program(Dos *d, const char *host_path, int argc, char *const argv[], char *err,
                      size_t errlen);

/* Attach to a machine (before emu_machine_run): sets its boot hook and DOS service handler and
 * registers the I/O and DOS stub regions. */
bool dos_attach(Dos *d, EmuMachine *m);

/* The loaded program's facts (valid once the machine has booted it). */
const DosFacts *dos_facts(const Dos *d);

/* Called once the first program is loaded, right before its first instruction (its facts are
 * valid then): where a profiler starts its clock, as PROFIL did when it started the program. */
typedef void (*DosStartFn)(void *ctx, EmuMachine *m, const DosFacts *facts);
void dos_set_start_hook(Dos *d, DosStartFn fn, void *ctx);

/* INT 2Fh multiplex handlers (e.g. the profiler's profil service). A handler looks at the
 * registers; if the call is its own it sets the results, stores the clocks the call takes in
 * *clocks and returns true. Unclaimed calls answer "not installed" (AL unchanged = 00h). */
typedef bool (*DosMultiplexFn)(void *ctx, EmuMachine *m, uint32_t *clocks);
bool dos_add_multiplex(Dos *d, DosMultiplexFn fn, void *ctx);

/* Parse "YYYY-MM-DD[ HH:MM[:SS]]" (or "YYYY-MM-DDTHH:MM:SS") into an epoch for DosConfig.
 * Years 1980-2099. Returns false on bad input. */
bool dos_parse_epoch(const char *text, int64_t *epoch);

#ifdef __cplusplus
}
#endif
#endif
