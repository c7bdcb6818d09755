/* Terminal frontend (see tty.c). */
#ifndef EMU86_TTY_H
#define EMU86_TTY_H

#include "emu.h"

#include <stdbool.h>

typedef struct Tty Tty;

/* Takes over the terminal: the alternate screen, and raw keys from stdin when it is a terminal,
 * else from /dev/tty when there is one (stdin is then the guest's redirected stdin). */
Tty *tty_open(EmuMachine *m);
/* The terminal gives keys (tty_key_source). */
bool tty_reads_keys(const Tty *t);
/* Draws what changed on the guest's text screen, and the cursor. */
void tty_draw(Tty *t);
/* EmuKeySource reading the terminal. */
int tty_key_source(void *ctx, bool wait);
/* Gives the terminal back as it was. */
void tty_close(Tty *t);

#endif
