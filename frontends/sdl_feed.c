/* Stand-in profile feed for the window panel (see sdl_feed.h). */
#include "sdl_feed.h"

#include <stdio.h>
#include <stdlib.h>

struct SdlFeed {
    Sdl *sdl;
    EmuMachine *m;
    ProfPrf prf;
    bool prf_ok;
    ProfMap map;
    bool has_map;
    unsigned grain, bucket;
    bool exact;
    int timer;
};

static bool on_tick(void *ctx, EmuMachine *m, uint64_t due) {
    SdlFeed *f = ctx;
    (void)due;
    uint16_t cs, ip;
    if (f->exact) emu_machine_exec_sample(m, &cs, &ip);
    else if (!emu_machine_irq_sample(m, &cs, &ip)) return true; /* as PROFIL: when IRQ0 is taken */
    prof_prf_tick(&f->prf, cs, ip);
    return false;
}

static void on_start(void *ctx, EmuMachine *m, const DosFacts *facts) {
    SdlFeed *f = ctx;
    ProfPrfSetup setup = {facts->psp_seg, facts->is_exe, facts->com_size, facts->exe_pages, facts->int20_seg,
                          f->grain, f->bucket};
    if (!prof_prf_init(&f->prf, &setup, NULL, 0)) return;
    f->prf_ok = true;
    SdlProfileView v = {f->prf.bucket, f->prf.h.bucket_num, f->prf.h.bucket_siz, f->prf.h.prog_low_pa,
                        &f->prf.h.hit_io, &f->prf.h.hit_dos, &f->prf.h.hit_high, f->has_map ? &f->map : NULL};
    sdl_set_profile(f->sdl, &v);
    f->timer = emu_machine_add_timer(m, prof_pit_divisor(f->grain), on_tick, f);
}

SdlFeed *sdl_feed_start(Sdl *s, Dos *dos, EmuMachine *m, const Options *o, char *err, size_t errlen) {
    SdlFeed *f = calloc(1, sizeof *f);
    if (!f) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    f->sdl = s;
    f->m = m;
    f->grain = o->grain;
    f->bucket = o->bucket;
    f->exact = o->sample_exact;
    f->timer = -1;
    if (o->map) {
        if (!prof_map_read(&f->map, o->map, err, errlen)) {
            free(f);
            return NULL;
        }
        f->has_map = true;
    }
    dos_set_start_hook(dos, on_start, f);
    return f;
}

void sdl_feed_free(SdlFeed *f) {
    if (!f) return;
    if (f->timer >= 0) emu_machine_remove_timer(f->m, f->timer);
    if (f->prf_ok) prof_prf_free(&f->prf);
    if (f->has_map) prof_map_free(&f->map);
    free(f);
}
