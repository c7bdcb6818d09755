/* emu86 command-line options: parsing, config file, environment, help. */
#ifndef EMU86_OPTIONS_H
#define EMU86_OPTIONS_H

#include <stdbool.h>
#include <stdint.h>

#define MAX_DRIVES 8
#define MAX_RANGES 16

/* Exit statuses of emu86 itself (the guest's own return code passes through otherwise). */
enum {
    EXIT_USAGE = 2,        /* bad command line */
    EXIT_LOAD = 125,       /* the program could not be loaded (missing, not executable, bad header) */
    EXIT_HALTED = 126,     /* the guest halted with interrupts off, or called ROM BASIC */
    EXIT_INPUT = 127,      /* the guest kept reading after its input ended */
    EXIT_MAXCYCLES = 124,  /* --max-cycles reached (as timeout(1)) */
    EXIT_SIGINT = 130,     /* host SIGINT */
    EXIT_SIGTERM = 143,    /* host SIGTERM */
    EXIT_OUTPUT = 123,     /* an output file could not be written */
};

typedef struct DriveOpt {
    char letter;
    const char *dir;
    bool readonly;
} DriveOpt;

typedef struct RangeOpt {
    uint32_t low, high, scale;
} RangeOpt;

typedef struct Options {
    /* machine */
    int timing;               /* EmuTiming */
    bool no_block_cache;      /* --no-block-cache */
    unsigned cpu_div;
    uint64_t max_cycles;
    const char *keys;
    unsigned input_limit;
    const char *epoch;        /* YYYY-MM-DD[THH:MM:SS] */
    /* DOS */
    DriveOpt drives[MAX_DRIVES];
    int ndrives;
    const char *cost_model;   /* NULL (default), "off", or a file */
    uint8_t dos_major, dos_minor; /* 0: DOS's default (3.30) */
    uint32_t memory_kb;       /* 0: 640 */
    uint16_t psp_seg;         /* 0: DOS_PSP_SEG */
    bool strict;              /* unknown DOS/BIOS functions end the run */
    bool crlf_in, crlf_out;   /* --crlf: LF -> CR LF on stdin, CR LF -> LF on stdout */
    /* profiling */
    const char *profil;       /* NULL: off; "": PROG.PRF; else file */
    unsigned bucket, grain;
    int sample_exact;
    const char *unix_profil;
    uint32_t profil_offset, profil_scale, profil_bufsiz;
    bool profil_offset_set, profil_scale_set, profil_bufsiz_set;
    const char *profil_style; /* sysv bsd linux osf */
    int profil_pc_ip;
    RangeOpt ranges[MAX_RANGES];
    int nranges;
    const char *exact_profile, *folded, *plot, *map;
    uint32_t map_origin;
    /* output */
    const char *frontend;     /* NULL = auto, tty, stdio, sdl */
    bool screen, stats, progress_off;
    int speed;                /* -1 auto (real time with tty/sdl), 0 max, 1 real time */
    const char *trace;
    int scale;                /* --frontend sdl: window scale (0: 1) */
    const char *screenshot;   /* --frontend sdl: FILE.png / FILE.bmp written at exit */
    /* program */
    const char *program;
    char **args;
    int nargs;
} Options;

/* Parses argv (after merging EMU86_OPTIONS and --config files). On error prints one line on
 * stderr naming the option and returns false. Exits for --help / --version. */
bool options_parse(Options *o, int argc, char **argv);
void options_help(void);

#endif
