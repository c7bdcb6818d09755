/* The calls on a file by its name (dos_fileops.c). */
#ifndef EMU86_DOS_FILEOPS_H
#define EMU86_DOS_FILEOPS_H

#include "dos_state.h"

void dos_fn_attrib(Dos *d);   /* 43h */
void dos_fn_unlink(Dos *d);   /* 41h */
void dos_fn_rename(Dos *d);   /* 56h */
void dos_fn_filetime(Dos *d); /* 57h */

#endif
