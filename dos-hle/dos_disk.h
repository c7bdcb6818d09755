/* The drive as a disk (dos_disk.c), through its read-only FAT view (dos_fatview.c). */
#ifndef EMU86_DOS_DISK_H
#define EMU86_DOS_DISK_H

#include "dos_state.h"

void dos_fn_disk(Dos *d, uint8_t ah); /* 1Bh, 1Ch, 1Fh, 32h, 36h */
/* INT 25h (read) / INT 26h (write: write-protected) with the caller's registers in c. */
uint32_t dos_abs_disk(Dos *d, EmuCpu *c, bool write);
/* The guest changed something on the host: the drives' disk views are computed again. */
void dos_disk_changed(Dos *d);
void dos_disk_cwd_changed(Dos *d, int drive);
/* The 32-byte directory entry of `name` (or "." / "..") in the folder comps[0..n) of a drive,
 * as the disk view has it (its first cluster included). False if the view has no such entry. */
bool dos_disk_dir_entry(Dos *d, int drive, const char (*comps)[13], int n, const char *name,
                        uint8_t ent[32]);

#endif
