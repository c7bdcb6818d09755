/* MZ header checks and image placement. Every inconsistency is a clear error, never a guess:
 * a lying header is refused before anything is loaded. As MS-DOS's EXEC (2.0-4.0 source,
 * EXEC.ASM), the load module is the header's whole 512-byte pages less the header, and a file
 * shorter than that by less than 512 bytes is fine: DOS reads what is there (MS-DOS 2.0's own
 * SORT.EXE is 2 bytes shorter than its header says). */
#include "dos_image.h"

#include <stdio.h>
#include <string.h>

static uint16_t rd16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }

bool dos_image_check(const uint8_t *f, size_t len, DosImage *img, char *err, size_t errlen) {
    memset(img, 0, sizeof *img);
    img->size = len;
    if (len < 2 || !((f[0] == 'M' && f[1] == 'Z') || (f[0] == 'Z' && f[1] == 'M'))) {
        if (len > DOS_COM_MAX) {
            snprintf(err, errlen, "too large for a .COM program (%zu bytes; at most 65,280)", len);
            return false;
        }
        return true; /* a .COM: any bytes at all, even none (DOS ran a 0-byte .COM too) */
    }
    img->is_exe = true;
    DosMz *z = &img->mz;
    if (len < 0x1C) {
        snprintf(err, errlen, "truncated MZ header (%zu bytes; the header needs 28)", len);
        return false;
    }
    z->last_page = rd16(f + 2);
    z->pages = rd16(f + 4);
    z->nrelocs = rd16(f + 6);
    z->header_paras = rd16(f + 8);
    z->min_alloc = rd16(f + 10);
    z->max_alloc = rd16(f + 12);
    z->ss = rd16(f + 14);
    z->sp = rd16(f + 16);
    z->checksum = rd16(f + 18);
    z->ip = rd16(f + 20);
    z->cs = rd16(f + 22);
    z->reloc_off = rd16(f + 24);
    if (z->pages == 0) {
        snprintf(err, errlen, "inconsistent MZ header: zero pages");
        return false;
    }
    if (z->last_page > 512) {
        snprintf(err, errlen, "inconsistent MZ header: %u bytes in the last 512-byte page",
                 z->last_page);
        return false;
    }
    uint32_t declared = (uint32_t)(z->pages - 1) * 512u + (z->last_page ? z->last_page : 512u);
    z->image_off = (uint32_t)z->header_paras * 16u;
    if (z->image_off < 0x1C) {
        snprintf(err, errlen, "inconsistent MZ header: header of %u paragraphs is too small",
                 z->header_paras);
        return false;
    }
    if (z->image_off > len) {
        snprintf(err, errlen, "truncated MZ file: header size %u bytes is past the end (%zu bytes)",
                 (unsigned)z->image_off, len);
        return false;
    }
    if (z->image_off > declared) {
        snprintf(err, errlen, "inconsistent MZ header: header (%u bytes) larger than the file it "
                 "describes (%u bytes)", (unsigned)z->image_off, (unsigned)declared);
        return false;
    }
    uint32_t rend = (uint32_t)z->reloc_off + (uint32_t)z->nrelocs * 4u;
    if (z->nrelocs && (z->reloc_off < 0x1C || rend > z->image_off)) {
        snprintf(err, errlen, "inconsistent MZ header: relocation table (%u entries at %u) "
                 "past the end of the header (%u bytes)", z->nrelocs, z->reloc_off,
                 (unsigned)z->image_off);
        return false;
    }
    uint32_t paged = (uint32_t)z->pages * 512u;
    if (paged > len && paged - len >= 512u) {
        /* MS-DOS 4.0: "if we are off by 512 bytes or more then the header lied" */
        snprintf(err, errlen, "truncated MZ file: the header says %u bytes, the file has %zu",
                 (unsigned)declared, len);
        return false;
    }
    z->image_size = paged - z->image_off;
    z->file_bytes = (uint32_t)(len < paged ? len : paged) - z->image_off;
    if (z->image_size > 0xA0000u) {
        snprintf(err, errlen, "the program image (%u bytes) is larger than memory",
                 (unsigned)z->image_size);
        return false;
    }
    return true;
}

static uint32_t image_paras(const DosImage *img) {
    uint32_t bytes = img->is_exe ? img->mz.image_size : (uint32_t)img->size;
    return (bytes + 15) / 16 + 0x10; /* PSP included */
}

uint32_t dos_image_min_paras(const DosImage *img) {
    if (!img->is_exe) return image_paras(img) + 0x10; /* and room for a small stack */
    return image_paras(img) + img->mz.min_alloc;
}

uint32_t dos_image_max_paras(const DosImage *img) {
    if (!img->is_exe) return 0x100000u; /* a .COM gets the largest block */
    if (img->mz.max_alloc == 0) return 0x100000u; /* load high: all of the largest block */
    uint32_t want = image_paras(img) + img->mz.max_alloc;
    uint32_t least = dos_image_min_paras(img);
    return want < least ? least : want;
}

uint16_t dos_image_load_seg(const DosImage *img, uint16_t psp, uint16_t top) {
    if (img->is_exe && img->mz.max_alloc == 0)
        return (uint16_t)(top - (img->mz.image_size + 15) / 16);
    return (uint16_t)(psp + 0x10);
}

bool dos_image_place(const uint8_t *f, const DosImage *img, uint8_t *mem, uint16_t load_seg,
                     uint16_t reloc_seg, uint16_t block_end_seg, char *err, size_t errlen) {
    uint32_t base = (uint32_t)load_seg * 16u, limit = (uint32_t)block_end_seg * 16u;
    if (!img->is_exe) {
        if (base + img->size > limit) {
            snprintf(err, errlen, "not enough memory for the program");
            return false;
        }
        memcpy(mem + base, f, img->size);
        return true;
    }
    const DosMz *z = &img->mz;
    if (base + z->image_size > limit) {
        snprintf(err, errlen, "not enough memory for the program (%u bytes)",
                 (unsigned)z->image_size);
        return false;
    }
    memcpy(mem + base, f + z->image_off, z->file_bytes); /* the rest: as it was, as DOS */
    for (uint32_t i = 0; i < z->nrelocs; i++) {
        const uint8_t *r = f + z->reloc_off + i * 4u;
        uint32_t at = base + rd16(r) + (uint32_t)rd16(r + 2) * 16u;
        if (at + 2 > limit || at + 2 > 0xA0000u) {
            snprintf(err, errlen, "relocation %u (%04X:%04X) points outside the program", i,
                     rd16(r + 2), rd16(r));
            return false;
        }
        uint16_t v = (uint16_t)(mem[at] | mem[at + 1] << 8);
        v = (uint16_t)(v + reloc_seg);
        mem[at] = (uint8_t)v;
        mem[at + 1] = (uint8_t)(v >> 8);
    }
    return true;
}
