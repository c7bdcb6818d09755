/* prfcmp: do two PROFIL histograms (.PRF) of one program agree?
 *
 *   prfcmp [--z Z] [--pp P] [--share S] [--min N] A.PRF B.PRF
 *
 * Made for MS-DOS 2.0's own PROFIL (run under emu86) against `emu86 --profil` on the same
 * program with the same answers (tests/realprogs/scenarios/profil.cmake), usable on any two.
 *
 * Exact, by PROFIL's rules (both files are read and validated by prof_prf_read): clock_grain,
 * bucket_num, bucket_siz, the program's size prog_high_pa - prog_low_pa, dos_pa, and the file
 * length. prog_low_pa itself is not compared: each profiler loads the program where it loads
 * it (PROFIL above itself), and buckets count from it.
 *
 * Statistical: the samples' distribution over the classes I/O, DOS, high and every bucket.
 * The two clocks start at different moments and PROFIL's interrupt routine lengthens the run,
 * so the counts differ; the shares must not. Treating each run's samples as independent draws
 * (the guests dither their loops so that a periodic clock sees all phases), for a class with
 * a of na and b of nb samples, z = (a/na - b/nb) / sqrt(p (1 - p) (1/na + 1/nb)) with
 * p = (a + b) / (na + nb). A class fails when its shares differ by more than P percentage
 * points (default 2), or when |z| > Z (default 4) and it holds at least S% of the samples
 * (default 2) in either file; each file needs at least N samples (default 1000).
 *
 * Why small classes are held to the P bound only: PROFIL's own sampling is not free of bias.
 * Its interrupt routine costs about 190 clocks more for a bucket hit (a DIV) than for an I/O,
 * DOS or high hit, so a sample in DOS moves the later samples of that stretch of code by as
 * much; in a program that repeats itself, a region a few instructions wide at a fixed distance
 * after a DOS call can be emptied or doubled (seen, with the guests' dithering loop placed
 * after their hot loops: a 200-clock region with 0.15% of PROFIL's samples, 1.02% of emu86's
 * and 0.8% of the program's clocks). With the dithering right after the DOS call, 30 runs at
 * grains of 400-1500 us gave at most |z| 2.9 in the classes over 2% and 0.64 points anywhere.
 *
 * Prints one line per class; exit 0 if all agree, 1 if not (each failure named), 2 on bad
 * usage or an unreadable or invalid file. */
#include "profiler.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct {
    const char *path;
    ProfPrf p;
    long size;
    double total;
} Side;

static int load(Side *s) {
    char err[512];
    struct stat st;
    if (!prof_prf_read(&s->p, s->path, err, sizeof err)) {
        fprintf(stderr, "prfcmp: %s\n", err);
        return 0;
    }
    if (stat(s->path, &st) != 0) {
        fprintf(stderr, "prfcmp: cannot stat '%s'\n", s->path);
        return 0;
    }
    s->size = (long)st.st_size;
    s->total = (double)s->p.h.hit_io + s->p.h.hit_dos + s->p.h.hit_high;
    for (unsigned i = 0; i < s->p.h.bucket_num; i++) s->total += s->p.bucket[i];
    return 1;
}

static int parse_num(const char *s, double *out) {
    char *end;
    double v = strtod(s, &end);
    if (end == s || *end || !(v > 0)) return 0;
    *out = v;
    return 1;
}

static int prfcmp(Side *a, Side *b, double zmax, double ppmax, double smin, double nmin);

int main(int argc, char **argv) {
    double zmax = 4, ppmax = 2, smin = 2, nmin = 1000;
    const char *files[2];
    int nfiles = 0;
    for (int i = 1; i < argc; i++) {
        double *opt = !strcmp(argv[i], "--z") ? &zmax : !strcmp(argv[i], "--pp") ? &ppmax
                    : !strcmp(argv[i], "--share") ? &smin : !strcmp(argv[i], "--min") ? &nmin
                    : NULL;
        if (opt) {
            if (i + 1 >= argc || !parse_num(argv[i + 1], opt)) {
                fprintf(stderr, "prfcmp: %s needs a positive number\n", argv[i]);
                return 2;
            }
            i++;
        } else if (nfiles < 2 && argv[i][0] != '-') {
            files[nfiles++] = argv[i];
        } else {
            nfiles = 3;
            break;
        }
    }
    if (nfiles != 2) {
        fprintf(stderr, "usage: prfcmp [--z Z] [--pp P] [--share S] [--min N] A.PRF B.PRF\n");
        return 2;
    }
    Side a, b;
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    a.path = files[0];
    b.path = files[1];
    int rc = prfcmp(&a, &b, zmax, ppmax, smin, nmin);
    prof_prf_free(&a.p);
    prof_prf_free(&b.p);
    return rc;
}

/* 0 agree, 1 differ, 2 unreadable */
static int prfcmp(Side *a, Side *b, double zmax, double ppmax, double smin, double nmin) {
    if (!load(a) || !load(b)) return 2;
    const ProfPrfHeader *ha = &a->p.h, *hb = &b->p.h;
    int bad = 0;

    printf("A: %s\nB: %s\n", a->path, b->path);
    struct { const char *name; long va, vb; } exact[] = {
        {"clock_grain", ha->clock_grain, hb->clock_grain},
        {"bucket_num", ha->bucket_num, hb->bucket_num},
        {"bucket_siz", ha->bucket_siz, hb->bucket_siz},
        {"prog_high_pa - prog_low_pa", (uint16_t)(ha->prog_high_pa - ha->prog_low_pa),
         (uint16_t)(hb->prog_high_pa - hb->prog_low_pa)},
        {"dos_pa", ha->dos_pa, hb->dos_pa},
        {"file length", a->size, b->size},
    };
    for (size_t i = 0; i < sizeof exact / sizeof exact[0]; i++) {
        int same = exact[i].va == exact[i].vb;
        printf("%-28s %6ld %6ld  %s\n", exact[i].name, exact[i].va, exact[i].vb,
               same ? "same" : "DIFFERENT");
        if (!same) bad = 1;
    }
    printf("%-28s %04X   %04X    (not compared)\n", "prog_low_pa", ha->prog_low_pa,
           hb->prog_low_pa);
    printf("%-28s %6.0f %6.0f\n", "samples", a->total, b->total);
    if (bad) {
        printf("FAIL: the headers differ\n");
        return 1;
    }
    if (a->total < nmin || b->total < nmin) {
        printf("FAIL: too few samples to compare (at least %.0f each)\n", nmin);
        return 1;
    }

    printf("\n%-12s %8s %7s %8s %7s %7s %6s\n", "class", "A", "A %", "B", "B %", "diff", "z");
    double tv = 0, zworst = 0;
    for (long k = -3; k < (long)ha->bucket_num; k++) {
        double va, vb;
        char name[32];
        switch (k) {
        case -3: va = ha->hit_io, vb = hb->hit_io, strcpy(name, "I/O"); break;
        case -2: va = ha->hit_dos, vb = hb->hit_dos, strcpy(name, "DOS"); break;
        case -1: va = ha->hit_high, vb = hb->hit_high, strcpy(name, "high"); break;
        default:
            va = a->p.bucket[k], vb = b->p.bucket[k];
            snprintf(name, sizeof name, "bucket %ld", k);
            break;
        }
        if (va == 0 && vb == 0) continue;
        double sa = va / a->total, sb = vb / b->total, p = (va + vb) / (a->total + b->total);
        double sd = sqrt(p * (1 - p) * (1 / a->total + 1 / b->total));
        double z = sd > 0 ? (sa - sb) / sd : 0, diff = 100 * (sa - sb);
        int wide = 100 * sa >= smin || 100 * sb >= smin;
        int fails = (wide && fabs(z) > zmax) || fabs(diff) > ppmax;
        printf("%-12s %8.0f %6.2f%% %8.0f %6.2f%% %+7.2f %+6.2f%s\n", name, va, 100 * sa, vb,
               100 * sb, diff, z, fails ? "  FAIL" : "");
        tv += fabs(sa - sb) / 2;
        if (wide && fabs(z) > fabs(zworst)) zworst = z;
        if (fails) bad = 1;
    }
    printf("\ntotal variation distance %.2f%%, largest |z| %.2f of the classes over %g%% "
           "(limits: |z| <= %g there, %g points everywhere)\n",
           100 * tv, fabs(zworst), smin, zmax, ppmax);
    printf("%s\n", bad ? "FAIL: the distributions differ" : "agree");
    return bad;
}
