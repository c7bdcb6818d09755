/* emu86 command line: getopt_long, EMU86_OPTIONS, --config files, --help. */
#include "options.h"

#include "dos.h"
#include "emu.h"

#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

enum {
    O_TIMING = 256, O_NO_BLOCK_CACHE, O_CPU_MHZ, O_MAX_CYCLES, O_KEYS, O_INPUT_LIMIT, O_EPOCH, O_DRIVE, O_COST, O_DOS_VERSION, O_MEMORY, O_PSP, O_STRICT, O_CRLF,
    O_PROFIL, O_BUCKET, O_GRAIN, O_SAMPLE, O_UNIX_PROFIL, O_POFFSET, O_PSCALE, O_PBUFSIZ,
    O_PSTYLE, O_PPC, O_PRANGE, O_EXACT, O_FOLDED, O_PLOT, O_MAP, O_MAP_ORIGIN, O_FRONTEND, O_SCREEN, O_STATS,
    O_NO_PROGRESS, O_SPEED, O_TRACE, O_SCALE, O_SCREENSHOT, O_CONFIG, O_HELP, O_VERSION,
};

static const struct option longopts[] = {
    {"timing", required_argument, 0, O_TIMING},
    {"no-block-cache", no_argument, 0, O_NO_BLOCK_CACHE},
    {"cpu-mhz", required_argument, 0, O_CPU_MHZ},
    {"max-cycles", required_argument, 0, O_MAX_CYCLES},
    {"keys", required_argument, 0, O_KEYS},
    {"input-limit", required_argument, 0, O_INPUT_LIMIT},
    {"epoch", required_argument, 0, O_EPOCH},
    {"drive", required_argument, 0, O_DRIVE},
    {"cost-model", required_argument, 0, O_COST},
    {"dos-version", required_argument, 0, O_DOS_VERSION},
    {"memory", required_argument, 0, O_MEMORY},
    {"psp", required_argument, 0, O_PSP},
    {"strict", no_argument, 0, O_STRICT},
    {"crlf", optional_argument, 0, O_CRLF},
    {"profil", optional_argument, 0, O_PROFIL},
    {"bucket", required_argument, 0, O_BUCKET},
    {"grain", required_argument, 0, O_GRAIN},
    {"sample", required_argument, 0, O_SAMPLE},
    {"unix-profil", required_argument, 0, O_UNIX_PROFIL},
    {"profil-offset", required_argument, 0, O_POFFSET},
    {"profil-scale", required_argument, 0, O_PSCALE},
    {"profil-bufsiz", required_argument, 0, O_PBUFSIZ},
    {"profil-style", required_argument, 0, O_PSTYLE},
    {"profil-pc", required_argument, 0, O_PPC},
    {"profil-range", required_argument, 0, O_PRANGE},
    {"exact-profile", required_argument, 0, O_EXACT},
    {"folded", required_argument, 0, O_FOLDED},
    {"plot", required_argument, 0, O_PLOT},
    {"map", required_argument, 0, O_MAP},
    {"map-origin", required_argument, 0, O_MAP_ORIGIN},
    {"frontend", required_argument, 0, O_FRONTEND},
    {"screen", no_argument, 0, O_SCREEN},
    {"stats", no_argument, 0, O_STATS},
    {"no-progress", no_argument, 0, O_NO_PROGRESS},
    {"speed", required_argument, 0, O_SPEED},
    {"trace", required_argument, 0, O_TRACE},
    {"scale", required_argument, 0, O_SCALE},
    {"screenshot", required_argument, 0, O_SCREENSHOT},
    {"config", required_argument, 0, O_CONFIG},
    {"help", no_argument, 0, O_HELP},
    {"version", no_argument, 0, O_VERSION},
    {0, 0, 0, 0},
};

void options_help(void) {
    fputs(
        "usage: emu86 [OPTIONS] PROGRAM [ARGS...]\n"
        "       emu86 report FILE.PRF|FILE.callgrind [--sort time] [--top N] [--map FILE]\n"
        "       emu86 annotate PROFILE... [--program FILE] [--top N] [--routine NAME]\n"
        "       emu86 diff OLD NEW [--threshold POINTS]   (each: --help for its options)\n"
        "Runs a DOS .COM or .EXE program on an emulated IBM PC (8086, 4.77 MHz).\n"
        "\n"
        "Machine:\n"
        "  --timing exact|table   CPU timing: the exact bus/queue model (default) or the\n"
        "                         documented-timings model (less exact)\n"
        "  --no-block-cache       run the exact model without its block cache (the same\n"
        "                         clocks and results, slower; for comparison)\n"
        "  --cpu-mhz MHZ          CPU clock (default 4.77; the PIT stays at 1.193182 MHz)\n"
        "  --max-cycles N         stop after N CPU clocks (exit status 124)\n"
        "  --keys TEXT            keystrokes for the keyboard, before the terminal's\n"
        "                         ({Enter} {F1} \\n ...); stdin is apart from it\n"
        "  --memory KB            conventional memory, 64 to 640 (default 640): INT 12h,\n"
        "                         the BIOS data area, where DOS's memory ends (PSP:2)\n"
        "  --input-limit N        reads after the end of input before the run stops (16;\n"
        "                         64 x N polls in a row of input that will never come)\n"
        "  --trace FILE           write an instruction trace (slow)\n"
        "\n"
        "DOS:\n"
        "  --drive X=DIR[:ro]     host folder as drive X: (default C: = the current one)\n"
        "  --epoch DATE           virtual clock start, YYYY-MM-DD[THH:MM:SS]\n"
        "                         (default 1980-01-01T00:00:00)\n"
        "  --cost-model off|FILE  clocks charged for DOS services: off, or read from FILE\n"
        "  --dos-version X.Y      the version INT 21h AH=30h reports (default 3.30)\n"
        "  --psp SEG              the first program's PSP segment, hex (default and lowest\n"
        "                         400; higher: a larger DOS below the program)\n"
        "  --strict               a call of a DOS or BIOS function emu86 does not have ends\n"
        "                         the run (exit status 126) instead of a warning\n"
        "  --crlf[=in|out|both]   UNIX text for a filter: a redirected stdin's LF comes as\n"
        "                         CR LF (in), standard output's CR LF goes out as LF (out)\n"
        "\n"
        "Profiling:\n"
        "  --profil[=FILE]        write a PROFIL histogram (default: prog.PRF for\n"
        "                         prog.exe, in the current folder)\n"
        "  --bucket PARAGRAPHS    paragraphs per bucket (>= 1, default 1)\n"
        "  --grain MICROSECONDS   clock interval (>= 60, default 1000)\n"
        "  --sample irq|exact     sample what an IRQ0 would push (default) or the CS:IP\n"
        "                         of the instruction executing\n"
        "  --unix-profil FILE     write a UNIX profil(2) buffer\n"
        "  --profil-offset ADDR   --profil-scale S   --profil-bufsiz BYTES\n"
        "  --profil-style sysv|bsd|linux|osf        --profil-pc linear|ip\n"
        "  --profil-range LOW-HIGH[:SCALE]          OSF/1 extended ranges (repeatable)\n"
        "  --exact-profile FILE   every clock to its instruction and call stack\n"
        "                         (callgrind format)\n"
        "  --folded FILE          folded stacks for flame graphs\n"
        "  --plot FILE.svg        the histogram as an SVG plot\n"
        "  --map FILE             LINK .MAP, NASM map or NASM listing for names\n"
        "  --map-origin HEX       subtract HEX from the map's addresses (e.g. 100 for a\n"
        "                         .COM linked at 100h, 20 for a NASM-made .EXE's header)\n"
        "\n"
        "Output:\n"
        "  --frontend tty|stdio|sdl  how to show the guest (default: tty on a terminal);\n"
        "                         sdl: a window with the live profile beside the screen\n"
        "  --scale N              sdl: window size, N times 960x400 (1 to 8, default 1)\n"
        "  --screenshot FILE      sdl: write the window to FILE.png or FILE.bmp at exit\n"
        "  --screen               print the text screen at exit\n"
        "  --stats                print cycles, instructions, ticks and exit status on\n"
        "                         stderr at exit\n"
        "  --no-progress          no progress line on a terminal\n"
        "  --speed real|max       pace the guest at a real PC's speed (default with\n"
        "                         tty and sdl), or as fast as possible (with stdio)\n"
        "  --config FILE          read options from FILE (one per line; # comments)\n"
        "  -h, --help, --version\n"
        "\n"
        "Options also come from the EMU86_OPTIONS environment variable (before the\n"
        "command line). Exit status: the guest's return code; 2 bad usage; 123 output\n"
        "file error; 124 --max-cycles; 125 program not loadable; 126 guest halted\n"
        "(or an unknown function with --strict);\n"
        "127 input exhausted; 130/143 host signal.\n",
        stdout);
}

/* Strings made here (config lines, EMU86_OPTIONS) that options may point into: kept for the
 * life of the process. */
static char *kept_strings[512];
static int n_kept;
static char *keep(char *p) {
    if (n_kept < 512) kept_strings[n_kept++] = p;
    return p;
}

/* Context of the option being applied ("EMU86_OPTIONS: ", "FILE:LINE: "), for one-line errors. */
static char where[300];

static bool fail(const char *opt, const char *fmt, const char *arg) {
    fprintf(stderr, "emu86: %s--%s: ", where, opt);
    fprintf(stderr, fmt, arg);
    fprintf(stderr, " (see emu86 --help)\n");
    return false;
}

/* Strict unsigned number: decimal, 0x hex, or hex with a trailing h. */
static bool parse_u64(const char *s, uint64_t max, uint64_t *out) {
    if (!s || !*s || *s == '-' || isspace((unsigned char)*s)) return false;
    size_t n = strlen(s);
    int base = 10;
    char buf[64];
    if (n < sizeof buf && n > 1 && (s[n - 1] == 'h' || s[n - 1] == 'H')) {
        memcpy(buf, s, n - 1);
        buf[n - 1] = 0;
        s = buf;
        base = 16;
    } else if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        base = 16;
    }
    errno = 0;
    char *end;
    unsigned long long v = strtoull(s, &end, base);
    if (errno || *end || v > max) return false;
    *out = v;
    return true;
}

static bool parse_u32opt(const char *opt, const char *arg, uint64_t lo, uint64_t hi, uint32_t *out) {
    uint64_t v;
    if (!parse_u64(arg, hi, &v) || v < lo) {
        char msg[96];
        snprintf(msg, sizeof msg, "expected a number from %llu to %llu, got '%%s'", (unsigned long long)lo,
                 (unsigned long long)hi);
        return fail(opt, msg, arg);
    }
    *out = (uint32_t)v;
    return true;
}

static bool parse_drive(Options *o, const char *arg) {
    if (o->ndrives >= MAX_DRIVES) return fail("drive", "at most 8 drives ('%s')", arg);
    if (!isalpha((unsigned char)arg[0]) || arg[1] != '=' || !arg[2])
        return fail("drive", "expected X=DIR[:ro], got '%s'", arg);
    DriveOpt *d = &o->drives[o->ndrives];
    d->letter = (char)toupper((unsigned char)arg[0]);
    for (int i = 0; i < o->ndrives; i++)
        if (o->drives[i].letter == d->letter) return fail("drive", "drive given twice: '%s'", arg);
    size_t n = strlen(arg);
    d->readonly = n > 5 && !strcmp(arg + n - 3, ":ro");
    d->dir = d->readonly ? keep(strndup(arg + 2, n - 5)) : arg + 2;
    o->ndrives++;
    return true;
}

static bool parse_range(Options *o, const char *arg) {
    if (o->nranges >= MAX_RANGES) return fail("profil-range", "at most 16 ranges ('%s')", arg);
    char buf[128];
    snprintf(buf, sizeof buf, "%s", arg);
    char *dash = strchr(buf, '-'), *colon = strchr(buf, ':');
    if (!dash) return fail("profil-range", "expected LOW-HIGH[:SCALE], got '%s'", arg);
    *dash = 0;
    if (colon) *colon = 0;
    uint64_t lo, hi, sc = 0x10000;
    if (!parse_u64(buf, 0xFFFFF, &lo) || !parse_u64(dash + 1, 0x100000, &hi) || hi <= lo ||
        (colon && !parse_u64(colon + 1, 0x10000, &sc)))
        return fail("profil-range", "expected LOW-HIGH[:SCALE] with LOW < HIGH <= 100000h, got '%s'", arg);
    RangeOpt *r = &o->ranges[o->nranges++];
    r->low = (uint32_t)lo;
    r->high = (uint32_t)hi;
    r->scale = (uint32_t)sc;
    return true;
}

static bool parse_mhz(Options *o, const char *arg) {
    char *end;
    errno = 0;
    double mhz = strtod(arg, &end);
    if (errno || *end || !(mhz > 0.05 && mhz <= 14.31818))
        return fail("cpu-mhz", "expected a clock in MHz from 0.06 to 14.31818, got '%s'", arg);
    /* the CPU clock is the 14.31818 MHz crystal divided by an integer */
    long div = (long)(14.31818 / mhz + 0.5);
    if (div < 1) div = 1;
    if (div > 255) div = 255;
    o->cpu_div = (unsigned)div;
    return true;
}

static bool one_option(Options *o, int c, const char *arg, const char *name) {
    uint64_t v;
    switch (c) {
    case O_TIMING:
        if (!strcmp(arg, "exact")) o->timing = EMU_TIMING_EXACT;
        else if (!strcmp(arg, "table")) o->timing = EMU_TIMING_TABLE;
        else return fail(name, "expected exact or table, got '%s'", arg);
        return true;
    case O_NO_BLOCK_CACHE: o->no_block_cache = true; return true;
    case O_CPU_MHZ: return parse_mhz(o, arg);
    case O_MAX_CYCLES:
        if (!parse_u64(arg, UINT64_MAX, &v) || !v) return fail(name, "expected a positive number, got '%s'", arg);
        o->max_cycles = v;
        return true;
    case O_KEYS: o->keys = arg; return true;
    case O_INPUT_LIMIT: return parse_u32opt(name, arg, 1, 1000000000, &o->input_limit);
    case O_EPOCH: {
        int64_t epoch;
        if (!dos_parse_epoch(arg, &epoch))
            return fail(name, "expected YYYY-MM-DD[THH:MM:SS] between 1980 and 2099, got '%s'", arg);
        o->epoch = arg;
        return true;
    }
    case O_DRIVE: return parse_drive(o, arg);
    case O_STRICT: o->strict = true; return true;
    case O_CRLF:
        if (!arg || !strcmp(arg, "both")) o->crlf_in = o->crlf_out = true;
        else if (!strcmp(arg, "in")) o->crlf_in = true;
        else if (!strcmp(arg, "out")) o->crlf_out = true;
        else return fail(name, "expected in, out or both, got '%s'", arg);
        return true;
    case O_MEMORY: return parse_u32opt(name, arg, DOS_MEMORY_KB_MIN, DOS_MEMORY_KB_MAX, &o->memory_kb);
    case O_PSP: {
        char hex[40];
        snprintf(hex, sizeof hex, "%sh", arg);
        if (strlen(arg) > 4 || !parse_u64(hex, 0x9FDF, &v) || v < DOS_PSP_SEG || v == DOS_PSP_SEG + 1)
            return fail(name, "expected a hex segment from 400 to 9FDF (not 401), got '%s'", arg);
        o->psp_seg = (uint16_t)v;
        return true;
    }
    case O_COST: o->cost_model = arg; return true;
    case O_DOS_VERSION: {
        unsigned major, minor;
        char end;
        if (sscanf(arg, "%u.%u%c", &major, &minor, &end) != 2 || major < 1 || major > 9 || minor > 99)
            return fail(name, "expected a version X.Y from 1.0 to 9.99, got '%s'", arg);
        o->dos_major = (uint8_t)major;
        o->dos_minor = (uint8_t)minor;
        return true;
    }
    case O_PROFIL: o->profil = arg ? arg : ""; return true;
    case O_BUCKET: return parse_u32opt(name, arg, 1, 0xFFFF, &o->bucket);
    case O_GRAIN: return parse_u32opt(name, arg, 60, 54925, &o->grain);
    case O_SAMPLE:
        if (!strcmp(arg, "irq")) o->sample_exact = 0;
        else if (!strcmp(arg, "exact")) o->sample_exact = 1;
        else return fail(name, "expected irq or exact, got '%s'", arg);
        return true;
    case O_UNIX_PROFIL: o->unix_profil = arg; return true;
    case O_POFFSET:
        o->profil_offset_set = true;
        return parse_u32opt(name, arg, 0, 0xFFFFF, &o->profil_offset);
    case O_PSCALE:
        o->profil_scale_set = true;
        return parse_u32opt(name, arg, 0, 0x10000, &o->profil_scale);
    case O_PBUFSIZ:
        o->profil_bufsiz_set = true;
        return parse_u32opt(name, arg, 0, 0x1000000, &o->profil_bufsiz);
    case O_PSTYLE:
        if (strcmp(arg, "sysv") && strcmp(arg, "bsd") && strcmp(arg, "linux") && strcmp(arg, "osf"))
            return fail(name, "expected sysv, bsd, linux or osf, got '%s'", arg);
        o->profil_style = arg;
        return true;
    case O_PPC:
        if (!strcmp(arg, "linear")) o->profil_pc_ip = 0;
        else if (!strcmp(arg, "ip")) o->profil_pc_ip = 1;
        else return fail(name, "expected linear or ip, got '%s'", arg);
        return true;
    case O_PRANGE: return parse_range(o, arg);
    case O_EXACT: o->exact_profile = arg; return true;
    case O_FOLDED: o->folded = arg; return true;
    case O_PLOT: o->plot = arg; return true;
    case O_MAP: o->map = arg; return true;
    case O_MAP_ORIGIN: {
        char hex[40];
        snprintf(hex, sizeof hex, "%sh", arg);
        if (strlen(arg) > 8 || !parse_u64(hex, 0xFFFFF, &v)) return fail(name, "expected a hex number up to FFFFF, got '%s'", arg);
        o->map_origin = (uint32_t)v;
        return true;
    }
    case O_FRONTEND:
        if (strcmp(arg, "tty") && strcmp(arg, "stdio") && strcmp(arg, "sdl"))
            return fail(name, "expected tty, stdio or sdl, got '%s'", arg);
        o->frontend = arg;
        return true;
    case O_SCREEN: o->screen = true; return true;
    case O_STATS: o->stats = true; return true;
    case O_NO_PROGRESS: o->progress_off = true; return true;
    case O_SPEED:
        if (!strcmp(arg, "real")) o->speed = 1;
        else if (!strcmp(arg, "max")) o->speed = 0;
        else return fail(name, "expected real or max, got '%s'", arg);
        return true;
    case O_TRACE: o->trace = arg; return true;
    case O_SCALE: {
        uint32_t n;
        if (!parse_u32opt(name, arg, 1, 8, &n)) return false;
        o->scale = (int)n;
        return true;
    }
    case O_SCREENSHOT: {
        size_t n = strlen(arg);
        if (n < 5 || (strcasecmp(arg + n - 4, ".png") && strcasecmp(arg + n - 4, ".bmp")))
            return fail(name, "expected a file name ending in .png or .bmp, got '%s'", arg);
        o->screenshot = arg;
        return true;
    }
    case O_HELP: options_help(); exit(0);
    case O_VERSION: printf("emu86 %s\n", EMU86_VERSION); exit(0);
    default: return false;
    }
}

static int has_arg_of(int c) {
    for (const struct option *p = longopts; p->name; p++)
        if (p->val == c) return p->has_arg;
    return no_argument;
}

static const char *name_of(int c) {
    for (const struct option *p = longopts; p->name; p++)
        if (p->val == c) return p->name;
    return "?";
}

/* Options from a config file: one "--option[=value]" or "option value" per line. */
static bool read_config(Options *o, const char *path, int depth);

static bool apply_word_list(Options *o, char **words, int n, int depth, bool allow_program);

static bool read_config(Options *o, const char *path, int depth) {
    if (depth > 4) {
        fprintf(stderr, "emu86: %s--config: %s: too deeply nested (see emu86 --help)\n", where, path);
        return false;
    }
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "emu86: %s--config: %s: %s (see emu86 --help)\n", where, path, strerror(errno));
        return false;
    }
    char line[1024];
    int lineno = 0;
    bool ok = true;
    while (ok && fgets(line, sizeof line, f)) {
        lineno++;
        char *s = line;
        while (isspace((unsigned char)*s)) s++;
        size_t n = strlen(s);
        while (n && isspace((unsigned char)s[n - 1])) s[--n] = 0;
        if (!*s || *s == '#') continue;
        char *words[2] = {0};
        char *copy = keep(strdup(s));
        if (copy[0] != '-') {
            /* "option value" */
            char *sp = strpbrk(copy, " \t=");
            char *opt = keep(malloc(strlen(copy) + 3));
            if (sp) *sp++ = 0;
            sprintf(opt, "--%s", copy);
            words[0] = opt;
            if (sp) {
                while (isspace((unsigned char)*sp) || *sp == '=') sp++;
                words[1] = sp;
            }
        } else {
            char *sp = strpbrk(copy, " \t");
            words[0] = copy;
            if (sp) {
                *sp++ = 0;
                while (isspace((unsigned char)*sp)) sp++;
                words[1] = sp;
            }
        }
        char saved[sizeof where];
        memcpy(saved, where, sizeof where);
        snprintf(where, sizeof where, "%s:%d: ", path, lineno);
        ok = apply_word_list(o, words, words[1] ? 2 : 1, depth + 1, false);
        if (ok) memcpy(where, saved, sizeof where);
    }
    fclose(f);
    return ok;
}

/* Applies options given as words (argv-like, without the program). */
static bool apply_word_list(Options *o, char **words, int n, int depth, bool allow_program) {
    for (int i = 0; i < n; i++) {
        char *w = words[i];
        if (w[0] != '-' || w[1] != '-') {
            if (allow_program) continue;
            fprintf(stderr, "emu86: %sunexpected '%s' in options (see emu86 --help)\n", where, w);
            return false;
        }
        char *eq = strchr(w, '=');
        size_t len = eq ? (size_t)(eq - w - 2) : strlen(w + 2);
        const struct option *p;
        for (p = longopts; p->name; p++)
            if (strlen(p->name) == len && !strncmp(p->name, w + 2, len)) break;
        if (!p->name) {
            fprintf(stderr, "emu86: %sunknown option '%s' (see emu86 --help)\n", where, w);
            return false;
        }
        const char *arg = eq ? eq + 1 : NULL;
        if (p->has_arg == required_argument && !arg) {
            if (i + 1 >= n) {
                fprintf(stderr, "emu86: %s--%s needs a value (see emu86 --help)\n", where, p->name);
                return false;
            }
            arg = words[++i];
        }
        if (p->has_arg == no_argument && arg) {
            fprintf(stderr, "emu86: %s--%s takes no value (see emu86 --help)\n", where, p->name);
            return false;
        }
        if (p->val == O_CONFIG) {
            if (!read_config(o, arg, depth)) return false;
            continue;
        }
        if (!one_option(o, p->val, arg, p->name)) return false;
    }
    return true;
}

static void defaults(Options *o) {
    memset(o, 0, sizeof *o);
    o->timing = EMU_TIMING_EXACT;
    o->bucket = 1;
    o->grain = 1000;
    o->speed = -1;
}

bool options_parse(Options *o, int argc, char **argv) {
    defaults(o);
    /* EMU86_OPTIONS: whitespace-separated options applied before the command line */
    const char *env = getenv("EMU86_OPTIONS");
    if (env && *env) {
        char *copy = keep(strdup(env)), *save = NULL;
        char *words[128];
        int n = 0;
        for (char *t = strtok_r(copy, " \t\n", &save); t && n < 128; t = strtok_r(NULL, " \t\n", &save)) words[n++] = t;
        snprintf(where, sizeof where, "EMU86_OPTIONS: ");
        if (!apply_word_list(o, words, n, 0, false)) return false;
        where[0] = 0;
    }
    opterr = 0;
    optind = 1;
    for (;;) {
        int idx = 0;
        /* "+" stops at the first non-option: the program and its own arguments follow */
        int c = getopt_long(argc, argv, "+h", longopts, &idx);
        if (c == -1) break;
        if (c == 'h') c = O_HELP; /* -h: --help, as users expect */
        if (c == '?') {
            const char *given = argv[optind - 1];
            if (optopt >= 256 && strchr(given, '=') && has_arg_of(optopt) == no_argument)
                fprintf(stderr, "emu86: %s--%s takes no value (see emu86 --help)\n", where, name_of(optopt));
            else if (optopt >= 256) fprintf(stderr, "emu86: %s--%s needs a value (see emu86 --help)\n", where, name_of(optopt));
            else fprintf(stderr, "emu86: %sunknown option '%s' (see emu86 --help)\n", where, argv[optind - 1]);
            return false;
        }
        if (c == O_CONFIG) {
            if (!read_config(o, optarg, 0)) return false;
            continue;
        }
        if (!one_option(o, c, optarg, name_of(c))) return false;
    }
    if (optind >= argc) {
        fprintf(stderr, "emu86: %sno program given (usage: emu86 [OPTIONS] PROGRAM [ARGS...]; see emu86 --help)\n", where);
        return false;
    }
    o->program = argv[optind];
    o->args = argv + optind + 1;
    o->nargs = argc - optind - 1;
    if ((o->profil_offset_set || o->profil_scale_set || o->profil_bufsiz_set || o->profil_style || o->profil_pc_ip) && !o->unix_profil &&
        !o->nranges) {
        fprintf(stderr, "emu86: %s--profil-offset/--profil-scale/--profil-bufsiz/--profil-style/--profil-pc need --unix-profil (see emu86 --help)\n", where);
        return false;
    }
    if ((o->scale || o->screenshot) && (!o->frontend || strcmp(o->frontend, "sdl"))) {
        fprintf(stderr, "emu86: %s--%s needs --frontend sdl (see emu86 --help)\n", where, o->screenshot ? "screenshot" : "scale");
        return false;
    }
    unsigned kb = o->memory_kb ? o->memory_kb : DOS_MEMORY_KB_MAX;
    if (o->psp_seg && o->psp_seg + 0x20u > kb * 64u) {
        fprintf(stderr, "emu86: %s--psp: %X is too high for %u KiB of memory (at most %X; see emu86 --help)\n",
                where, o->psp_seg, kb, kb * 64u - 0x20u);
        return false;
    }
    if (o->nranges && !o->unix_profil) {
        fprintf(stderr, "emu86: %s--profil-range needs --unix-profil (see emu86 --help)\n", where);
        return false;
    }
    if (o->nranges && (o->profil_offset_set || o->profil_scale_set || o->profil_bufsiz_set)) {
        fprintf(stderr, "emu86: %s--profil-range gives each range its own offset (LOW) and scale: it cannot go with --profil-offset, --profil-scale or --profil-bufsiz\n", where);
        return false;
    }
    if (o->nranges && o->profil_style && strcmp(o->profil_style, "osf")) {
        fprintf(stderr, "emu86: %s--profil-range is OSF/1's extended form: it needs --profil-style osf (see emu86 --help)\n", where);
        return false;
    }
    return true;
}
