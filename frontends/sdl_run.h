/* run.c's two calls for --frontend sdl. */
#ifndef EMU86_SDL_RUN_H
#define EMU86_SDL_RUN_H

#include "options.h"
#include "profiler.h"
#include "sdl.h"

typedef struct SdlRun {
    Sdl *sdl;
    const ProfSession *prof;
    bool shown; /* the panel has the session's histogram */
} SdlRun;

/* Opens the window, takes the guest's keys from it and shows the profiler session's live
 * histogram in its panel once the program has started (the session keeps one for the window:
 * ProfSessionConfig.live_prf). False with a one-line message on failure. */
bool sdl_run_start(SdlRun *r, EmuMachine *m, const ProfSession *prof, const Options *o, char *err,
                   size_t errlen);
/* After the run: the last frame, the screenshot, the window closed. Returns the exit status
 * (EXIT_OUTPUT instead of 0 if the screenshot could not be written). */
int sdl_run_finish(SdlRun *r, int status);

#endif
