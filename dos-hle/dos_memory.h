/* The memory arena: a chain of memory control blocks (MCBs) in guest memory, as DOS keeps it.
 * An MCB is the paragraph before its block: byte 0 'M' (more follow) or 'Z' (last), word 1 the
 * owner (a PSP segment, 0 = free, 8 = DOS), word 3 the block's size in paragraphs. The chain
 * runs from the first MCB to the top of memory; every function keeps it valid. */
#ifndef EMU86_DOS_MEMORY_H
#define EMU86_DOS_MEMORY_H

#include "emu.h"

#include <stdint.h>

#define DOS_MCB_FREE 0x0000u
#define DOS_MCB_DOS 0x0008u

enum { DOS_FIT_FIRST = 0, DOS_FIT_BEST = 1, DOS_FIT_LAST = 2 };

typedef struct DosArena {
    uint8_t *mem;       /* 1 MiB guest memory */
    EmuCpu *cpu;        /* told of every MCB written (emu_cpu_mem_written), or NULL */
    uint16_t first;     /* segment of the first MCB */
    uint16_t top;       /* first paragraph past the arena (A000h) */
} DosArena;

/* One free block from first+1 up to top. */
void dos_arena_init(DosArena *a, uint8_t *mem, EmuCpu *cpu, uint16_t first, uint16_t top);
/* Allocate `paras` for `owner`: returns 0 and the block's segment in *seg, or an error code
 * (8 = not enough memory, with the largest free block in *largest; 7 = chain destroyed). */
uint16_t dos_arena_alloc(DosArena *a, uint16_t paras, uint16_t owner, int strategy, uint16_t *seg,
                         uint16_t *largest);
/* Free the block at seg (9 = no MCB there, 7 = chain destroyed). */
uint16_t dos_arena_free(DosArena *a, uint16_t seg);
/* Resize the block at seg. When it cannot grow as asked it grows as far as it can (as MS-DOS
 * 2.1-6.0 did) and returns 8 with that size in *largest. */
uint16_t dos_arena_resize(DosArena *a, uint16_t seg, uint16_t paras, uint16_t *largest);
/* Free every block owned by psp. */
void dos_arena_free_owned(DosArena *a, uint16_t psp);
/* The chain is well formed (signatures, ends exactly at top). */
int dos_arena_valid(const DosArena *a);
/* Set the owner of the block at seg. */
void dos_arena_set_owner(DosArena *a, uint16_t seg, uint16_t owner);
/* Size of the largest free block (after merging neighbours). */
uint16_t dos_arena_largest(DosArena *a);

#endif
