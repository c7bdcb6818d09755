/* The tick entry points: each sample into every histogram of the run. */
#include "profiler.h"

void prof_sampler_ticks(ProfSampler *s, const ProfCsIp *smp, unsigned n) {
    s->ticks += n;
    if (s->prf) {
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
