/* Pixel buffer drawing: rectangles and the 8x16 code page 437 font (roms-free/font8x16.h). */
#include "fb.h"

#include "font8x16.h"

#include <stddef.h>

const uint32_t fb_cga_rgb[16] = {
    0x000000, 0x0000AA, 0x00AA00, 0x00AAAA, 0xAA0000, 0xAA00AA, 0xAA5500, 0xAAAAAA,
    0x555555, 0x5555FF, 0x55FF55, 0x55FFFF, 0xFF5555, 0xFF55FF, 0xFFFF55, 0xFFFFFF,
};

void fb_fill(Fb *fb, int x, int y, int w, int h, uint32_t rgb) {
    if (x < 0) { w += x; x = 0; }
    if (y < 0) { h += y; y = 0; }
    if (x + w > fb->w) w = fb->w - x;
    if (y + h > fb->h) h = fb->h - y;
    for (int r = 0; r < h; r++) {
        uint32_t *p = fb->px + (size_t)(y + r) * (size_t)fb->w + x;
        for (int c = 0; c < w; c++) p[c] = rgb;
    }
}

void fb_glyph(Fb *fb, int x, int y, uint8_t ch, uint32_t fg, uint32_t bg, int xscale) {
    if (x < 0 || y < 0 || x + 8 * xscale > fb->w || y + FB_CELL_H > fb->h) return;
    for (int r = 0; r < FB_CELL_H; r++) {
        uint8_t bits = font8x16[ch][r];
        uint32_t *p = fb->px + (size_t)(y + r) * (size_t)fb->w + x;
        for (int c = 0; c < 8; c++) {
            uint32_t v = (bits & (0x80 >> c)) ? fg : bg;
            for (int k = 0; k < xscale; k++) *p++ = v;
        }
    }
}

void fb_text(Fb *fb, int x, int y, const char *s, uint32_t fg, int max_chars) {
    if (y < 0 || y + FB_CELL_H > fb->h) return;
    for (int i = 0; s[i] && i < max_chars; i++, x += 8) {
        if (x < 0 || x + 8 > fb->w) return;
        uint8_t ch = (uint8_t)s[i];
        for (int r = 0; r < FB_CELL_H; r++) {
            uint8_t bits = font8x16[ch][r];
            uint32_t *p = fb->px + (size_t)(y + r) * (size_t)fb->w + x;
            for (int c = 0; c < 8; c++)
                if (bits & (0x80 >> c)) p[c] = fg;
        }
    }
}
