/* A pixel buffer the window frontend draws into (0xRRGGBB per pixel), with the 8x16 font.
 * Nothing here knows about SDL: the same pixels go to the window and to screenshots. */
#ifndef EMU86_FB_H
#define EMU86_FB_H

#include <stdint.h>

typedef struct Fb {
    uint32_t *px; /* w x h pixels, rows top to bottom */
    int w, h;
} Fb;

enum { FB_CELL_W = 8, FB_CELL_H = 16 };

/* The 16 colours of the CGA in attribute order (black, blue, ... white). */
extern const uint32_t fb_cga_rgb[16];

void fb_fill(Fb *fb, int x, int y, int w, int h, uint32_t rgb);
/* One code page 437 character, FB_CELL_H rows high and 8 x xscale pixels wide. */
void fb_glyph(Fb *fb, int x, int y, uint8_t ch, uint32_t fg, uint32_t bg, int xscale);
/* A string of code page 437 characters on a transparent background (fg only), cut at max_chars. */
void fb_text(Fb *fb, int x, int y, const char *s, uint32_t fg, int max_chars);

#endif
