/* Guest memory as DOS reads and writes it: blocks and ASCIIZ strings (see dos_guest_mem.h). */
#include "dos_guest_mem.h"

#include <string.h>

/* How many of the n bytes from seg:off lie in one piece of plain memory: before the offset
 * wraps in the segment, the address at 1 MiB, or (limit EMU_ROM_BASE, for writes) the ROM. */
static size_t flat_run(uint16_t seg, uint16_t off, size_t n, uint32_t limit) {
    const uint32_t a = lin(seg, off);
    if (a >= limit) return 0;
    size_t k = 0x10000u - off;
    if (k > limit - a) k = limit - a;
    return k < n ? k : n;
}

/* (copied a piece at a time: FIND's 3 MB of reads were a fifth of its host time byte by byte) */
void dos_read_mem(const Dos *d, uint16_t seg, uint16_t off, void *dst, size_t n) {
    uint8_t *p = dst;
    while (n) {
        const size_t k = flat_run(seg, off, n, EMU_MEM_SIZE);
        if (k) {
            memcpy(p, d->mem + lin(seg, off), k);
        } else {
            *p = rd8(d, lin(seg, off));
        }
        const size_t done = k ? k : 1;
        p += done;
        n -= done;
        off = (uint16_t)(off + done);
    }
}

void dos_write_mem(Dos *d, uint16_t seg, uint16_t off, const void *src, size_t n) {
    const uint8_t *p = src;
    while (n) {
        const size_t k = flat_run(seg, off, n, EMU_ROM_BASE);
        if (k) {
            memcpy(d->mem + lin(seg, off), p, k);
            dos_mem_wrote(d, lin(seg, off), (uint32_t)k);
        } else {
            wr8(d, lin(seg, off), *p);
        }
        const size_t done = k ? k : 1;
        p += done;
        n -= done;
        off = (uint16_t)(off + done);
    }
}

void dos_read_asciiz(const Dos *d, uint16_t seg, uint16_t off, char *dst, size_t max) {
    size_t i = 0;
    for (; i + 1 < max; i++) {
        uint8_t c = rd8(d, lin(seg, (uint16_t)(off + i)));
        if (!c) break;
        dst[i] = (char)c;
    }
    dst[i] = 0;
}

bool dos_place_image(Dos *d, const uint8_t *file, const DosImage *img, uint16_t load_seg, uint16_t reloc_seg,
                     uint16_t block_end_seg, char *err, size_t errlen) {
    const bool ok = dos_image_place(file, img, d->mem, load_seg, reloc_seg, block_end_seg, err, errlen);
    /* (written in part, maybe, where it failed) */
    if (block_end_seg > load_seg) dos_mem_wrote(d, lin(load_seg, 0), (uint32_t)(block_end_seg - load_seg) * 16u);
    return ok;
}
