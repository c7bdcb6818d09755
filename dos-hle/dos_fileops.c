/* Operations on files by name or on their directory entry: attributes (43h), delete (41h),
 * rename (56h), date and time (57h). */
#include "dos_fileops.h"
#include "dos_call.h"
#include "dos_disk.h"
#include "dos_errors.h"
#include "dos_files.h"
#include "dos_main.h"
#include "dos_sandbox.h"
#include "dos_time.h"

#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

void dos_fn_attrib(Dos *d) {
    DosPath p;
    uint16_t e = dos_path_from_guest(d, rDS(d), rDX(d), false, &p);
    if (!e && (p.n == 0 || p.device)) e = DOSERR_FILE_NOT_FOUND;
    if (e) { dos_fail(d, e); return; }
    int dir = dos_open_parent(d, &p, &e);
    if (dir < 0) { dos_fail(d, e); return; }
    DosDirEntry de;
    if (!dos_sb_find(dir, p.comp[p.n - 1], &de)) {
        close(dir);
        dos_fail(d, DOSERR_FILE_NOT_FOUND);
        return;
    }
    if (rAL(d) == 0) {
        rCX(d) = dos_attr_of(&de);
        dos_ok(d);
    } else if (rAL(d) == 1) {
        uint16_t cx = rCX(d);
        if ((cx & 0x18) || !dos_drive_writable(d, p.drive)) {
            dos_fail(d, DOSERR_ACCESS_DENIED);
        } else {
            struct stat st;
            dos_disk_changed(d);
            int fd = openat(dir, de.host, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
            if (fd >= 0 && !fstat(fd, &st)) {
                mode_t m = st.st_mode & 07777;
                m = (cx & 1) ? (m & (mode_t)~0222) : (m | S_IWUSR);
                if (!de.is_dir) fchmod(fd, m);
            }
            if (fd >= 0) close(fd);
            dos_ok(d);
        }
    } else {
        dos_unknown(d, 0x43, rAL(d), "carry set, error 1");
        dos_fail(d, DOSERR_BAD_FUNCTION);
    }
    close(dir);
}

void dos_fn_unlink(Dos *d) {
    DosPath p;
    uint16_t e = dos_path_from_guest(d, rDS(d), rDX(d), false, &p);
    if (!e && (p.n == 0 || p.device)) e = DOSERR_FILE_NOT_FOUND;
    if (e) { dos_fail(d, e); return; }
    int dir = dos_open_parent(d, &p, &e);
    if (dir < 0) { dos_fail(d, e); return; }
    DosDirEntry de;
    if (!dos_sb_find(dir, p.comp[p.n - 1], &de)) e = DOSERR_FILE_NOT_FOUND;
    else if (de.is_dir || de.readonly || !dos_drive_writable(d, p.drive)) e = DOSERR_ACCESS_DENIED;
    else if (dos_disk_changed(d), unlinkat(dir, de.host, 0)) e = DOSERR_ACCESS_DENIED;
    close(dir);
    if (e) dos_fail(d, e);
    else dos_ok(d);
}

void dos_fn_rename(Dos *d) {
    DosPath a, b;
    uint16_t e = dos_path_from_guest(d, rDS(d), rDX(d), false, &a);
    if (e) { dos_fail(d, e); return; }
    e = dos_path_from_guest(d, rES(d), rDI(d), false, &b);
    if (e) { dos_fail(d, e == DOSERR_FILE_NOT_FOUND ? DOSERR_ACCESS_DENIED : e); return; }
    if (a.n == 0 || a.device || b.n == 0 || b.device) { dos_fail(d, DOSERR_FILE_NOT_FOUND); return; }
    if (a.drive != b.drive) { dos_fail(d, DOSERR_NOT_SAME_DEVICE); return; }
    if (!dos_drive_writable(d, a.drive)) { dos_fail(d, DOSERR_ACCESS_DENIED); return; }
    int da = dos_open_parent(d, &a, &e);
    if (da < 0) { dos_fail(d, e); return; }
    int db = dos_open_parent(d, &b, &e);
    if (db < 0) { close(da); dos_fail(d, e); return; }
    DosDirEntry ea, eb;
    if (!dos_sb_find(da, a.comp[a.n - 1], &ea)) e = DOSERR_FILE_NOT_FOUND;
    else if (dos_sb_find(db, b.comp[b.n - 1], &eb)) e = DOSERR_ACCESS_DENIED;
    else if (ea.is_dir && a.n != b.n) e = DOSERR_ACCESS_DENIED;
    else if (dos_disk_changed(d), renameat(da, ea.host, db, b.comp[b.n - 1])) e = DOSERR_ACCESS_DENIED;
    close(da);
    close(db);
    if (e) dos_fail(d, e);
    else dos_ok(d);
}

void dos_fn_filetime(Dos *d) {
    int idx = dos_handle_sft(d, rBX(d));
    if (idx < 0) { dos_fail(d, DOSERR_BAD_HANDLE); return; }
    DosSft *s = &d->sft[idx];
    if (rAL(d) == 0) {
        uint16_t date = 0x0021, time = 0; /* devices: 1-1-1980 */
        if (s->kind == SFT_FILE) {
            struct stat st;
            if (s->time_set) {
                date = s->set_date;
                time = s->set_time;
            } else if (s->written) {
                dos_stamp_now(d, &date, &time);
            } else if (!fstat(s->fd, &st)) {
                dos_file_datetime((int64_t)st.st_mtime, &date, &time);
            }
        }
        rCX(d) = time;
        rDX(d) = date;
        dos_ok(d);
    } else if (rAL(d) == 1) {
        if (s->kind == SFT_FILE && (s->mode & 7) != 0 && dos_drive_writable(d, s->drive)) {
            dos_set_host_time(s->fd, dos_unpack_seconds(rDX(d), rCX(d)));
            dos_disk_changed(d);
            s->written = false; /* the time set stays (DOS: set on close otherwise) */
        } else if (s->kind == SFT_FILE) {
            /* a file opened for reading only: the host file is not touched; the guest sees the
             * time it set on this handle */
            s->time_set = true;
            s->set_date = rDX(d);
            s->set_time = rCX(d);
        }
        dos_ok(d);
    } else {
        dos_unknown(d, 0x57, rAL(d), "carry set, error 1");
        dos_fail(d, DOSERR_BAD_FUNCTION);
    }
}
