/* Keys from standard input when it is a terminal in line mode (the stdio frontend with only
 * stdout redirected). */
#ifndef EMU86_STDIN_KEYS_H
#define EMU86_STDIN_KEYS_H

#include "emu.h"

#include <stdbool.h>

/* EmuKeySource (ctx: the EmuMachine): a look for a key (DOS's Ctrl-C check at each console
 * write) never blocks; a read waits for the terminal's line. A newline is Enter; the
 * terminal's end of input (Ctrl-D at a line's start) closes the input for good. */
int stdin_key_source(void *ctx, bool wait);

#endif
