/* The FCB calls (dos_fcb.c). */
#ifndef EMU86_DOS_FCB_H
#define EMU86_DOS_FCB_H

#include "dos_state.h"

void dos_fn_fcb(Dos *d, uint8_t ah);  /* 0Fh-17h, 21h-24h, 27h, 28h, 29h */

#endif
