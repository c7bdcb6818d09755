/* IOCTL (dos_ioctl.c). */
#ifndef EMU86_DOS_IOCTL_H
#define EMU86_DOS_IOCTL_H

#include "dos_state.h"

void dos_fn_ioctl(Dos *d);    /* 44h */

#endif
