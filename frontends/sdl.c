/* SDL2 window frontend (see sdl.h): the text screen and the profile panel are drawn into one
 * pixel buffer (textscreen.c, panel.c), which goes to a streaming texture scaled by an integer
 * factor, and to screenshots. Frames are drawn from a machine timer at most 60 times a second
 * of host time; what is drawn depends only on the machine (blink phases on emulated frames). */
#include "sdl.h"

#include "panel.h"
#include "sdl_module.h"
#include "png.h"
#include "sdl_keys.h"
#include "textscreen.h"

#include <SDL.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

enum { WIN_W = TEXTSCREEN_W + PANEL_W, WIN_H = TEXTSCREEN_H, MAX_KEYS = 64 };
#define TIMER_PIT_CLOCKS 11932u /* 10 ms of emulated time */
#define FRAME_SECONDS (1.0 / 60.0)
#define CGA_HZ 59.923

struct Sdl {
    EmuMachine *m;
    SDL_Window *win;
    SDL_Renderer *ren;
    SDL_Texture *tex;
    Fb fb;
    int scale;
    const char *screenshot;
    Panel panel;
    uint16_t keys[MAX_KEYS];
    int nkeys;
    bool skip_text; /* the text event of a key already sent with Ctrl/Alt */
    bool closed;
    double last_frame;
    double last_pump;
    double idle_seconds; /* host time spent waiting for a key: the cursor blinks meanwhile */
    int timer;
};

static double host_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void draw(Sdl *s) {
    uint64_t now = emu_machine_now(s->m);
    uint64_t frame = now / TEXTSCREEN_FRAME_MASTER + (uint64_t)(s->idle_seconds * CGA_HZ);
    textscreen_draw(&s->fb, 0, 0, emu_machine_mem(s->m), frame);
    panel_draw(&s->panel, &s->fb, TEXTSCREEN_W, 0, now);
}

static void present(Sdl *s) {
    draw(s);
    SDL_UpdateTexture(s->tex, NULL, s->fb.px, s->fb.w * (int)sizeof *s->fb.px);
    SDL_SetRenderDrawColor(s->ren, 0, 0, 0, 255);
    SDL_RenderClear(s->ren);
    SDL_RenderCopy(s->ren, s->tex, NULL, NULL);
    SDL_RenderPresent(s->ren);
    s->last_frame = host_seconds();
}

static void push_key(Sdl *s, int k) {
    if (k >= 0 && s->nkeys < MAX_KEYS) s->keys[s->nkeys++] = (uint16_t)k;
}

static void close_window(Sdl *s) {
    if (!s->closed) emu_machine_interrupt(s->m);
    s->closed = true;
}

static void handle(Sdl *s, const SDL_Event *e) {
    switch (e->type) {
    case SDL_QUIT: close_window(s); break;
    case SDL_WINDOWEVENT:
        if (e->window.event == SDL_WINDOWEVENT_CLOSE) close_window(s);
        break;
    case SDL_KEYDOWN: {
        int k = sdl_keys_down(e->key.keysym.sym, e->key.keysym.mod);
        push_key(s, k);
        s->skip_text = k >= 0 && e->key.keysym.sym >= 0x20 && e->key.keysym.sym < 0x7F;
        break;
    }
    case SDL_TEXTINPUT: {
        if (s->skip_text) {
            s->skip_text = false;
            break;
        }
        const char *t = e->text.text;
        while (*t) { /* one UTF-8 character at a time */
            char one[8] = {0};
            int n = 1;
            while (n < 4 && ((uint8_t)t[n] & 0xC0) == 0x80) n++;
            memcpy(one, t, (size_t)n);
            push_key(s, sdl_keys_text(one));
            t += n;
        }
        break;
    }
    default: break;
    }
}

static void pump(Sdl *s) {
    SDL_Event e;
    while (SDL_PollEvent(&e)) handle(s, &e);
    s->last_pump = host_seconds();
}

static bool on_timer(void *ctx, EmuMachine *m, uint64_t due) {
    Sdl *s = ctx;
    (void)m;
    (void)due;
    if (host_seconds() - s->last_frame >= FRAME_SECONDS) {
        pump(s);
        present(s);
    }
    return false;
}

int sdl_key_source(void *ctx, bool wait) {
    Sdl *s = ctx;
    /* a guest that polls for keys in a loop (INT 16h AH=01h) must not spend its time in the
     * window system: look at the window's events at most every 5 ms */
    if (!s->nkeys && (wait || host_seconds() - s->last_pump >= 0.005)) pump(s);
    while (wait && !s->nkeys) {
        if (s->closed || emu_machine_end_pending(s->m)) return -1;
        double t0 = host_seconds();
        present(s); /* the guest waits for a key: show what it shows */
        SDL_Event e;
        if (SDL_WaitEventTimeout(&e, 50)) {
            handle(s, &e);
            pump(s);
        }
        s->idle_seconds += host_seconds() - t0;
    }
    if (!s->nkeys) return -1;
    int k = s->keys[0];
    memmove(s->keys, s->keys + 1, (size_t)(--s->nkeys) * sizeof s->keys[0]);
    return k;
}

void sdl_set_profile(Sdl *s, const SdlProfileView *v) { panel_set(&s->panel, v); }

bool sdl_closed(const Sdl *s) { return s->closed; }

Sdl *sdl_open(EmuMachine *m, const SdlOptions *o, char *err, size_t errlen) {
    SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1"); /* SIGINT/SIGTERM stay emu86's */
    SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "0");
    if (SDL_InitSubSystem(SDL_INIT_VIDEO) != 0) {
        snprintf(err, errlen, "--frontend sdl: cannot open a window: %s", SDL_GetError());
        return NULL;
    }
    Sdl *s = calloc(1, sizeof *s);
    uint32_t *px = calloc((size_t)WIN_W * WIN_H, sizeof *px);
    if (!s || !px) {
        free(s);
        free(px);
        SDL_QuitSubSystem(SDL_INIT_VIDEO);
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    s->m = m;
    s->fb = (Fb){px, WIN_W, WIN_H};
    s->scale = o->scale > 0 ? o->scale : 1;
    s->screenshot = o->screenshot;
    s->timer = -1;
    char title[256];
    snprintf(title, sizeof title, "emu86 - %s", o->title ? o->title : "");
    s->win = SDL_CreateWindow(title, SDL_WINDOWPOS_UNDEFINED, SDL_WINDOWPOS_UNDEFINED, WIN_W * s->scale,
                              WIN_H * s->scale, SDL_WINDOW_RESIZABLE);
    if (s->win) s->ren = SDL_CreateRenderer(s->win, -1, 0);
    if (s->ren) s->tex = SDL_CreateTexture(s->ren, SDL_PIXELFORMAT_RGB888, SDL_TEXTUREACCESS_STREAMING, WIN_W, WIN_H);
    if (!s->tex) {
        snprintf(err, errlen, "--frontend sdl: cannot open a window: %s", SDL_GetError());
        sdl_close(s);
        return NULL;
    }
    /* window resizes keep whole-pixel scaling, centred */
    SDL_RenderSetLogicalSize(s->ren, WIN_W, WIN_H);
    SDL_RenderSetIntegerScale(s->ren, SDL_TRUE);
    SDL_StartTextInput();
    s->timer = emu_machine_add_timer(m, TIMER_PIT_CLOCKS, on_timer, s);
    present(s);
    return s;
}

static bool has_suffix(const char *s, const char *suffix) {
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && !strcasecmp(s + n - k, suffix);
}

static bool write_bmp(const Sdl *s, const char *path, char *err, size_t errlen) {
    int w = s->fb.w * s->scale, h = s->fb.h * s->scale;
    SDL_Surface *surf = SDL_CreateRGBSurfaceWithFormat(0, w, h, 24, SDL_PIXELFORMAT_RGB24);
    if (!surf) {
        snprintf(err, errlen, "%s: %s", path, SDL_GetError());
        return false;
    }
    for (int y = 0; y < h; y++) {
        uint8_t *row = (uint8_t *)surf->pixels + (size_t)y * (size_t)surf->pitch;
        const uint32_t *src = s->fb.px + (size_t)(y / s->scale) * (size_t)s->fb.w;
        for (int x = 0; x < w; x++) {
            uint32_t v = src[x / s->scale];
            row[x * 3] = (uint8_t)(v >> 16);
            row[x * 3 + 1] = (uint8_t)(v >> 8);
            row[x * 3 + 2] = (uint8_t)v;
        }
    }
    /* whole or not at all: a temporary file beside it, then rename */
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    bool ok = SDL_SaveBMP(surf, tmp) == 0;
    if (!ok) snprintf(err, errlen, "%s: %s", path, SDL_GetError());
    else if (rename(tmp, path) != 0) {
        snprintf(err, errlen, "%s: cannot rename the temporary file", path);
        remove(tmp);
        ok = false;
    }
    SDL_FreeSurface(surf);
    return ok;
}

bool sdl_finish(Sdl *s, char *err, size_t errlen) {
    pump(s);
    present(s);
    bool ok = true;
    if (s->screenshot) {
        if (has_suffix(s->screenshot, ".bmp")) ok = write_bmp(s, s->screenshot, err, errlen);
        else ok = png_write(s->screenshot, &s->fb, s->scale, err, errlen);
    }
    panel_set(&s->panel, NULL);
    return ok;
}

void sdl_close(Sdl *s) {
    if (!s) return;
    if (s->timer >= 0) emu_machine_remove_timer(s->m, s->timer);
    panel_free(&s->panel);
    SDL_StopTextInput();
    if (s->tex) SDL_DestroyTexture(s->tex);
    if (s->ren) SDL_DestroyRenderer(s->ren);
    if (s->win) SDL_DestroyWindow(s->win);
    /* No SDL_Quit: it would unload the X11 libraries SDL opened, and what they still hold would
     * then look leaked to LeakSanitizer. The process ends soon after; the window is gone. */
    free(s->fb.px);
    free(s);
}

/* The module's one exported symbol (everything else in it is hidden). */
__attribute__((visibility("default"))) const EmuSdlModule emu86_sdl_module = {
    EMU86_SDL_MODULE_VERSION, sdl_open, sdl_key_source, sdl_set_profile, sdl_closed, sdl_finish, sdl_close,
};
