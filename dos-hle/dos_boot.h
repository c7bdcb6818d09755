/* Power-on (dos_boot.c): DOS's memory map and stubs, the first program. */
#ifndef EMU86_DOS_BOOT_H
#define EMU86_DOS_BOOT_H

#include "dos_state.h"

/* EmuBoot: ctx is the Dos. */
bool dos_boot(void *ctx, EmuMachine *m);

#endif
