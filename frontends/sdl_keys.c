/* Key translation for the SDL window: the IBM PC BIOS's key codes for each key and modifier
 * (83-key keyboard codes; F11/F12 and Ctrl+arrows as the enhanced-keyboard BIOS gives them). */
#include "sdl_keys.h"

#include "emu.h"

#include <SDL_keyboard.h>
#include <string.h>

enum { SHIFT, CTRL, ALT };

static int level(uint16_t mod) {
    if (mod & KMOD_LALT) return ALT;
    if (mod & KMOD_CTRL) return CTRL;
    if (mod & KMOD_SHIFT) return SHIFT;
    return -1;
}

/* Function keys: plain, Shift, Ctrl, Alt scan codes (ASCII 0). */
static int fkey(int n, int lv) {
    static const uint8_t base10[4] = {0x54, 0x5E, 0x68, 0x3B}; /* shift ctrl alt plain */
    static const uint8_t base11[4] = {0x87, 0x89, 0x8B, 0x85};
    int i = lv < 0 ? 3 : lv;
    if (n <= 10) return (base10[i] + n - 1) << 8;
    return (base11[i] + n - 11) << 8;
}

/* Grey keys and the keypad without Num Lock: plain and Ctrl scan codes. */
static int nav(int32_t sym, uint16_t mod) {
    static const struct { int32_t sym, kp; uint8_t plain, ctrl; } keys[] = {
        {SDLK_UP, SDLK_KP_8, 0x48, 0x8D},     {SDLK_DOWN, SDLK_KP_2, 0x50, 0x91},
        {SDLK_LEFT, SDLK_KP_4, 0x4B, 0x73},   {SDLK_RIGHT, SDLK_KP_6, 0x4D, 0x74},
        {SDLK_HOME, SDLK_KP_7, 0x47, 0x77},   {SDLK_END, SDLK_KP_1, 0x4F, 0x75},
        {SDLK_PAGEUP, SDLK_KP_9, 0x49, 0x84}, {SDLK_PAGEDOWN, SDLK_KP_3, 0x51, 0x76},
        {SDLK_INSERT, SDLK_KP_0, 0x52, 0x92}, {SDLK_DELETE, SDLK_KP_PERIOD, 0x53, 0x93},
    };
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        if (sym == keys[i].sym || (sym == keys[i].kp && !(mod & KMOD_NUM)))
            return ((mod & KMOD_CTRL) ? keys[i].ctrl : keys[i].plain) << 8;
    }
    return -1;
}

/* Ctrl with a printable key: the control character, or a code of its own. */
static int ctrl_char(int32_t sym) {
    if (sym >= 'a' && sym <= 'z') return (emu_key_of_char((uint8_t)sym) & 0xFF00) | (sym - 'a' + 1);
    switch (sym) {
    case '[': return 0x1A1B;
    case '\\': return 0x2B1C;
    case ']': return 0x1B1D;
    case '6': return 0x071E;
    case '-': return 0x0C1F;
    case '2': return 0x0300;
    default: return -1;
    }
}

/* Alt with a printable key: its scan code with ASCII 0 (Alt+digits and -/= have their own). */
static int alt_char(int32_t sym) {
    if (sym >= '1' && sym <= '9') return (0x78 + sym - '1') << 8;
    switch (sym) {
    case '0': return 0x8100;
    case '-': return 0x8200;
    case '=': return 0x8300;
    default: break;
    }
    if (sym >= 'a' && sym <= 'z') return emu_key_of_char((uint8_t)sym) & 0xFF00;
    return -1;
}

int sdl_keys_down(int32_t sym, uint16_t mod) {
    int lv = level(mod);
    if (sym >= SDLK_F1 && sym <= SDLK_F12) return fkey(sym - SDLK_F1 + 1, lv);
    int k = nav(sym, mod);
    if (k >= 0) return k;
    switch (sym) {
    case SDLK_RETURN: case SDLK_KP_ENTER: return lv == CTRL ? 0x1C0A : 0x1C0D;
    case SDLK_ESCAPE: return 0x011B;
    case SDLK_BACKSPACE: return lv == CTRL ? 0x0E7F : 0x0E08;
    case SDLK_TAB: return lv == SHIFT ? 0x0F00 : 0x0F09;
    default: break;
    }
    if (sym >= 0x20 && sym < 0x7F) {
        if (lv == CTRL) return ctrl_char(sym);
        if (lv == ALT) return alt_char(sym);
    }
    return -1; /* text input brings it, or a key the PC has not */
}

int sdl_keys_text(const char *utf8) {
    size_t n = strlen(utf8);
    if (n == 1 && (uint8_t)utf8[0] >= 0x20 && (uint8_t)utf8[0] < 0x7F) return emu_key_of_char((uint8_t)utf8[0]);
    for (int c = 0x80; c < 0x100; c++) {
        const char *u = emu_cp437_utf8((uint8_t)c);
        if (strlen(u) == n && !memcmp(u, utf8, n)) return c;
    }
    return -1;
}
