/* The console (dos_console.c): functions 01h-0Ch, and CON for the handle calls. */
#ifndef EMU86_DOS_CONSOLE_H
#define EMU86_DOS_CONSOLE_H

#include "dos_state.h"

#include <stddef.h>

void dos_fn_console(Dos *d, uint8_t ah); /* 01h-0Ch */
/* CON output: to the screen, and its bytes to the guest's standard output stream (to_stdout)
 * or the rest of the console's (DosConfig.con_out). */
void dos_con_write(Dos *d, const uint8_t *b, size_t n, bool cooked, bool to_stdout);
/* Read one key/byte for a console read; -1 at the end of input (counted as exhausted). */
int dos_con_read_key(Dos *d);
size_t dos_con_read_line(Dos *d, uint8_t *dst, size_t max); /* handle read of CON */
bool dos_con_ready(Dos *d);
/* A poll of the redirected stdin: a byte is there (at its end, an idle poll is counted). */
bool dos_stdin_ready(Dos *d);

#endif
