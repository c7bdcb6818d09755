/* The window frontend's functions in a build without SDL2: sdl_open says so. */
#include "sdl.h"

#include <stdio.h>

bool sdl_available(void) { return false; }

const char *sdl_unavailable_reason(void) { return "this emu86 was built without SDL2"; }

Sdl *sdl_open(EmuMachine *m, const SdlOptions *o, char *err, size_t errlen) {
    (void)m;
    (void)o;
    snprintf(err, errlen, "--frontend sdl: this emu86 was built without SDL2");
    return NULL;
}

int sdl_key_source(void *ctx, bool wait) {
    (void)ctx;
    (void)wait;
    return -1;
}

void sdl_set_profile(Sdl *s, const SdlProfileView *v) {
    (void)s;
    (void)v;
}

bool sdl_closed(const Sdl *s) {
    (void)s;
    return false;
}

bool sdl_finish(Sdl *s, char *err, size_t errlen) {
    (void)s;
    (void)err;
    (void)errlen;
    return true;
}

void sdl_close(Sdl *s) { (void)s; }
