/* What dos_main.c (the Dos object) gives the service files: its drives, and DOS's clock. */
#ifndef EMU86_DOS_MAIN_H
#define EMU86_DOS_MAIN_H

#include "dos_state.h"

bool dos_drive_valid(const Dos *d, int drive /* 0 = A */);
bool dos_drive_writable(const Dos *d, int drive);
/* For AH=29h's parser: drive 0 (default) or an existing drive (1 = A). ctx: the Dos. */
bool dos_fcb_drive_ok(void *ctx, int drive);
const char **dos_cwds(const Dos *d, const char *out[26]);
/* DOS's clock: the machine's time, from the configured epoch, as AH=2Bh/2Dh adjusted it. */
uint64_t dos_now_centis(const Dos *d);

#endif
