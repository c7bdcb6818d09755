/* The window's key translation: every kind of key against the BIOS's INT 16h codes. */
#include "sdl_keys.h"

#include <SDL_keyboard.h>
#include <stdio.h>

static int failures;

static void expect(const char *what, int got, int want) {
    if (got != want) {
        printf("FAIL %s: got %04X, want %04X\n", what, (unsigned)got & 0xFFFF, (unsigned)want & 0xFFFF);
        failures++;
    }
}

#define DOWN(sym, mod, want) expect(#sym " " #mod, sdl_keys_down(sym, mod), want)
#define TEXT(s, want) expect("text " s, sdl_keys_text(s), want)

int main(void) {
    /* grey keys, plain and with Ctrl */
    DOWN(SDLK_UP, KMOD_NONE, 0x4800);
    DOWN(SDLK_DOWN, KMOD_NONE, 0x5000);
    DOWN(SDLK_LEFT, KMOD_NONE, 0x4B00);
    DOWN(SDLK_RIGHT, KMOD_NONE, 0x4D00);
    DOWN(SDLK_HOME, KMOD_NONE, 0x4700);
    DOWN(SDLK_END, KMOD_NONE, 0x4F00);
    DOWN(SDLK_PAGEUP, KMOD_NONE, 0x4900);
    DOWN(SDLK_PAGEDOWN, KMOD_NONE, 0x5100);
    DOWN(SDLK_INSERT, KMOD_NONE, 0x5200);
    DOWN(SDLK_DELETE, KMOD_NONE, 0x5300);
    DOWN(SDLK_LEFT, KMOD_LCTRL, 0x7300);
    DOWN(SDLK_RIGHT, KMOD_RCTRL, 0x7400);
    DOWN(SDLK_HOME, KMOD_LCTRL, 0x7700);
    DOWN(SDLK_END, KMOD_LCTRL, 0x7500);
    DOWN(SDLK_PAGEUP, KMOD_LCTRL, 0x8400);
    DOWN(SDLK_PAGEDOWN, KMOD_LCTRL, 0x7600);
    /* keypad: navigation without Num Lock, digits (from the text event) with it */
    DOWN(SDLK_KP_8, KMOD_NONE, 0x4800);
    DOWN(SDLK_KP_PERIOD, KMOD_NONE, 0x5300);
    DOWN(SDLK_KP_8, KMOD_NUM, -1);
    DOWN(SDLK_KP_ENTER, KMOD_NUM, 0x1C0D);
    /* function keys: plain, Shift, Ctrl, Alt */
    DOWN(SDLK_F1, KMOD_NONE, 0x3B00);
    DOWN(SDLK_F10, KMOD_NONE, 0x4400);
    DOWN(SDLK_F1, KMOD_LSHIFT, 0x5400);
    DOWN(SDLK_F10, KMOD_RSHIFT, 0x5D00);
    DOWN(SDLK_F1, KMOD_LCTRL, 0x5E00);
    DOWN(SDLK_F10, KMOD_LCTRL, 0x6700);
    DOWN(SDLK_F1, KMOD_LALT, 0x6800);
    DOWN(SDLK_F10, KMOD_LALT, 0x7100);
    DOWN(SDLK_F11, KMOD_NONE, 0x8500);
    DOWN(SDLK_F12, KMOD_NONE, 0x8600);
    DOWN(SDLK_F11, KMOD_LSHIFT, 0x8700);
    DOWN(SDLK_F12, KMOD_LCTRL, 0x8A00);
    DOWN(SDLK_F12, KMOD_LALT, 0x8C00);
    /* Enter, Esc, Backspace, Tab */
    DOWN(SDLK_RETURN, KMOD_NONE, 0x1C0D);
    DOWN(SDLK_RETURN, KMOD_LCTRL, 0x1C0A);
    DOWN(SDLK_ESCAPE, KMOD_NONE, 0x011B);
    DOWN(SDLK_BACKSPACE, KMOD_NONE, 0x0E08);
    DOWN(SDLK_BACKSPACE, KMOD_LCTRL, 0x0E7F);
    DOWN(SDLK_TAB, KMOD_NONE, 0x0F09);
    DOWN(SDLK_TAB, KMOD_LSHIFT, 0x0F00);
    /* Ctrl and Alt with printable keys */
    DOWN(SDLK_a, KMOD_LCTRL, 0x1E01);
    DOWN(SDLK_c, KMOD_LCTRL, 0x2E03);
    DOWN(SDLK_z, KMOD_RCTRL, 0x2C1A);
    DOWN(SDLK_LEFTBRACKET, KMOD_LCTRL, 0x1A1B);
    DOWN(SDLK_BACKSLASH, KMOD_LCTRL, 0x2B1C);
    DOWN(SDLK_RIGHTBRACKET, KMOD_LCTRL, 0x1B1D);
    DOWN(SDLK_2, KMOD_LCTRL, 0x0300);
    DOWN(SDLK_x, KMOD_LALT, 0x2D00);
    DOWN(SDLK_1, KMOD_LALT, 0x7800);
    DOWN(SDLK_0, KMOD_LALT, 0x8100);
    DOWN(SDLK_MINUS, KMOD_LALT, 0x8200);
    DOWN(SDLK_EQUALS, KMOD_LALT, 0x8300);
    /* printable keys alone or with Shift or AltGr: left to the text event */
    DOWN(SDLK_a, KMOD_NONE, -1);
    DOWN(SDLK_a, KMOD_LSHIFT, -1);
    DOWN(SDLK_q, KMOD_RALT, -1);
    DOWN(SDLK_SPACE, KMOD_NONE, -1);
    /* keys the PC has not */
    DOWN(SDLK_LSHIFT, KMOD_LSHIFT, -1);
    DOWN(SDLK_PRINTSCREEN, KMOD_NONE, -1);
    /* text: ASCII with its US scan code, other code page 437 characters with scan code 0 */
    TEXT("a", 0x1E61);
    TEXT("A", 0x1E41);
    TEXT(" ", 0x3920);
    TEXT("~", 0x297E);
    TEXT("\xc3\xa9", 0x0082);          /* e acute */
    TEXT("\xe2\x96\x91", 0x00B0);      /* light shade */
    TEXT("\xe2\x82\xac", -1);          /* euro sign: not in code page 437 */
    if (failures) return 1;
    printf("sdl_keys: all passed\n");
    return 0;
}
