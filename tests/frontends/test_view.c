/* What the window draws, without a display: text modes (colours, 40 columns, mode 7's underline
 * and reverse video, blink with and without the blink bit, the cursor and its blink), and the
 * profile panel's histogram and determinism. */
#include "fb.h"
#include "panel.h"
#include "textscreen.h"

#include "font8x16.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;
#define CHECK(cond, ...)                  \
    do {                                  \
        if (!(cond)) {                    \
            printf("FAIL line %d: ", __LINE__); \
            printf(__VA_ARGS__);          \
            printf("\n");                 \
            failures++;                   \
        }                                 \
    } while (0)

static uint8_t mem[0x100000 + 16];
static uint32_t pixels[(TEXTSCREEN_W + PANEL_W) * TEXTSCREEN_H];
static Fb fb = {pixels, TEXTSCREEN_W + PANEL_W, TEXTSCREEN_H};

static uint32_t px(int x, int y) { return pixels[y * fb.w + x]; }

static void set_mode(int mode, int cols) {
    memset(mem, 0, sizeof mem);
    mem[0x449] = (uint8_t)mode;
    mem[0x44A] = (uint8_t)cols;
    mem[0x465] = 0x29;      /* the BIOS's mode select: blink on */
    mem[0x460] = 0x07;      /* cursor lines 6-7 */
    mem[0x461] = 0x06;
}

static void put(int row, int col, int cols, uint8_t ch, uint8_t attr) {
    uint32_t a = (mem[0x449] == 7 ? 0xB0000u : 0xB8000u) + (uint32_t)(row * cols + col) * 2;
    mem[a] = ch;
    mem[a + 1] = attr;
}

/* Every pixel of the cell at (row, col) is the glyph in fg on bg (cell width cw). */
static int cell_is(int row, int col, int cw, uint8_t ch, uint32_t fg, uint32_t bg) {
    int xs = cw / 8;
    for (int r = 0; r < 16; r++)
        for (int c = 0; c < cw; c++) {
            uint32_t want = (font8x16[ch][r] & (0x80 >> (c / xs))) ? fg : bg;
            if (px(col * cw + c, row * 16 + r) != want) return 0;
        }
    return 1;
}

static void text_modes(void) {
    /* mode 3: colours; blink hides the glyph on frames 16-31; the cursor shows on frames 0-7 */
    set_mode(3, 80);
    put(0, 0, 80, 'A', 0x1E);
    put(0, 1, 80, 'B', 0x8C);
    put(2, 5, 80, ' ', 0x07);
    mem[0x450] = 5;
    mem[0x451] = 2;
    textscreen_draw(&fb, 0, 0, mem, 0);
    CHECK(cell_is(0, 0, 8, 'A', fb_cga_rgb[14], fb_cga_rgb[1]), "yellow A on blue");
    CHECK(cell_is(0, 1, 8, 'B', fb_cga_rgb[12], fb_cga_rgb[0]), "blinking B shown on frame 0");
    CHECK(px(5 * 8, 2 * 16 + 12) == fb_cga_rgb[7] && px(5 * 8 + 7, 2 * 16 + 15) == fb_cga_rgb[7],
          "cursor lines 6-7 drawn as pixel rows 12-15");
    CHECK(px(5 * 8, 2 * 16 + 11) == fb_cga_rgb[0], "cursor starts at row 12");
    textscreen_draw(&fb, 0, 0, mem, 8);
    CHECK(px(5 * 8, 2 * 16 + 12) == fb_cga_rgb[0], "cursor hidden on frame 8");
    CHECK(cell_is(0, 1, 8, 'B', fb_cga_rgb[12], fb_cga_rgb[0]), "blinking B still shown on frame 8");
    textscreen_draw(&fb, 0, 0, mem, 16);
    CHECK(cell_is(0, 1, 8, ' ', fb_cga_rgb[12], fb_cga_rgb[0]), "blinking B hidden on frame 16");
    CHECK(cell_is(0, 0, 8, 'A', fb_cga_rgb[14], fb_cga_rgb[1]), "A does not blink");
    textscreen_draw(&fb, 0, 0, mem, 32);
    CHECK(cell_is(0, 1, 8, 'B', fb_cga_rgb[12], fb_cga_rgb[0]), "blinking B back on frame 32");
    /* blink off (mode select bit 5 clear): bit 7 is a bright background */
    mem[0x465] = 0x09;
    textscreen_draw(&fb, 0, 0, mem, 16);
    CHECK(cell_is(0, 1, 8, 'B', fb_cga_rgb[12], fb_cga_rgb[8]), "without blink: red B on dark grey");
    /* hidden cursor (start line bit 5) */
    mem[0x461] = 0x26;
    textscreen_draw(&fb, 0, 0, mem, 0);
    CHECK(px(5 * 8, 2 * 16 + 12) == fb_cga_rgb[0], "cursor hidden by its shape");

    /* mode 1: 40 columns, double-width cells */
    set_mode(1, 40);
    put(0, 39, 40, 'Z', 0x0A);
    put(24, 0, 40, 'x', 0x4F);
    mem[0x451] = 30; /* cursor off the screen */
    textscreen_draw(&fb, 0, 0, mem, 0);
    CHECK(cell_is(0, 39, 16, 'Z', fb_cga_rgb[10], fb_cga_rgb[0]), "40 columns: Z at column 39, 16 pixels wide");
    CHECK(cell_is(24, 0, 16, 'x', fb_cga_rgb[15], fb_cga_rgb[4]), "40 columns: last row");

    /* mode 7: B0000h, normal, bright, underline, reverse, invisible */
    set_mode(7, 80);
    mem[0x451] = 30;
    put(0, 0, 80, 'N', 0x07);
    put(0, 1, 80, 'H', 0x0F);
    put(0, 2, 80, 'U', 0x01);
    put(0, 3, 80, 'R', 0x70);
    put(0, 4, 80, 'I', 0x00);
    textscreen_draw(&fb, 0, 0, mem, 0);
    CHECK(cell_is(0, 0, 8, 'N', fb_cga_rgb[7], fb_cga_rgb[0]), "mode 7 normal");
    CHECK(cell_is(0, 1, 8, 'H', fb_cga_rgb[15], fb_cga_rgb[0]), "mode 7 bright");
    CHECK(px(2 * 8, 14) == fb_cga_rgb[7] && px(2 * 8 + 7, 14) == fb_cga_rgb[7], "mode 7 underline on row 14");
    CHECK(cell_is(0, 3, 8, 'R', fb_cga_rgb[0], fb_cga_rgb[7]), "mode 7 reverse video");
    CHECK(cell_is(0, 4, 8, ' ', fb_cga_rgb[0], fb_cga_rgb[0]), "mode 7 attribute 0 is invisible");

    /* a graphics mode: a black screen with a note in the middle */
    set_mode(4, 40);
    textscreen_draw(&fb, 0, 0, mem, 0);
    CHECK(px(0, 0) == fb_cga_rgb[0], "graphics mode: black");
    int lit = 0;
    for (int x = 0; x < TEXTSCREEN_W; x++) lit += px(x, 200) == fb_cga_rgb[7];
    CHECK(lit > 0, "graphics mode: a note in the middle");
}

static void profile_panel(void) {
    uint16_t buckets[4] = {0, 10, 30, 0}, io = 3, dos = 5, high = 2;
    ProfSymbol syms[2] = {{0x00, "first"}, {0x20, "second"}};
    ProfMap map = {syms, 2, "nasm"};
    SdlProfileView v = {buckets, 4, 1, 0x0410, &io, &dos, &high, &map};
    Panel p = {0};
    panel_set(&p, &v);
    panel_draw(&p, &fb, TEXTSCREEN_W, 0, 14318180);
    /* the histogram (8 pixels in, 40 down, 304 x 120): bucket 2 is the tallest, full height;
     * bucket 1 a third as tall; buckets 0 and 3 empty */
    int gx = TEXTSCREEN_W + 8, gy = 40;
    CHECK(px(gx + 2 * 76 + 10, gy) == 0x55FF55, "bucket 2 reaches the top");
    CHECK(px(gx + 1 * 76 + 10, gy + 120 - 40) == 0x55FF55, "bucket 1 is 40 pixels high");
    CHECK(px(gx + 1 * 76 + 10, gy + 120 - 41) == 0x000000, "bucket 1 is no higher");
    CHECK(px(gx + 0 * 76 + 10, gy + 119) == 0x000000, "bucket 0 is empty");
    CHECK(px(gx + 3 * 76 + 10, gy + 119) == 0x000000, "bucket 3 is empty");
    /* live: the counters are read at each frame; the same counters give the same pixels */
    static uint32_t first[(TEXTSCREEN_W + PANEL_W) * TEXTSCREEN_H];
    memcpy(first, pixels, sizeof first);
    buckets[0] = 60;
    panel_draw(&p, &fb, TEXTSCREEN_W, 0, 14318180);
    CHECK(px(gx + 10, gy) == 0x55FF55, "a new tick shows at the next frame");
    buckets[0] = 0;
    panel_draw(&p, &fb, TEXTSCREEN_W, 0, 14318180);
    CHECK(!memcmp(first, pixels, sizeof first), "same counters, same pixels");
    /* without a profile: a note, no histogram */
    panel_set(&p, NULL);
    panel_draw(&p, &fb, TEXTSCREEN_W, 0, 0);
    CHECK(px(gx + 2 * 76 + 10, gy + 119) != 0x55FF55, "no profile, no bars");
    panel_free(&p);
}

int main(void) {
    text_modes();
    profile_panel();
    if (failures) return 1;
    printf("view: all passed\n");
    return 0;
}
