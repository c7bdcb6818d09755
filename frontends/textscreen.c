/* Text modes 0-3 and 7 from video memory: 16 colours, blink, underline (mode 7), cursor. */
#include "textscreen.h"

#include "emu.h"

#include <stdio.h>

#define ROWS 25

typedef struct Cell {
    uint32_t fg, bg;
    int underline, blink;
} Cell;

/* Attribute byte -> colours. With blink enabled (mode select bit 5, set by the BIOS) bit 7
 * blinks the character and the background has 8 colours; without it, 16 backgrounds. */
static Cell colours(uint8_t attr, int mono, int blink_enabled) {
    Cell c = {0, 0, 0, 0};
    int blink = blink_enabled && (attr & 0x80);
    if (mono) {
        /* MDA: 00h/08h/80h/88h blank, x0h with fg 0 and bg 7 reverse video, fg 1 underline */
        int fg = attr & 7, bg = (attr >> 4) & 7;
        uint32_t normal = fb_cga_rgb[7], bright = fb_cga_rgb[15];
        if (fg == 0 && bg == 7) {
            c.fg = fb_cga_rgb[0];
            c.bg = normal;
        } else if (fg == 0) {
            c.fg = c.bg = fb_cga_rgb[0];
        } else {
            c.fg = (attr & 8) ? bright : normal;
            c.bg = fb_cga_rgb[0];
            c.underline = fg == 1;
        }
    } else {
        c.fg = fb_cga_rgb[attr & 15];
        c.bg = fb_cga_rgb[blink_enabled ? (attr >> 4) & 7 : attr >> 4];
    }
    c.blink = blink;
    return c;
}

static void graphics_note(Fb *fb, int x, int y, int mode) {
    char msg[64];
    snprintf(msg, sizeof msg, "graphics mode %d is not shown", mode);
    fb_fill(fb, x, y, TEXTSCREEN_W, TEXTSCREEN_H, fb_cga_rgb[0]);
    int len = 0;
    while (msg[len]) len++;
    fb_text(fb, x + (TEXTSCREEN_W - len * 8) / 2, y + (TEXTSCREEN_H - FB_CELL_H) / 2, msg, fb_cga_rgb[7], len);
}

void textscreen_draw(Fb *fb, int x, int y, const uint8_t *mem, uint64_t frame) {
    const uint8_t *bda = mem + 0x400;
    int mode = bda[0x49] & 0x7F;
    if (mode > 3 && mode != 7) {
        graphics_note(fb, x, y, mode);
        return;
    }
    int mono = mode == 7;
    int cols = (bda[0x4A] | bda[0x4B] << 8) == 40 ? 40 : 80;
    int xscale = 80 / cols, cw = 8 * xscale;
    uint32_t base = (mono ? 0xB0000u : 0xB8000u) + (uint32_t)(bda[0x4E] | bda[0x4F] << 8);
    int blink_enabled = (bda[0x65] & 0x20) != 0;
    int chars_on = (frame / 16) % 2 == 0;
    for (int r = 0; r < ROWS; r++) {
        for (int c = 0; c < cols; c++) {
            uint32_t a = base + (uint32_t)(r * cols + c) * 2;
            uint8_t ch = emu_peek8(mem, a), attr = emu_peek8(mem, a + 1);
            Cell k = colours(attr, mono, blink_enabled);
            int px = x + c * cw, py = y + r * FB_CELL_H;
            int hide = k.blink && !chars_on;
            fb_glyph(fb, px, py, hide ? ' ' : ch, k.fg, k.bg, xscale);
            if (k.underline && !hide) fb_fill(fb, px, py + 14, cw, 1, k.fg);
        }
    }
    /* the cursor: lines of an 8-line CGA cell (the BIOS's shape), drawn twice as high */
    int page = bda[0x62] & 7;
    int crow = bda[0x51 + 2 * page], ccol = bda[0x50 + 2 * page];
    int start = bda[0x61], end = bda[0x60] & 0x1F;
    if ((start & 0x20) || crow >= ROWS || ccol >= cols || (frame / 8) % 2 != 0) return;
    start &= 0x1F;
    uint32_t a = base + (uint32_t)(crow * cols + ccol) * 2;
    uint32_t fg = colours(emu_peek8(mem, a + 1), mono, blink_enabled).fg;
    int px = x + ccol * cw, py = y + crow * FB_CELL_H;
    if (start <= end) {
        if (start < 8) fb_fill(fb, px, py + start * 2, cw, ((end > 7 ? 7 : end) - start + 1) * 2, fg);
    } else { /* start below end: the 6845 wraps, lighting the bottom and the top of the cell */
        if (start < 8) fb_fill(fb, px, py + start * 2, cw, (8 - start) * 2, fg);
        fb_fill(fb, px, py, cw, ((end > 7 ? 7 : end) + 1) * 2, fg);
    }
}
