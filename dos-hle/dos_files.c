/* Handle file I/O (3Ch-40h, 42h, 45h, 46h, 5Ah, 5Bh, 67h): the system file table, each
 * process's job file table (JFT, found through PSP:34h), host files in the drive's folder,
 * devices, and the redirected standard input and output of a UNIX filter. */
#include "dos_files.h"
#include "dos_call.h"
#include "dos_console.h"
#include "dos_disk.h"
#include "dos_errors.h"
#include "dos_fileops.h"
#include "dos_guest_mem.h"
#include "dos_ioctl.h"
#include "dos_main.h"
#include "dos_sandbox.h"
#include "dos_time.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef O_CLOEXEC
#define O_CLOEXEC 0
#endif

/* ---- tables ---- */

void dos_files_init(Dos *d) {
    memset(d->sft, 0, sizeof d->sft);
    for (int i = 0; i < DOS_SFT_MAX; i++) d->sft[i].fd = -1;
    /* 0 AUX, 1 CON, 2 PRN (as MS-DOS numbers them), 3 redirected stdin, 4 redirected stdout */
    static const int dev[3] = {DOS_DEV_AUX, DOS_DEV_CON, DOS_DEV_PRN};
    for (int i = 0; i < 3; i++) {
        d->sft[i].kind = SFT_DEVICE;
        d->sft[i].device = dev[i];
        d->sft[i].mode = 2;
        dos_device_name83(dev[i], d->sft[i].name);
    }
    if (!d->cfg.stdin_console) {
        d->sft[3].kind = SFT_STDIN;
        d->sft[3].drive = (uint8_t)d->cur_drive;
    }
    /* standard output: the console (CON, its bytes also to the machine's output), or a
     * redirected file */
    if (!d->cfg.stdout_console) {
        d->sft[4].kind = SFT_STDOUT;
        d->sft[4].mode = 1;
        d->sft[4].drive = (uint8_t)d->cur_drive;
    } else {
        d->sft[4] = d->sft[1];
        d->sft[4].to_stdout = true;
    }
}

void dos_sft_ref(Dos *d, int idx) {
    if (idx >= 0 && idx < DOS_SFT_MAX) d->sft[idx].refs++;
}

uint32_t dos_jft_addr(const Dos *d, uint16_t psp, uint16_t *count) {
    *count = rd16(d, lin(psp, 0x32));
    if (*count == 0 || *count > 255) *count = DOS_JFT_DEFAULT;
    return lin(rd16(d, lin(psp, 0x36)), rd16(d, lin(psp, 0x34)));
}

int dos_handle_sft(Dos *d, uint16_t h) {
    uint16_t n;
    uint32_t j = dos_jft_addr(d, d->cur_psp, &n);
    if (h >= n) return -1;
    uint8_t idx = rd8(d, j + h);
    if (idx >= DOS_SFT_MAX || d->sft[idx].kind == SFT_FREE) return -1;
    return idx;
}

/* A free handle in the current JFT, or -1. */
static int free_handle(Dos *d) {
    uint16_t n;
    uint32_t j = dos_jft_addr(d, d->cur_psp, &n);
    for (uint16_t h = 0; h < n; h++)
        if (rd8(d, j + h) == 0xFF) return h;
    return -1;
}

static int free_sft(Dos *d) {
    for (int i = 5; i < DOS_SFT_MAX; i++)
        if (d->sft[i].kind == SFT_FREE) return i;
    return -1;
}

void dos_file_datetime(int64_t unix_mtime, uint16_t *date, uint16_t *time) {
    int64_t s = unix_mtime - DOS_UNIX_OFFSET;
    if (s < 0) s = 0;
    DosDateTime t;
    dos_time_from_centis((uint64_t)s * 100u, &t);
    *date = dos_pack_date(&t);
    *time = dos_pack_time(&t);
}

void dos_stamp_now(Dos *d, uint16_t *date, uint16_t *time) {
    DosDateTime t;
    dos_time_from_centis(dos_now_centis(d), &t);
    *date = dos_pack_date(&t);
    *time = dos_pack_time(&t);
}

void dos_set_host_time(int fd, int64_t dos_seconds) {
    if (fd < 0) return;
    struct timespec ts[2];
    ts[0].tv_sec = ts[1].tv_sec = (time_t)(dos_seconds + DOS_UNIX_OFFSET);
    ts[0].tv_nsec = ts[1].tv_nsec = 0;
    futimens(fd, ts);
}

/* Host mtime of a file the guest wrote: the DOS clock (as if UTC), so runs are reproducible. */
static void stamp_file(Dos *d, DosSft *s) {
    dos_set_host_time(s->fd, (int64_t)(dos_now_centis(d) / 100u));
}

static void release_sft(Dos *d, int idx) {
    DosSft *s = &d->sft[idx];
    if (--s->refs > 0) return;
    if (s->kind == SFT_FILE) {
        if (s->written) {
            stamp_file(d, s);
            dos_disk_changed(d);
        }
        close(s->fd);
        s->fd = -1;
        s->kind = SFT_FREE;
    } else if (idx >= 5) {
        s->kind = SFT_FREE;
    }
    if (s->refs < 0) s->refs = 0;
}

/* At the end of the run: the files still open are closed as DOS would close them, those written
 * stamped with the DOS clock (never the host's: the run stays reproducible). */
void dos_close_all_files(Dos *d) {
    for (int i = 0; i < DOS_SFT_MAX; i++) {
        DosSft *s = &d->sft[i];
        if (s->kind != SFT_FILE || s->fd < 0) continue;
        if (s->written) stamp_file(d, s);
        close(s->fd);
        s->fd = -1;
        s->kind = SFT_FREE;
    }
}

void dos_close_process_files(Dos *d, uint16_t psp) {
    uint16_t n;
    uint32_t j = dos_jft_addr(d, psp, &n);
    for (uint16_t h = 0; h < n; h++) {
        uint8_t idx = rd8(d, j + h);
        if (idx < DOS_SFT_MAX && d->sft[idx].kind != SFT_FREE) release_sft(d, idx);
        wr8(d, j + h, 0xFF);
    }
}

/* ---- paths ---- */

uint16_t dos_path_from_guest(Dos *d, uint16_t seg, uint16_t off, bool wild, DosPath *p) {
    char path[DOS_MAX_PATH + 1];
    dos_read_asciiz(d, seg, off, path, sizeof path);
    const char *cwd[26];
    uint16_t e = dos_path_resolve(path, d->cur_drive, dos_cwds(d, cwd), wild, p);
    return e;
}

int dos_open_parent(Dos *d, const DosPath *p, uint16_t *err) {
    int fd = dos_sb_open_dir(d->rootfd[p->drive], (const char (*)[13])p->comp, p->n ? p->n - 1 : 0);
    if (fd < 0) *err = DOSERR_PATH_NOT_FOUND;
    return fd;
}

uint8_t dos_attr_of(const DosDirEntry *e) {
    if (e->is_dir) return 0x10;
    return (uint8_t)(0x20 | (e->readonly ? 0x01 : 0));
}

/* ---- open / create ---- */

static uint16_t install(Dos *d, DosSft *tmpl, uint16_t *handle) {
    int h = free_handle(d);
    int idx = free_sft(d);
    if (h < 0 || idx < 0) return DOSERR_TOO_MANY_OPEN;
    d->sft[idx] = *tmpl;
    d->sft[idx].refs = 1;
    d->sft[idx].owner_psp = d->cur_psp;
    uint16_t n;
    uint32_t j = dos_jft_addr(d, d->cur_psp, &n);
    wr8(d, j + (uint32_t)h, (uint8_t)idx);
    *handle = (uint16_t)h;
    return DOSERR_NONE;
}

static uint16_t open_device(Dos *d, int dev, uint8_t mode, uint16_t *handle) {
    DosSft s = {0};
    s.kind = SFT_DEVICE;
    s.device = dev;
    s.mode = mode;
    s.fd = -1;
    dos_device_name83(dev, s.name);
    return install(d, &s, handle);
}

/* Open (create: 0 no, 1 create or truncate, 2 create new only) the file named by p. */
static uint16_t open_path(Dos *d, const DosPath *p, uint8_t mode, int create, uint8_t attr,
                          uint16_t *handle) {
    if (p->n == 0 || p->wild) return create ? DOSERR_PATH_NOT_FOUND : DOSERR_FILE_NOT_FOUND;
    uint16_t err = 0;
    int dir = dos_open_parent(d, p, &err);
    if (dir < 0) return err; /* also for a device in a folder that is not there ("IF EXIST D\NUL") */
    if (p->device) {
        close(dir);
        return open_device(d, p->device, mode, handle);
    }
    const char *name = p->comp[p->n - 1];
    DosDirEntry e;
    bool exists = dos_sb_find(dir, name, &e);
    int flags = O_NOFOLLOW | O_CLOEXEC;
    int acc = mode & 7;
    int fd = -1;
    uint16_t result = DOSERR_NONE;
    bool ro = !dos_drive_writable(d, p->drive);
    if (exists && e.is_dir) {
        result = DOSERR_ACCESS_DENIED;
    } else if (ro && (create || (acc != 0 && acc <= 2))) {
        result = create == 2 && exists ? DOSERR_FILE_EXISTS : DOSERR_ACCESS_DENIED;
    } else if (create == 2 && exists) {
        result = DOSERR_FILE_EXISTS;
    } else if (create) {
        if (exists && e.readonly) {
            result = DOSERR_ACCESS_DENIED;
        } else {
            const char *host = exists ? e.host : name;
            fd = openat(dir, host, O_RDWR | O_CREAT | O_TRUNC | flags | (exists ? 0 : O_EXCL),
                        (attr & 1) ? 0444 : 0666);
            dos_disk_changed(d);
            if (fd < 0) result = DOSERR_ACCESS_DENIED; /* e.g. a symbolic link by that name */
            acc = 2;
        }
    } else if (!exists) {
        result = DOSERR_FILE_NOT_FOUND;
    } else if (acc > 2) {
        result = DOSERR_BAD_ACCESS;
    } else if (acc != 0 && e.readonly) {
        result = DOSERR_ACCESS_DENIED;
    } else {
        int how = acc == 0 ? O_RDONLY : acc == 1 ? O_WRONLY : O_RDWR;
        fd = openat(dir, e.host, how | flags);
        if (fd < 0) result = DOSERR_ACCESS_DENIED;
    }
    close(dir);
    if (result) return result;
    struct stat st;
    if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
        close(fd);
        return DOSERR_ACCESS_DENIED;
    }
    DosSft s = {0};
    s.kind = SFT_FILE;
    s.fd = fd;
    s.mode = create ? (uint8_t)((mode & 0xF0) | 2) : mode;
    s.drive = (uint8_t)p->drive;
    s.written = create != 0;
    memcpy(s.name, name, 13);
    result = install(d, &s, handle);
    if (result) close(fd);
    return result;
}

/* Create a file with a unique name in the folder named by DS:DX (5Ah). */
static uint16_t create_temp(Dos *d, uint16_t *handle) {
    char path[DOS_MAX_PATH + 1];
    dos_read_asciiz(d, rDS(d), rDX(d), path, sizeof path);
    size_t len = strlen(path);
    if (len + 9 > DOS_MAX_PATH) return DOSERR_PATH_NOT_FOUND;
    uint32_t seed = (uint32_t)(dos_now_centis(d) & 0xFFFFFFFFu);
    for (int tries = 0; tries < 1000; tries++, seed = seed * 1103515245u + 12345u) {
        char full[DOS_MAX_PATH + 16];
        bool sep = len == 0 || path[len - 1] == '\\' || path[len - 1] == '/' || path[len - 1] == ':';
        snprintf(full, sizeof full, "%s%s%08X", path, sep ? "" : "\\", (unsigned)(seed & 0x7FFFFFFFu));
        DosPath p;
        const char *cwd[26];
        uint16_t e = dos_path_resolve(full, d->cur_drive, dos_cwds(d, cwd), false, &p);
        if (e) return DOSERR_PATH_NOT_FOUND;
        e = open_path(d, &p, 2, 2, (uint8_t)rCX(d), handle);
        if (e == DOSERR_FILE_EXISTS) continue;
        if (!e) dos_write_mem(d, rDS(d), rDX(d), full, strlen(full) + 1);
        return e;
    }
    return DOSERR_CANNOT_MAKE;
}

/* ---- read / write ---- */

static uint32_t io_sectors(uint32_t bytes) { return (bytes + 511) / 512; }

/* Device-layer (and ROM) costs of moving `bytes` of file data. */
static void charge_disk(Dos *d, uint32_t bytes) {
    if (d->costs.off) return;
    uint32_t sec = io_sectors(bytes);
    dos_step(d, STEP_NONE, 0, 0, 0, 0, d->costs.io_request);
    for (uint32_t i = 0; i < sec; i++) {
        if (d->costs.bios_disk) dos_step(d, STEP_INT13, 0x0000, 0, 0, 0x0080, d->costs.io_sector);
        else dos_step(d, STEP_NONE, 0, 0, 0, 0, d->costs.io_sector);
    }
}

uint16_t dos_handle_read_bytes(Dos *d, uint16_t handle, uint8_t *buf, uint16_t n, uint16_t *got) {
    *got = 0;
    int idx = dos_handle_sft(d, handle);
    if (idx < 0) return DOSERR_BAD_HANDLE;
    DosSft *s = &d->sft[idx];
    if ((s->mode & 7) == 1) return DOSERR_ACCESS_DENIED;
    size_t k = 0;
    switch (s->kind) {
    case SFT_FILE: {
        ssize_t r = pread(s->fd, buf, n, (off_t)s->pos);
        if (r < 0) return DOSERR_READ_FAULT;
        k = (size_t)r;
        s->pos += (uint32_t)k;
        charge_disk(d, (uint32_t)k);
        break;
    }
    case SFT_STDIN:
        while (k < n) {
            int b = emu_stdin_byte(d->m);
            if (b < 0) {
                if (k == 0) emu_input_exhausted(d->m);
                break;
            }
            if (d->swallow_lf) {
                d->swallow_lf = false;
                if (b == '\n') continue;
            }
            buf[k++] = (uint8_t)b;
        }
        s->pos += (uint32_t)k;
        if (!d->costs.off) dos_step(d, STEP_NONE, 0, 0, 0, 0, d->costs.io_char * (uint32_t)k);
        break;
    case SFT_STDOUT:
        return DOSERR_ACCESS_DENIED;
    case SFT_DEVICE:
        if (s->device == DOS_DEV_CON) {
            if (s->raw) {
                while (k < n) {
                    int c = dos_con_read_key(d);
                    if (c < 0) break;
                    buf[k++] = (uint8_t)c;
                }
            } else {
                k = dos_con_read_line(d, buf, n);
            }
        }
        if (s->device == DOS_DEV_CLOCK && n >= 6) {
            /* CLOCK$ reads as the driver gives it to DOS: days since 1-1-1980, minutes, hours,
             * hundredths, seconds */
            uint64_t c = dos_now_centis(d);
            uint32_t days = (uint32_t)(c / 8640000u), r = (uint32_t)(c % 8640000u);
            buf[0] = (uint8_t)days;
            buf[1] = (uint8_t)(days >> 8);
            buf[2] = (uint8_t)(r / 6000u % 60u);
            buf[3] = (uint8_t)(r / 360000u);
            buf[4] = (uint8_t)(r % 100u);
            buf[5] = (uint8_t)(r / 100u % 60u);
            k = 6;
        }
        /* NUL, AUX, PRN: nothing to read (end of file) */
        break;
    }
    *got = (uint16_t)k;
    return DOSERR_NONE;
}

uint16_t dos_handle_read(Dos *d, uint16_t handle, uint16_t seg, uint16_t off, uint16_t n,
                         uint16_t *got) {
    static uint8_t buf[0x10000];
    uint16_t e = dos_handle_read_bytes(d, handle, buf, n, got);
    if (!e) dos_write_mem(d, seg, off, buf, *got);
    if (!e && !d->costs.off) d->call_extra += d->costs.per_byte * *got;
    return e;
}

uint16_t dos_handle_write(Dos *d, uint16_t handle, uint16_t seg, uint16_t off, uint16_t n,
                          uint16_t *put) {
    static uint8_t buf[0x10000];
    dos_read_mem(d, seg, off, buf, n);
    uint16_t e = dos_handle_write_bytes(d, handle, buf, n, put);
    if (!e && !d->costs.off) d->call_extra += d->costs.per_byte * *put;
    return e;
}

uint16_t dos_handle_write_bytes(Dos *d, uint16_t handle, const uint8_t *buf, uint16_t n,
                                uint16_t *put) {
    *put = 0;
    int idx = dos_handle_sft(d, handle);
    if (idx < 0) return DOSERR_BAD_HANDLE;
    DosSft *s = &d->sft[idx];
    if ((s->mode & 7) == 0 && s->kind == SFT_FILE) return DOSERR_ACCESS_DENIED;
    switch (s->kind) {
    case SFT_FILE:
        dos_disk_changed(d);
        if (n == 0) { /* a write of nothing sets the file's size to the position */
            if (ftruncate(s->fd, (off_t)s->pos)) return DOSERR_ACCESS_DENIED;
        } else {
            ssize_t w = pwrite(s->fd, buf, n, (off_t)s->pos);
            if (w < 0) return DOSERR_WRITE_FAULT;
            s->pos += (uint32_t)w;
            *put = (uint16_t)w;
            charge_disk(d, (uint32_t)w);
        }
        s->written = true;
        return DOSERR_NONE;
    case SFT_STDOUT:
        emu_machine_output(d->m, buf, n);
        s->pos += n;
        if (!d->costs.off) dos_step(d, STEP_NONE, 0, 0, 0, 0, d->costs.io_char * (uint32_t)n);
        *put = n;
        return DOSERR_NONE;
    case SFT_STDIN:
        return DOSERR_ACCESS_DENIED;
    default:
        if (s->device == DOS_DEV_CON) dos_con_write(d, buf, n, !s->raw, s->to_stdout);
        else if (!d->costs.off) dos_step(d, STEP_NONE, 0, 0, 0, 0, d->costs.io_char * (uint32_t)n);
        *put = n;
        return DOSERR_NONE;
    }
}

/* 67h: a job file table of BX handles. Above 20 it is a block of its own (owned by the
 * process); 20 or fewer go back to the PSP's. Open handles past the new size: error 4. */
static void fn_handle_count(Dos *d) {
    uint16_t want = rBX(d), n;
    uint32_t old = dos_jft_addr(d, d->cur_psp, &n);
    if (want > 255) { dos_fail(d, DOSERR_NO_MEMORY); return; }
    for (uint16_t h = want; h < n; h++)
        if (rd8(d, old + h) != 0xFF) { dos_fail(d, DOSERR_TOO_MANY_OPEN); return; }
    if (want < DOS_JFT_DEFAULT) want = DOS_JFT_DEFAULT;
    uint8_t tab[256];
    memset(tab, 0xFF, sizeof tab);
    for (uint16_t h = 0; h < n && h < want; h++) tab[h] = rd8(d, old + h);
    uint16_t seg = d->cur_psp, off = 0x18;
    if (want > DOS_JFT_DEFAULT) {
        uint16_t lg;
        uint16_t e = dos_arena_alloc(&d->arena, (uint16_t)((want + 15) / 16), d->cur_psp,
                                     d->alloc_strategy & 3, &seg, &lg);
        if (e) { dos_fail(d, e); return; }
        off = 0;
    }
    uint16_t old_seg = rd16(d, lin(d->cur_psp, 0x36));
    if (old_seg != d->cur_psp) dos_arena_free(&d->arena, old_seg);
    dos_write_mem(d, seg, off, tab, want);
    wr16(d, lin(d->cur_psp, 0x32), want);
    wr16(d, lin(d->cur_psp, 0x34), off);
    wr16(d, lin(d->cur_psp, 0x36), seg);
    dos_ok(d);
}

/* ---- the functions ---- */

static void fn_lseek(Dos *d) {
    int idx = dos_handle_sft(d, rBX(d));
    if (idx < 0) { dos_fail(d, DOSERR_BAD_HANDLE); return; }
    DosSft *s = &d->sft[idx];
    uint32_t offv = (uint32_t)rCX(d) << 16 | rDX(d);
    uint32_t base;
    switch (rAL(d)) {
    case 0: base = 0; break;
    case 1: base = s->pos; break;
    case 2: {
        struct stat st;
        base = (s->kind == SFT_FILE && !fstat(s->fd, &st)) ? (uint32_t)st.st_size : 0;
        break;
    }
    default: dos_fail(d, DOSERR_BAD_FUNCTION); return;
    }
    if (s->kind == SFT_FILE) s->pos = base + offv; /* wraps as DOS's 32-bit arithmetic */
    rDX(d) = (uint16_t)(s->pos >> 16);
    rAX(d) = (uint16_t)s->pos;
    dos_ok(d);
}

void dos_fn_files(Dos *d, uint8_t ah) {
    uint16_t e = 0, h = 0, n = 0;
    DosPath p;
    switch (ah) {
    case 0x3C: case 0x3D: case 0x5B:
        e = dos_path_from_guest(d, rDS(d), rDX(d), false, &p);
        if (!e) {
            if (ah == 0x3D) e = open_path(d, &p, rAL(d), 0, 0, &h);
            else e = open_path(d, &p, 2, ah == 0x3C ? 1 : 2, (uint8_t)rCX(d), &h);
        }
        if (e) dos_fail(d, e == DOSERR_FILE_NOT_FOUND && ah != 0x3D ? DOSERR_PATH_NOT_FOUND : e);
        else { rAX(d) = h; dos_ok(d); }
        return;
    case 0x5A:
        e = create_temp(d, &h);
        if (e) dos_fail(d, e);
        else { rAX(d) = h; dos_ok(d); }
        return;
    case 0x3E: {
        int idx = dos_handle_sft(d, rBX(d));
        if (idx < 0) { dos_fail(d, DOSERR_BAD_HANDLE); return; }
        uint16_t cnt;
        uint32_t j = dos_jft_addr(d, d->cur_psp, &cnt);
        wr8(d, j + rBX(d), 0xFF);
        release_sft(d, idx);
        dos_ok(d);
        return;
    }
    case 0x3F:
        e = dos_handle_read(d, rBX(d), rDS(d), rDX(d), rCX(d), &n);
        if (e) dos_fail(d, e);
        else { rAX(d) = n; dos_ok(d); }
        return;
    case 0x40:
        e = dos_handle_write(d, rBX(d), rDS(d), rDX(d), rCX(d), &n);
        if (e) dos_fail(d, e);
        else { rAX(d) = n; dos_ok(d); }
        return;
    case 0x41: dos_fn_unlink(d); return;
    case 0x42: fn_lseek(d); return;
    case 0x43: dos_fn_attrib(d); return;
    case 0x44: dos_fn_ioctl(d); return;
    case 0x45: case 0x46: {
        int idx = dos_handle_sft(d, rBX(d));
        if (idx < 0) { dos_fail(d, DOSERR_BAD_HANDLE); return; }
        uint16_t cnt;
        uint32_t j = dos_jft_addr(d, d->cur_psp, &cnt);
        int to;
        if (ah == 0x45) {
            to = free_handle(d);
            if (to < 0) { dos_fail(d, DOSERR_TOO_MANY_OPEN); return; }
        } else {
            to = rCX(d);
            if (to >= cnt) { dos_fail(d, DOSERR_BAD_HANDLE); return; }
            if (to == rBX(d)) { dos_ok(d); return; }
            int old = dos_handle_sft(d, (uint16_t)to);
            if (old >= 0) release_sft(d, old);
        }
        wr8(d, j + (uint32_t)to, (uint8_t)idx);
        d->sft[idx].refs++;
        if (ah == 0x45) rAX(d) = (uint16_t)to;
        dos_ok(d);
        return;
    }
    case 0x56: dos_fn_rename(d); return;
    case 0x57: dos_fn_filetime(d); return;
    case 0x67: fn_handle_count(d); return;
    }
}
