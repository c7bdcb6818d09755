/* A stand-in feed for the window's profile panel: its own PROFIL histogram, ticked by a machine
 * timer with the run's --grain, --bucket, --sample and --map. The profiler session replaces it
 * by handing its live ProfPrf to sdl_set_profile (see sdl.h). */
#ifndef EMU86_SDL_FEED_H
#define EMU86_SDL_FEED_H

#include "dos.h"
#include "options.h"
#include "sdl.h"

typedef struct SdlFeed SdlFeed;

/* Reads the map (if any) now; the histogram starts with the program (DOS's start hook). NULL and
 * a one-line message if the map cannot be read. */
SdlFeed *sdl_feed_start(Sdl *s, Dos *dos, EmuMachine *m, const Options *o, char *err, size_t errlen);
/* Call after sdl_finish, before the machine is freed. */
void sdl_feed_free(SdlFeed *f);

#endif
