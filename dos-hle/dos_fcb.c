/* File control blocks (CP/M-style file I/O of DOS 1, kept by DOS 2): 0Fh-17h, 21h-24h, 27h,
 * 28h, and the name parser 29h. An opened FCB keeps its system file table entry in the FCB's
 * reserved bytes (18h: entry + 1, 19h: 'H'). Record counters behave as in MS-DOS: open sets the
 * current block to 0 and the record size to 128 but not the current record (20h), which the
 * program sets; sequential I/O moves the current record and block, random I/O does not move the
 * random record (21h, 22h) except the block calls (27h, 28h). */
#include "dos_fcb.h"
#include "dos_call.h"
#include "dos_dirs.h"
#include "dos_disk.h"
#include "dos_files.h"
#include "dos_guest_mem.h"
#include "dos_main.h"
#include "dos_sandbox.h"
#include "dos_time.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct Fcb {
    uint32_t a;      /* linear address of the normal FCB part */
    bool ext;
    uint8_t attr;    /* extended FCB's attribute */
} Fcb;

static Fcb fcb_at(Dos *d, uint16_t seg, uint16_t off) {
    Fcb f = {lin(seg, off), false, 0};
    if (rd8(d, f.a) == 0xFF) {
        f.ext = true;
        f.attr = rd8(d, f.a + 6);
        f.a += 7;
    }
    return f;
}

static int fcb_drive(Dos *d, const Fcb *f) {
    uint8_t b = rd8(d, f->a);
    return b == 0 ? d->cur_drive : b - 1;
}

static void fcb_name(Dos *d, const Fcb *f, uint8_t name[11]) {
    for (int i = 0; i < 11; i++) {
        uint8_t c = rd8(d, f->a + 1 + (uint32_t)i);
        name[i] = c >= 'a' && c <= 'z' ? (uint8_t)(c - 32) : c;
    }
}

/* A canonical path for the FCB's file in the current folder of its drive. */
static bool fcb_path(Dos *d, const Fcb *f, DosPath *p) {
    int drv = fcb_drive(d, f);
    if (!dos_drive_valid(d, drv)) return false;
    uint8_t n[11];
    fcb_name(d, f, n);
    char name[13];
    dos_fcb_to_name(n, name);
    if (!name[0]) return false;
    char path[DOS_MAX_CWD + 20];
    snprintf(path, sizeof path, "%c:\\%s%s%s", 'A' + drv, d->cwd[drv], d->cwd[drv][0] ? "\\" : "", name);
    const char *cwd[26];
    return dos_path_resolve(path, d->cur_drive, dos_cwds(d, cwd), true, p) == 0;
}

static uint16_t rec_size(Dos *d, const Fcb *f) {
    uint16_t r = rd16(d, f->a + 0x0E);
    return r ? r : 128;
}

/* An opened FCB's reserved bytes, as MS-DOS 2.0 lays them out where programs look (RECOVER
 * reads the first cluster at 19h): 18h the device byte (the drive, bit 6 set while the file
 * is not written), 19h the file's first cluster as the disk view has it, 1Bh 0; then this
 * DOS's own: 1Dh the system file table entry + 1, 1Eh 'H'. Nothing a program writes there
 * makes DOS write anything: a file changes only through the writes it makes. */
enum { FCB_DEVID = 0x18, FCB_FIRCLUS = 0x19, FCB_CLUSPOS = 0x1B, FCB_SFT = 0x1D, FCB_MARK = 0x1E };

/* The system file table entry of an opened FCB (an entry opened through an FCB: a forged one
 * cannot reach a file opened through a handle). */
static int fcb_sft_index(Dos *d, const Fcb *f) {
    uint8_t k = rd8(d, f->a + FCB_SFT);
    if (rd8(d, f->a + FCB_MARK) != 'H' || k == 0 || k > DOS_SFT_MAX) return -1;
    const DosSft *s = &d->sft[k - 1];
    return s->kind != SFT_FREE && s->fcb ? k - 1 : -1;
}

static DosSft *fcb_sft(Dos *d, const Fcb *f) {
    int k = fcb_sft_index(d, f);
    return k >= 0 && d->sft[k].kind == SFT_FILE ? &d->sft[k] : NULL;
}

/* The first cluster of the FCB's file in the drive's disk view. */
static uint16_t first_cluster(Dos *d, const DosPath *p) {
    uint8_t ent[32];
    if (!dos_disk_dir_entry(d, p->drive, (const char (*)[13])p->comp, p->n - 1, p->comp[p->n - 1], ent))
        return 0;
    return (uint16_t)(ent[26] | ent[27] << 8);
}

static uint32_t file_size(DosSft *s) {
    struct stat st;
    return fstat(s->fd, &st) ? 0 : (uint32_t)st.st_size;
}

/* Open or create the FCB's file; fills the FCB as DOS does. */
static uint8_t open_fcb(Dos *d, bool create) {
    Fcb f = fcb_at(d, rDS(d), rDX(d));
    DosPath p;
    if (!fcb_path(d, &f, &p) || p.wild || p.n == 0) return 0xFF;
    int slot = -1;
    for (int i = 5; i < DOS_SFT_MAX; i++)
        if (d->sft[i].kind == SFT_FREE) { slot = i; break; }
    if (slot < 0) return 0xFF;
    uint16_t err;
    DosSft s = {0};
    s.fd = -1;
    if (p.device) {
        s.kind = SFT_DEVICE;
        s.device = p.device;
        s.mode = 2;
    } else {
        int dir = dos_open_parent(d, &p, &err);
        if (dir < 0) return 0xFF;
        DosDirEntry e;
        bool exists = dos_sb_find(dir, p.comp[p.n - 1], &e);
        int fd = -1;
        if (exists && e.is_dir) fd = -1;
        else if (create && !dos_drive_writable(d, p.drive)) fd = -1;
        else if (create) {
            dos_disk_changed(d);
            if (!(exists && e.readonly))
                fd = openat(dir, exists ? e.host : p.comp[p.n - 1],
                            O_RDWR | O_CREAT | O_TRUNC | O_NOFOLLOW | (exists ? 0 : O_EXCL), 0666);
        } else if (exists) {
            bool rd = e.readonly || !dos_drive_writable(d, p.drive);
            fd = openat(dir, e.host, (rd ? O_RDONLY : O_RDWR) | O_NOFOLLOW);
        }
        close(dir);
        if (fd < 0) return 0xFF;
        s.kind = SFT_FILE;
        s.fd = fd;
        s.mode = 2;
        s.written = create;
    }
    s.drive = (uint8_t)p.drive;
    s.refs = 1;
    s.owner_psp = d->cur_psp;
    s.fcb = true;
    memcpy(s.name, p.comp[p.n - 1], 13);
    d->sft[slot] = s;
    DosSft *o = &d->sft[slot];
    uint16_t date = 0x0021, time = 0;
    uint32_t size = 0;
    if (o->kind == SFT_FILE) {
        struct stat st;
        size = file_size(o);
        if (create) dos_stamp_now(d, &date, &time);
        else if (!fstat(o->fd, &st)) dos_file_datetime((int64_t)st.st_mtime, &date, &time);
    }
    wr8(d, f.a, (uint8_t)(p.drive + 1));
    wr16(d, f.a + 0x0C, 0);
    wr16(d, f.a + 0x0E, 128);
    wr16(d, f.a + 0x10, (uint16_t)size);
    wr16(d, f.a + 0x12, (uint16_t)(size >> 16));
    wr16(d, f.a + 0x14, date);
    wr16(d, f.a + 0x16, time);
    bool dev = o->kind == SFT_DEVICE;
    wr8(d, f.a + FCB_DEVID, (uint8_t)(dev ? 0xC0 : 0x40 | p.drive));
    wr16(d, f.a + FCB_FIRCLUS, dev ? 0 : first_cluster(d, &p));
    wr16(d, f.a + FCB_CLUSPOS, 0);
    wr8(d, f.a + FCB_SFT, (uint8_t)(slot + 1));
    wr8(d, f.a + FCB_MARK, 'H');
    return 0;
}

static uint8_t close_fcb(Dos *d) {
    Fcb f = fcb_at(d, rDS(d), rDX(d));
    int k = fcb_sft_index(d, &f);
    if (k < 0) return 0xFF;
    DosSft *s = &d->sft[k];
    if (s->kind == SFT_FILE) {
        /* a file the guest wrote: the size in the FCB is the one DOS writes back to the
         * directory; one it did not write stays as it is, whatever the FCB says */
        uint32_t size = (uint32_t)rd16(d, f.a + 0x10) | (uint32_t)rd16(d, f.a + 0x12) << 16;
        if (s->written && size != file_size(s)) {
            if (ftruncate(s->fd, (off_t)size)) { /* keep what is there */ }
        }
        if (s->written) {
            dos_set_host_time(s->fd, (int64_t)(dos_now_centis(d) / 100u));
            dos_disk_changed(d);
        }
        close(s->fd);
    }
    memset(s, 0, sizeof *s);
    s->fd = -1;
    wr8(d, f.a + FCB_MARK, 0);
    return 0;
}

/* ---- record I/O ---- */

static uint32_t cur_record(Dos *d, const Fcb *f) {
    return (uint32_t)rd16(d, f->a + 0x0C) * 128u + rd8(d, f->a + 0x20);
}

static void set_cur_record(Dos *d, const Fcb *f, uint32_t r) {
    wr16(d, f->a + 0x0C, (uint16_t)(r / 128u));
    wr8(d, f->a + 0x20, (uint8_t)(r % 128u));
}

static uint32_t random_record(Dos *d, const Fcb *f) {
    uint32_t r = (uint32_t)rd16(d, f->a + 0x21) | (uint32_t)rd8(d, f->a + 0x23) << 16;
    if (rec_size(d, f) < 64) r |= (uint32_t)rd8(d, f->a + 0x24) << 24;
    return r;
}

static void set_random_record(Dos *d, const Fcb *f, uint32_t r) {
    wr16(d, f->a + 0x21, (uint16_t)r);
    wr8(d, f->a + 0x23, (uint8_t)(r >> 16));
    if (rec_size(d, f) < 64) wr8(d, f->a + 0x24, (uint8_t)(r >> 24));
}

/* Read one record to the DTA: 0 full, 1 end of file, 2 DTA too close to the end of its
 * segment, 3 partial (the rest zero-filled). */
static uint8_t read_record(Dos *d, const Fcb *f, uint32_t rec, uint16_t dta_off) {
    DosSft *s = fcb_sft(d, f);
    uint16_t rs = rec_size(d, f);
    if (!s) return 1;
    if ((uint32_t)dta_off + rs > 0x10000u) return 2;
    uint8_t buf[0x10000];
    ssize_t n = pread(s->fd, buf, rs, (off_t)rec * rs);
    if (n <= 0) return 1;
    memset(buf + n, 0, (size_t)(rs - n));
    dos_write_mem(d, d->dta_seg, dta_off, buf, rs);
    if (!d->costs.off) {
        d->call_extra += d->costs.per_byte * rs;
        dos_step(d, STEP_NONE, 0, 0, 0, 0, d->costs.io_request + d->costs.io_sector);
    }
    return n < rs ? 3 : 0;
}

static uint8_t write_record(Dos *d, const Fcb *f, uint32_t rec, uint16_t dta_off) {
    DosSft *s = fcb_sft(d, f);
    uint16_t rs = rec_size(d, f);
    if (!s) return 1;
    if ((uint32_t)dta_off + rs > 0x10000u) return 2;
    uint8_t buf[0x10000];
    dos_read_mem(d, d->dta_seg, dta_off, buf, rs);
    uint32_t at = rec * rs;
    dos_disk_changed(d);
    if (pwrite(s->fd, buf, rs, (off_t)at) != rs) return 1;
    s->written = true;
    wr8(d, f->a + FCB_DEVID, rd8(d, f->a + FCB_DEVID) & 0xBF); /* dirty */
    uint32_t size = (uint32_t)rd16(d, f->a + 0x10) | (uint32_t)rd16(d, f->a + 0x12) << 16;
    if (at + rs > size) {
        size = at + rs;
        wr16(d, f->a + 0x10, (uint16_t)size);
        wr16(d, f->a + 0x12, (uint16_t)(size >> 16));
    }
    if (!d->costs.off) {
        d->call_extra += d->costs.per_byte * rs;
        dos_step(d, STEP_NONE, 0, 0, 0, 0, d->costs.io_request + d->costs.io_sector);
    }
    return 0;
}

static uint8_t block_io(Dos *d, bool write) {
    Fcb f = fcb_at(d, rDS(d), rDX(d));
    uint32_t rec = random_record(d, &f);
    uint16_t n = rCX(d), done = 0;
    uint16_t rs = rec_size(d, &f);
    uint8_t r = 0;
    if (write && n == 0) { /* set the file's size to the random record */
        DosSft *s = fcb_sft(d, &f);
        if (!s) return 1;
        uint32_t size = rec * rs;
        dos_disk_changed(d);
        if (ftruncate(s->fd, (off_t)size)) return 1;
        s->written = true;
        wr16(d, f.a + 0x10, (uint16_t)size);
        wr16(d, f.a + 0x12, (uint16_t)(size >> 16));
        set_cur_record(d, &f, rec);
        return 0;
    }
    uint16_t off = d->dta_off;
    while (done < n) {
        r = write ? write_record(d, &f, rec, off) : read_record(d, &f, rec, off);
        if (r == 1 || r == 2) break;
        done++;
        rec++;
        off = (uint16_t)(off + rs);
        if (r == 3) break;
    }
    rCX(d) = done;
    set_random_record(d, &f, rec);
    set_cur_record(d, &f, rec);
    return r;
}

/* ---- directory searches, delete, rename ---- */

/* Put a found directory entry in the DTA as an unopened FCB: for an extended FCB its header
 * (FFh, 5 zeros, the attribute), then the drive (1 = A) and the 32-byte entry. */
static void put_found(Dos *d, const Fcb *f, int drv, const uint8_t ent[32]) {
    uint32_t a = lin(d->dta_seg, d->dta_off);
    if (f->ext) {
        wr8(d, a, 0xFF);
        for (uint32_t i = 1; i < 6; i++) wr8(d, a + i, 0);
        wr8(d, a + 6, f->attr);
        a += 7;
    }
    wr8(d, a, (uint8_t)(drv + 1));
    for (uint32_t i = 0; i < 32; i++) wr8(d, a + 1 + i, ent[i]);
}

/* 11h/12h. The search's folder is kept in a search slot named in the FCB's reserved bytes (19h
 * 'S', 1Ah entry index, 1Ch slot, 1Dh-1Fh the slot's stamp), so that 12h continues in the
 * folder of 11h as MS-DOS does (it keeps the folder's cluster there). A device name is found
 * (MS-DOS's BUILDFCB entry: blank extension, attribute 0, the time of the search, size 0) and
 * has no next entry. */
static void search(Dos *d, bool first) {
    Fcb f = fcb_at(d, rDS(d), rDX(d));
    uint8_t pat[11];
    fcb_name(d, &f, pat);
    const DosSearch *s;
    uint16_t start = 0, slot;
    uint32_t stamp;
    int drv;
    if (first) {
        drv = fcb_drive(d, &f);
        if (!dos_drive_valid(d, drv)) { setAL(d, 0xFF); return; }
        wr8(d, f.a + 0x19, 0);
        int dev = dos_device_of_fcb(pat);
        if (dev) {
            uint8_t ent[32];
            memset(ent, 0, sizeof ent);
            memcpy(ent, pat, 8);
            memset(ent + 8, ' ', 3);
            uint16_t date, time;
            dos_stamp_now(d, &date, &time);
            ent[22] = (uint8_t)time; ent[23] = (uint8_t)(time >> 8);
            ent[24] = (uint8_t)date; ent[25] = (uint8_t)(date >> 8);
            put_found(d, &f, drv, ent);
            setAL(d, 0);
            return;
        }
        DosPath p;
        char path[DOS_MAX_CWD + 8];
        snprintf(path, sizeof path, "%c:\\%s%sX", 'A' + drv, d->cwd[drv], d->cwd[drv][0] ? "\\" : "");
        const char *cwd[26];
        if (dos_path_resolve(path, d->cur_drive, dos_cwds(d, cwd), false, &p)) { setAL(d, 0xFF); return; }
        slot = dos_search_begin(d, drv, (const char (*)[13])p.comp, p.n - 1, &stamp);
    } else {
        if (rd8(d, f.a + 0x19) != 'S') { setAL(d, 0xFF); return; }
        start = (uint16_t)(rd16(d, f.a + 0x1A) + 1);
        slot = rd8(d, f.a + 0x1C);
        stamp = (uint32_t)rd8(d, f.a + 0x1D) | (uint32_t)rd8(d, f.a + 0x1E) << 8 |
                (uint32_t)rd8(d, f.a + 0x1F) << 16;
    }
    s = dos_search_get(d, slot, stamp, 0xFFFFFFu);
    if (!s) { setAL(d, 0xFF); return; }
    drv = s->drive;
    DosDirEntry e;
    uint16_t idx;
    uint8_t attr = f.ext ? f.attr : 0;
    if (dos_find_matches(d, drv, s->comps, s->n, pat, attr, start, &e, &idx) <= 0) {
        setAL(d, 0xFF);
        return;
    }
    wr8(d, f.a + 0x19, 'S');
    wr16(d, f.a + 0x1A, idx);
    wr8(d, f.a + 0x1C, (uint8_t)slot);
    wr8(d, f.a + 0x1D, (uint8_t)stamp);
    wr8(d, f.a + 0x1E, (uint8_t)(stamp >> 8));
    wr8(d, f.a + 0x1F, (uint8_t)(stamp >> 16));
    /* the entry as the drive's disk view has it, so that its first cluster agrees with what
     * INT 25h and the FAT show (CHKDSK follows it) */
    uint8_t ent[32];
    if (!dos_disk_dir_entry(d, drv, s->comps, s->n, e.name, ent)) {
        memset(ent, 0, sizeof ent);
        if (e.name[0] == '.') {
            memset(ent, ' ', 11);
            memcpy(ent, e.name, strlen(e.name));
        } else {
            dos_name_to_fcb(e.name, ent);
        }
        ent[11] = dos_attr_of(&e);
        uint16_t date = 0x0021, time = 0;
        if (!e.is_dir) dos_file_datetime(e.mtime, &date, &time);
        ent[22] = (uint8_t)time; ent[23] = (uint8_t)(time >> 8);
        ent[24] = (uint8_t)date; ent[25] = (uint8_t)(date >> 8);
        uint32_t size = e.is_dir ? 0 : e.size;
        for (int i = 0; i < 4; i++) ent[28 + i] = (uint8_t)(size >> (8 * i));
    }
    put_found(d, &f, drv, ent);
    setAL(d, 0);
}

/* Files of the FCB's drive folder matching its name: delete them, or rename them. */
static void for_matches(Dos *d, bool rename) {
    Fcb f = fcb_at(d, rDS(d), rDX(d));
    int drv = fcb_drive(d, &f);
    if (!dos_drive_valid(d, drv)) { setAL(d, 0xFF); return; }
    uint8_t pat[11], newpat[11];
    fcb_name(d, &f, pat);
    for (int i = 0; i < 11; i++) {
        uint8_t c = rd8(d, f.a + 0x11 + (uint32_t)i);
        newpat[i] = c >= 'a' && c <= 'z' ? (uint8_t)(c - 32) : c;
    }
    DosPath p;
    char path[DOS_MAX_CWD + 8];
    snprintf(path, sizeof path, "%c:\\%s%sX", 'A' + drv, d->cwd[drv], d->cwd[drv][0] ? "\\" : "");
    const char *cwd[26];
    if (dos_path_resolve(path, d->cur_drive, dos_cwds(d, cwd), false, &p)) { setAL(d, 0xFF); return; }
    if (!dos_drive_writable(d, drv)) { setAL(d, 0xFF); return; }
    int dir = dos_sb_open_dir(d->rootfd[drv], (const char (*)[13])p.comp, p.n - 1);
    if (dir < 0) { setAL(d, 0xFF); return; }
    DosDirEntry *v;
    int n = dos_sb_list(dir, &v);
    int done = 0;
    dos_disk_changed(d);
    for (int i = 0; i < n; i++) {
        uint8_t fn[11];
        dos_name_to_fcb(v[i].name, fn);
        if (v[i].is_dir || !dos_fcb_match(pat, fn)) continue;
        if (!rename) {
            if (!v[i].readonly && !unlinkat(dir, v[i].host, 0)) done++;
            continue;
        }
        uint8_t to[11];
        for (int k = 0; k < 11; k++) to[k] = newpat[k] == '?' ? fn[k] : newpat[k];
        char name[13];
        dos_fcb_to_name(to, name);
        DosDirEntry other;
        if (!name[0] || dos_device_of_fcb(to) || dos_sb_find(dir, name, &other)) continue;
        if (!renameat(dir, v[i].host, dir, name)) done++;
    }
    free(v);
    close(dir);
    setAL(d, done ? 0 : 0xFF);
}

void dos_fn_fcb(Dos *d, uint8_t ah) {
    Fcb f = fcb_at(d, rDS(d), rDX(d));
    uint8_t r;
    switch (ah) {
    case 0x0F: setAL(d, open_fcb(d, false)); return;
    case 0x16: setAL(d, open_fcb(d, true)); return;
    case 0x10: setAL(d, close_fcb(d)); return;
    case 0x11: search(d, true); return;
    case 0x12: search(d, false); return;
    case 0x13: for_matches(d, false); return;
    case 0x17: for_matches(d, true); return;
    case 0x14: case 0x15: {
        uint32_t rec = cur_record(d, &f);
        r = ah == 0x14 ? read_record(d, &f, rec, d->dta_off) : write_record(d, &f, rec, d->dta_off);
        if (r == 0 || r == 3) set_cur_record(d, &f, rec + 1);
        setAL(d, r);
        return;
    }
    case 0x21: case 0x22: {
        uint32_t rec = random_record(d, &f);
        set_cur_record(d, &f, rec);
        r = ah == 0x21 ? read_record(d, &f, rec, d->dta_off) : write_record(d, &f, rec, d->dta_off);
        setAL(d, r);
        return;
    }
    case 0x23: {
        DosPath p;
        if (!fcb_path(d, &f, &p) || p.wild || p.n == 0 || p.device) { setAL(d, 0xFF); return; }
        uint16_t err;
        int dir = dos_open_parent(d, &p, &err);
        if (dir < 0) { setAL(d, 0xFF); return; }
        DosDirEntry e;
        bool ok = dos_sb_find(dir, p.comp[p.n - 1], &e) && !e.is_dir;
        close(dir);
        if (!ok) { setAL(d, 0xFF); return; }
        uint16_t rs = rd16(d, f.a + 0x0E);
        if (!rs) rs = 128;
        set_random_record(d, &f, (e.size + rs - 1) / rs);
        setAL(d, 0);
        return;
    }
    case 0x24: set_random_record(d, &f, cur_record(d, &f)); return;
    case 0x27: setAL(d, block_io(d, false)); return;
    case 0x28: setAL(d, block_io(d, true)); return;
    case 0x29: {
        uint8_t src[128], fcb[12];
        dos_read_mem(d, rDS(d), rSI(d), src, sizeof src);
        dos_read_mem(d, rES(d), rDI(d), fcb, sizeof fcb);
        size_t used = 0;
        r = dos_parse_fcb_name(src, sizeof src, rAL(d), fcb, &used, dos_fcb_drive_ok, d);
        dos_write_mem(d, rES(d), rDI(d), fcb, sizeof fcb);
        rSI(d) = (uint16_t)(rSI(d) + used);
        setAL(d, r);
        return;
    }
    }
}
