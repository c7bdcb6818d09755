/* Internal to the disassembler: the decoded form and the text writer shared by the integer
 * (disasm.c) and 8087 (disasm_fpu.c) decoders. */
#ifndef EMU86_DISASM_INTERNAL_H
#define EMU86_DISASM_INTERNAL_H

#include "disasm.h"

/* The bytes being decoded: a cursor that notes running past the end. */
typedef struct DisBytes {
    const uint8_t *code;
    size_t avail, at;
    bool short_read;
} DisBytes;

uint8_t dis_u8(DisBytes *b);
uint16_t dis_u16(DisBytes *b);

/* A ModRM byte and its displacement. */
typedef struct DisModrm {
    uint8_t mod, reg, rm;
    uint16_t disp;
} DisModrm;

void dis_modrm(DisBytes *b, DisModrm *m);

/* The text under construction (always NUL-terminated, cut at DIS_TEXT_MAX - 1). */
typedef struct DisText {
    char *p;
    size_t len;
    bool spaced;
} DisText;

void dis_puts(DisText *t, const char *s);
void dis_hex(DisText *t, uint32_t v);        /* 0x1a */
void dis_comma(DisText *t);                  /* "," or ", " */

/* The memory operand [seg:base+disp] (seg < 0: no override), after an optional size word
 * ("byte ", "word ", "far ", "dword ", "qword ", "tword " or ""). */
void dis_mem(DisText *t, const DisModrm *m, int seg, const char *size);

extern const char *const dis_sreg[4];

/* The 8087 instruction of opcode D8h-DFh (ESC) with its ModRM already read; false when the
 * 8087 has none there (the caller then prints the ESC form). */
bool dis_fpu(DisText *t, uint8_t op, const DisModrm *m, int seg);

#endif
