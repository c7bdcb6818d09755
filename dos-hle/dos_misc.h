/* The other INT 21h functions (dos_misc.c). */
#ifndef EMU86_DOS_MISC_H
#define EMU86_DOS_MISC_H

#include "dos_state.h"

void dos_fn_misc(Dos *d, uint8_t ah); /* vectors, date/time, version, memory, PSP, ... */

#endif
