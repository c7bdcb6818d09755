/* `emu86 diff OLD NEW [--threshold POINTS] [--total-threshold PCT] [--by routine|bucket]`: two
 * profiles of a program (two .PRF, or two exact profiles) side by side, per routine (or per
 * bucket): each one's share of all samples (clocks) in each, the change in points and in
 * samples (clocks), largest change first. The exit status says whether a share moved past the
 * threshold, as diff(1)'s says whether the files differ: a deterministic profile test for CI.
 * All arithmetic in integers (thousandths of a percent point): the same bytes on any host. */
#include "callgrind.h"
#include "cli.h"
#include "report_rows.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { DIFF_SAME = 0, DIFF_MOVED = 1, DIFF_TROUBLE = 2 };
enum { O_THRESHOLD = 256, O_TOTAL, O_BY, O_MAP, O_MAP_ORIGIN, O_TOP, O_HELP };

static const struct option longopts[] = {
    {"threshold", required_argument, 0, O_THRESHOLD},
    {"total-threshold", required_argument, 0, O_TOTAL},
    {"by", required_argument, 0, O_BY},
    {"map", required_argument, 0, O_MAP},
    {"map-origin", required_argument, 0, O_MAP_ORIGIN},
    {"top", required_argument, 0, O_TOP},
    {"output", required_argument, 0, 'o'},
    {"help", no_argument, 0, O_HELP},
    {0, 0, 0, 0},
};

static void usage(FILE *f) {
    fputs("usage: emu86 diff OLD NEW [--threshold POINTS] [--total-threshold PCT] [--by routine|bucket]\n"
          "                [--map FILE] [--top N] [-o OUT]\n"
          "Two profiles of a program (two .PRF of emu86 --profil, or two exact profiles) compared\n"
          "per routine (per bucket without names, or with --by bucket): each share of all samples\n"
          "(clocks), the change in points and in samples (clocks), largest change first.\n"
          "  --threshold POINTS      a share that moves by more than this many points (of 100) is\n"
          "                          marked and makes the exit status 1 (default 1.0)\n"
          "  --total-threshold PCT   so does a change of the total by more than PCT percent (default:\n"
          "                          not checked)\n"
          "  --by routine|bucket     rows by routine (default when names are known) or by bucket\n"
          "  --map FILE              names for both (--map-origin HEX as for report)\n"
          "  --top N                 at most N rows shown (all are checked)\n"
          "  -o, --output OUT        write to OUT (default: standard output)\n"
          "Exit status: 0 no share (nor the total) moved past its threshold, 1 one did, 2 trouble\n"
          "(bad usage, an unreadable or invalid profile, profiles of two kinds, unwritable output).\n",
          f);
}

typedef struct Item {
    const char *name;    /* (owned by the inputs or the row table) */
    uint64_t v;
} Item;

typedef struct Row {
    const char *name;
    uint64_t old_v, new_v;
    int64_t delta_m;     /* thousandths of a point */
    int64_t size_m;      /* the larger of its two shares */
} Row;

typedef struct Side {
    Item *item;
    size_t n;
    uint64_t total;
} Side;

/* "1", "0.5", "12.125": thousandths; false for anything else (or above 100000). */
static bool parse_milli(const char *s, uint64_t *out) {
    uint64_t whole = 0, frac = 0;
    int digits = 0, fd = 0;
    const char *p = s;
    while (*p >= '0' && *p <= '9' && digits < 9) whole = whole * 10 + (uint64_t)(*p++ - '0'), digits++;
    if (*p == '.') {
        p++;
        while (*p >= '0' && *p <= '9' && fd < 3) frac = frac * 10 + (uint64_t)(*p++ - '0'), fd++;
    }
    if (*p || (!digits && !fd)) return false;
    while (fd++ < 3) frac *= 10;
    *out = whole * 1000 + frac;
    return *out <= 100000000u;
}

/* share in thousandths of a percent */
static int64_t share_m(uint64_t v, uint64_t total) {
    return total ? (int64_t)((v * 100000u + total / 2) / total) : 0;
}

/* a signed value in thousandths as "+1.2" (tenths, rounded half away from zero) */
static void signed_tenths(char *out, size_t len, int64_t m) {
    uint64_t a = (uint64_t)(m < 0 ? -m : m), t = (a + 50) / 100;
    snprintf(out, len, "%s%llu.%llu", m < 0 && t ? "-" : m > 0 && t ? "+" : " ", (unsigned long long)(t / 10),
             (unsigned long long)(t % 10));
}

static int by_name(const void *a, const void *b) { return strcmp(((const Item *)a)->name, ((const Item *)b)->name); }

/* the largest change first, then the largest share, then by name */
static int by_change(const void *a, const void *b) {
    const Row *x = a, *y = b;
    int64_t ax = x->delta_m < 0 ? -x->delta_m : x->delta_m, ay = y->delta_m < 0 ? -y->delta_m : y->delta_m;
    if (ax != ay) return ax > ay ? -1 : 1;
    if (x->size_m != y->size_m) return x->size_m > y->size_m ? -1 : 1;
    return strcmp(x->name, y->name);
}

/* ---- the sides ---- */

typedef struct Input {
    bool exact;
    CgProfile cg;
    CliPrf prf;
    bool open;
} Input;

static bool side_exact(const CgProfile *p, Side *s) {
    s->item = calloc(p->nfn ? p->nfn : 1, sizeof *s->item);
    if (!s->item) return false;
    for (size_t i = 0; i < p->nfn; i++)
        if (p->fn[i].self[0]) s->item[s->n++] = (Item){p->fn[i].name, p->fn[i].self[0]};
    s->total = p->total[0];
    return true;
}

/* routines of names (or buckets with names NULL), with bucket labels made into labels[] */
static bool side_prf(const CliPrf *in, const ProfMap *names, char (*labels)[16], Side *s) {
    const ProfPrf *p = &in->prf;
    const ProfPrfTally *t = in->have_sidecar ? &in->sidecar.tally : NULL;
    s->total = t ? t->io + t->dos + t->high : (uint64_t)p->h.hit_io + p->h.hit_dos + p->h.hit_high;
    for (uint32_t i = 0; i < p->h.bucket_num; i++) s->total += report_bucket_hits(p, t, i);
    size_t cap = (names ? names->nsym + 1 : p->h.bucket_num) + 3;
    s->item = calloc(cap, sizeof *s->item);
    if (!s->item) return false;
    if (names) {
        uint64_t *acc = calloc(names->nsym + 1, sizeof *acc);
        if (!acc || !report_routine_hits(p, t, names, acc)) {
            free(acc);
            return false;
        }
        for (size_t i = 0; i <= names->nsym; i++)
            if (acc[i]) s->item[s->n++] = (Item){i < names->nsym ? names->sym[i].name : "(below the first name)", acc[i]};
        free(acc);
    } else {
        for (uint32_t i = 0; i < p->h.bucket_num; i++) {
            uint64_t v = report_bucket_hits(p, t, i);
            if (!v) continue;
            report_format_address(labels[i], sizeof labels[i], i * p->h.bucket_siz * 16u);
            s->item[s->n++] = (Item){labels[i], v};
        }
    }
    /* DOS, I/O and high as rows of their own */
    uint64_t cls[3] = {t ? t->dos : p->h.hit_dos, t ? t->io : p->h.hit_io, t ? t->high : p->h.hit_high};
    const char *what[3] = {"(DOS)", "(I/O)", "(high)"};
    for (int k = 0; k < 3; k++)
        if (cls[k]) s->item[s->n++] = (Item){what[k], cls[k]};
    return true;
}

static bool open_input(Input *in, const char *path, const char *map_path, uint32_t origin) {
    memset(in, 0, sizeof *in);
    char err[600];
    in->exact = cli_is_callgrind(path);
    if (in->exact) {
        if (!cg_read(&in->cg, path, err, sizeof err)) {
            fprintf(stderr, "emu86 diff: %s\n", err);
            return false;
        }
    } else if (!cli_prf_open(&in->prf, "diff", path, true, map_path, origin, NULL, false)) {
        return false;
    }
    in->open = true;
    return true;
}

static void close_input(Input *in) {
    if (!in->open) return;
    if (in->exact) cg_free(&in->cg);
    else cli_prf_close(&in->prf);
    in->open = false;
}

int prof_diff_main(int argc, char **argv) {
    uint64_t threshold = 1000, total_threshold = 0;
    bool total_check = false, by_bucket = false;
    const char *map_path = NULL, *out_path = "-";
    uint32_t origin = 0;
    size_t top = 0;
    cli_getopt_reset();
    int c;
    while ((c = getopt_long(argc, argv, ":o:h", longopts, NULL)) != -1) {
        switch (c) {
        case O_THRESHOLD:
            if (!parse_milli(optarg, &threshold))
                return cli_bad_usage("diff", "--threshold: expected points such as 1 or 0.5, got '%s'", optarg);
            break;
        case O_TOTAL:
            if (!parse_milli(optarg, &total_threshold))
                return cli_bad_usage("diff", "--total-threshold: expected a percentage such as 5 or 0.1, got '%s'",
                                     optarg);
            total_check = true;
            break;
        case O_BY:
            if (!strcmp(optarg, "bucket")) by_bucket = true;
            else if (!strcmp(optarg, "routine")) by_bucket = false;
            else return cli_bad_usage("diff", "--by: expected routine or bucket, got '%s'", optarg);
            break;
        case O_MAP: map_path = optarg; break;
        case O_MAP_ORIGIN:
            if (!cli_parse_hex(optarg, &origin))
                return cli_bad_usage("diff", "--map-origin: expected a hex number up to FFFFF, got '%s'", optarg);
            break;
        case O_TOP:
            if (!cli_parse_count(optarg, &top) || !top)
                return cli_bad_usage("diff", "--top: expected a number of rows from 1, got '%s'", optarg);
            break;
        case 'o': out_path = optarg; break;
        case 'h':
        case O_HELP: usage(stdout); return 0;
        case ':': return cli_bad_usage("diff", "%s needs a value", argv[optind - 1]);
        default: return cli_bad_usage("diff", "unknown option '%s'", argv[optind - 1]);
        }
    }
    if (argc - optind != 2) return cli_bad_usage("diff", "expected two profiles, OLD and NEW%s", "");
    if (!*out_path) return cli_bad_usage("diff", "-o: empty file name%s", "");
    const char *path[2] = {argv[optind], argv[optind + 1]};

    int status = DIFF_TROUBLE;
    Input in[2] = {{0}, {0}};
    Side side[2] = {{0}, {0}};
    ProfMap names = {0};
    char (*labels[2])[16] = {NULL, NULL};
    Row *row = NULL;
    ProfBuf b = {0};
    char err[600];
    for (int k = 0; k < 2; k++)
        if (!open_input(&in[k], path[k], map_path, origin)) goto done;
    if (in[0].exact != in[1].exact) {
        fprintf(stderr, "emu86 diff: %s and %s are not of one kind (a .PRF and an exact profile)\n", path[0], path[1]);
        goto done;
    }
    const bool exact = in[0].exact;
    if (exact) {
        if (by_bucket) {
            fprintf(stderr, "emu86 diff: --by bucket is for .PRF files\n");
            goto done;
        }
        for (int k = 0; k < 2; k++)
            if (!side_exact(&in[k].cg, &side[k])) goto oom;
    } else {
        /* the names of both runs (a map's win), so that both are cut the same way */
        if (!by_bucket &&
            (!prof_map_merge(&names, &in[0].prf.names) || !prof_map_merge(&names, &in[1].prf.names)))
            goto oom;
        bool by_names = !by_bucket && names.nsym;
        for (int k = 0; k < 2; k++) {
            labels[k] = calloc(in[k].prf.prf.h.bucket_num + 1, sizeof *labels[k]);
            if (!labels[k] || !side_prf(&in[k].prf, by_names ? &names : NULL, labels[k], &side[k])) goto oom;
        }
    }
    /* rows: the union of both sides' names */
    for (int k = 0; k < 2; k++) if (side[k].n) qsort(side[k].item, side[k].n, sizeof *side[k].item, by_name);
    row = calloc(side[0].n + side[1].n + 1, sizeof *row);
    if (!row) goto oom;
    size_t nrow = 0, i = 0, j = 0;
    while (i < side[0].n || j < side[1].n) {
        int cmp = i == side[0].n ? 1 : j == side[1].n ? -1 : strcmp(side[0].item[i].name, side[1].item[j].name);
        Row *r = &row[nrow++];
        r->name = cmp <= 0 ? side[0].item[i].name : side[1].item[j].name;
        r->old_v = cmp <= 0 ? side[0].item[i++].v : 0;
        r->new_v = cmp >= 0 ? side[1].item[j++].v : 0;
        const int64_t so = share_m(r->old_v, side[0].total), sn = share_m(r->new_v, side[1].total);
        r->delta_m = sn - so;
        r->size_m = so > sn ? so : sn;
    }
    if (nrow) qsort(row, nrow, sizeof *row, by_change);
    size_t moved = 0;
    for (size_t k = 0; k < nrow; k++) moved += (uint64_t)(row[k].delta_m < 0 ? -row[k].delta_m : row[k].delta_m) > threshold;
    const uint64_t t0 = side[0].total, t1 = side[1].total;
    const uint64_t total_change_m = t0 ? ((t1 > t0 ? t1 - t0 : t0 - t1) * 100000u + t0 / 2) / t0 : (t1 ? 100000u : 0);
    const bool total_moved = total_check && total_change_m > total_threshold;

    const char *unit = exact ? (in[0].cg.events[0] ? in[0].cg.events[0] : "cost") : "samples";
    char th[32], tc[32];
    signed_tenths(th, sizeof th, (int64_t)threshold);
    prof_buf_printf(&b, "emu86 diff: %s -> %s (%s, by %s)\n", path[0], path[1], unit,
                    exact ? "function" : names.nsym && !by_bucket ? "routine" : "bucket");
    signed_tenths(tc, sizeof tc, t1 >= t0 ? (int64_t)total_change_m : -(int64_t)total_change_m);
    prof_buf_printf(&b, "total: %llu -> %llu %s (%s%%)\n", (unsigned long long)t0, (unsigned long long)t1, unit, tc);
    prof_buf_printf(&b, "threshold: %s points of share\n\n", th + 1);
    prof_buf_printf(&b, "  old%%    new%%    change     %14s %14s  name\n", exact ? "old" : "old samples",
                    exact ? "new" : "new samples");
    for (size_t k = 0; k < nrow && (!top || k < top); k++) {
        const Row *r = &row[k];
        char po[16], pn[16], d[32];
        prof_percent(po, sizeof po, r->old_v, t0);
        prof_percent(pn, sizeof pn, r->new_v, t1);
        signed_tenths(d, sizeof d, r->delta_m);
        bool past = (uint64_t)(r->delta_m < 0 ? -r->delta_m : r->delta_m) > threshold;
        prof_buf_printf(&b, "%6s  %6s  %6s %s  %14llu %14llu  %s\n", po, pn, d, past ? "*" : " ",
                        (unsigned long long)r->old_v, (unsigned long long)r->new_v, r->name);
    }
    if (top && nrow > top) prof_buf_printf(&b, "(%zu more rows)\n", nrow - top);
    prof_buf_printf(&b, "\n%zu of %zu moved by more than %s points (marked *)", moved, nrow, th + 1);
    if (total_check) {
        char tt[32];
        signed_tenths(tt, sizeof tt, (int64_t)total_threshold);
        prof_buf_printf(&b, "; the total %s by more than %s%%", total_moved ? "changed" : "did not change", tt + 1);
    }
    prof_buf_puts(&b, "\n");
    if (b.oom) goto oom;
    if (!prof_write_file(out_path, b.data, b.len, err, sizeof err)) {
        fprintf(stderr, "emu86 diff: %s\n", err);
        goto done;
    }
    status = moved || total_moved ? DIFF_MOVED : DIFF_SAME;
    goto done;
oom:
    fprintf(stderr, "emu86 diff: out of memory\n");
done:
    prof_buf_free(&b);
    free(row);
    for (int k = 0; k < 2; k++) {
        free(side[k].item);
        free(labels[k]);
        close_input(&in[k]);
    }
    prof_map_free(&names);
    return status;
}
