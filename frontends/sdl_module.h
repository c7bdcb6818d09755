/* The SDL2 window as a module loaded at run time: emu86 starts without SDL2 and its libraries
 * (which took most of its start-up time) and loads emu86-sdl.so only for --frontend sdl. The
 * module exports one symbol, EMU86_SDL_MODULE_SYMBOL, a table of the window's functions (sdl.h);
 * the executable's sdl.h functions (sdl_load.c) forward to it. The module uses the
 * executable's own emu and profiler functions (the executable exports them). */
#ifndef EMU86_SDL_MODULE_H
#define EMU86_SDL_MODULE_H

#include "sdl.h"

#define EMU86_SDL_MODULE_SYMBOL "emu86_sdl_module"
#define EMU86_SDL_MODULE_FILE "emu86-sdl.so"
#define EMU86_SDL_MODULE_VERSION 1

typedef struct EmuSdlModule {
    int version; /* EMU86_SDL_MODULE_VERSION: a module from another build is refused */
    Sdl *(*open)(EmuMachine *m, const SdlOptions *o, char *err, size_t errlen);
    int (*key_source)(void *ctx, bool wait);
    void (*set_profile)(Sdl *s, const SdlProfileView *v);
    bool (*closed)(const Sdl *s);
    bool (*finish)(Sdl *s, char *err, size_t errlen);
    void (*close)(Sdl *s);
} EmuSdlModule;

#endif
