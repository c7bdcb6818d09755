/* The .PRF's sidecar (NAME.PRF.emu86: its counters in full, the samples by address, the
 * names), and a warning on stderr for each 16-bit counter of the .PRF that wrapped: which,
 * how often, and the grain (or bucket size) that would have kept it below 65,536. */
#include "session_internal.h"
#include "util.h"

#include <stdio.h>
#include <string.h>

enum { MAX_WRAP_LINES = 8, SAFE_COUNT = 60000 };

bool session_sidecar_write(ProfSession *s, ProfMessageFn msg, void *ctx) {
    if (!s->have_tally || !s->cfg.prf_path || !strcmp(s->prf_name, "-")) return true;
    char path[4200];
    prof_sidecar_path(s->prf_name, path, sizeof path);
    ProfSidecar sc = {s->prf.h, s->ticks, s->tally, s->names, (char *)s->cfg.program, s->cfg.sample_exact ? 'e' : 'i'};
    ProfBuf b = {0};
    prof_sidecar_encode(&sc, &b);
    return session_write_buf(path, &b, msg, ctx);
}

/* The largest bucket size below siz (halving) whose buckets all stay under SAFE_COUNT, or 0. */
static uint32_t smaller_bucket(const ProfPrfTally *t, uint32_t siz) {
    for (uint32_t b = siz / 2; b >= 1; b /= 2) {
        uint64_t worst = 0, sum = 0;
        for (uint32_t i = 0; i < t->nat; i++) {
            sum += t->at[i];
            if ((i + 1) % (b * 16u) == 0 || i + 1 == t->nat) {
                if (sum > worst) worst = sum;
                sum = 0;
            }
        }
        if (worst < SAFE_COUNT) return b;
        if (b == 1) break;
    }
    return 0;
}

void session_warn_wrapped(const ProfSession *s, ProfMessageFn msg, void *ctx) {
    if (!s->have_tally || !s->cfg.prf_path) return;
    const ProfPrfHeader *h = &s->prf.h;
    const char *prf = s->prf_name;
    char line[9000];
    unsigned lines = 0, more = 0;
    uint64_t worst = 0, worst_bucket = 0;
    const struct {
        const char *what;
        uint64_t full;
        uint16_t held;
    } cls[3] = {{"DOS (hit_dos)", s->tally.dos, h->hit_dos},
                {"I/O (hit_io)", s->tally.io, h->hit_io},
                {"high (hit_high)", s->tally.high, h->hit_high}};
    for (int k = 0; k < 3; k++) {
        if (cls[k].full <= 0xFFFF) continue;
        if (cls[k].full > worst) worst = cls[k].full;
        char times[32];
        prof_times(times, sizeof times, cls[k].full >> 16);
        snprintf(line, sizeof line, "%s: the %s counter counted %llu samples: it wrapped %s and holds %u, as PROFIL's would",
                 prf, cls[k].what, (unsigned long long)cls[k].full, times, cls[k].held);
        session_report(msg, ctx, line);
        lines++;
    }
    for (uint32_t i = 0; i < h->bucket_num; i++) {
        uint64_t full = prof_tally_bucket(&s->tally, h, i);
        if (full <= 0xFFFF) continue;
        if (full > worst) worst = full;
        if (full > worst_bucket) worst_bucket = full;
        if (lines >= MAX_WRAP_LINES) {
            more++;
            continue;
        }
        uint32_t off = i * h->bucket_siz * 16u;
        const ProfSymbol *sym = prof_map_lookup(&s->names, off);
        char times[32];
        prof_times(times, sizeof times, full >> 16);
        snprintf(line, sizeof line, "%s: bucket %lu (offset %04X%s%s) counted %llu samples: its 16-bit counter wrapped %s and holds %u, as PROFIL's would",
                 prf, (unsigned long)i, (unsigned)off, sym ? ", in " : "", sym ? sym->name : "", (unsigned long long)full,
                 times, s->prf.bucket[i]);
        session_report(msg, ctx, line);
        lines++;
    }
    if (!lines) return;
    if (more) {
        snprintf(line, sizeof line, "%s: and %u more buckets wrapped", prf, more);
        session_report(msg, ctx, line);
    }
    /* samples go as 1 / grain: the grain that brings the largest count under SAFE_COUNT */
    uint64_t grain = ((uint64_t)h->clock_grain * worst + SAFE_COUNT - 1) / SAFE_COUNT;
    char avoid[200] = "";
    if (grain <= 0xFFFF) snprintf(avoid, sizeof avoid, "--grain %llu or more", (unsigned long long)grain);
    else snprintf(avoid, sizeof avoid, "no grain up to 65535 us (the run is too long for 16-bit counters)");
    uint32_t b = worst_bucket == worst && h->bucket_siz > 1 ? smaller_bucket(&s->tally, h->bucket_siz) : 0;
    char path[4200];
    prof_sidecar_path(prf, path, sizeof path);
    snprintf(line, sizeof line, "%s: emu86 report shows the full counts (kept in %s); to keep every counter below 65536: %s",
             prf, path, avoid);
    if (b) snprintf(line + strlen(line), sizeof line - strlen(line), ", or --bucket %lu", (unsigned long)b);
    session_report(msg, ctx, line);
}
