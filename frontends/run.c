/* emu86 PROGRAM: set up DOS and the machine, run, report how it ended. */
#include "run.h"

#include "dos.h"
#include "emu.h"
#include "profiler.h"
#include "profiling.h"
#include "progpath.h"
#include "sdl_run.h"
#include "stdin_keys.h"
#include "tty.h"
#include "warnings.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static EmuMachine *running;
static volatile sig_atomic_t got_signal;

static void on_signal(int sig) {
    got_signal = sig;
    if (running) emu_machine_interrupt(running);
}

typedef struct Sink {
    FILE *f;
    int failed;
    int err;
    bool unix_text; /* --crlf: CR LF written as LF */
    bool held_cr;   /* a CR whose next byte decides */
} Sink;

static void sink_put(Sink *s, const uint8_t *b, size_t n) {
    if (s->failed || !n) return;
    if (fwrite(b, 1, n, s->f) != n) {
        s->failed = 1;
        s->err = errno;
    }
}

static void sink_write(void *ctx, const uint8_t *b, size_t n) {
    Sink *s = ctx;
    if (!s->unix_text) {
        sink_put(s, b, n);
        return;
    }
    static const uint8_t cr = '\r';
    size_t from = 0;
    for (size_t i = 0; i < n; i++) {
        if (s->held_cr) {
            s->held_cr = false;
            if (b[i] != '\n') sink_put(s, &cr, 1);
        }
        if (b[i] == '\r') {
            sink_put(s, b + from, i - from);
            from = i + 1;
            s->held_cr = true;
        }
    }
    sink_put(s, b + from, n - from);
}

/* The end of the output: a CR held back is written. */
static void sink_end(Sink *s) {
    static const uint8_t cr = '\r';
    if (s->held_cr) sink_put(s, &cr, 1);
    s->held_cr = false;
}

/* ---- what the user sees while the guest runs: the terminal screen, pacing, progress ---- */

typedef struct Ui {
    EmuMachine *m;
    Tty *tty;
    int pace;             /* keep emulated time from running ahead of host time */
    int progress;         /* progress line on stderr */
    int progress_shown;
    double t0, last_draw, last_progress;
} Ui;

#define UI_PERIOD_PIT 11932 /* 10 ms of emulated time */

static double host_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static double emulated_seconds(EmuMachine *m) { return (double)emu_machine_now(m) / 14318180.0; }

static void show_progress(Ui *u, double now) {
    uint64_t cyc = emu_machine_cpu(u->m)->cycles;
    double el = now - u->t0;
    fprintf(stderr, "\r[emu86] %.1f s emulated, %llu clocks, %.1f MIPS\033[K", emulated_seconds(u->m),
            (unsigned long long)cyc, el > 0 ? (double)emu_machine_instructions(u->m) / el / 1e6 : 0.0);
    u->progress_shown = 1;
}

/* A machine timer: it only looks at the machine, so the guest computes the same either way. */
static bool ui_tick(void *ctx, EmuMachine *m, uint64_t due) {
    Ui *u = ctx;
    (void)m;
    (void)due;
    double now = host_seconds();
    if (u->pace) {
        double ahead = emulated_seconds(u->m) - (now - u->t0);
        if (ahead > 0.002) {
            struct timespec ts = {0, (long)(ahead * 1e9)};
            nanosleep(&ts, NULL);
            now = host_seconds();
        }
    }
    if (u->tty && now - u->last_draw >= 0.03) {
        tty_draw(u->tty);
        u->last_draw = now;
    }
    if (u->progress && now - u->t0 >= 1.0 && now - u->last_progress >= 0.5) {
        show_progress(u, now);
        u->last_progress = now;
    }
    return false;
}

static int exit_status_of(EmuEnd e, EmuMachine *m) {
    switch (e) {
    case EMU_END_EXIT: return emu_machine_exit_status(m);
    case EMU_END_MAX_CYCLES: return EXIT_MAXCYCLES;
    case EMU_END_SIGNAL: return got_signal == SIGTERM ? EXIT_SIGTERM : EXIT_SIGINT;
    case EMU_END_INPUT: return EXIT_INPUT;
    default: return EXIT_HALTED;
    }
}

static bool setup_dos_config(const Options *o, DosConfig *cfg, char *err, size_t errlen) {
    memset(cfg, 0, sizeof *cfg);
    for (int i = 0; i < o->ndrives; i++) {
        cfg->drive[o->drives[i].letter - 'A'] = o->drives[i].dir;
        cfg->drive_readonly[o->drives[i].letter - 'A'] = o->drives[i].readonly;
    }
    /* One machine whatever shows it: the guest's standard output is always the console (CON,
     * drawn through the ROM), whose bytes the stdio frontend also writes to stdout; standard
     * input is the console (the keyboard) when the host's is a terminal, else the redirected
     * file, with the keyboard apart. */
    cfg->stdin_console = isatty(0);
    cfg->stdout_console = true;
    cfg->epoch = DOS_EPOCH_DEFAULT;
    if (o->epoch && !dos_parse_epoch(o->epoch, &cfg->epoch)) {
        snprintf(err, errlen, "--epoch: expected YYYY-MM-DD[THH:MM:SS] between 1980 and 2099, got '%s'", o->epoch);
        return false;
    }
    cfg->version_major = o->dos_major;
    cfg->version_minor = o->dos_minor;
    cfg->memory_kb = o->memory_kb;
    cfg->psp_seg = o->psp_seg;
    if (o->cost_model) {
        if (!strcmp(o->cost_model, "off")) cfg->no_costs = true;
        else cfg->cost_file = o->cost_model;
    }
    return true;
}

static void print_message(void *ctx, const char *line) {
    (void)ctx;
    fprintf(stderr, "emu86: %s\n", line);
}

/* Everything a run holds, freed in one place. */
typedef struct Run {
    ProfSession *prof;
    Dos *dos;
    EmuMachine *m;
    FILE *trace;
    Ui ui;
    SdlRun sdl;
    Warnings warn;
} Run;

static void run_free(Run *r) {
    if (r->ui.tty) tty_close(r->ui.tty);
    warnings_flush(&r->warn);
    if (r->trace) fclose(r->trace);
    dos_free(r->dos); /* (first: it stamps the files left open with the machine's clock) */
    emu_machine_free(r->m);
    prof_session_free(r->prof);
}

static int fail_with(Run *r, int status, const char *msg) {
    fprintf(stderr, "emu86: %s\n", msg);
    run_free(r);
    return status;
}

/* Load the program, build the machine and attach DOS and the profiler to it. */
static int prepare(Run *r, const Options *o, DosConfig *dcfg, Sink *out, int use_tty, int use_sdl) {
    char err[512];
    int status = 0;
    r->prof = profiling_new(o, err, sizeof err, &status);
    if (!r->prof) return fail_with(r, status, err);
    r->dos = dos_new(dcfg, err, sizeof err);
    if (!r->dos) return fail_with(r, EXIT_USAGE, err); /* a --drive folder or --cost-model file */
    /* the program's own argv: its name as typed, then its arguments */
    char **pargv = calloc((size_t)o->nargs + 2, sizeof *pargv);
    if (!pargv) return fail_with(r, EXIT_LOAD, "out of memory");
    pargv[0] = (char *)o->program;
    for (int i = 0; i < o->nargs; i++) pargv[i + 1] = o->args[i];
    bool loaded = dos_load_program(r->dos, o->program, o->nargs + 1, pargv, err, sizeof err);
    free(pargv);
    if (!loaded) return fail_with(r, EXIT_LOAD, err);

    EmuMachineConfig mcfg = {0};
    mcfg.timing = (EmuTiming)o->timing;
    mcfg.no_block_cache = o->no_block_cache;
    mcfg.cpu_div = o->cpu_div;
    mcfg.max_cycles = o->max_cycles;
    mcfg.input_limit = o->input_limit;
    mcfg.memory_kb = o->memory_kb;
    r->m = emu_machine_new(&mcfg);
    if (!r->m) return fail_with(r, EXIT_LOAD, "out of memory");
    EmuMachine *m = r->m;
    /* functions the guest calls that emu86 does not have: a warning each (after the run while
     * the terminal shows the screen), or the end of the run with --strict */
    r->warn.prog = o->program;
    r->warn.defer = use_tty;
    emu_machine_set_warn(m, warnings_line, &r->warn, o->strict);
    if (o->keys && !emu_machine_keys(m, o->keys, err, sizeof err)) {
        size_t n = strlen(err);
        snprintf(err + n, sizeof err - n, " (see emu86 --help)");
        return fail_with(r, EXIT_USAGE, err);
    }
    Ui *ui = &r->ui;
    ui->m = m;
    ui->pace = o->speed == 1 || (o->speed < 0 && (use_tty || use_sdl));
    ui->progress = !o->progress_off && !use_tty && isatty(2) && !isatty(1);
    if (o->trace) {
        r->trace = fopen(o->trace, "w");
        if (!r->trace) {
            snprintf(err, sizeof err, "--trace: %s: %s", o->trace, strerror(errno));
            return fail_with(r, EXIT_OUTPUT, err);
        }
        emu_machine_set_trace(m, r->trace);
    }
    if (!dos_attach(r->dos, m)) return fail_with(r, EXIT_LOAD, "cannot attach DOS to the machine");
    if (!prof_session_attach(r->prof, r->dos, m, err, sizeof err)) return fail_with(r, EXIT_USAGE, err);
    /* standard input: the redirected file; the keyboard: --keys, then the terminal or the
     * window, if there is one */
    if (!isatty(0)) emu_machine_set_input_fd(m, 0);
    emu_machine_set_stdin_crlf(m, o->crlf_in);
    if (use_tty) {
        ui->tty = tty_open(m);
        if (tty_reads_keys(ui->tty)) emu_machine_set_key_source(m, tty_key_source, ui->tty);
    } else if (!use_sdl) {
        if (isatty(0)) emu_machine_set_key_source(m, stdin_key_source, m);
        emu_machine_set_output(m, sink_write, out);
    }
    /* the window (last: nothing after it can fail) */
    if (use_sdl && !sdl_run_start(&r->sdl, m, r->prof, o, err, sizeof err)) return fail_with(r, EXIT_USAGE, err);
    ui->t0 = host_seconds();
    if (ui->tty || ui->pace || ui->progress) emu_machine_add_timer(m, UI_PERIOD_PIT, ui_tick, ui);
    return 0;
}

static EmuEnd run_with_signals(EmuMachine *m) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    running = m;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);
    EmuEnd e = emu_machine_run(m);
    running = NULL;
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    return e;
}

/* The text screen, its trailing blank lines left out. */
static void print_screen(EmuMachine *m) {
    static char text[32768];
    emu_machine_screen_text(m, text, sizeof text);
    size_t n = strlen(text);
    while (n && text[n - 1] == '\n') text[--n] = 0;
    if (n) printf("%s\n", text);
}

/* --frontend sdl needs a display, unless SDL is told which video driver to use (its dummy
 * driver runs the window headless). */
static const char *sdl_no_display(void) {
    if (getenv("SDL_VIDEODRIVER") || getenv("DISPLAY") || getenv("WAYLAND_DISPLAY")) return NULL;
    return "--frontend sdl: no display (neither DISPLAY nor WAYLAND_DISPLAY is set; "
           "SDL_VIDEODRIVER=dummy runs the window headless; see emu86 --help)";
}

int run_program(const Options *given) {
    char err[512];
    /* the program as COMMAND.COM finds it: PROG, else PROG.COM, else PROG.EXE */
    static char path[4096];
    progpath_find(given->program, path, sizeof path);
    Options resolved = *given;
    resolved.program = path;
    const Options *o = &resolved;
    DosConfig dcfg;
    if (!setup_dos_config(o, &dcfg, err, sizeof err)) {
        fprintf(stderr, "emu86: %s\n", err);
        return EXIT_USAGE;
    }
    const char *fe = o->frontend ? o->frontend : (isatty(1) ? "tty" : "stdio");
    int use_sdl = !strcmp(fe, "sdl");
    if (use_sdl && !sdl_available()) {
        fprintf(stderr, "emu86: --frontend sdl: %s (see emu86 --help)\n", sdl_unavailable_reason());
        return EXIT_USAGE;
    }
    if (use_sdl && sdl_no_display()) {
        fprintf(stderr, "emu86: %s\n", sdl_no_display());
        return EXIT_USAGE;
    }
    int use_tty = !strcmp(fe, "tty");
    if (use_tty && !isatty(1)) {
        fprintf(stderr, "emu86: --frontend tty: standard output is not a terminal (see emu86 --help)\n");
        return EXIT_USAGE;
    }
    /* The stdio frontend shows the console's streams: standard output on stdout, the rest of
     * the console on stderr. The others show the screen. */
    Sink out = {stdout, 0, 0, o->crlf_out, false}, con = {stderr, 0, 0, false, false};
    if (!use_tty && !use_sdl) {
        dcfg.con_out = sink_write;
        dcfg.con_ctx = &con;
    }
    Run r;
    memset(&r, 0, sizeof r);
    int status = prepare(&r, o, &dcfg, &out, use_tty, use_sdl);
    if (status) return status;
    EmuMachine *m = r.m;

    EmuEnd e = run_with_signals(m);
    status = exit_status_of(e, m);
    if (r.ui.progress_shown) fputs("\r\033[K", stderr);
    status = sdl_run_finish(&r.sdl, status);
    if (r.ui.tty) {
        /* leave the guest's last screen in the terminal's normal buffer */
        tty_draw(r.ui.tty);
        tty_close(r.ui.tty);
        r.ui.tty = NULL;
        print_screen(m);
    }
    warnings_flush(&r.warn);
    fflush(stdout);
    if (e != EMU_END_EXIT && e != EMU_END_NONE) {
        const char *msg = emu_machine_end_message(m);
        fprintf(stderr, "emu86: %s: %s\n", o->program, msg && *msg ? msg : "stopped");
    }
    if (o->screen) print_screen(m);
    sink_end(&out);
    if (fflush(stdout) != 0 || out.failed) {
        fprintf(stderr, "emu86: standard output: %s\n", strerror(out.failed ? out.err : errno));
        if (status == 0) status = EXIT_OUTPUT;
    }
    /* every profile, whichever way the run ended (exit, Ctrl-C, --max-cycles, a host signal) */
    if (!prof_session_finish(r.prof, print_message, NULL)) {
        status = EXIT_OUTPUT;
    } else if (isatty(2)) {
        char line[600];
        prof_session_summary(r.prof, line, sizeof line);
        if (*line) fprintf(stderr, "emu86: %s\n", line);
    }
    if (o->stats) {
        fprintf(stderr, "cycles %llu\ninstructions %llu\nticks %llu\nexit %d\n",
                (unsigned long long)emu_machine_cpu(m)->cycles,
                (unsigned long long)emu_machine_instructions(m),
                (unsigned long long)prof_session_ticks(r.prof), status);
    }
    run_free(&r);
    return status;
}

int run_report(int argc, char **argv) { return prof_report_main(argc, argv); }
