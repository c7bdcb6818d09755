/* Conformance runner for the SingleStepTests 8086 suite (hardware-captured, MOO format).
 *
 *   singlestep [--timing exact|table] [--eager] [--floors FILE] [--absent FILE] [--only NAME]
 *              [--verbose N [--trace]] DIR
 *
 * Reads every *.MOO.gz in DIR and DIR/../v1/metadata.json (the masks of undefined flags), runs
 * each test (initial registers, RAM and prefetch queue; one instruction, REP iterations
 * included), and compares the final registers, flags (masked), RAM and the number of clocks
 * (the number of CYCL entries). Prints one line per file and, last, exactly:
 *     total: state P/N cycles C/N
 * With --floors, exits 1 when a file's state (or cycle) pass count is below its floor. It also
 * exits 1 when DIR lacks a file metadata.json lists (every opcode, or group form "80.3", that is
 * neither a prefix nor undefined; a group with one defined form is the opcode's file alone, as
 * 8F.MOO.gz) other than those named in the --absent file (one name a line, then why; '#'
 * comments), or when a file holds no test: a partial copy of the suite cannot pass. The exact
 * model runs in its lazy form (cpu/bus/lazy.h, normal running); with --eager, or --trace (which
 * needs it), in its eager form (cpu/bus/exact.h).
 */
#include "emu.h"
#include "cpu/state.h" /* (white-box: the CPU's whole state) */

#include <cJSON.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

typedef struct {
    uint8_t *data;
    size_t len;
} Buf;

static int read_gz(const char *path, Buf *out) {
    gzFile f = gzopen(path, "rb");
    if (!f) return -1;
    size_t cap = 1 << 20, len = 0;
    uint8_t *d = malloc(cap);
    for (;;) {
        if (len + (1 << 16) > cap) {
            cap *= 2;
            uint8_t *nd = realloc(d, cap);
            if (!nd) { free(d); gzclose(f); return -1; }
            d = nd;
        }
        int n = gzread(f, d + len, 1 << 16);
        if (n < 0) { free(d); gzclose(f); return -1; }
        if (n == 0) break;
        len += (size_t)n;
    }
    gzclose(f);
    out->data = d;
    out->len = len;
    return 0;
}

static uint32_t rd32(const uint8_t *p) { return (uint32_t)p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24; }
static uint16_t rd16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }

/* Register order in REGS chunks. */
enum { R_AX, R_BX, R_CX, R_DX, R_CS, R_SS, R_DS, R_ES, R_SP, R_BP, R_SI, R_DI, R_IP, R_FLAGS, R_N };

typedef struct {
    uint16_t mask;     /* which registers are present */
    uint16_t v[R_N];
    uint32_t nram;
    const uint8_t *ram; /* nram entries of 5 bytes */
    uint32_t nqueue;
    const uint8_t *queue;
} State;

typedef struct {
    char name[128];
    const uint8_t *bytes;
    uint32_t nbytes;
    State init, fina;
    uint32_t ncycles;
    const uint8_t *cycles;
    uint32_t idx;
} Test;

static void parse_state(const uint8_t *p, uint32_t len, State *s) {
    memset(s, 0, sizeof *s);
    const uint8_t *end = p + len;
    while (p + 8 <= end) {
        uint32_t clen = rd32(p + 4);
        const uint8_t *d = p + 8;
        if (!memcmp(p, "REGS", 4)) {
            s->mask = rd16(d);
            int k = 0;
            for (int i = 0; i < R_N; i++)
                if (s->mask & (1 << i)) s->v[i] = rd16(d + 2 + 2 * k++);
        } else if (!memcmp(p, "RAM ", 4)) {
            s->nram = rd32(d);
            s->ram = d + 4;
        } else if (!memcmp(p, "QUEU", 4)) {
            s->nqueue = rd32(d);
            s->queue = d + 4;
        }
        p = d + clen;
    }
}

static void parse_test(const uint8_t *p, uint32_t len, Test *t) {
    memset(t, 0, sizeof *t);
    const uint8_t *end = p + len;
    t->idx = rd32(p);
    p += 4;
    while (p + 8 <= end) {
        uint32_t clen = rd32(p + 4);
        const uint8_t *d = p + 8;
        if (!memcmp(p, "NAME", 4)) {
            uint32_t n = rd32(d);
            if (n >= sizeof t->name) n = sizeof t->name - 1;
            memcpy(t->name, d + 4, n);
            t->name[n] = 0;
        } else if (!memcmp(p, "BYTS", 4)) {
            t->nbytes = rd32(d);
            t->bytes = d + 4;
        } else if (!memcmp(p, "INIT", 4)) {
            parse_state(d, clen, &t->init);
        } else if (!memcmp(p, "FINA", 4)) {
            parse_state(d, clen, &t->fina);
        } else if (!memcmp(p, "CYCL", 4)) {
            t->ncycles = rd32(d);
            t->cycles = d + 4;
        }
        p = d + clen;
    }
}

static uint8_t port_in(void *ctx, uint16_t port, uint64_t cycle) {
    (void)ctx; (void)port; (void)cycle;
    return 0xFF;
}
static void port_out(void *ctx, uint16_t port, uint8_t v, uint64_t cycle) {
    (void)ctx; (void)port; (void)v; (void)cycle;
}

static uint16_t get_flags_mask(cJSON *meta, const char *base) {
    /* base: "80" or "80.3" */
    char op[3] = {base[0], base[1], 0};
    cJSON *ops = cJSON_GetObjectItemCaseSensitive(meta, "opcodes");
    cJSON *e = cJSON_GetObjectItemCaseSensitive(ops, op);
    if (!e) return 0xFFFF;
    if (base[2] == '.') {
        cJSON *regs = cJSON_GetObjectItemCaseSensitive(e, "reg");
        char r[2] = {base[3], 0};
        cJSON *re = cJSON_GetObjectItemCaseSensitive(regs, r);
        if (re) e = re;
    }
    cJSON *m = cJSON_GetObjectItemCaseSensitive(e, "flags-mask");
    return cJSON_IsNumber(m) ? (uint16_t)m->valueint : 0xFFFF;
}

static const int cpu_of_reg[R_N] = {EMU_AX, EMU_BX, EMU_CX, EMU_DX, -1, -1, -1, -1,
                                    EMU_SP, EMU_BP, EMU_SI, EMU_DI, -1, -1};
static const char *reg_names[R_N] = {"ax", "bx", "cx", "dx", "cs", "ss", "ds", "es",
                                     "sp", "bp", "si", "di", "ip", "flags"};

static uint16_t cpu_get(const EmuCore *c, int r) {
    switch (r) {
    case R_CS: return c->sreg[EMU_CS];
    case R_SS: return c->sreg[EMU_SS];
    case R_DS: return c->sreg[EMU_DS];
    case R_ES: return c->sreg[EMU_ES];
    case R_IP: return c->ip;
    case R_FLAGS: return c->flags;
    default: return c->r.w[cpu_of_reg[r]];
    }
}
static void cpu_set(EmuCore *c, int r, uint16_t v) {
    switch (r) {
    case R_CS: c->sreg[EMU_CS] = v; break;
    case R_SS: c->sreg[EMU_SS] = v; break;
    case R_DS: c->sreg[EMU_DS] = v; break;
    case R_ES: c->sreg[EMU_ES] = v; break;
    case R_IP: c->ip = v; break;
    case R_FLAGS: c->flags = v; break;
    default: c->r.w[cpu_of_reg[r]] = v; break;
    }
}

typedef struct {
    int verbose;      /* print details of up to this many failing tests per file */
    int trace;        /* with --verbose: print the clock-by-clock bus trace of failing tests */
    int all;          /* --all: show passing tests too */
    int dump;         /* --dump: one machine-readable line per shown test (both traces) */
    int eager;        /* --eager: the exact model in its eager form */
    EmuTiming timing;
} Opts;

/* Clock-by-clock record of our bus (exact model), to compare with the captured CYCL list. */
typedef struct {
    int n;
    uint8_t t[4096], bus[4096], qop[4096], as[4096], fs[4096], ql[4096];
} Trace;

#ifdef EMU_BIU_DEBUG
#include <stdarg.h>
/* Notes from the BIU (debug builds): printed by --dump, each with the clock it was made in. */
static char notes[8192];
static size_t notes_len;
static Trace *notes_trace;
void emu_biu_note(const EmuCore *c, const char *fmt, ...);
void emu_biu_note(const EmuCore *c, const char *fmt, ...) {
    (void)c;
    if (!notes_trace || notes_len + 64 >= sizeof notes) return;
    notes_len += (size_t)snprintf(notes + notes_len, sizeof notes - notes_len, " @%d:", notes_trace->n);
    va_list ap;
    va_start(ap, fmt);
    notes_len += (size_t)vsnprintf(notes + notes_len, sizeof notes - notes_len, fmt, ap);
    va_end(ap);
}
#endif

static void trace_clock(void *tctx, const EmuCore *c) {
    Trace *tr = tctx;
    if (tr->n >= 4096) return;
    /* our T-states: 0 Ti, 1 T1, 2 T2, 3 T3, 4 T4 (T_INIT shows as T1) */
    tr->t[tr->n] = c->biu.tstate > 4 ? 1 : c->biu.tstate;
    tr->bus[tr->n] = (c->biu.tstate >= 1 && c->biu.tstate <= 2) ? c->biu.latch : 0;
    tr->qop[tr->n] = c->biu.qop_prev;
    tr->as[tr->n] = c->biu.astate;
    tr->fs[tr->n] = c->biu.fetch;
    tr->ql[tr->n] = c->biu.qlen;
    tr->n++;
}

/* One line per test for scripts: the captured clocks as bus/T-state/queue-op triples, then
 * ours (shifted by one: our clock 0 is the uncounted first-byte read) with pipeline state. */
static void dump_trace(const Test *t, const Trace *tr) {
    static const char theirs_bus[] = "AIRrWHCP"; /* INTA IOR IOW MEMR MEMW HALT CODE PASV */
    static const char ours_bus[] = "PCrWIRAH";   /* PASV CODE MEMR MEMW IOR IOW INTA HALT */
    static const char qo[] = "-FES";
    printf(" T:");
    for (uint32_t i = 0; i < t->ncycles; i++) {
        const uint8_t *e = t->cycles + 15 * i;
        printf("%c%d%c", theirs_bus[e[11] & 7], e[12] < 6 ? e[12] : 0, qo[e[13] & 3]);
    }
    printf(" O:");
    for (int i = 1; i < tr->n; i++)
        printf("%c%d%c%c%c%d", ours_bus[tr->bus[i] & 7], tr->t[i], qo[tr->qop[i] & 3], "RS0DA"[tr->as[i] % 5],
               "NPDSH"[tr->fs[i] % 5], tr->ql[i]);
#ifdef EMU_BIU_DEBUG
    printf(" N:%s", notes);
#endif
}

static void print_trace(const Test *t, const Trace *tr) {
    static const char *ts[] = {"Ti", "T1", "T2", "T3", "T4", "Tw"};
    /* MOO bus status: 0 INTA 1 IOR 2 IOW 3 MEMR 4 MEMW 5 HALT 6 CODE 7 PASV */
    static const char *bs[] = {"INTA", "IOR", "IOW", "MEMR", "MEMW", "HALT", "CODE", "PASV"};
    /* ours: BUS_PASV, CODE, MEMR, MEMW, IOR, IOW, INTA, HALT */
    static const char *ob[] = {"PASV", "CODE", "MEMR", "MEMW", "IOR", "IOW", "INTA", "HALT"};
    static const char qo[] = "-FES";
    int n = (int)t->ncycles > tr->n ? (int)t->ncycles : tr->n;
    for (int i = 0; i < n; i++) {
        printf("    %3d  ", i);
        if (i < (int)t->ncycles) {
            const uint8_t *e = t->cycles + 15 * i;
            printf("%-4s %-2s %c   ", bs[e[11] & 7], ts[e[12] < 6 ? e[12] : 0], qo[e[13] & 3]);
        } else {
            printf("%-14s", "");
        }
        if (i < tr->n)
            printf("| %-4s %-2s %c  a=%c f=%c q=%d", ob[tr->bus[i] & 7], ts[tr->t[i]], qo[tr->qop[i] & 3],
                   "RS0DA"[tr->as[i] % 5], "NPDSH"[tr->fs[i] % 5], tr->ql[i]);
        printf("\n");
    }
}

/* Runs one test. Returns bit 0: state ok, bit 1: cycles ok. *delta gets ours - theirs. */
static int run_test(const Test *t, uint16_t fmask, uint8_t *mem, const Opts *o, int *delta, int *shown,
                    const char *file) {
    EmuCore cpu;
    static Trace tr;
    emu_cpu_init(&cpu, mem, o->timing);
    cpu.exact_eager = (uint8_t)o->eager;
    tr.n = 0;
#ifdef EMU_BIU_DEBUG
    notes_len = 0;
    notes[0] = 0;
    notes_trace = o->trace ? &tr : NULL;
#endif
    if (o->trace) {
        cpu.trace_clock = trace_clock;
        cpu.trace_ctx = &tr;
    }
    cpu.port_in = port_in;
    cpu.port_out = port_out;
    for (uint32_t i = 0; i < t->init.nram; i++) {
        const uint8_t *e = t->init.ram + 5 * i;
        mem[rd32(e) & 0xFFFFF] = e[4];
    }
    for (int r = 0; r < R_N; r++) cpu_set(&cpu, r, t->init.v[r]);
    cpu.cycles = 0;
    cpu.deadline = UINT64_MAX;
    emu_cpu_prefill(&cpu, t->init.queue, (int)t->init.nqueue);
    cpu.cycles = 0;
    int guard = 0;
    do {
        emu_cpu_step(&cpu);
    } while (cpu.in_rep && ++guard < 100000);

    int state_ok = 1;
    char why[512] = "";
    size_t wl = 0;
    for (int r = 0; r < R_N; r++) {
        uint16_t want = (t->fina.mask & (1 << r)) ? t->fina.v[r] : t->init.v[r];
        uint16_t got = cpu_get(&cpu, r);
        if (r == R_FLAGS) {
            want &= fmask;
            got &= fmask;
        }
        if (want != got) {
            state_ok = 0;
            wl += (size_t)snprintf(why + wl, sizeof why - wl, " %s=%04X(want %04X)", reg_names[r], got, want);
            if (wl >= sizeof why) wl = sizeof why - 1;
        }
    }
    /* After an exception (divide error) the pushed flags word holds undefined bits: when the
     * test pushed an interrupt frame (SP down by 6), compare that word under the mask too. */
    uint32_t flags_lo = 0xFFFFFFFF;
    {
        uint16_t ss = (t->fina.mask & (1 << R_SS)) ? t->fina.v[R_SS] : t->init.v[R_SS];
        uint16_t sp = (t->fina.mask & (1 << R_SP)) ? t->fina.v[R_SP] : t->init.v[R_SP];
        if ((uint16_t)(t->init.v[R_SP] - 6) == sp) flags_lo = emu_linear(ss, (uint16_t)(sp + 4));
    }
    for (uint32_t i = 0; i < t->fina.nram; i++) {
        const uint8_t *e = t->fina.ram + 5 * i;
        uint32_t a = rd32(e) & 0xFFFFF;
        uint8_t want = e[4], got = mem[a];
        if (fmask != 0xFFFF && (a == flags_lo || a == ((flags_lo + 1) & 0xFFFFF))) {
            uint8_t m = a == flags_lo ? (uint8_t)fmask : (uint8_t)(fmask >> 8);
            want &= m;
            got &= m;
        }
        if (want != got) {
            state_ok = 0;
            wl += (size_t)snprintf(why + wl, sizeof why - wl, " [%05X]=%02X(want %02X)", a, got, want);
            if (wl >= sizeof why) wl = sizeof why - 1;
        }
    }
    *delta = (int)((int64_t)cpu.cycles - (int64_t)t->ncycles);
    int cyc_ok = *delta == 0;
    if ((!state_ok || !cyc_ok || o->all) && *shown < o->verbose) {
        (*shown)++;
        printf("  %s %-30s @%05X q%u ", file, t->name, emu_linear(t->init.v[R_CS], t->init.v[R_IP]), t->init.nqueue);
        for (uint32_t k = 0; k < t->nbytes; k++) printf("%02X", t->bytes[k]);
        if (!cyc_ok) printf(" cycles %llu (want %u)", (unsigned long long)cpu.cycles, t->ncycles);
        printf("%s", why);
        if (o->dump) dump_trace(t, &tr);
        printf("\n");
        if (o->trace && !o->dump) print_trace(t, &tr);
    }
    return state_ok | (cyc_ok << 1);
}

typedef struct {
    char name[32];
    long state_floor, cycle_floor;
} Floor;

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

#define USAGE                                                                                       \
    "usage: singlestep [--timing exact|table] [--eager] [--floors FILE] [--absent FILE] [--only NAME]\n" \
    "                  [--verbose N [--trace]] DIR\n"

/* The names in `absent` (a file: one name a line, then why; '#' comments), NULL if none. */
typedef struct {
    char (*name)[16];
    int n;
} Names;

static int names_has(const Names *l, const char *name) {
    for (int i = 0; i < l->n; i++)
        if (!strcmp(l->name[i], name)) return 1;
    return 0;
}

static int names_add(Names *l, const char *name) {
    char(*nn)[16] = realloc(l->name, sizeof *nn * (size_t)(l->n + 1));
    if (!nn) return 0;
    l->name = nn;
    snprintf(l->name[l->n++], sizeof *nn, "%s", name);
    return 1;
}

static int read_absent(const char *path, Names *out) {
    FILE *f = fopen(path, "r");
    if (!f) { fprintf(stderr, "singlestep: %s: %s\n", path, strerror(errno)); return 0; }
    char line[256], name[16];
    while (fgets(line, sizeof line, f))
        if (line[0] != '#' && sscanf(line, "%15s", name) == 1 && !names_add(out, name)) break;
    fclose(f);
    return 1;
}

/* The files metadata.json says the suite has (see the top of this file), each as "80" or
 * "80.3", into `out`; a group with one defined form as "8F" (its file may also be "8F.0"). */
static int expected_files(cJSON *meta, Names *out) {
    cJSON *ops = cJSON_GetObjectItemCaseSensitive(meta, "opcodes"), *op, *r;
    cJSON_ArrayForEach(op, ops) {
        cJSON *regs = cJSON_GetObjectItemCaseSensitive(op, "reg");
        if (!regs) {
            cJSON *st = cJSON_GetObjectItemCaseSensitive(op, "status");
            const char *v = cJSON_IsString(st) ? st->valuestring : "";
            if (strcmp(v, "prefix") && strcmp(v, "undefined") && !names_add(out, op->string)) return 0;
            continue;
        }
        int first = out->n;
        cJSON_ArrayForEach(r, regs) {
            cJSON *st = cJSON_GetObjectItemCaseSensitive(r, "status");
            if (cJSON_IsString(st) && !strcmp(st->valuestring, "undefined")) continue;
            char name[16];
            snprintf(name, sizeof name, "%.2s.%.1s", op->string, r->string);
            if (!names_add(out, name)) return 0;
        }
        if (out->n == first + 1) out->name[first][2] = 0; /* (one form: the opcode alone) */
    }
    return 1;
}

static int has_file(char **names, int n, const char *base) {
    char file[32];
    const char *key = file;
    snprintf(file, sizeof file, "%s.MOO.gz", base);
    return n > 0 && bsearch(&key, names, (size_t)n, sizeof *names, cmp_str) != NULL;
}

/* The files of the suite (but those `absent`, and with --only those not starting with `only`)
 * not among the n sorted `names`: printed, and counted. -1 when out of memory. */
static int missing_files(cJSON *meta, char **names, int n, const Names *absent, const char *only) {
    Names want = {0};
    if (!expected_files(meta, &want)) return -1;
    int missing = 0;
    for (int i = 0; i < want.n; i++) {
        const char *w = want.name[i];
        char group0[16];
        snprintf(group0, sizeof group0, "%s.0", w);
        if ((only && strncmp(w, only, strlen(only))) || names_has(absent, w)) continue;
        if (has_file(names, n, w) || (!w[2] && has_file(names, n, group0))) continue;
        fprintf(stderr, "%s %s", missing ? "" : "singlestep: files metadata.json lists are missing:", w);
        missing++;
    }
    if (missing)
        fprintf(stderr, "\nsinglestep: %d of the %d files missing (and not named absent): a partial suite fails\n",
                missing, want.n);
    free(want.name);
    return missing;
}

int main(int argc, char **argv) {
    Opts o = {0, 0, 0, 0, 0, EMU_TIMING_EXACT};
    const char *dir = NULL, *floors_path = NULL, *only = NULL;
    Names absent = {0};
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--timing") && i + 1 < argc) {
            const char *m = argv[++i];
            if (!strcmp(m, "exact")) o.timing = EMU_TIMING_EXACT;
            else if (!strcmp(m, "table")) o.timing = EMU_TIMING_TABLE;
            else { fprintf(stderr, "singlestep: --timing: expected exact or table, got '%s'\n", m); return 2; }
        } else if (!strcmp(argv[i], "--floors") && i + 1 < argc) {
            floors_path = argv[++i];
        } else if (!strcmp(argv[i], "--absent") && i + 1 < argc) {
            if (!read_absent(argv[++i], &absent)) return 2;
        } else if (!strcmp(argv[i], "--only") && i + 1 < argc) {
            only = argv[++i];
        } else if (!strcmp(argv[i], "--all")) {
            o.all = 1;
        } else if (!strcmp(argv[i], "--eager")) {
            o.eager = 1;
        } else if (!strcmp(argv[i], "--trace")) {
            o.trace = 1;
        } else if (!strcmp(argv[i], "--dump")) {
            o.trace = o.dump = 1;
        } else if (!strcmp(argv[i], "--verbose") && i + 1 < argc) {
            o.verbose = atoi(argv[++i]);
        } else if (argv[i][0] == '-') {
            fprintf(stderr, "singlestep: unknown option '%s'\n%s", argv[i], USAGE);
            return 2;
        } else {
            dir = argv[i];
        }
    }
    if (!dir) {
        fputs(USAGE, stderr);
        return 2;
    }

    char path[4096];
    snprintf(path, sizeof path, "%s/../v1/metadata.json", dir);
    FILE *mf = fopen(path, "rb");
    if (!mf) { fprintf(stderr, "singlestep: %s: %s\n", path, strerror(errno)); return 2; }
    fseek(mf, 0, SEEK_END);
    long ml = ftell(mf);
    fseek(mf, 0, SEEK_SET);
    char *mj = malloc((size_t)ml + 1);
    if (fread(mj, 1, (size_t)ml, mf) != (size_t)ml) { fprintf(stderr, "singlestep: %s: read error\n", path); return 2; }
    mj[ml] = 0;
    fclose(mf);
    cJSON *meta = cJSON_Parse(mj);
    free(mj);
    if (!meta) { fprintf(stderr, "singlestep: %s: not valid JSON\n", path); return 2; }

    Floor *floors = NULL;
    int nfloors = 0;
    if (floors_path) {
        FILE *ff = fopen(floors_path, "r");
        if (!ff) { fprintf(stderr, "singlestep: %s: %s\n", floors_path, strerror(errno)); return 2; }
        char line[256];
        while (fgets(line, sizeof line, ff)) {
            Floor fl;
            if (line[0] == '#') continue;
            if (sscanf(line, "%31s %ld %ld", fl.name, &fl.state_floor, &fl.cycle_floor) == 3) {
                floors = realloc(floors, sizeof *floors * (size_t)(nfloors + 1));
                floors[nfloors++] = fl;
            }
        }
        fclose(ff);
    }

    DIR *dd = opendir(dir);
    if (!dd) { fprintf(stderr, "singlestep: %s: %s\n", dir, strerror(errno)); return 2; }
    char **names = NULL;
    int nnames = 0;
    struct dirent *de;
    while ((de = readdir(dd))) {
        size_t l = strlen(de->d_name);
        if (l > 7 && !strcmp(de->d_name + l - 7, ".MOO.gz")) {
            if (only && strncmp(de->d_name, only, strlen(only))) continue;
            names = realloc(names, sizeof *names * (size_t)(nnames + 1));
            names[nnames++] = strdup(de->d_name);
        }
    }
    closedir(dd);
    if (nnames) qsort(names, (size_t)nnames, sizeof *names, cmp_str);
    const int missing = missing_files(meta, names, nnames, &absent, only);
    if (missing < 0) { fprintf(stderr, "singlestep: out of memory\n"); return 2; }
    free(absent.name);

    uint8_t *mem = calloc(1, EMU_MEM_SIZE + 16);
    long tot_n = 0, tot_s = 0, tot_c = 0;
    int below_floor = 0, empty = 0;
    for (int fi = 0; fi < nnames; fi++) {
        snprintf(path, sizeof path, "%s/%s", dir, names[fi]);
        Buf b;
        if (read_gz(path, &b)) { fprintf(stderr, "singlestep: %s: cannot read\n", path); return 2; }
        char base[16];
        snprintf(base, sizeof base, "%.*s", (int)(strlen(names[fi]) - 7), names[fi]);
        uint16_t fmask = get_flags_mask(meta, base);
        long n = 0, ns = 0, nc = 0;
        int hist[64] = {0}; /* cycle deltas -31..32 */
        int shown = 0;
        const uint8_t *p = b.data, *end = b.data + b.len;
        while (p + 8 <= end) {
            uint32_t clen = rd32(p + 4);
            if (!memcmp(p, "TEST", 4)) {
                Test t;
                parse_test(p + 8, clen, &t);
                int delta = 0;
                int r = run_test(&t, fmask, mem, &o, &delta, &shown, base);
                n++;
                ns += r & 1;
                nc += (r >> 1) & 1;
                if (delta) {
                    int k = delta < -31 ? -31 : delta > 32 ? 32 : delta;
                    hist[k + 31]++;
                }
            }
            p += 8 + clen;
        }
        free(b.data);
        if (!n) {
            fprintf(stderr, "singlestep: %s: no test in it\n", path);
            empty = 1;
        }
        printf("%-10s state %4ld/%ld cycles %4ld/%ld", base, ns, n, nc, n);
        if (nc < n) {
            printf("  off by:");
            for (int k = 0; k < 64; k++)
                if (hist[k]) printf(" %+d x%d", k - 31, hist[k]);
        }
        printf("\n");
        tot_n += n;
        tot_s += ns;
        tot_c += nc;
        for (int k = 0; k < nfloors; k++) {
            if (!strcmp(floors[k].name, base)) {
                if (ns < floors[k].state_floor) {
                    fprintf(stderr, "singlestep: %s: state %ld below its floor %ld\n", base, ns, floors[k].state_floor);
                    below_floor = 1;
                }
                if (nc < floors[k].cycle_floor) {
                    fprintf(stderr, "singlestep: %s: cycles %ld below its floor %ld\n", base, nc, floors[k].cycle_floor);
                    below_floor = 1;
                }
            }
        }
        free(names[fi]);
    }
    free(names);
    free(mem);
    free(floors);
    cJSON_Delete(meta);
    printf("total: state %ld/%ld cycles %ld/%ld\n", tot_s, tot_n, tot_c, tot_n);
    if (missing) fprintf(stderr, "singlestep: FAILED: %d of the suite's files missing (listed at the start)\n", missing);
    return below_floor || missing || empty ? 1 : 0;
}
