/* The window frontend's functions in the executable: they load the SDL2 window module
 * (emu86-sdl.so, sdl_module.h) the first time they are needed and forward to it. The module is
 * looked for beside the executable (the build tree), then in its installed place. */
#include "sdl_module.h"

#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static const EmuSdlModule *mod;
static bool tried;
static char why[PATH_MAX + 300];

static bool try_load(const char *path) {
    if (access(path, F_OK) != 0) return false;
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        snprintf(why, sizeof why, "cannot load the window module: %s", dlerror());
        return true;
    }
    const EmuSdlModule *m = dlsym(h, EMU86_SDL_MODULE_SYMBOL);
    if (!m || m->version != EMU86_SDL_MODULE_VERSION) {
        snprintf(why, sizeof why, "%s is not this emu86's window module", path);
        dlclose(h);
        return true;
    }
    mod = m;
    return true;
}

static const EmuSdlModule *load(void) {
    if (tried) return mod;
    tried = true;
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0) {
        snprintf(why, sizeof why, "cannot find the window module (where is emu86?)");
        return NULL;
    }
    exe[n] = 0;
    char *slash = strrchr(exe, '/');
    if (slash) *slash = 0;
    const char *where[] = {"", "/" EMU86_MODULE_DIR_FROM_BIN};
    for (size_t i = 0; i < sizeof where / sizeof where[0]; i++) {
        char path[PATH_MAX + 64];
        snprintf(path, sizeof path, "%s%s/" EMU86_SDL_MODULE_FILE, exe, where[i]);
        if (try_load(path)) return mod;
    }
    snprintf(why, sizeof why, "the window module " EMU86_SDL_MODULE_FILE " is not beside emu86 nor in %s/%s",
             exe, EMU86_MODULE_DIR_FROM_BIN);
    return NULL;
}

bool sdl_available(void) { return load() != NULL; }
const char *sdl_unavailable_reason(void) { return load() ? "" : why; }

Sdl *sdl_open(EmuMachine *m, const SdlOptions *o, char *err, size_t errlen) {
    if (!load()) {
        snprintf(err, errlen, "--frontend sdl: %s", why);
        return NULL;
    }
    return mod->open(m, o, err, errlen);
}

int sdl_key_source(void *ctx, bool wait) { return mod ? mod->key_source(ctx, wait) : -1; }
void sdl_set_profile(Sdl *s, const SdlProfileView *v) {
    if (mod) mod->set_profile(s, v);
}
bool sdl_closed(const Sdl *s) { return mod ? mod->closed(s) : false; }
bool sdl_finish(Sdl *s, char *err, size_t errlen) { return mod ? mod->finish(s, err, errlen) : true; }
void sdl_close(Sdl *s) {
    if (mod) mod->close(s);
}
