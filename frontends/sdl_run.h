/* run.c's two calls for --frontend sdl. */
#ifndef EMU86_SDL_RUN_H
#define EMU86_SDL_RUN_H

#include "dos.h"
#include "options.h"
#include "sdl.h"
#include "sdl_feed.h"

typedef struct SdlRun {
    Sdl *sdl;
    SdlFeed *feed;
} SdlRun;

/* Opens the window, takes the guest's keys from it and feeds its profile panel. False with a
 * one-line message on failure. */
bool sdl_run_start(SdlRun *r, EmuMachine *m, Dos *dos, const Options *o, char *err, size_t errlen);
/* After the run: the last frame, the screenshot, the window closed. Returns the exit status
 * (EXIT_OUTPUT instead of 0 if the screenshot could not be written). */
int sdl_run_finish(SdlRun *r, int status);

#endif
