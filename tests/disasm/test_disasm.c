/* The disassembler's 8086 readings of what later CPUs (and ndisasm) read otherwise, its flow
 * information, labels, the spaced style, and bytes that run short; then every 1- to 3-byte
 * sequence and random longer ones decode without reading past their end. */
#include "disasm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

typedef struct Case {
    const char *bytes; /* hex */
    const char *text;
    unsigned len;
    DisFlow flow;
} Case;

static size_t unhex(const char *h, uint8_t *out) {
    size_t n = 0;
    for (; h[0] && h[1]; h += 2) {
        unsigned v;
        sscanf(h, "%2x", &v);
        out[n++] = (uint8_t)v;
    }
    return n;
}

static const Case cases[] = {
    /* the 8086's own readings */
    {"0F", "pop cs", 1, DIS_FLOW_NONE},
    {"60FE", "jo 0x0", 2, DIS_FLOW_BRANCH},
    {"6F10", "jg 0x12", 2, DIS_FLOW_BRANCH},
    {"C00400", "ret 0x4", 3, DIS_FLOW_RETURN},
    {"C1", "ret", 1, DIS_FLOW_RETURN},
    {"C80200", "retf 0x2", 3, DIS_FLOW_RETURN},
    {"C9", "retf", 1, DIS_FLOW_RETURN},
    {"82C005", "add al,0x5", 3, DIS_FLOW_NONE},
    {"823F05", "cmp byte [bx],0x5", 3, DIS_FLOW_NONE},
    {"8CE0", "mov ax,es", 2, DIS_FLOW_NONE},
    {"8EF8", "mov ds,ax", 2, DIS_FLOW_NONE},
    {"8E06341289", "mov es,[0x1234]", 4, DIS_FLOW_NONE},
    {"8F0F", "pop word [bx]", 2, DIS_FLOW_NONE},
    {"C6C805", "mov al,0x5", 3, DIS_FLOW_NONE},
    {"C70F3412", "mov word [bx],0x1234", 4, DIS_FLOW_NONE},
    {"F6C805", "test al,0x5", 3, DIS_FLOW_NONE},
    {"F70F3412", "test word [bx],0x1234", 4, DIS_FLOW_NONE},
    {"D0F0", "setmo al,1", 2, DIS_FLOW_NONE},
    {"D3F0", "setmoc ax,cl", 2, DIS_FLOW_NONE},
    {"FF3F", "push word [bx]", 2, DIS_FLOW_NONE},
    {"F190", "lock nop", 2, DIS_FLOW_NONE},
    {"D6", "salc", 1, DIS_FLOW_NONE},
    {"9B", "wait", 1, DIS_FLOW_NONE},
    {"9BDBE3", "wait", 1, DIS_FLOW_NONE},
    {"F390", "rep nop", 2, DIS_FLOW_NONE},
    /* no meaning to the 8086: one byte of data */
    {"8DC0", "db 0x8d", 1, DIS_FLOW_INVALID},
    {"C4C0", "db 0xc4", 1, DIS_FLOW_INVALID},
    {"FED0", "db 0xfe", 1, DIS_FLOW_INVALID},
    {"FFD8", "db 0xff", 1, DIS_FLOW_INVALID},
    {"FFE8", "db 0xff", 1, DIS_FLOW_INVALID},
    {"E8", "db 0xe8", 1, DIS_FLOW_INVALID},
    {"8B87FE", "db 0x8b", 1, DIS_FLOW_INVALID},
    {"2626F3", "db 0x26", 1, DIS_FLOW_INVALID},
    {"", "db 0x00", 1, DIS_FLOW_INVALID},
    /* ESC forms the 8087 does not define: the 8086 still decodes the operand */
    {"D90F", "esc 0x9,[bx]", 2, DIS_FLOW_NONE},
    {"DAC1", "esc 0x10,cx", 2, DIS_FLOW_NONE},
    {"D9D8", "esc 0xb,ax", 2, DIS_FLOW_NONE},
    /* flow */
    {"E8FDFF", "call 0x0", 3, DIS_FLOW_CALL},
    {"9A78563412", "call 0x1234:0x5678", 5, DIS_FLOW_CALL},
    {"FF17", "call [bx]", 2, DIS_FLOW_CALL},
    {"FF1F", "call far [bx]", 2, DIS_FLOW_CALL},
    {"FFE0", "jmp ax", 2, DIS_FLOW_JUMP},
    {"EBFE", "jmp short 0x0", 2, DIS_FLOW_JUMP},
    {"E9FDFF", "jmp 0x0", 3, DIS_FLOW_JUMP},
    {"EA00000000", "jmp 0x0:0x0", 5, DIS_FLOW_JUMP},
    {"E2FE", "loop 0x0", 2, DIS_FLOW_BRANCH},
    {"E3FE", "jcxz 0x0", 2, DIS_FLOW_BRANCH},
    {"C3", "ret", 1, DIS_FLOW_RETURN},
    {"CF", "iret", 1, DIS_FLOW_RETURN},
    {"CD21", "int 0x21", 2, DIS_FLOW_INT},
    {"CC", "int3", 1, DIS_FLOW_INT},
    {"CE", "into", 1, DIS_FLOW_INT},
    {"F4", "hlt", 1, DIS_FLOW_NONE},
    /* a near target wraps within the segment */
    {"EB80", "jmp short 0xff82", 2, DIS_FLOW_JUMP},
};

static void check_case(const Case *c) {
    uint8_t b[16];
    size_t n = unhex(c->bytes, b);
    DisInsn in;
    unsigned len = dis_decode(b, n, 0, NULL, &in);
    if (strcmp(in.text, c->text) || len != c->len || in.len != len || in.flow != c->flow) {
        printf("FAIL %s: got '%s' len %u flow %d, expected '%s' len %u flow %d\n", c->bytes, in.text, len,
               (int)in.flow, c->text, c->len, (int)c->flow);
        failures++;
    }
}

static const char *label(void *ctx, bool far, uint16_t seg, uint16_t off) {
    static char s[32];
    (void)ctx;
    if (off == 0x1234 && !far) return "sub_1234";
    if (far && seg == 0x10) {
        snprintf(s, sizeof s, "far_%X", off);
        return s;
    }
    return NULL;
}

static void check_targets(void) {
    uint8_t b[8];
    DisInsn in;
    DisOptions o = {label, NULL, true, false};
    /* ip 0x100: call to 0x1234 is rel 0x1234 - 0x103 */
    unhex("E83111", b);
    dis_decode(b, 3, 0x100, &o, &in);
    if (strcmp(in.text, "call sub_1234") || !in.has_target || in.target_off != 0x1234 || in.far || in.indirect) {
        printf("FAIL label of a near call: '%s' target %X\n", in.text, in.target_off);
        failures++;
    }
    unhex("9A07001000", b);
    dis_decode(b, 5, 0, &o, &in);
    if (strcmp(in.text, "call far_7") || !in.far || in.target_seg != 0x10 || in.target_off != 7) {
        printf("FAIL label of a far call: '%s'\n", in.text);
        failures++;
    }
    unhex("E80000", b);
    dis_decode(b, 3, 0, &o, &in);
    if (strcmp(in.text, "call 0x3")) {
        printf("FAIL a call without a label: '%s'\n", in.text);
        failures++;
    }
    unhex("8B4712", b);
    dis_decode(b, 3, 0, &o, &in);
    if (strcmp(in.text, "mov ax, [bx+0x12]")) {
        printf("FAIL spaced operands: '%s'\n", in.text);
        failures++;
    }
    unhex("FF17", b);
    dis_decode(b, 2, 0, &o, &in);
    if (!in.indirect || in.has_target) {
        printf("FAIL call [bx] is not indirect\n");
        failures++;
    }
    unhex("CD21", b);
    dis_decode(b, 2, 0, NULL, &in);
    if (in.vector != 0x21) {
        printf("FAIL int 0x21: vector %X\n", in.vector);
        failures++;
    }
}

/* DisOptions.no_text decodes as the text does (the profiler's scan of code relies on it): the
 * same length, flow and target, and an empty text. */
static int same_without_text(const uint8_t *b, size_t n, uint16_t ip, const DisInsn *with) {
    static const DisOptions o = {.no_text = true};
    DisInsn in;
    const unsigned len = dis_decode(b, n, ip, &o, &in);
    if (len == with->len && in.flow == with->flow && in.far == with->far && in.indirect == with->indirect &&
        in.has_target == with->has_target && in.target_seg == with->target_seg &&
        in.target_off == with->target_off && in.vector == with->vector && (!in.text[0] || in.flow == DIS_FLOW_INVALID))
        return 1;
    printf("FAIL no_text at %04X: len %u flow %d target %d %04X:%04X, with text len %u flow %d target %d %04X:%04X\n", ip,
           len, (int)in.flow, in.has_target, in.target_seg, in.target_off, with->len, (int)with->flow, with->has_target,
           with->target_seg, with->target_off);
    failures++;
    return 0;
}

/* Every sequence of 1 or 2 bytes, and random ones up to 8: a length within what was given
 * (or 1), a text that is NUL-terminated and not empty. Under ASan a read past the end fails. */
static void check_any_bytes(void) {
    uint8_t *b = malloc(8);
    DisInsn in;
    for (unsigned n = 1; n <= 2; n++) {
        for (uint32_t v = 0; v < (1u << (8 * n)); v++) {
            for (unsigned k = 0; k < n; k++) b[8 - n + k] = (uint8_t)(v >> (8 * k));
            unsigned len = dis_decode(b + 8 - n, n, (uint16_t)v, NULL, &in);
            if (len < 1 || len > n || !in.text[0] || strlen(in.text) >= DIS_TEXT_MAX ||
                !same_without_text(b + 8 - n, n, (uint16_t)v, &in)) {
                printf("FAIL %u bytes %06X: len %u text '%s'\n", n, v, len, in.text);
                failures++;
                free(b);
                return;
            }
        }
    }
    uint32_t x = 12345;
    for (int i = 0; i < 500000; i++) {
        for (int k = 0; k < 8; k++) {
            x = x * 1103515245u + 12345u;
            b[k] = (uint8_t)(x >> 16);
        }
        unsigned len = dis_decode(b, 8, (uint16_t)x, NULL, &in);
        if (len < 1 || len > 8 || !in.text[0] || !same_without_text(b, 8, (uint16_t)x, &in)) {
            printf("FAIL random bytes: len %u\n", len);
            failures++;
            break;
        }
    }
    free(b);
}

int main(void) {
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) check_case(&cases[i]);
    check_targets();
    check_any_bytes();
    if (failures) {
        printf("%d failures\n", failures);
        return 1;
    }
    printf("ok: %zu cases, labels, every 1-2 byte sequence, 500,000 random ones (with and without text)\n", sizeof cases / sizeof cases[0]);
    return 0;
}
