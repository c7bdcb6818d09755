/* The window's side panel: the live PROFIL histogram, where the ticks fell (program, DOS, I/O,
 * above the program) and the hottest symbols (with a map) or buckets. Integer arithmetic only:
 * the same counters give the same pixels. */
#ifndef EMU86_PANEL_H
#define EMU86_PANEL_H

#include "fb.h"
#include "sdl.h"

#include <stdint.h>

enum { PANEL_W = 320, PANEL_H = 400 };

typedef struct Panel {
    SdlProfileView v;
    bool has;
    uint64_t *per_symbol; /* map->nsym + 1 counters (the last: ticks before the first symbol) */
} Panel;

void panel_set(Panel *p, const SdlProfileView *v);
void panel_free(Panel *p);
/* Draws the panel at (x, y); master_now is the emulated time (14.31818 MHz periods). */
void panel_draw(Panel *p, Fb *fb, int x, int y, uint64_t master_now);

#endif
