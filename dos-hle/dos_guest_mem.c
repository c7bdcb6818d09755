/* Guest memory as DOS reads and writes it: blocks and ASCIIZ strings (see dos_guest_mem.h). */
#include "dos_guest_mem.h"

void dos_read_mem(const Dos *d, uint16_t seg, uint16_t off, void *dst, size_t n) {
    uint8_t *p = dst;
    for (size_t i = 0; i < n; i++) p[i] = rd8(d, lin(seg, (uint16_t)(off + i)));
}

void dos_write_mem(Dos *d, uint16_t seg, uint16_t off, const void *src, size_t n) {
    const uint8_t *p = src;
    for (size_t i = 0; i < n; i++) wr8(d, lin(seg, (uint16_t)(off + i)), p[i]);
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
