/* The host-folder sandbox: a DOS drive is a host folder, and nothing outside it is ever read,
 * created or changed. Every access goes down from the drive's root descriptor one component at
 * a time with openat(O_NOFOLLOW); the component names come from the folder's own listing (no
 * '/', '.', '..'); symbolic links, devices and FIFOs are invisible; host names that are not
 * valid 8.3 names are invisible; the rest are matched case-insensitively (if two host names
 * differ only in case, the first in byte order is seen). */
#ifndef EMU86_DOS_SANDBOX_H
#define EMU86_DOS_SANDBOX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>

typedef struct DosDirEntry {
    char name[13];      /* canonical 8.3 */
    char host[256];     /* host file name in its folder */
    bool is_dir;
    bool readonly;      /* no write permission for the owner */
    uint32_t size;      /* clamped to 4 GiB - 1 */
    int64_t mtime;      /* host modification time, seconds since 1970 */
} DosDirEntry;

/* Open a drive's host folder. */
int dos_sb_open_root(const char *folder, char *err, size_t errlen);
/* A listing of the folder dirfd (sorted by DOS name), visible entries only. Returns the count
 * (and *out, to free()), or -1. */
int dos_sb_list(int dirfd, DosDirEntry **out);
/* Look a canonical name up in dirfd. */
bool dos_sb_find(int dirfd, const char *name83, DosDirEntry *e);
/* Open the folder comps[0..n) below root (n = 0: a duplicate of root). Returns a descriptor or
 * -1 (the path does not exist, or leads through something that is not a plain folder). */
int dos_sb_open_dir(int rootfd, const char (*comps)[13], int n);

#endif
