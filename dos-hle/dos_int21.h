/* The services behind the stubs (dos_int21.c): INT 21h's dispatch, its device-layer steps
 * and return, Ctrl-C, INT 20h/25h-27h/29h/2Fh. */
#ifndef EMU86_DOS_INT21_H
#define EMU86_DOS_INT21_H

#include "dos_state.h"

/* EmuService: ctx is the Dos. */
uint32_t dos_service(void *ctx, EmuMachine *m, uint8_t svc);

#endif
