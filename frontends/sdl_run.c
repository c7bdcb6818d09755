/* --frontend sdl around a run (see sdl_run.h). */
#include "sdl_run.h"

#include <stdio.h>
#include <string.h>

#define WATCH_PIT_CLOCKS 11932u /* 10 ms of emulated time */

/* The session makes its histogram when the program starts: hand it to the panel then. */
static bool watch_profile(void *ctx, EmuMachine *m, uint64_t due) {
    SdlRun *r = ctx;
    (void)m;
    (void)due;
    const ProfPrf *p = r->shown ? NULL : prof_session_prf(r->prof);
    if (p) {
        SdlProfileView v = {p->bucket, p->h.bucket_num, p->h.bucket_siz, p->h.prog_low_pa,
                            &p->h.hit_io, &p->h.hit_dos, &p->h.hit_high, prof_session_map(r->prof)};
        sdl_set_profile(r->sdl, &v);
        r->shown = true;
    }
    return false;
}

bool sdl_run_start(SdlRun *r, EmuMachine *m, const ProfSession *prof, const Options *o, char *err,
                   size_t errlen) {
    memset(r, 0, sizeof *r);
    const char *slash = strrchr(o->program, '/');
    SdlOptions so = {o->scale, o->screenshot, slash ? slash + 1 : o->program};
    r->sdl = sdl_open(m, &so, err, errlen);
    if (!r->sdl) {
        size_t n = strlen(err);
        snprintf(err + n, errlen - n, " (see emu86 --help)");
        return false;
    }
    r->prof = prof;
    emu_machine_set_key_source(m, sdl_key_source, r->sdl);
    if (emu_machine_add_timer(m, WATCH_PIT_CLOCKS, watch_profile, r) < 0) {
        snprintf(err, errlen, "--frontend sdl: no timer left for the profile panel");
        sdl_close(r->sdl);
        r->sdl = NULL;
        return false;
    }
    return true;
}

int sdl_run_finish(SdlRun *r, int status) {
    if (!r->sdl) return status;
    char err[512];
    if (!sdl_finish(r->sdl, err, sizeof err)) {
        fprintf(stderr, "emu86: --screenshot: %s\n", err);
        if (status == 0) status = EXIT_OUTPUT;
    }
    sdl_close(r->sdl);
    r->sdl = NULL;
    return status;
}
