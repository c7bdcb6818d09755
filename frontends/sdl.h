/* The SDL2 window frontend: the guest's text screen, keys from the window, and a side panel with
 * the live profile. The window is a module (emu86-sdl.so, sdl_module.h) that the program loads
 * for --frontend sdl only (sdl_load.c). Without SDL2 (EMU86_SDL=OFF or not found) the same
 * functions exist and sdl_open fails with a clear message. This header does not include SDL's. */
#ifndef EMU86_SDL_H
#define EMU86_SDL_H

#include "emu.h"
#include "profiler.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct Sdl Sdl;

typedef struct SdlOptions {
    int scale;              /* integer window scale, >= 1 (0 means 1) */
    const char *screenshot; /* NULL, or FILE.png / FILE.bmp written by sdl_finish */
    const char *title;      /* window title (the program's name) */
} SdlOptions;

/* What the side panel shows: pointers into live PROFIL counters, read at every frame (a
 * ProfPrf gives them all: bucket, h.bucket_num, h.bucket_siz, h.prog_low_pa, &h.hit_io, ...).
 * They must stay valid until sdl_finish, or until sdl_set_profile(s, NULL). */
typedef struct SdlProfileView {
    const uint16_t *buckets;   /* nbuckets counters */
    unsigned nbuckets;
    unsigned bucket_paras;     /* paragraphs per bucket (>= 1) */
    uint16_t low_para;         /* first paragraph of bucket 0 (PROFIL's prog_low_pa) */
    const uint16_t *hit_io, *hit_dos, *hit_high; /* ticks outside the program; may be NULL */
    const ProfMap *map;        /* symbols (addresses from low_para); NULL: hot buckets instead */
} SdlProfileView;

/* Can the window frontend be used (built with SDL2, and its module loads)? If not, why (a
 * phrase for "--frontend sdl: ..."). */
bool sdl_available(void);
const char *sdl_unavailable_reason(void);

/* Opens the window (its size: the 640x400 screen and a 320-pixel panel, times the scale) and
 * registers a machine timer that draws it and reads its events; closing the window ends the run
 * as SIGINT does (emu_machine_interrupt). NULL and a one-line message when there is no display. */
Sdl *sdl_open(EmuMachine *m, const SdlOptions *o, char *err, size_t errlen);
/* EmuKeySource: keys typed in the window (scan code << 8 | ASCII, as INT 16h returns them). */
int sdl_key_source(void *ctx, bool wait);
/* Shows this profile in the side panel from the next frame on (copied; NULL: none). */
void sdl_set_profile(Sdl *s, const SdlProfileView *v);
/* Has the user closed the window? */
bool sdl_closed(const Sdl *s);
/* At the end of the run: draws the last frame and writes the screenshot if one was asked for.
 * False (and a one-line message) if it could not be written. */
bool sdl_finish(Sdl *s, char *err, size_t errlen);
/* Closes the window. */
void sdl_close(Sdl *s);

#endif
