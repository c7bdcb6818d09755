/* The guest's text screen as a CGA or MDA shows it, drawn from video memory into a pixel buffer. */
#ifndef EMU86_TEXTSCREEN_H
#define EMU86_TEXTSCREEN_H

#include "fb.h"

#include <stdint.h>

enum { TEXTSCREEN_W = 640, TEXTSCREEN_H = 400 }; /* 80 x 25 cells of 8 x 16 */

/* Master-clock periods (14.31818 MHz) per CGA frame: 912 dots x 262 lines (59.92 Hz). */
#define TEXTSCREEN_FRAME_MASTER (912u * 262u)

/* Draws the current text screen at (x, y): mode, page, columns, cursor and blink control are
 * read from the BIOS data area as the BIOS keeps them (mode 7 at B0000h, modes 0-3 at B8000h;
 * 40-column modes use double-width cells). `frame` is the CRT frame count: characters with the
 * blink attribute show for 16 frames and hide for 16, the cursor shows for 8 and hides for 8, as
 * on the CGA. Graphics modes draw a black screen with a note. */
void textscreen_draw(Fb *fb, int x, int y, const uint8_t *mem, uint64_t frame);

#endif
