/* The tick entry point: one sample into every histogram of the run. */
#include "profiler.h"

void prof_sampler_tick(ProfSampler *s, uint16_t cs, uint16_t ip) {
    s->ticks++;
    if (s->prf) prof_prf_tick(s->prf, cs, ip);
    if (s->unix_profil) prof_unix_tick(s->unix_profil, prof_pc_of(s->pc_mode, cs, ip));
}
