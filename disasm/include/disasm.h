/* emu86 disassembler: one 8086/8087 instruction at a time, in Intel syntax as NASM prints it
 * ("mov ax,[bx+si+0x12]", "add word [0x1234],byte +0x5", "jmp short 0x6d", "call 0x5678:0x1234",
 * "fadd qword [bx]"), written from the opcode map of Intel's 8086 and 8087 manuals.
 *
 * Every byte sequence decodes: what the 8086 runs is decoded as the 8086 runs it (60h-6Fh as
 * the conditional jumps 70h-7Fh, C0h/C1h/C8h/C9h as RET/RETF, 82h as 80h, 0Fh as POP CS, a
 * segment register number 4-7 as 0-3, FFh /7 as /6, F6h/F7h /1 as /0, D0h-D3h /6 as SETMO,
 * F1h as LOCK); what it has no meaning for (LEA, LES, LDS, far CALL/JMP with a register operand,
 * FEh /2-/7, a sequence cut short) is "db 0xNN" of one byte with flow DIS_FLOW_INVALID.
 * tests/disasm compares the text with NASM's ndisasm over every opcode, ModRM form and prefix
 * (docs/profiler.md, "The disassembler", lists what is normalised and why). No state, no
 * allocation: safe on any bytes. */
#ifndef EMU86_DISASM_H
#define EMU86_DISASM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* How an instruction passes control on. */
typedef enum {
    DIS_FLOW_NONE,    /* to the next instruction */
    DIS_FLOW_JUMP,    /* JMP: to its target only (indirect: unknown) */
    DIS_FLOW_BRANCH,  /* Jcc, LOOP*, JCXZ: to its target or the next */
    DIS_FLOW_CALL,    /* CALL: to its target, then (as a rule) back to the next */
    DIS_FLOW_RETURN,  /* RET, RETF, IRET */
    DIS_FLOW_INT,     /* INT n, INT3, INTO: through a vector, then (as a rule) to the next */
    DIS_FLOW_INVALID, /* no 8086 meaning: "db" */
} DisFlow;

enum { DIS_TEXT_MAX = 96, DIS_MAX_PREFIXES = 14 };

typedef struct DisInsn {
    uint8_t len;          /* bytes, prefixes included (1 for an invalid one) */
    DisFlow flow;
    bool far;             /* a far CALL/JMP (direct: target_seg is set) */
    bool indirect;        /* target from a register or memory: not known */
    bool has_target;      /* direct: target_off (and target_seg when far) */
    uint16_t target_seg, target_off; /* near: target_off in the same CS */
    uint8_t vector;       /* INT n's n (3 for INT3, 4 for INTO) */
    char text[DIS_TEXT_MAX];
} DisInsn;

/* A name for a direct jump or call target (far: seg:off; near: off in the current CS), or NULL
 * to print the number. */
typedef const char *(*DisLabelFn)(void *ctx, bool far, uint16_t seg, uint16_t off);

typedef struct DisOptions {
    DisLabelFn label;     /* NULL: numbers */
    void *ctx;
    bool spaced;          /* ", " between operands (NASM's own listing style) instead of "," */
    bool no_text;         /* out->text left empty (label not called): dis_flow's decode */
} DisOptions;

/* Decode the instruction at code[0..avail) whose first byte is at offset ip of its segment
 * (the base of relative targets). opt may be NULL. Returns out->len (at least 1). */
unsigned dis_decode(const uint8_t *code, size_t avail, uint16_t ip, const DisOptions *opt, DisInsn *out);

/* Length and flow only: out's len, flow, far, indirect, has_target, target_seg, target_off and
 * vector as dis_decode gives them for the same bytes, and an empty text, without the cost of
 * the operands' text (for a scan of code: the profiler's discovery of routines). */
unsigned dis_flow(const uint8_t *code, size_t avail, uint16_t ip, DisInsn *out);

#endif
