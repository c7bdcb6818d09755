/* `emu86 annotate PROFILE... [--program FILE] [--map FILE] [--top N] [--routine NAME]`: the
 * perf annotate of a DOS program. The hottest routines (by clocks from an exact profile, else
 * by samples from a .PRF and its sidecar), each disassembled from its name to the next, with
 * the samples and clocks of each instruction. The code is read from the program's file, loaded
 * as DOS loaded it (relocated at the profile's load segment); names from the map, the run (the
 * sidecar) and the code itself. Long cold stretches are folded into one line. */
#include "callgrind.h"
#include "cli.h"

#include "disasm.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { O_MAP = 256, O_MAP_ORIGIN, O_PROGRAM, O_TOP, O_ROUTINE, O_HELP };
enum { DEFAULT_TOP = 5, COLD_RUN = 6, MAX_LINES = 2000, MAX_ROUTINES = 64 };

static const struct option longopts[] = {
    {"map", required_argument, 0, O_MAP},
    {"map-origin", required_argument, 0, O_MAP_ORIGIN},
    {"program", required_argument, 0, O_PROGRAM},
    {"top", required_argument, 0, O_TOP},
    {"routine", required_argument, 0, O_ROUTINE},
    {"output", required_argument, 0, 'o'},
    {"help", no_argument, 0, O_HELP},
    {0, 0, 0, 0},
};

static void usage(FILE *f) {
    fputs("usage: emu86 annotate PROFILE... [--program FILE] [--map FILE] [--top N] [--routine NAME]\n"
          "                    [-o OUT]\n"
          "The hottest routines of a run, disassembled (8086, Intel syntax as NASM prints it), with\n"
          "the samples (from a .PRF and its sidecar) and the clocks (from an exact profile) of each\n"
          "instruction; hottest first (by clocks when an exact profile is given). PROFILE: a .PRF\n"
          "written by emu86 --profil, an exact profile (--exact-profile), or both of one run.\n"
          "  --program FILE      the program (default: the one the sidecar or the exact profile names)\n"
          "  --map FILE          LINK or NASM map or NASM listing for names (--map-origin HEX too)\n"
          "  --top N             the N hottest routines (default 5)\n"
          "  --routine NAME      this routine (repeatable), whatever its rank\n"
          "  -o, --output OUT    write to OUT (default: standard output)\n"
          "Addresses are offsets from the program's load segment; a cold stretch of code is one line.\n"
          "Exit status: 0 done, 1 unreadable or invalid input or unwritable output, 2 bad usage.\n",
          f);
}

typedef struct Routine {
    size_t sym;                /* index in the names */
    uint32_t from, to;         /* image offsets [from, to) */
    uint64_t samples, clocks;
} Routine;

typedef struct Ann {
    const ProfImage *im;
    const ProfMap *names;
    const uint32_t *samples;   /* per image byte, or NULL */
    uint32_t nsamples;
    uint64_t *clocks;          /* per image byte, or NULL */
    uint64_t total_samples, total_clocks;
    uint32_t at;               /* the image offset of the instruction being decoded */
    char label[64];
} Ann;

/* A jump's or call's target as a name: the routine's, else loc_1A70 (its image offset). The
 * instruction is decoded with IP = its offset's low 16 bits, so a near target lies at the
 * offset plus the (signed 16-bit) difference of the IPs. */
static const char *label(void *ctx, bool far, uint16_t seg, uint16_t off) {
    Ann *a = ctx;
    int64_t at64 = far ? (int64_t)seg * 16 + off - (int64_t)a->im->load_seg * 16
                       : (int64_t)a->at + (int16_t)(uint16_t)(off - (uint16_t)a->at);
    if (at64 < 0 || at64 >= a->im->size) return NULL;
    uint32_t at = (uint32_t)at64;
    const ProfSymbol *s = prof_map_lookup(a->names, at);
    if (s && s->addr == at) return s->name;
    snprintf(a->label, sizeof a->label, "loc_%04X", (unsigned)at);
    return a->label;
}

static int by_cost(const void *x, const void *y) {
    const Routine *a = x, *b = y;
    if (a->clocks != b->clocks) return a->clocks > b->clocks ? -1 : 1;
    if (a->samples != b->samples) return a->samples > b->samples ? -1 : 1;
    return a->from < b->from ? -1 : a->from > b->from;
}

static uint64_t samples_at(const Ann *a, uint32_t off) {
    return a->samples && off < a->nsamples ? a->samples[off] : 0;
}
static uint64_t clocks_at(const Ann *a, uint32_t off) { return a->clocks && off < a->im->size ? a->clocks[off] : 0; }

/* Is there a cost in (off, off + len)? (a sample or clock inside an instruction: decode from
 * there, the code is not what a sweep from the routine's start reads) */
static uint32_t cost_inside(const Ann *a, uint32_t off, uint32_t len) {
    for (uint32_t k = 1; k < len; k++)
        if (samples_at(a, off + k) || clocks_at(a, off + k)) return k;
    return 0;
}

static void line(ProfBuf *b, const Ann *a, uint32_t off, const DisInsn *in) {
    char s[32] = "", c[32] = "", hex[40] = "";
    uint64_t sv = samples_at(a, off), cv = clocks_at(a, off);
    if (sv) prof_commas(s, sizeof s, sv);
    if (cv) prof_commas(c, sizeof c, cv);
    for (unsigned k = 0; k < in->len && k < 8; k++)
        snprintf(hex + 2 * k, sizeof hex - 2 * k, "%02X", a->im->bytes[off + k]);
    if (in->len > 8) snprintf(hex + 16, sizeof hex - 16, "..");
    char at[16];
    snprintf(at, sizeof at, "%04X", (unsigned)off);
    prof_buf_printf(b, "%8s %14s  %-6s  %-16s  %s\n", a->samples ? s : "", a->clocks ? c : "", at, hex, in->text);
}

static void routine(ProfBuf *b, Ann *a, const Routine *r) {
    char s[32], c[32], ps[16], pc[16];
    prof_commas(s, sizeof s, r->samples);
    prof_commas(c, sizeof c, r->clocks);
    prof_percent(ps, sizeof ps, r->samples, a->total_samples);
    prof_percent(pc, sizeof pc, r->clocks, a->total_clocks);
    prof_buf_printf(b, "\n%s  (offset %04X-%04X", a->names->sym[r->sym].name, (unsigned)r->from, (unsigned)(r->to - 1));
    if (a->samples) prof_buf_printf(b, "; %s samples, %s%%", s, ps);
    if (a->clocks) prof_buf_printf(b, "; %s clocks, %s%%", c, pc);
    prof_buf_puts(b, ")\n");
    prof_buf_printf(b, "%8s %14s  %-6s  %-16s  %s\n", a->samples ? "Samples" : "", a->clocks ? "Clocks" : "", "Offset",
                    "Bytes", "Instruction");
    DisOptions o = {label, a, true, false};
    uint32_t off = r->from, cold = 0, lines = 0;
    /* the cold instructions since the last costed one: shown if few, else folded into a line */
    DisInsn pend[COLD_RUN];
    uint32_t pend_at[COLD_RUN], cold_from = 0;
    while (off < r->to && lines < MAX_LINES) {
        DisInsn in;
        a->at = off;
        dis_decode(a->im->bytes + off, a->im->size - off, (uint16_t)off, &o, &in);
        uint32_t inside = cost_inside(a, off, in.len);
        if (inside) { /* data, or code entered elsewhere: the bytes up to where the costs are */
            in.len = (uint8_t)inside;
            snprintf(in.text, sizeof in.text, "db %u byte%s (code is entered after it)", inside, inside == 1 ? "" : "s");
        }
        if (!samples_at(a, off) && !clocks_at(a, off)) {
            if (cold < COLD_RUN) {
                pend[cold] = in;
                pend_at[cold] = off;
            }
            if (!cold) cold_from = off;
            cold++;
        } else {
            if (cold > COLD_RUN) {
                prof_buf_printf(b, "%8s %14s  %04X    ... %u instructions without samples or clocks\n", "", "",
                                (unsigned)cold_from, cold);
                lines++;
            } else {
                for (uint32_t k = 0; k < cold; k++, lines++) line(b, a, pend_at[k], &pend[k]);
            }
            cold = 0;
            line(b, a, off, &in);
            lines++;
        }
        off += in.len;
    }
    if (cold > COLD_RUN)
        prof_buf_printf(b, "%8s %14s  %04X    ... %u instructions without samples or clocks\n", "", "",
                        (unsigned)cold_from, cold);
    else
        for (uint32_t k = 0; k < cold; k++) line(b, a, pend_at[k], &pend[k]);
    if (lines >= MAX_LINES) prof_buf_printf(b, "  ... (the rest of the routine left out)\n");
}

int prof_annotate_main(int argc, char **argv) {
    const char *map_path = NULL, *program = NULL, *out_path = "-";
    const char *want[MAX_ROUTINES];
    size_t nwant = 0, top = DEFAULT_TOP;
    uint32_t map_origin = 0;
    cli_getopt_reset();
    int c;
    while ((c = getopt_long(argc, argv, ":o:h", longopts, NULL)) != -1) {
        switch (c) {
        case O_MAP: map_path = optarg; break;
        case O_MAP_ORIGIN:
            if (!cli_parse_hex(optarg, &map_origin))
                return cli_bad_usage("annotate", "--map-origin: expected a hex number up to FFFFF, got '%s'", optarg);
            break;
        case O_PROGRAM: program = optarg; break;
        case O_TOP:
            if (!cli_parse_count(optarg, &top) || !top)
                return cli_bad_usage("annotate", "--top: expected a number of routines from 1, got '%s'", optarg);
            break;
        case O_ROUTINE:
            if (nwant == MAX_ROUTINES) return cli_bad_usage("annotate", "--routine: at most 64 ('%s')", optarg);
            want[nwant++] = optarg;
            break;
        case 'o': out_path = optarg; break;
        case 'h':
        case O_HELP: usage(stdout); return 0;
        case ':': return cli_bad_usage("annotate", "%s needs a value", argv[optind - 1]);
        default: return cli_bad_usage("annotate", "unknown option '%s'", argv[optind - 1]);
        }
    }
    const char *prf_path = NULL, *cg_path = NULL;
    for (int i = optind; i < argc; i++) {
        const char **slot = cli_is_callgrind(argv[i]) ? &cg_path : &prf_path;
        if (*slot) return cli_bad_usage("annotate", "one .PRF and one exact profile at most; unexpected '%s'", argv[i]);
        *slot = argv[i];
    }
    if (!prf_path && !cg_path) return cli_bad_usage("annotate", "missing PROFILE (a .PRF or an exact profile)%s", "");
    if (!*out_path) return cli_bad_usage("annotate", "-o: empty file name%s", "");

    char err[600];
    int status = CLI_EXIT_INPUT;
    CliPrf in;
    bool have_prf = false;
    CgProfile cg;
    bool have_cg = false;
    ProfImage own = {0};
    ProfMap names = {0}, found = {0};
    Routine *rt = NULL;
    uint64_t *clocks = NULL;
    ProfBuf b = {0};
    if (cg_path) {
        if (!cg_read(&cg, cg_path, err, sizeof err)) {
            fprintf(stderr, "emu86 annotate: %s\n", err);
            goto done;
        }
        have_cg = true;
        if (!cg.positions_are_offsets) {
            fprintf(stderr, "emu86 annotate: %s: not an exact profile of emu86 (no load segment)\n", cg_path);
            goto done;
        }
    }
    if (prf_path) {
        if (!cli_prf_open(&in, "annotate", prf_path, true, map_path, map_origin, program, true)) goto done;
        have_prf = true;
        /* of one run: the same load segment, and the program the sidecar names is the one the
         * exact profile's command ran */
        const char *named = in.have_sidecar ? in.sidecar.program : NULL;
        size_t cmdlen = have_cg && cg.cmd ? strcspn(cg.cmd, " ") : 0;
        if (have_cg && (cg.load_seg != in.prf.h.prog_low_pa ||
                        (named && cmdlen && (strlen(named) != cmdlen || strncmp(named, cg.cmd, cmdlen))))) {
            fprintf(stderr, "emu86 annotate: %s and %s are not of one run (load segments %04X and %04X, programs %s "
                            "and %.*s)\n",
                    prf_path, cg_path, in.prf.h.prog_low_pa, cg.load_seg, named ? named : "?", (int)cmdlen,
                    cg.cmd ? cg.cmd : "");
            goto done;
        }
    }
    const ProfImage *im = have_prf && in.have_image ? &in.image : NULL;
    if (!im) {
        /* the program: --program, else the first word of the exact profile's command */
        char guess[4096] = "";
        if (!program && have_cg && cg.cmd) {
            size_t n = strcspn(cg.cmd, " ");
            snprintf(guess, sizeof guess, "%.*s", (int)n, cg.cmd);
        }
        const char *path = program ? program : *guess ? guess : NULL;
        if (!path) {
            fprintf(stderr, "emu86 annotate: which program? (give --program FILE)\n");
            goto done;
        }
        uint16_t load = have_prf ? in.prf.h.prog_low_pa : cg.load_seg;
        if (!prof_image_read(&own, path, load, err, sizeof err)) {
            fprintf(stderr, "emu86 annotate: %s%s\n", err, program ? "" : " (give --program FILE)");
            goto done;
        }
        im = &own;
    }
    /* names: the map's and the run's (in.names), then those found in the code */
    if (!prof_map_merge(&names, have_prf ? &in.names : NULL)) goto oom;
    if (!have_prf && map_path) {
        ProfMap m;
        if (!prof_map_read(&m, map_path, err, sizeof err)) {
            fprintf(stderr, "emu86 annotate: %s\n", err);
            goto done;
        }
        if (map_origin) prof_map_rebase(&m, map_origin);
        bool ok = prof_map_merge(&names, &m);
        prof_map_free(&m);
        if (!ok) goto oom;
    }
    if (!prof_discover(im, NULL, 0, &found) || !prof_map_merge(&names, &found)) goto oom;
    if (!names.nsym) {
        fprintf(stderr, "emu86 annotate: no routine found in the program\n");
        goto done;
    }

    Ann a = {im, &names, NULL, 0, NULL, 0, 0, 0, ""};
    if (have_prf && in.have_sidecar) {
        a.samples = in.sidecar.tally.at;
        a.nsamples = in.sidecar.tally.nat;
        a.total_samples = in.sidecar.tally.io + in.sidecar.tally.dos + in.sidecar.tally.high;
        for (uint32_t i = 0; i < a.nsamples; i++) a.total_samples += a.samples[i];
    } else if (have_prf) {
        fprintf(stderr, "emu86 annotate: warning: %s has no sidecar: no samples by instruction\n", prf_path);
    }
    if (have_cg) {
        clocks = calloc(im->size ? im->size : 1, sizeof *clocks);
        if (!clocks) goto oom;
        for (size_t i = 0; i < cg.ncost; i++)
            if (cg.cost[i].pos < im->size) clocks[cg.cost[i].pos] += cg.cost[i].c[0];
        a.clocks = clocks;
        a.total_clocks = cg.total[0];
    }
    rt = calloc(names.nsym, sizeof *rt);
    if (!rt) goto oom;
    size_t nrt = 0;
    for (size_t i = 0; i < names.nsym; i++) {
        Routine *r = &rt[nrt];
        r->sym = i;
        r->from = names.sym[i].addr;
        r->to = i + 1 < names.nsym && names.sym[i + 1].addr < im->size ? names.sym[i + 1].addr : im->size;
        if (r->from >= im->size) continue;
        for (uint32_t k = r->from; k < r->to; k++) {
            r->samples += samples_at(&a, k);
            r->clocks += clocks_at(&a, k);
        }
        nrt++;
    }
    if (nrt) qsort(rt, nrt, sizeof *rt, by_cost);
    prof_buf_printf(&b, "emu86 annotate: %s", prf_path ? prf_path : "");
    prof_buf_printf(&b, "%s%s\n", prf_path && cg_path ? " and " : "", cg_path ? cg_path : "");
    prof_buf_printf(&b, "program: load segment %04X; offsets are from it; %s%s\n", im->load_seg,
                    a.samples ? "samples of each instruction" : "",
                    a.clocks ? (a.samples ? " and clocks (exact)" : "clocks of each instruction (exact)") : "");
    if (a.samples && in.sidecar.rule != 'e')
        prof_buf_puts(&b, "(samples by the IRQ rule: each falls on the instruction an interrupt would return to,\n"
                          " the one after the instruction that was running; --sample exact puts it on that one)\n");
    /* the routines asked for, then the hottest */
    size_t shown = 0;
    for (size_t w = 0; w < nwant; w++) {
        size_t i = 0;
        while (i < nrt && strcmp(names.sym[rt[i].sym].name, want[w])) i++;
        if (i == nrt) {
            fprintf(stderr, "emu86 annotate: no routine '%s' in the program\n", want[w]);
            goto done;
        }
        routine(&b, &a, &rt[i]);
        shown++;
    }
    for (size_t i = 0; i < nrt && !nwant && shown < top && (rt[i].samples || rt[i].clocks); i++, shown++)
        routine(&b, &a, &rt[i]);
    if (!shown) prof_buf_puts(&b, "\n(no routine has samples or clocks)\n");
    if (b.oom) goto oom;
    if (!prof_write_file(out_path, b.data, b.len, err, sizeof err)) {
        fprintf(stderr, "emu86 annotate: %s\n", err);
        goto done;
    }
    status = 0;
    goto done;
oom:
    fprintf(stderr, "emu86 annotate: out of memory\n");
done:
    prof_buf_free(&b);
    free(rt);
    free(clocks);
    prof_map_free(&names);
    prof_map_free(&found);
    prof_image_free(&own);
    if (have_prf) cli_prf_close(&in);
    if (have_cg) cg_free(&cg);
    return status;
}
