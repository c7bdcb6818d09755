/* Guest memory as DOS reads and writes it (dos_guest_mem.c): linear addresses, bytes and
 * words (wrapping at 1 MiB; writes to the ROM at F0000h and above are ignored), blocks and
 * ASCIIZ strings. The emulator's own helpers of this kind are private to emu/ (emu.h gives
 * emu_linear and emu_machine_mem only): this is dos-hle's one copy. */
#ifndef EMU86_DOS_GUEST_MEM_H
#define EMU86_DOS_GUEST_MEM_H

#include "dos_state.h"

#include <stddef.h>

static inline uint32_t lin(uint16_t seg, uint16_t off) { return ((uint32_t)seg << 4) + off; }
static inline uint8_t rd8(const Dos *d, uint32_t a) { return d->mem[a & 0xFFFFF]; }
static inline uint16_t rd16(const Dos *d, uint32_t a) {
    return (uint16_t)(d->mem[a & 0xFFFFF] | d->mem[(a + 1) & 0xFFFFF] << 8);
}
static inline void wr8(Dos *d, uint32_t a, uint8_t v) {
    a &= 0xFFFFF;
    if (a < 0xF0000) d->mem[a] = v;
}
static inline void wr16(Dos *d, uint32_t a, uint16_t v) {
    wr8(d, a, (uint8_t)v);
    wr8(d, a + 1, (uint8_t)(v >> 8));
}
void dos_read_mem(const Dos *d, uint16_t seg, uint16_t off, void *dst, size_t n);
void dos_write_mem(Dos *d, uint16_t seg, uint16_t off, const void *src, size_t n);
/* An ASCIIZ string from seg:off (at most max-1 characters). */
void dos_read_asciiz(const Dos *d, uint16_t seg, uint16_t off, char *dst, size_t max);

#endif
