/* The tick entry points: each sample into every histogram of the run. */
#include "profiler.h"

#include <stdlib.h>
#include <string.h>

void prof_sampler_ticks(ProfSampler *s, const ProfCsIp *smp, unsigned n) {
    s->ticks += n;
    if (s->prf && s->tally) {
        ProfPrf *const p = s->prf;
        ProfPrfTally *const t = s->tally;
        const uint64_t recip = prof_prf_recip(p->h.bucket_siz);
        /* (a run of equal samples, as the ticks in a long REP or a service give, counted at once:
         * k increments of a 16-bit counter that wraps are one addition of k that wraps) */
        for (unsigned i = 0, j; i < n; i = j) {
            const uint16_t cs = smp[i].cs, ip = smp[i].ip, para = (uint16_t)(cs + (ip >> 4));
            for (j = i + 1; j < n && smp[j].cs == cs && smp[j].ip == ip; j++)
                ;
            const uint32_t k = j - i;
            uint16_t b = 0;
            switch (prof_prf_classify_by(&p->h, recip, cs, ip, &b)) {
            case PROF_HIT_IO: p->h.hit_io = (uint16_t)(p->h.hit_io + k); t->io += k; break;
            case PROF_HIT_DOS: p->h.hit_dos = (uint16_t)(p->h.hit_dos + k); t->dos += k; break;
            case PROF_HIT_HIGH: p->h.hit_high = (uint16_t)(p->h.hit_high + k); t->high += k; break;
            case PROF_HIT_BUCKET:
                p->bucket[b] = (uint16_t)(p->bucket[b] + k);
                t->at[(uint32_t)(uint16_t)(para - p->h.prog_low_pa) * 16u + (ip & 15u)] += k;
                break;
            }
        }
    } else if (s->prf) {
        ProfPrf *const p = s->prf;
        const uint64_t recip = prof_prf_recip(p->h.bucket_siz);
        for (unsigned i = 0; i < n; i++) prof_prf_tick_by(p, recip, smp[i].cs, smp[i].ip);
    }
    if (s->unix_profil)
        for (unsigned i = 0; i < n; i++) prof_unix_tick(s->unix_profil, prof_pc_of(s->pc_mode, smp[i].cs, smp[i].ip));
}

void prof_sampler_tick(ProfSampler *s, uint16_t cs, uint16_t ip) {
    const ProfCsIp one = {cs, ip};
    prof_sampler_ticks(s, &one, 1);
}

bool prof_tally_init(ProfPrfTally *t, const ProfPrfHeader *h) {
    memset(t, 0, sizeof *t);
    t->nat = (uint32_t)(uint16_t)(h->prog_high_pa - h->prog_low_pa) * 16u;
    t->at = calloc(t->nat ? t->nat : 1, sizeof *t->at);
    return t->at != NULL;
}

void prof_tally_free(ProfPrfTally *t) {
    free(t->at);
    memset(t, 0, sizeof *t);
}

uint64_t prof_tally_bucket(const ProfPrfTally *t, const ProfPrfHeader *h, uint32_t i) {
    const uint64_t size = (uint64_t)h->bucket_siz * 16u, from = i * size;
    const uint64_t end = from + size < t->nat ? from + size : t->nat; /* (one bound: a loop the
                                                                       * compiler vectorises) */
    uint64_t sum = 0;
    for (uint64_t k = from; k < end; k++) sum += t->at[k];
    return sum;
}
