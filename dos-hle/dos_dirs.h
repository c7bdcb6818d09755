/* Drives and folders (dos_dirs.c), and the searches of find first/next. */
#ifndef EMU86_DOS_DIRS_H
#define EMU86_DOS_DIRS_H

#include "dos_sandbox.h"
#include "dos_state.h"

void dos_fn_dirs(Dos *d, uint8_t ah); /* 39h-3Bh, 47h, 4Eh, 4Fh, 0Dh, 0Eh, 19h */
/* A search slot (the least recently used is reused) that remembers the folder of a search, so
 * that find next continues there whatever the current folder is then (COMMAND.COM 2.0's DIR
 * changes to the folder, searches first, changes back, then searches next). Returns the slot
 * number (1-based) and its stamp; dos_search_get gives it back while it is still that search
 * (stamps compared under mask). */
uint16_t dos_search_begin(Dos *d, int drive, const char (*comps)[13], int n, uint32_t *stamp);
const DosSearch *dos_search_get(const Dos *d, uint16_t slot, uint32_t stamp, uint32_t mask);
int dos_find_matches(Dos *d, int drive, const char (*comps)[13], int n, const uint8_t pat[11],
                     uint8_t attr, uint16_t start, DosDirEntry *found, uint16_t *index);

#endif
