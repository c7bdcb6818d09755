/* Terminal frontend (see tty.c). */
#ifndef EMU86_TTY_H
#define EMU86_TTY_H

#include "emu.h"

#include <stdbool.h>

typedef struct Tty Tty;

/* Takes over the terminal (alternate screen; raw keys when `keys` and stdin is a terminal). */
Tty *tty_open(EmuMachine *m, bool keys);
/* Draws what changed on the guest's text screen, and the cursor. */
void tty_draw(Tty *t);
/* EmuKeySource reading the terminal. */
int tty_key_source(void *ctx, bool wait);
/* Gives the terminal back as it was. */
void tty_close(Tty *t);

#endif
