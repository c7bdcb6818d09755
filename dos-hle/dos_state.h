/* The Dos object's state (struct Dos), shared by dos-hle's files: where DOS keeps things in
 * guest memory, the HLE service numbers and entry tables of its stubs (dos_stubs.asm: the two
 * change together), the open files, the INT 21h calls in progress, processes and searches. */
#ifndef EMU86_DOS_STATE_H
#define EMU86_DOS_STATE_H

#include "dos.h"
#include "dos_cost.h"
#include "dos_image.h"
#include "dos_memory.h"
#include "dos_names.h"

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
    uint64_t exec_image;     /* the latest program EXEC loaded: its file and load segment,
                              * hashed (0: none yet; dos_exec.c, code_replaced) */

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

#endif
