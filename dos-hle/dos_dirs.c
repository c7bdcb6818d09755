/* Drives and directories: 0Dh, 0Eh, 19h, 1Bh, 1Ch, 36h, 39h-3Bh, 47h, and the directory
 * searches of 4Eh/4Fh (also used by the FCB searches). Listings are sorted by name, so what
 * the guest sees never depends on the host's directory order; in a subdirectory "." and ".."
 * come first, as on a DOS disk. */
#include "dos_dirs.h"
#include "dos_call.h"
#include "dos_disk.h"
#include "dos_errors.h"
#include "dos_files.h"
#include "dos_guest_mem.h"
#include "dos_main.h"
#include "dos_sandbox.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int drive_arg(Dos *d, uint8_t dl) { return dl == 0 ? d->cur_drive : dl - 1; }

/* Entry `index` and after of a folder's listing that matches: in a subfolder 0 is ".", 1 is
 * "..", then the sorted entries. Returns 1 and the entry (with its index), 0 if none, -1 if
 * the folder does not exist. */
int dos_find_matches(Dos *d, int drive, const char (*comps)[13], int n, const uint8_t pat[11],
                     uint8_t attr, uint16_t start, DosDirEntry *found, uint16_t *index) {
    int fd = dos_sb_open_dir(d->rootfd[drive], comps, n);
    if (fd < 0) return -1;
    DosDirEntry *v;
    int cnt = dos_sb_list(fd, &v);
    close(fd);
    if (cnt < 0) return -1;
    int virt = n > 0 ? 2 : 0;
    int r = 0;
    if (attr == 0x08) { /* the volume label alone: this disk has none */
        free(v);
        return 0;
    }
    for (int i = start; i < cnt + virt; i++) {
        DosDirEntry e;
        if (i < virt) {
            memset(&e, 0, sizeof e);
            strcpy(e.name, i == 0 ? "." : "..");
            e.is_dir = true;
        } else {
            e = v[i - virt];
        }
        uint8_t f[11];
        if (i < virt) {
            memset(f, ' ', 11);
            memcpy(f, e.name, strlen(e.name));
        } else {
            dos_name_to_fcb(e.name, f);
        }
        if (!dos_fcb_match(pat, f)) continue;
        if (e.is_dir && !(attr & 0x10)) continue;
        *found = e;
        *index = (uint16_t)i;
        r = 1;
        break;
    }
    free(v);
    return r;
}

static void entry_time(Dos *d, const DosDirEntry *e, uint16_t *date, uint16_t *time) {
    (void)d;
    if (e->is_dir) { /* folders' host times change with their contents: a fixed date */
        *date = 0x0021;
        *time = 0;
    } else {
        dos_file_datetime(e->mtime, date, time);
    }
}

/* Fill the DTA with a found entry (4Eh/4Fh layout). */
static void fill_dta(Dos *d, const DosDirEntry *e) {
    uint32_t a = lin(d->dta_seg, d->dta_off);
    uint16_t date, time;
    entry_time(d, e, &date, &time);
    wr8(d, a + 0x15, dos_attr_of(e));
    wr16(d, a + 0x16, time);
    wr16(d, a + 0x18, date);
    wr16(d, a + 0x1A, e->is_dir ? 0 : (uint16_t)e->size);
    wr16(d, a + 0x1C, e->is_dir ? 0 : (uint16_t)(e->size >> 16));
    char name[13];
    memset(name, 0, sizeof name);
    memcpy(name, e->name, strlen(e->name));
    dos_write_mem(d, d->dta_seg, (uint16_t)(d->dta_off + 0x1E), name, 13);
}

uint16_t dos_search_begin(Dos *d, int drive, const char (*comps)[13], int n, uint32_t *stamp) {
    int best = 0;
    for (int i = 1; i < DOS_SEARCH_MAX; i++)
        if (d->searches[i].stamp < d->searches[best].stamp) best = i;
    DosSearch *s = &d->searches[best];
    s->drive = drive;
    s->n = n;
    memset(s->comps, 0, sizeof s->comps);
    if (n > 0) memcpy(s->comps, comps, (size_t)n * sizeof s->comps[0]);
    s->stamp = ++d->search_clock;
    *stamp = s->stamp;
    return (uint16_t)(best + 1);
}

const DosSearch *dos_search_get(const Dos *d, uint16_t slot, uint32_t stamp, uint32_t mask) {
    if (slot == 0 || slot > DOS_SEARCH_MAX) return NULL;
    const DosSearch *s = &d->searches[slot - 1];
    return s->stamp && (s->stamp & mask) == (stamp & mask) ? s : NULL;
}

/* A device named in a search (MS-DOS's BUILDFCB): the entry has the device's name, a blank
 * extension, attribute 0, the time of the search and size 0; there is no next one. */
static void device_found(Dos *d, int dev) {
    uint32_t a = lin(d->dta_seg, d->dta_off);
    uint16_t date, time;
    dos_stamp_now(d, &date, &time);
    wr8(d, a + 0x15, 0);
    wr16(d, a + 0x16, time);
    wr16(d, a + 0x18, date);
    wr16(d, a + 0x1A, 0);
    wr16(d, a + 0x1C, 0);
    char name[13];
    memset(name, 0, sizeof name);
    dos_device_name83(dev, name);
    dos_write_mem(d, d->dta_seg, (uint16_t)(d->dta_off + 0x1E), name, 13);
    wr16(d, a + 0x0F, 0); /* no search slot: find next says no more files */
    rAX(d) = 0;
    dos_ok(d);
}

static void search_next(Dos *d, bool first) {
    uint32_t a = lin(d->dta_seg, d->dta_off);
    uint16_t slot = rd16(d, a + 0x0F);
    uint32_t stamp = (uint32_t)rd16(d, a + 0x11) | (uint32_t)rd16(d, a + 0x13) << 16;
    const DosSearch *s = dos_search_get(d, slot, stamp, 0xFFFFFFFFu);
    if (!s) {
        dos_fail(d, DOSERR_NO_MORE_FILES);
        return;
    }
    uint8_t pat[11];
    dos_read_mem(d, d->dta_seg, (uint16_t)(d->dta_off + 1), pat, 11);
    uint8_t attr = rd8(d, a + 0x0C);
    uint16_t start = first ? 0 : (uint16_t)(rd16(d, a + 0x0D) + 1);
    DosDirEntry e;
    uint16_t idx;
    int r = dos_find_matches(d, s->drive, (const char (*)[13])s->comps, s->n, pat, attr, start, &e, &idx);
    if (r <= 0) {
        dos_fail(d, r < 0 && first ? DOSERR_PATH_NOT_FOUND : DOSERR_NO_MORE_FILES);
        return;
    }
    wr16(d, a + 0x0D, idx);
    fill_dta(d, &e);
    rAX(d) = 0;
    dos_ok(d);
}

static void find_first(Dos *d) {
    DosPath p;
    uint16_t e = dos_path_from_guest(d, rDS(d), rDX(d), true, &p);
    if (!e && p.n == 0) e = DOSERR_PATH_NOT_FOUND;
    if (e) { dos_fail(d, e == DOSERR_FILE_NOT_FOUND ? DOSERR_NO_MORE_FILES : e); return; }
    uint32_t a = lin(d->dta_seg, d->dta_off);
    uint8_t pat[11];
    dos_name_to_fcb(p.comp[p.n - 1], pat);
    wr8(d, a, (uint8_t)(p.drive + 1));
    dos_write_mem(d, d->dta_seg, (uint16_t)(d->dta_off + 1), pat, 11);
    wr8(d, a + 0x0C, (uint8_t)rCX(d));
    wr16(d, a + 0x0D, 0);
    if (p.device) { /* in a folder that exists (the resolve checked it): found, as in MS-DOS */
        int fd = dos_sb_open_dir(d->rootfd[p.drive], (const char (*)[13])p.comp, p.n - 1);
        if (fd < 0) { dos_fail(d, DOSERR_PATH_NOT_FOUND); return; }
        close(fd);
        device_found(d, p.device);
        return;
    }
    uint32_t stamp;
    uint16_t slot = dos_search_begin(d, p.drive, (const char (*)[13])p.comp, p.n - 1, &stamp);
    wr16(d, a + 0x0F, slot);
    wr16(d, a + 0x11, (uint16_t)stamp);
    wr16(d, a + 0x13, (uint16_t)(stamp >> 16));
    search_next(d, true);
}

static void make_dir(Dos *d, bool remove) {
    DosPath p;
    uint16_t e = dos_path_from_guest(d, rDS(d), rDX(d), false, &p);
    if (e) { dos_fail(d, DOSERR_PATH_NOT_FOUND); return; }
    if (p.n == 0 || p.device) { dos_fail(d, DOSERR_ACCESS_DENIED); return; }
    if (!dos_drive_writable(d, p.drive)) { dos_fail(d, DOSERR_ACCESS_DENIED); return; }
    int dir = dos_open_parent(d, &p, &e);
    if (dir < 0) { dos_fail(d, e); return; }
    DosDirEntry de;
    bool exists = dos_sb_find(dir, p.comp[p.n - 1], &de);
    dos_disk_changed(d);
    if (!remove) {
        if (exists || mkdirat(dir, p.comp[p.n - 1], 0777)) e = DOSERR_ACCESS_DENIED;
    } else {
        char path[DOS_MAX_CWD + 16];
        dos_path_format(&p, p.n, path, sizeof path);
        if (!exists || !de.is_dir) e = DOSERR_PATH_NOT_FOUND;
        else if (d->cwd[p.drive][0] && !strcmp(path + 3, d->cwd[p.drive])) e = DOSERR_REMOVE_CURDIR;
        else if (unlinkat(dir, de.host, AT_REMOVEDIR)) e = DOSERR_ACCESS_DENIED;
    }
    close(dir);
    if (e) dos_fail(d, e);
    else dos_ok(d);
}

static void change_dir(Dos *d) {
    DosPath p;
    uint16_t e = dos_path_from_guest(d, rDS(d), rDX(d), false, &p);
    if (e || p.device) { dos_fail(d, DOSERR_PATH_NOT_FOUND); return; }
    int fd = dos_sb_open_dir(d->rootfd[p.drive], (const char (*)[13])p.comp, p.n);
    if (fd < 0) { dos_fail(d, DOSERR_PATH_NOT_FOUND); return; }
    close(fd);
    char path[DOS_MAX_CWD + DOS_MAX_PATH];
    dos_path_format(&p, p.n, path, sizeof path);
    if (strlen(path + 3) > DOS_MAX_CWD - 1) { dos_fail(d, DOSERR_PATH_NOT_FOUND); return; }
    strcpy(d->cwd[p.drive], path + 3);
    dos_disk_cwd_changed(d, p.drive);
    dos_ok(d);
}

void dos_fn_dirs(Dos *d, uint8_t ah) {
    switch (ah) {
    case 0x0D: return; /* disk reset: nothing is buffered */
    case 0x0E: {
        int drv = rDL(d);
        if (dos_drive_valid(d, drv)) d->cur_drive = drv;
        int last = 5;
        for (int i = 0; i < 26; i++)
            if (dos_drive_valid(d, i) && i + 1 > last) last = i + 1;
        setAL(d, (uint8_t)last);
        return;
    }
    case 0x19: setAL(d, (uint8_t)d->cur_drive); return;
    case 0x39: make_dir(d, false); return;
    case 0x3A: make_dir(d, true); return;
    case 0x3B: change_dir(d); return;
    case 0x47: {
        int drv = drive_arg(d, rDL(d));
        if (!dos_drive_valid(d, drv)) { dos_fail(d, DOSERR_BAD_DRIVE); return; }
        dos_write_mem(d, rDS(d), rSI(d), d->cwd[drv], strlen(d->cwd[drv]) + 1);
        rAX(d) = 0x0100;
        dos_ok(d);
        return;
    }
    case 0x4E: find_first(d); return;
    case 0x4F: search_next(d, false); return;
    }
}
