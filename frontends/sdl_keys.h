/* Keys typed in the SDL window -> BIOS keys (scan code << 8 | ASCII, as INT 16h returns them). */
#ifndef EMU86_SDL_KEYS_H
#define EMU86_SDL_KEYS_H

#include <stdint.h>

/* A key press (SDL_Keycode, SDL_Keymod). Returns the BIOS key, or -1: no key, or a character
 * that the text-input event that follows delivers (printable keys without Ctrl or left Alt,
 * so that the host's keyboard layout decides which character it is). */
int sdl_keys_down(int32_t sym, uint16_t mod);
/* A character typed (SDL_TEXTINPUT, UTF-8): ASCII with the scan code of its key on a US
 * keyboard; other code page 437 characters with scan code 0 (as Alt+keypad gives them); -1
 * for characters code page 437 does not have. */
int sdl_keys_text(const char *utf8);

#endif
