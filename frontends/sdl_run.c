/* --frontend sdl around a run (see sdl_run.h). */
#include "sdl_run.h"

#include <stdio.h>
#include <string.h>

bool sdl_run_start(SdlRun *r, EmuMachine *m, Dos *dos, const Options *o, char *err, size_t errlen) {
    memset(r, 0, sizeof *r);
    const char *slash = strrchr(o->program, '/');
    SdlOptions so = {o->scale, o->screenshot, slash ? slash + 1 : o->program};
    r->sdl = sdl_open(m, &so, err, errlen);
    if (!r->sdl) {
        size_t n = strlen(err);
        snprintf(err + n, errlen - n, " (see emu86 --help)");
        return false;
    }
    emu_machine_set_key_source(m, sdl_key_source, r->sdl);
    /* the stand-in profile feed; the profiler session replaces it (sdl_set_profile) */
    r->feed = sdl_feed_start(r->sdl, dos, m, o, err, errlen);
    if (!r->feed) {
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
    sdl_feed_free(r->feed);
    r->sdl = NULL;
    r->feed = NULL;
    return status;
}
