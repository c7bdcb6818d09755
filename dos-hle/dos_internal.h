/* dos-hle internals shared by its files: the Dos state, the guest memory helpers, the call
 * context of an INT 21h in progress, and each file's entry points. */
#ifndef EMU86_DOS_INTERNAL_H
#define EMU86_DOS_INTERNAL_H

#include "dos.h"
#include "dos_cost.h"
#include "dos_errors.h"
#include "dos_image.h"
#include "dos_memory.h"
#include "dos_names.h"
#include "dos_sandbox.h"

#include <stdio.h>

/* ---- memory map (paragraphs) ---- */
#define DOS_DATA_SEG 0x0180u     /* DOS data: flags, list of lists, device headers */
#define DOS_ARENA_FIRST 0x0300u  /* first MCB */
#define DOS_ARENA_TOP 0xA000u    /* with 640 KiB; Dos.top with DosConfig.memory_kb */
#define DOS_SHELL_PSP 0x0301u    /* the shell's PSP (parent of the first program) */
#define DOS_SHELL_ENV 0x0312u    /* its environment (2Eh paragraphs) */
#define DOS_ROOT_ENV 0x0341u     /* the first program's environment (BEh paragraphs) */
#define DOS_ROOT_ENV_PARAS 0x00BEu
#define DOS_IO_BYTES 0x900u      /* I/O stub area 00700h-00FFFh */
#define DOS_CODE_BYTES 0x800u    /* DOS stub area 01000h-017FFh */

/* offsets in DOS_DATA_SEG */
#define DD_CRITERR 0x0000u       /* critical error flag, then InDOS */
#define DD_INDOS 0x0001u
#define DD_MEDIA 0x0010u         /* media descriptor byte for AH=1Bh/1Ch */
#define DD_DBCS 0x0012u          /* empty double-byte lead table (two zero words) */
#define DD_FIRST_MCB 0x00FEu     /* word before the list of lists */
#define DD_SYSVARS 0x0100u       /* list of lists (AH=52h) */
#define DD_NUL 0x0122u           /* NUL device header, inside the list of lists */
#define DD_DEVICES 0x0140u       /* CON, AUX, PRN, CLOCK$ headers */
#define DD_DPB 0x0200u           /* drive parameter blocks (1Fh, 32h), one per drive */
#define DD_FAT 0x0600u           /* the FAT 1Bh/1Ch point at (as DOS 1 kept it), to 0180:1800 */

/* ---- HLE services (see dos_stubs.asm) ---- */
enum {
    SVC_INT20 = 0x40, SVC_INT21, SVC_INT21_FINISH, SVC_CTRLC_BEFORE, SVC_CTRLC_AFTER,
    SVC_ROOT_END, SVC_INT23_DEFAULT, SVC_UNUSED47, SVC_INT27, SVC_INT2F, SVC_CALL5,
    SVC_INT25, SVC_INT26,
    SVC_IO_STEP = 0x50, SVC_INT29,
};
/* entry tables at the start of each stub area */
enum { IO_RUN, IO_CALL10, IO_CALL16, IO_CALL1A, IO_CALL13, IO_CALL17, IO_CALL14, IO_INT29,
       IO_DEV_RETF, IO_CALL_RUN, IO_ROM_RUN, IO_CON_BUF, IO_CON_BUF_END, IO_N };
enum { DE_INT20, DE_INT21, DE_INT21_FINISH, DE_CTRLC, DE_INT22_ROOT, DE_INT23, DE_INT24,
       DE_INT25, DE_INT26, DE_INT27, DE_INT28, DE_INT2F, DE_IRET, DE_CALL5, DE_N };

/* ---- files ---- */
enum { SFT_FREE = 0, SFT_FILE, SFT_DEVICE, SFT_STDIN, SFT_STDOUT };
#define DOS_SFT_MAX 40
#define DOS_JFT_DEFAULT 20

typedef struct DosSft {
    int kind;
    int refs;
    int fd;                /* host descriptor of a file */
    int device;            /* DOS_DEV_* */
    uint8_t mode;          /* open mode byte (access in bits 0-2) */
    uint8_t drive;         /* 0 = A */
    bool written;
    bool raw;              /* device in raw (binary) mode */
    uint32_t pos;
    char name[13];
    uint16_t owner_psp;
    bool fcb;              /* opened through an FCB (no handle) */
    bool time_set;         /* 57h set a time on a file opened for reading: kept here only */
    bool to_stdout;        /* CON as the guest's standard output: its bytes to that stream */
    uint16_t set_date, set_time;
} DosSft;

/* ---- an INT 21h in progress ---- */
/* STEP_CON_RUN: CX characters of CON output (the call's text from `text` on) for the ROM's
 * teletype run, through CON's buffer in the I/O area. */
enum { STEP_NONE = 0, STEP_INT10, STEP_INT16, STEP_INT1A, STEP_INT13, STEP_INT17, STEP_INT14,
       STEP_CON_RUN };
typedef struct DosStep {
    uint8_t kind;
    uint16_t ax, bx, cx, dx;
    uint32_t io_cost;
    uint32_t text;
} DosStep;

typedef struct DosCall {
    uint16_t w[8], sreg[4];  /* the registers to return */
    uint16_t entry_w[8], entry_sreg[4]; /* as the caller gave them (for Ctrl-C) */
    uint16_t set_flags, clear_flags; /* caller flags to set / clear in the IRET frame */
    DosStep *steps;
    int nsteps, cap, pos;
    uint8_t *text;           /* the characters of the call's CON runs */
    uint32_t ntext, textcap;
    bool ctrl_c;             /* Ctrl-C seen: INT 23h after the steps */
    int note;                /* the caller's DosLastCall slot, given its results at the end */
    uint16_t note_psp;
} DosCall;

#define DOS_CALL_DEPTH 8

/* ---- processes started by EXEC ---- */
typedef struct DosProc {
    uint16_t psp;
    uint16_t parent_dta_seg, parent_dta_off;
    bool used;
} DosProc;
#define DOS_PROC_MAX 16

/* The registers of a process's last INT 21h, as it returned them (as it was given them while
 * it has not returned: EXEC). MS-DOS keeps them on the caller's stack, at the SS:SP it stores in
 * the PSP at 2Eh; a termination returns to the new current process with them. */
typedef struct DosLastCall {
    uint16_t psp;
    uint16_t w[8], sreg[4];
    uint32_t stamp;          /* for reuse, least recently used; 0: free */
} DosLastCall;

/* ---- find first/next searches ---- */
#define DOS_SEARCH_MAX 16
typedef struct DosSearch {
    int drive;
    int n;
    char comps[DOS_MAX_DEPTH][13];
    uint32_t stamp;          /* for reuse, least recently used */
} DosSearch;

struct Dos {
    DosConfig cfg;
    EmuMachine *m;
    uint8_t *mem;
    DosCosts costs;
    DosFacts facts;

    /* drives */
    int rootfd[26];
    struct DosFatView *view[26]; /* each drive as a disk (dos_disk.c), until the guest changes it */
    bool dpb_given[26];          /* 1Fh/32h gave the drive's DPB: keep its current folder */
    char cwd[26][DOS_MAX_CWD + 1];
    int cur_drive;
    bool verify;
    bool break_check;
    uint8_t alloc_strategy;

    /* program */
    char *prog_host;
    char prog_dos[80];       /* "C:\PROG.EXE" */
    uint8_t *prog;
    size_t prog_len;
    DosImage img;
    char tail[128];
    uint8_t tail_len;

    /* processes, memory */
    uint16_t top;            /* the end of conventional memory (paragraphs) */
    uint16_t psp_want;       /* the first program's PSP segment */
    DosArena arena;
    uint16_t cur_psp;
    uint16_t dta_seg, dta_off;
    DosProc procs[DOS_PROC_MAX];
    DosLastCall last_calls[DOS_PROC_MAX];
    uint32_t last_call_clock;
    uint16_t last_return;    /* AH=4Dh: type << 8 | code */
    bool return_read;

    /* files */
    DosSft sft[DOS_SFT_MAX];
    DosSearch searches[DOS_SEARCH_MAX];
    uint32_t search_clock;

    /* errors (AH=59h) */
    uint16_t last_error;

    /* console */
    unsigned column;         /* for tab expansion */
    uint8_t line[130];       /* a CON line being handed out by handle reads */
    unsigned line_len, line_pos;
    int pending_scan;        /* the scan code of an extended key, read next (or -1) */
    bool swallow_lf;         /* a redirected line ended with CR: skip an LF that follows */
    bool con_eof;            /* the last CON key read found the input at its end */
    bool echo_now;           /* console echo written at once (a console read is going on) */

    /* time: centiseconds added to the clock by AH=2Bh/2Dh */
    int64_t time_adjust;

    /* the INT 21h calls in progress (nested through INT 23h, TSRs, ...) */
    DosCall calls[DOS_CALL_DEPTH];
    int depth;
    DosCall *call;           /* the one being served */
    uint32_t call_extra;     /* DOS-layer clocks the call adds (bytes moved, directory work) */
    uint16_t ctrlc_sp;

    DosStartFn start_fn;
    void *start_ctx;

    /* INT 2Fh */
    struct { DosMultiplexFn fn; void *ctx; } mux[8];
    int nmux;

    uint16_t io_entry[IO_N], dos_entry[DE_N];
};

/* ---- guest memory ---- */
static inline uint32_t lin(uint16_t seg, uint16_t off) { return ((uint32_t)seg << 4) + off; }
static inline uint8_t rd8(const Dos *d, uint32_t a) { return d->mem[a & 0xFFFFF]; }
static inline uint16_t rd16(const Dos *d, uint32_t a) {
    return (uint16_t)(d->mem[a & 0xFFFFF] | d->mem[(a + 1) & 0xFFFFF] << 8);
}
static inline void wr8(Dos *d, uint32_t a, uint8_t v) {
    a &= 0xFFFFF;
    if (a < 0xF0000) d->mem[a] = v;
}
static inline void wr16(Dos *d, uint32_t a, uint16_t v) {
    wr8(d, a, (uint8_t)v);
    wr8(d, a + 1, (uint8_t)(v >> 8));
}
void dos_read_mem(const Dos *d, uint16_t seg, uint16_t off, void *dst, size_t n);
void dos_write_mem(Dos *d, uint16_t seg, uint16_t off, const void *src, size_t n);
/* An ASCIIZ string from seg:off (at most max-1 characters). */
void dos_read_asciiz(const Dos *d, uint16_t seg, uint16_t off, char *dst, size_t max);

/* ---- registers of the call being served ---- */
#define R(d) ((d)->call->w)
#define S(d) ((d)->call->sreg)
#define rAX(d) R(d)[EMU_AX]
#define rBX(d) R(d)[EMU_BX]
#define rCX(d) R(d)[EMU_CX]
#define rDX(d) R(d)[EMU_DX]
#define rSI(d) R(d)[EMU_SI]
#define rDI(d) R(d)[EMU_DI]
#define rDS(d) S(d)[EMU_DS]
#define rES(d) S(d)[EMU_ES]
static inline uint8_t rAL(const Dos *d) { return (uint8_t)d->call->w[EMU_AX]; }
static inline uint8_t rAH(const Dos *d) { return (uint8_t)(d->call->w[EMU_AX] >> 8); }
static inline uint8_t rDL(const Dos *d) { return (uint8_t)d->call->w[EMU_DX]; }
static inline void setAL(Dos *d, uint8_t v) { d->call->w[EMU_AX] = (uint16_t)((d->call->w[EMU_AX] & 0xFF00) | v); }
static inline void setAH(Dos *d, uint8_t v) { d->call->w[EMU_AX] = (uint16_t)((d->call->w[EMU_AX] & 0x00FF) | v << 8); }
/* Success (carry clear) / failure (carry set, AX = code, remembered for AH=59h). */
void dos_ok(Dos *d);
void dos_fail(Dos *d, uint16_t code);
/* INT 21h function `ah`'s subfunction `al` is not implemented here: warned once (or the end of
 * the run with --strict); `answer` says what the caller gets. */
static inline void dos_unknown(Dos *d, uint8_t ah, uint8_t al, const char *answer) {
    emu_machine_unknown_call(d->m, 0x21, ah, al, answer);
}
void dos_set_zf(Dos *d, bool on);

/* ---- device-layer steps of the current call ---- */
void dos_step(Dos *d, uint8_t kind, uint16_t ax, uint16_t bx, uint16_t cx, uint16_t dx, uint32_t io_cost);
/* One character of CON output for the screen in the call's current run (a new run after
 * another step, or when the run has as many as CON's buffer holds): io_char each. */
void dos_step_con_char(Dos *d, uint8_t ch);

/* ---- dos_main.c ---- */
bool dos_drive_valid(const Dos *d, int drive /* 0 = A */);
bool dos_drive_writable(const Dos *d, int drive);
/* For AH=29h's parser: drive 0 (default) or an existing drive (1 = A). ctx: the Dos. */
bool dos_fcb_drive_ok(void *ctx, int drive);
const char **dos_cwds(const Dos *d, const char *out[26]);
uint64_t dos_now_centis(const Dos *d);
void dos_close_all_files(Dos *d); /* (dos_files.c; needs the machine: before it is freed) */

/* ---- dos_boot.c ---- */
bool dos_boot(void *ctx, EmuMachine *m);
void dos_init_memory_map(Dos *d);

/* ---- dos_psp.c ---- */
void dos_set_vector(Dos *d, uint8_t n, uint16_t seg, uint16_t off);
/* The CALL 5 address of a PSP (offsets 6 and 8) for a block ending at top. */
void dos_psp_call5(Dos *d, uint16_t psp, uint16_t top);
/* A PSP at psp for a block ending at top, with its parent and environment. */
void dos_build_psp(Dos *d, uint16_t psp, uint16_t top, uint16_t parent, uint16_t env);
void dos_set_tail(Dos *d, uint16_t psp, const uint8_t *tail, uint8_t len);
/* Parse the tail into the FCBs at 5Ch/6Ch; returns AX's drive validity. */
uint16_t dos_parse_tail_fcbs(Dos *d, uint16_t psp);
/* AX's drive validity of FCBs already in the PSP. */
uint16_t dos_fcb_drive_validity(Dos *d, uint16_t psp);
uint16_t dos_build_env(Dos *d, uint16_t seg, uint16_t paras, const uint8_t *src, size_t srclen,
                       const char *prog);
/* The program's block (as large as its max allocation asks, at least its min). */
uint16_t dos_alloc_program(Dos *d, const DosImage *img, uint16_t owner, uint16_t *seg, uint16_t *size);
void dos_start_program(Dos *d, uint16_t psp, const DosImage *img, uint16_t load_seg, uint16_t top,
                       uint16_t ax);

/* ---- dos_exec.c ---- */
/* End a process as MS-DOS's abort/exit code does (type 0 normal, 1 Ctrl-C, 3 resident). The
 * PSP that ends (whose INT 22h-24h are restored) is the caller's CS for INT 20h and AH=00h
 * (dos_caller_psp), the current PSP otherwise. */
void dos_terminate(Dos *d, uint8_t code, uint8_t type, uint16_t this_psp);
/* The caller's CS (the IRET frame at SS:SP): the "PSP" INT 20h/AH=00h/26h take, as MS-DOS
 * does, whatever is there (COMMAND.COM 1.x calls 26h from its transient part, whose segment
 * holds the command tail at 80h and the FCBs at 5Ch for the copy). */
uint16_t dos_caller_psp(Dos *d, uint16_t ss, uint16_t sp);
/* Remember the registers of the current process's INT 21h (at its entry); returns the slot
 * for dos_note_result. */
int dos_note_call(Dos *d, const uint16_t w[8], const uint16_t sreg[4]);
void dos_note_result(Dos *d, int slot, uint16_t psp, const uint16_t w[8], const uint16_t sreg[4]);
void dos_fn_exec(Dos *d);           /* 4Bh */
void dos_fn_create_psp(Dos *d);     /* 26h */
void dos_fn_keep(Dos *d, uint16_t paras, uint8_t code); /* 31h, INT 27h */

/* ---- dos_console.c ---- */
void dos_fn_console(Dos *d, uint8_t ah); /* 01h-0Ch */
/* CON output: to the screen, and its bytes to the guest's standard output stream (to_stdout)
 * or the rest of the console's (DosConfig.con_out). */
void dos_con_write(Dos *d, const uint8_t *b, size_t n, bool cooked, bool to_stdout);
/* Read one key/byte for a console read; -1 at the end of input (counted as exhausted). */
int dos_con_read_key(Dos *d);
size_t dos_con_read_line(Dos *d, uint8_t *dst, size_t max); /* handle read of CON */
bool dos_con_ready(Dos *d);
/* A poll of the redirected stdin: a byte is there (at its end, an idle poll is counted). */
bool dos_stdin_ready(Dos *d);
void dos_stdin_redirect_read(Dos *d);

/* ---- dos_ioctl.c, dos_fileops.c ---- */
void dos_fn_ioctl(Dos *d);    /* 44h */
void dos_fn_attrib(Dos *d);   /* 43h */
void dos_fn_unlink(Dos *d);   /* 41h */
void dos_fn_rename(Dos *d);   /* 56h */
void dos_fn_filetime(Dos *d); /* 57h */

/* ---- dos_files.c ---- */
uint32_t dos_jft_addr(const Dos *d, uint16_t psp, uint16_t *count);
void dos_files_init(Dos *d);
void dos_fn_files(Dos *d, uint8_t ah); /* 3Ch-46h, 5Ah, 5Bh, 57h, 41h, 43h, 56h */
int dos_handle_sft(Dos *d, uint16_t handle); /* SFT index or -1 */
uint16_t dos_handle_read(Dos *d, uint16_t handle, uint16_t seg, uint16_t off, uint16_t n, uint16_t *got);
uint16_t dos_handle_write(Dos *d, uint16_t handle, uint16_t seg, uint16_t off, uint16_t n, uint16_t *put);
uint16_t dos_handle_read_bytes(Dos *d, uint16_t handle, uint8_t *buf, uint16_t n, uint16_t *got);
uint16_t dos_handle_write_bytes(Dos *d, uint16_t handle, const uint8_t *buf, uint16_t n, uint16_t *put);
void dos_close_process_files(Dos *d, uint16_t psp);
void dos_sft_ref(Dos *d, int idx);
uint16_t dos_path_from_guest(Dos *d, uint16_t seg, uint16_t off, bool wild, DosPath *p);
int dos_open_parent(Dos *d, const DosPath *p, uint16_t *err);
void dos_stamp_now(Dos *d, uint16_t *date, uint16_t *time);
/* Set a host file's times to a DOS time (seconds since 1980, taken as UTC). */
void dos_set_host_time(int fd, int64_t dos_seconds);
void dos_file_datetime(int64_t unix_mtime, uint16_t *date, uint16_t *time);
uint8_t dos_attr_of(const DosDirEntry *e);

/* ---- dos_dirs.c ---- */
void dos_fn_dirs(Dos *d, uint8_t ah); /* 39h-3Bh, 47h, 4Eh, 4Fh, 0Dh, 0Eh, 19h */
/* A search slot (the least recently used is reused) that remembers the folder of a search, so
 * that find next continues there whatever the current folder is then (COMMAND.COM 2.0's DIR
 * changes to the folder, searches first, changes back, then searches next). Returns the slot
 * number (1-based) and its stamp; dos_search_get gives it back while it is still that search
 * (stamps compared under mask). */
uint16_t dos_search_begin(Dos *d, int drive, const char (*comps)[13], int n, uint32_t *stamp);
const DosSearch *dos_search_get(const Dos *d, uint16_t slot, uint32_t stamp, uint32_t mask);
int dos_find_matches(Dos *d, int drive, const char (*comps)[13], int n, const uint8_t pat[11],
                     uint8_t attr, uint16_t start, DosDirEntry *found, uint16_t *index);

/* ---- dos_disk.c ---- */
void dos_fn_disk(Dos *d, uint8_t ah); /* 1Bh, 1Ch, 1Fh, 32h, 36h */
/* INT 25h (read) / INT 26h (write: write-protected) with the caller's registers in c. */
uint32_t dos_abs_disk(Dos *d, EmuCpu *c, bool write);
/* The guest changed something on the host: the drives' disk views are computed again. */
void dos_disk_changed(Dos *d);
void dos_disk_cwd_changed(Dos *d, int drive);
struct DosFatView *dos_disk_view(Dos *d, int drive);
/* The 32-byte directory entry of `name` (or "." / "..") in the folder comps[0..n) of a drive,
 * as the disk view has it (its first cluster included). False if the view has no such entry. */
bool dos_disk_dir_entry(Dos *d, int drive, const char (*comps)[13], int n, const char *name,
                        uint8_t ent[32]);

/* ---- dos_fcb.c ---- */
void dos_fn_fcb(Dos *d, uint8_t ah);  /* 0Fh-17h, 21h-24h, 27h, 28h, 29h */

/* ---- dos_misc.c ---- */
void dos_fn_misc(Dos *d, uint8_t ah); /* vectors, date/time, version, memory, PSP, ... */

/* ---- dos_int21.c ---- */
uint32_t dos_service(void *ctx, EmuMachine *m, uint8_t svc);

#endif
