/* PSPs, command tails, their FCBs, environments and the start of a program (dos_psp.c). */
#ifndef EMU86_DOS_PSP_H
#define EMU86_DOS_PSP_H

#include "dos_state.h"

#include <stddef.h>

void dos_set_vector(Dos *d, uint8_t n, uint16_t seg, uint16_t off);
/* The CALL 5 address of a PSP (offsets 6 and 8) for a block ending at top. */
void dos_psp_call5(Dos *d, uint16_t psp, uint16_t top);
/* A PSP at psp for a block ending at top, with its parent and environment. */
void dos_build_psp(Dos *d, uint16_t psp, uint16_t top, uint16_t parent, uint16_t env);
void dos_set_tail(Dos *d, uint16_t psp, const uint8_t *tail, uint8_t len);
/* Parse the tail into the FCBs at 5Ch/6Ch; returns AX's drive validity. */
uint16_t dos_parse_tail_fcbs(Dos *d, uint16_t psp);
/* AX's drive validity of FCBs already in the PSP. */
uint16_t dos_fcb_drive_validity(Dos *d, uint16_t psp);
uint16_t dos_build_env(Dos *d, uint16_t seg, uint16_t paras, const uint8_t *src, size_t srclen,
                       const char *prog);
/* The program's block (as large as its max allocation asks, at least its min). */
uint16_t dos_alloc_program(Dos *d, const DosImage *img, uint16_t owner, uint16_t *seg, uint16_t *size);
void dos_start_program(Dos *d, uint16_t psp, const DosImage *img, uint16_t load_seg, uint16_t top,
                       uint16_t ax);

#endif
