/* Processes (dos_exec.c): EXEC (4Bh), their end (INT 20h, 00h, 4Ch, Ctrl-C), staying
 * resident (31h, INT 27h), 26h's new PSP, and each process's last INT 21h registers. */
#ifndef EMU86_DOS_EXEC_H
#define EMU86_DOS_EXEC_H

#include "dos_state.h"

/* End a process as MS-DOS's abort/exit code does (type 0 normal, 1 Ctrl-C, 3 resident). The
 * PSP that ends (whose INT 22h-24h are restored) is the caller's CS for INT 20h and AH=00h
 * (dos_caller_psp), the current PSP otherwise. */
void dos_terminate(Dos *d, uint8_t code, uint8_t type, uint16_t this_psp);
/* The caller's CS (the IRET frame at SS:SP): the "PSP" INT 20h/AH=00h/26h take, as MS-DOS
 * does, whatever is there (COMMAND.COM 1.x calls 26h from its transient part, whose segment
 * holds the command tail at 80h and the FCBs at 5Ch for the copy). */
uint16_t dos_caller_psp(Dos *d, uint16_t ss, uint16_t sp);
/* Remember the registers of the current process's INT 21h (at its entry); returns the slot
 * for dos_note_result. */
int dos_note_call(Dos *d, const uint16_t w[8], const uint16_t sreg[4]);
void dos_note_result(Dos *d, int slot, uint16_t psp, const uint16_t w[8], const uint16_t sreg[4]);
void dos_fn_exec(Dos *d);           /* 4Bh */
void dos_fn_create_psp(Dos *d);     /* 26h */
void dos_fn_keep(Dos *d, uint16_t paras, uint8_t code); /* 31h, INT 27h */

#endif
