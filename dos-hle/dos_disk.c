/* What a program learns about a drive as a disk: the FAT-info calls (1Bh, 1Ch, 36h), the drive
 * parameter blocks (1Fh, 32h), absolute reads (INT 25h) and the directory entries FCB searches
 * give, all from one read-only FAT view of the drive's folder (dos_fatview.h); absolute writes
 * (INT 26h) are refused as write-protected. The view is computed when first asked for and kept
 * until the guest changes something on the host (dos_disk_changed). */
#include "dos_disk.h"
#include "dos_call.h"
#include "dos_fatview.h"
#include "dos_guest_mem.h"
#include "dos_main.h"

#include <stdio.h>
#include <string.h>

#define DPB_SIZE 0x60u
#define DPB_SLOTS ((DD_FAT - 1u - DD_DPB) / DPB_SIZE)
#define FAT_COPY_BYTES (0x1800u - DD_FAT)

void dos_disk_changed(Dos *d) {
    for (int i = 0; i < 26; i++) {
        dos_fatview_free(d->view[i]);
        d->view[i] = NULL;
    }
}

static DosFatView *disk_view(Dos *d, int drive) {
    if (!dos_drive_valid(d, drive)) return NULL;
    if (!d->view[drive]) d->view[drive] = dos_fatview_build(d->rootfd[drive], d->cfg.version_major >= 2);
    return d->view[drive];
}

bool dos_disk_dir_entry(Dos *d, int drive, const char (*comps)[13], int n, const char *name,
                        uint8_t ent[32]) {
    DosFatView *v = disk_view(d, drive);
    if (!v) return false;
    int dir = dos_fatview_find(v, comps, n);
    int node = dos_fatview_child(v, dir, name);
    if (node < 0) return false;
    dos_fatview_entry(v, node, name[0] == '.' ? name : NULL, ent);
    return true;
}

/* ---- FAT info (1Bh, 1Ch, 36h) ---- */

static int drive_arg(Dos *d, uint8_t dl) { return dl == 0 ? d->cur_drive : dl - 1; }

/* The FAT in DOS's memory, as DOS 1 kept it: 1Bh/1Ch's DS:BX points at its first byte, the
 * media byte (DOS 1 programs such as CHKDSK 1.25 read the FAT there; the byte before it is
 * DOS 1's dirty flag). What a program writes there changes nothing. */
static void copy_fat(Dos *d, const DosFatView *v) {
    uint32_t n = v->fat_sectors * DOS_FATVIEW_SECTOR;
    if (n > FAT_COPY_BYTES) n = FAT_COPY_BYTES;
    dos_write_mem(d, DOS_DATA_SEG, DD_FAT, v->fat, n);
    wr8(d, lin(DOS_DATA_SEG, DD_FAT - 1), 0);
}

static void fat_info(Dos *d, int drv) {
    DosFatView *v = disk_view(d, drv);
    if (!v) {
        setAL(d, 0xFF);
        return;
    }
    copy_fat(d, v);
    setAL(d, v->spc);
    rCX(d) = DOS_FATVIEW_SECTOR;
    rDX(d) = (uint16_t)v->clusters;
    rDS(d) = DOS_DATA_SEG;
    rBX(d) = DD_FAT;
}

static void free_space(Dos *d, int drv) {
    DosFatView *v = disk_view(d, drv);
    if (!v) {
        rAX(d) = 0xFFFF;
        return;
    }
    rAX(d) = v->spc;
    rBX(d) = (uint16_t)dos_fatview_free_clusters(v);
    rCX(d) = DOS_FATVIEW_SECTOR;
    rDX(d) = (uint16_t)v->clusters;
}

/* ---- drive parameter blocks (1Fh, 32h) ---- */

/* A drive's DPB slot (by its rank among the drives), or -1. */
static int dpb_slot(const Dos *d, int drive) {
    int k = 0;
    for (int i = 0; i < drive; i++)
        if (dos_drive_valid(d, i)) k++;
    return k < (int)DPB_SLOTS ? k : -1;
}

static uint16_t dpb_off(int slot) { return (uint16_t)(DD_DPB + (unsigned)slot * DPB_SIZE); }

/* DOS 2's DPB ends with the drive's current folder: its first cluster (1Ch) and its path
 * (1Eh, without the drive and the first backslash). */
static void dpb_current_dir(Dos *d, int drive, uint32_t dpb) {
    DosFatView *v = disk_view(d, drive);
    char path[DOS_MAX_CWD + 8];
    snprintf(path, sizeof path, "%c:\\%s", 'A' + drive, d->cwd[drive]);
    DosPath p;
    const char *cwd[26];
    int node = -1;
    if (v && !dos_path_resolve(path, drive, dos_cwds(d, cwd), false, &p))
        node = dos_fatview_find(v, (const char (*)[13])p.comp, p.n);
    wr16(d, dpb + 0x1C, node <= 0 ? 0 : (uint16_t)v->node[node].first);
    size_t n = strlen(d->cwd[drive]);
    for (uint32_t i = 0; i < 64; i++) wr8(d, dpb + 0x1E + i, i < n ? (uint8_t)d->cwd[drive][i] : 0);
}

/* The layout follows the version INT 21h AH=30h reports: DOS 2 (current folder at 18h), 3
 * (free-cluster fields at 1Ch), 4 (the FAT's sector count a word). */
static bool build_dpb(Dos *d, int drive, uint16_t *off) {
    DosFatView *v = disk_view(d, drive);
    int slot = dpb_slot(d, drive);
    if (!v || slot < 0) return false;
    *off = dpb_off(slot);
    uint32_t a = lin(DOS_DATA_SEG, *off);
    for (uint32_t i = 0; i < DPB_SIZE; i++) wr8(d, a + i, 0);
    uint8_t shift = 0;
    while ((1u << shift) < v->spc) shift++;
    bool v4 = d->cfg.version_major >= 4;
    wr8(d, a + 0x00, (uint8_t)drive);
    wr8(d, a + 0x01, (uint8_t)slot);
    wr16(d, a + 0x02, DOS_FATVIEW_SECTOR);
    wr8(d, a + 0x04, (uint8_t)(v->spc - 1));
    wr8(d, a + 0x05, shift);
    wr16(d, a + 0x06, (uint16_t)v->reserved);
    wr8(d, a + 0x08, v->nfats);
    wr16(d, a + 0x09, v->root_entries);
    wr16(d, a + 0x0B, (uint16_t)v->data_sector);
    wr16(d, a + 0x0D, (uint16_t)(v->clusters + 1));
    if (v4) wr16(d, a + 0x0F, (uint16_t)v->fat_sectors);
    else wr8(d, a + 0x0F, (uint8_t)v->fat_sectors);
    a += v4; /* DOS 4: everything after the FAT size one byte further */
    wr16(d, a + 0x10, (uint16_t)v->root_sector);
    wr16(d, a + 0x12, DD_NUL); /* no block driver to call: the NUL device's header */
    wr16(d, a + 0x14, DOS_DATA_SEG);
    wr8(d, a + 0x16, v->media);
    wr8(d, a + 0x17, 0);      /* accessed */
    wr16(d, a + 0x18, 0xFFFF); /* no next DPB */
    wr16(d, a + 0x1A, 0xFFFF);
    if (d->cfg.version_major < 3) {
        dpb_current_dir(d, drive, a);
    } else {
        wr16(d, a + 0x1C, (uint16_t)(v->used + 1));
        wr16(d, a + 0x1E, (uint16_t)dos_fatview_free_clusters(v));
    }
    return true;
}

static void get_dpb(Dos *d, int drive) {
    uint16_t off;
    if (!build_dpb(d, drive, &off)) {
        setAL(d, 0xFF);
        return;
    }
    setAL(d, 0);
    rDS(d) = DOS_DATA_SEG;
    rBX(d) = off;
}

void dos_disk_cwd_changed(Dos *d, int drive) {
    int slot = dpb_slot(d, drive);
    if (slot >= 0 && d->cfg.version_major < 3 && d->dpb_given[drive])
        dpb_current_dir(d, drive, lin(DOS_DATA_SEG, dpb_off(slot)));
}

void dos_fn_disk(Dos *d, uint8_t ah) {
    switch (ah) {
    case 0x1B: fat_info(d, d->cur_drive); return;
    case 0x1C: fat_info(d, drive_arg(d, rDL(d))); return;
    case 0x36: free_space(d, drive_arg(d, rDL(d))); return;
    case 0x1F: case 0x32: {
        int drv = ah == 0x1F ? d->cur_drive : drive_arg(d, rDL(d));
        get_dpb(d, drv);
        if (dos_drive_valid(d, drv)) d->dpb_given[drv] = true;
        return;
    }
    }
}

/* ---- INT 25h / INT 26h ---- */

/* BIOS status in AH, DOS's critical-error code in AL, as the real calls return them. */
#define ABS_NOT_READY 0x8002u    /* no such drive */
#define ABS_NOT_FOUND 0x0408u    /* a sector past the end of the disk */
#define ABS_WRITE_PROTECT 0x0300u
#define ABS_MAX_SECTORS 2048u    /* 1 MiB: more would only wrap around memory */

uint32_t dos_abs_disk(Dos *d, EmuCpu *c, bool write) {
    uint8_t drive = (uint8_t)c->r.w[EMU_AX];
    uint32_t start = c->r.w[EMU_DX], count = c->r.w[EMU_CX];
    uint16_t seg = c->sreg[EMU_DS], off = c->r.w[EMU_BX];
    if (count == 0xFFFF) { /* DOS 4's packet: start (dword), count, buffer (far pointer) */
        uint32_t p = lin(seg, off);
        start = rd16(d, p) | (uint32_t)rd16(d, p + 2) << 16;
        count = rd16(d, p + 4);
        off = rd16(d, p + 6);
        seg = rd16(d, p + 8);
    }
    uint16_t ax = 0;
    DosFatView *v = disk_view(d, drive);
    uint32_t cost = d->costs.call + d->costs.io_request;
    if (!v) ax = ABS_NOT_READY;
    else if (write) ax = ABS_WRITE_PROTECT; /* a read-only disk: nothing reaches the host */
    else if (count > ABS_MAX_SECTORS || start + count > v->total_sectors || start + count < start)
        ax = ABS_NOT_FOUND;
    else {
        uint8_t sec[DOS_FATVIEW_SECTOR];
        uint32_t a = lin(seg, off);
        for (uint32_t i = 0; i < count; i++) {
            dos_fatview_read(v, d->rootfd[drive], start + i, sec);
            for (uint32_t k = 0; k < DOS_FATVIEW_SECTOR; k++) wr8(d, a + i * DOS_FATVIEW_SECTOR + k, sec[k]);
        }
        cost += count * (d->costs.io_sector + d->costs.per_byte * DOS_FATVIEW_SECTOR);
    }
    c->r.w[EMU_AX] = ax;
    if (ax) c->flags |= EMU_FLAG_CF;
    else c->flags &= (uint16_t)~EMU_FLAG_CF;
    return d->costs.off ? 0 : cost;
}
