/* Internal state of a profiling session (session*.c). */
#ifndef EMU86_PROFILER_SESSION_INTERNAL_H
#define EMU86_PROFILER_SESSION_INTERNAL_H

#include "dos.h"
#include "emu.h"
#include "profiler.h"

/* The guest's own profil(2) buffer, in guest memory. */
typedef struct GuestProfil {
    bool on;
    ProfUnixFlavour flavour;
    ProfPcMode pc_mode;
    uint32_t buf_lin, bufsiz, offset, scale;
    uint64_t counted;           /* ticks counted in the buffer since the last profil call */
} GuestProfil;

typedef struct VecCall {
    uint32_t target;            /* linear */
    uint32_t csip;              /* CS << 16 | IP */
    uint8_t vec;
} VecCall;

struct ProfSession {
    ProfSessionConfig cfg;
    char prf_name[4096];        /* the .PRF's path (the default made from the program's name) */
    ProfUnixRange ranges[PROF_OSF_MAX_RANGES]; /* sorted by decreasing lowpc */
    ProfMap map;
    bool have_map;

    Dos *dos;
    EmuMachine *m;
    bool started;               /* the program's first instruction has come */
    DosFacts facts;             /* as they were then */
    uint16_t prog_paras;        /* PROFIL's program size */

    bool want_prf, want_unix, want_exact;
    ProfPrf prf;
    bool have_prf;
    ProfUnix unx;
    bool have_unix;
    ProfPrfTally tally;         /* the .PRF's counts in full, for its sidecar */
    bool have_tally;
    ProfSampler sampler;
    int timer;                  /* the profiling timer's handle, -1 until started */
    uint64_t ticks;             /* samples taken */

    ProfExact *exact;
    VecCall *vec_calls;         /* (handler, vector) pairs the program's interrupts used */
    size_t nvec_calls, vec_calls_cap;
    uint64_t last_cycles, last_insns;

    GuestProfil guest;

    /* the routines' names (session_names.c) */
    ProfImage snap;             /* the program's image at its first instruction */
    uint8_t ivt_seen[1024];     /* the vector table as last looked at */
    ProfEntryPoint *installed;  /* handlers in the program of the vectors it set */
    size_t ninstalled, installed_cap;
    ProfMap names;              /* the map's and those found; valid after session_names_make */
};

/* session_exact.c: the CPU's execution observer feeding the exact collector. */
bool session_exact_start(ProfSession *s);
bool session_exact_write(ProfSession *s, ProfMessageFn msg, void *ctx);

/* session_guest.c: the INT 2Fh profil service and its per-tick update of guest memory. */
bool session_guest_mux(void *ctx, EmuMachine *m, uint32_t *clocks);
void session_guest_tick(ProfSession *s, uint16_t cs, uint16_t ip);

/* session_names.c: the image and vector table taken at the start, the vectors the program
 * sets (looked at every SESSION_WATCH_TICKS samples, with the batch that reaches the count),
 * and at the end the names: the map's, then the routines found in the image from its start,
 * the vectors and (exact profile) the calls. */
enum { SESSION_WATCH_TICKS = 32 };
bool session_names_start(ProfSession *s);
void session_names_watch(ProfSession *s);
bool session_names_make(ProfSession *s);

/* session_sidecar.c: the .PRF's sidecar, and a warning for each counter that wrapped. */
bool session_sidecar_write(ProfSession *s, ProfMessageFn msg, void *ctx);
void session_warn_wrapped(const ProfSession *s, ProfMessageFn msg, void *ctx);

/* session.c: start the profiling timer (once). */
bool session_start_timer(ProfSession *s);

/* A message line through msg (if any). */
void session_report(ProfMessageFn msg, void *ctx, const char *text);
/* Write b to path (temporary name, then rename) and free it; a failure is reported. */
bool session_write_buf(const char *path, ProfBuf *b, ProfMessageFn msg, void *ctx);

#endif
