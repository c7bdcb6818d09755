/* Guest memory as DOS reads and writes it (dos_guest_mem.c): linear addresses, bytes and
 * words (wrapping at 1 MiB; writes to the ROM at F0000h and above are ignored), blocks and
 * ASCIIZ strings: emu.h's emu_peek/emu_poke on the machine's memory, under DOS's names, each
 * write said to the CPU (dos_mem_wrote). */
#ifndef EMU86_DOS_GUEST_MEM_H
#define EMU86_DOS_GUEST_MEM_H

#include "dos_state.h"

#include <stdbool.h>
#include <stddef.h>

static inline uint32_t lin(uint16_t seg, uint16_t off) { return ((uint32_t)seg << 4) + off; }
static inline uint8_t rd8(const Dos *d, uint32_t a) { return emu_peek8(d->mem, a); }
static inline uint16_t rd16(const Dos *d, uint32_t a) { return emu_peek16(d->mem, a); }
/* The n bytes from a were written (by DOS: emu_cpu_mem_written; every write below says so). */
static inline void dos_mem_wrote(Dos *d, uint32_t a, uint32_t n) {
    if (d->m) emu_cpu_mem_written(emu_machine_cpu(d->m), a, n);
}
static inline void wr8(Dos *d, uint32_t a, uint8_t v) {
    emu_poke8(d->mem, a, v);
    dos_mem_wrote(d, a, 1);
}
static inline void wr16(Dos *d, uint32_t a, uint16_t v) {
    emu_poke16(d->mem, a, v);
    dos_mem_wrote(d, a, 2);
}
void dos_read_mem(const Dos *d, uint16_t seg, uint16_t off, void *dst, size_t n);
void dos_write_mem(Dos *d, uint16_t seg, uint16_t off, const void *src, size_t n);
/* dos_image_place in the machine's memory, the block it may have written said (dos_mem_wrote). */
bool dos_place_image(Dos *d, const uint8_t *file, const DosImage *img, uint16_t load_seg, uint16_t reloc_seg,
                     uint16_t block_end_seg, char *err, size_t errlen);
/* An ASCIIZ string from seg:off (at most max-1 characters). */
void dos_read_asciiz(const Dos *d, uint16_t seg, uint16_t off, char *dst, size_t max);

#endif
