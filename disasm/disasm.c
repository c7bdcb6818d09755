/* The 8086 decoder: prefixes, the one-byte opcode map, the groups of the ModRM reg field, and
 * the operands, as in the opcode map of Intel's 8086 manual (Table 4-13 of the iAPX 86/88
 * User's Manual), with what the 8086 does for the codes it leaves undefined. */
#include "disasm_internal.h"

#include <stdio.h>
#include <string.h>

/* Operand kinds. */
enum {
    O_NONE,
    O_EB, O_EW,        /* ModRM r/m, byte or word */
    O_GB, O_GW,        /* ModRM reg */
    O_SW,              /* ModRM reg as a segment register (its low 2 bits, as the 8086) */
    O_M,               /* ModRM memory only, no size (LEA, LES, LDS) */
    O_MP,              /* ModRM memory only, a far pointer ("far [bx]") */
    O_IB, O_IW, O_IS,  /* immediate byte, word, byte sign-extended ("byte +0x5") */
    O_JB, O_JW,        /* relative target */
    O_AP,              /* far target seg:off */
    O_OB, O_OW,        /* direct memory [off] of MOV AL/AX */
    O_AL, O_AX, O_CL, O_DX, O_ONE,
    O_R8, O_R16,       /* register in the opcode's low 3 bits */
    O_ES, O_CS, O_SS, O_DS,
};

/* Flags of an opcode. */
enum {
    F_MODRM = 1,       /* has a ModRM byte */
    F_GROUP = 2,       /* mnemonic and operands from a group, by the reg field */
    F_SIZE = 4,        /* a memory r/m operand is printed with its size ("byte [bx]") */
    F_PREFIX = 8,
};

typedef struct Op {
    const char *mn;
    uint8_t a, b, flags, flow;
} Op;

#define M F_MODRM
#define ALU(name)                                                                                  \
    {name, O_EB, O_GB, M, 0}, {name, O_EW, O_GW, M, 0}, {name, O_GB, O_EB, M, 0},                 \
        {name, O_GW, O_EW, M, 0}, {name, O_AL, O_IB, 0, 0}, { name, O_AX, O_IW, 0, 0 }
#define JCC16(f)                                                                                   \
    {"jo", O_JB, 0, 0, f}, {"jno", O_JB, 0, 0, f}, {"jc", O_JB, 0, 0, f}, {"jnc", O_JB, 0, 0, f}, \
        {"jz", O_JB, 0, 0, f}, {"jnz", O_JB, 0, 0, f}, {"jna", O_JB, 0, 0, f},                    \
        {"ja", O_JB, 0, 0, f}, {"js", O_JB, 0, 0, f}, {"jns", O_JB, 0, 0, f},                     \
        {"jpe", O_JB, 0, 0, f}, {"jpo", O_JB, 0, 0, f}, {"jl", O_JB, 0, 0, f},                    \
        {"jnl", O_JB, 0, 0, f}, {"jng", O_JB, 0, 0, f}, { "jg", O_JB, 0, 0, f }
#define R8(name) {name, O_R8, 0, 0, 0}
#define R16(name) {name, O_R16, 0, 0, 0}
#define R16X8(name) R16(name), R16(name), R16(name), R16(name), R16(name), R16(name), R16(name), R16(name)

enum { B = DIS_FLOW_BRANCH, J = DIS_FLOW_JUMP, C = DIS_FLOW_CALL, R = DIS_FLOW_RETURN, I = DIS_FLOW_INT };

static const Op ops[256] = {
    /* 00 */ ALU("add"), {"push", O_ES, 0, 0, 0}, {"pop", O_ES, 0, 0, 0},
    /* 08 */ ALU("or"), {"push", O_CS, 0, 0, 0}, {"pop", O_CS, 0, 0, 0},
    /* 10 */ ALU("adc"), {"push", O_SS, 0, 0, 0}, {"pop", O_SS, 0, 0, 0},
    /* 18 */ ALU("sbb"), {"push", O_DS, 0, 0, 0}, {"pop", O_DS, 0, 0, 0},
    /* 20 */ ALU("and"), {"es", 0, 0, F_PREFIX, 0}, {"daa", 0, 0, 0, 0},
    /* 28 */ ALU("sub"), {"cs", 0, 0, F_PREFIX, 0}, {"das", 0, 0, 0, 0},
    /* 30 */ ALU("xor"), {"ss", 0, 0, F_PREFIX, 0}, {"aaa", 0, 0, 0, 0},
    /* 38 */ ALU("cmp"), {"ds", 0, 0, F_PREFIX, 0}, {"aas", 0, 0, 0, 0},
    /* 40 */ R16X8("inc"), R16X8("dec"), R16X8("push"), R16X8("pop"),
    /* 60: the 8086 runs 60h-6Fh as 70h-7Fh */ JCC16(B), JCC16(B),
    /* 80 */ {0, O_EB, O_IB, M | F_GROUP | F_SIZE, 0}, {0, O_EW, O_IW, M | F_GROUP | F_SIZE, 0},
    {0, O_EB, O_IB, M | F_GROUP | F_SIZE, 0}, {0, O_EW, O_IS, M | F_GROUP | F_SIZE, 0},
    {"test", O_EB, O_GB, M, 0}, {"test", O_EW, O_GW, M, 0}, {"xchg", O_GB, O_EB, M, 0},
    {"xchg", O_GW, O_EW, M, 0},
    /* 88 */ {"mov", O_EB, O_GB, M, 0}, {"mov", O_EW, O_GW, M, 0}, {"mov", O_GB, O_EB, M, 0},
    {"mov", O_GW, O_EW, M, 0}, {"mov", O_EW, O_SW, M, 0}, {"lea", O_GW, O_M, M, 0},
    {"mov", O_SW, O_EW, M, 0}, {"pop", O_EW, 0, M | F_SIZE, 0},
    /* 90 */ {"nop", 0, 0, 0, 0}, {"xchg", O_AX, O_R16, 0, 0}, {"xchg", O_AX, O_R16, 0, 0},
    {"xchg", O_AX, O_R16, 0, 0}, {"xchg", O_AX, O_R16, 0, 0}, {"xchg", O_AX, O_R16, 0, 0},
    {"xchg", O_AX, O_R16, 0, 0}, {"xchg", O_AX, O_R16, 0, 0},
    /* 98 */ {"cbw", 0, 0, 0, 0}, {"cwd", 0, 0, 0, 0}, {"call", O_AP, 0, 0, C}, {"wait", 0, 0, 0, 0},
    {"pushf", 0, 0, 0, 0}, {"popf", 0, 0, 0, 0}, {"sahf", 0, 0, 0, 0}, {"lahf", 0, 0, 0, 0},
    /* A0 */ {"mov", O_AL, O_OB, 0, 0}, {"mov", O_AX, O_OW, 0, 0}, {"mov", O_OB, O_AL, 0, 0},
    {"mov", O_OW, O_AX, 0, 0}, {"movsb", 0, 0, 0, 0}, {"movsw", 0, 0, 0, 0},
    {"cmpsb", 0, 0, 0, 0}, {"cmpsw", 0, 0, 0, 0},
    /* A8 */ {"test", O_AL, O_IB, 0, 0}, {"test", O_AX, O_IW, 0, 0}, {"stosb", 0, 0, 0, 0},
    {"stosw", 0, 0, 0, 0}, {"lodsb", 0, 0, 0, 0}, {"lodsw", 0, 0, 0, 0},
    {"scasb", 0, 0, 0, 0}, {"scasw", 0, 0, 0, 0},
    /* B0 */ {"mov", O_R8, O_IB, 0, 0}, {"mov", O_R8, O_IB, 0, 0}, {"mov", O_R8, O_IB, 0, 0},
    {"mov", O_R8, O_IB, 0, 0}, {"mov", O_R8, O_IB, 0, 0}, {"mov", O_R8, O_IB, 0, 0},
    {"mov", O_R8, O_IB, 0, 0}, {"mov", O_R8, O_IB, 0, 0},
    /* B8 */ {"mov", O_R16, O_IW, 0, 0}, {"mov", O_R16, O_IW, 0, 0}, {"mov", O_R16, O_IW, 0, 0},
    {"mov", O_R16, O_IW, 0, 0}, {"mov", O_R16, O_IW, 0, 0}, {"mov", O_R16, O_IW, 0, 0},
    {"mov", O_R16, O_IW, 0, 0}, {"mov", O_R16, O_IW, 0, 0},
    /* C0: C0h/C1h are C2h/C3h on the 8086 */ {"ret", O_IW, 0, 0, R}, {"ret", 0, 0, 0, R},
    {"ret", O_IW, 0, 0, R}, {"ret", 0, 0, 0, R}, {"les", O_GW, O_M, M, 0}, {"lds", O_GW, O_M, M, 0},
    {"mov", O_EB, O_IB, M | F_SIZE, 0}, {"mov", O_EW, O_IW, M | F_SIZE, 0},
    /* C8: C8h/C9h are CAh/CBh */ {"retf", O_IW, 0, 0, R}, {"retf", 0, 0, 0, R},
    {"retf", O_IW, 0, 0, R}, {"retf", 0, 0, 0, R}, {"int3", 0, 0, 0, I}, {"int", O_IB, 0, 0, I},
    {"into", 0, 0, 0, I}, {"iret", 0, 0, 0, R},
    /* D0 */ {0, O_EB, O_ONE, M | F_GROUP | F_SIZE, 0}, {0, O_EW, O_ONE, M | F_GROUP | F_SIZE, 0},
    {0, O_EB, O_CL, M | F_GROUP | F_SIZE, 0}, {0, O_EW, O_CL, M | F_GROUP | F_SIZE, 0},
    {"aam", O_IB, 0, 0, 0}, {"aad", O_IB, 0, 0, 0}, {"salc", 0, 0, 0, 0}, {"xlatb", 0, 0, 0, 0},
    /* D8: ESC, see dis_fpu */ {0, 0, 0, M, 0}, {0, 0, 0, M, 0}, {0, 0, 0, M, 0}, {0, 0, 0, M, 0},
    {0, 0, 0, M, 0}, {0, 0, 0, M, 0}, {0, 0, 0, M, 0}, {0, 0, 0, M, 0},
    /* E0 */ {"loopne", O_JB, 0, 0, B}, {"loope", O_JB, 0, 0, B}, {"loop", O_JB, 0, 0, B},
    {"jcxz", O_JB, 0, 0, B}, {"in", O_AL, O_IB, 0, 0}, {"in", O_AX, O_IB, 0, 0},
    {"out", O_IB, O_AL, 0, 0}, {"out", O_IB, O_AX, 0, 0},
    /* E8 */ {"call", O_JW, 0, 0, C}, {"jmp", O_JW, 0, 0, J}, {"jmp", O_AP, 0, 0, J},
    {"jmp short", O_JB, 0, 0, J}, {"in", O_AL, O_DX, 0, 0}, {"in", O_AX, O_DX, 0, 0},
    {"out", O_DX, O_AL, 0, 0}, {"out", O_DX, O_AX, 0, 0},
    /* F0 */ {"lock", 0, 0, F_PREFIX, 0}, {"lock", 0, 0, F_PREFIX, 0}, {"repne", 0, 0, F_PREFIX, 0},
    {"rep", 0, 0, F_PREFIX, 0}, {"hlt", 0, 0, 0, 0}, {"cmc", 0, 0, 0, 0},
    {0, O_EB, O_IB, M | F_GROUP | F_SIZE, 0}, {0, O_EW, O_IW, M | F_GROUP | F_SIZE, 0},
    /* F8 */ {"clc", 0, 0, 0, 0}, {"stc", 0, 0, 0, 0}, {"cli", 0, 0, 0, 0}, {"sti", 0, 0, 0, 0},
    {"cld", 0, 0, 0, 0}, {"std", 0, 0, 0, 0}, {0, O_EB, 0, M | F_GROUP | F_SIZE, 0},
    {0, O_EW, 0, M | F_GROUP | F_SIZE, 0},
};
#undef M

_Static_assert(sizeof ops / sizeof ops[0] == 256, "the opcode map has 256 entries");

static const char *const grp1[8] = {"add", "or", "adc", "sbb", "and", "sub", "xor", "cmp"};
/* /6 is SETMO (D0h, D1h) and SETMOC (D2h, D3h) on the 8086: all ones */
static const char *const grp2[8] = {"rol", "ror", "rcl", "rcr", "shl", "shr", "setmo", "sar"};
static const char *const grp3[8] = {"test", "test", "not", "neg", "mul", "imul", "div", "idiv"};

static const char *const reg8[8] = {"al", "cl", "dl", "bl", "ah", "ch", "dh", "bh"};
static const char *const reg16[8] = {"ax", "cx", "dx", "bx", "sp", "bp", "si", "di"};
const char *const dis_sreg[4] = {"es", "cs", "ss", "ds"};
static const char *const ea16[8] = {"bx+si", "bx+di", "bp+si", "bp+di", "si", "di", "bp", "bx"};

/* ---- bytes and text ---- */

uint8_t dis_u8(DisBytes *b) {
    if (b->at >= b->avail) {
        b->short_read = true;
        b->at++;
        return 0;
    }
    return b->code[b->at++];
}

uint16_t dis_u16(DisBytes *b) {
    uint16_t lo = dis_u8(b);
    return (uint16_t)(lo | dis_u8(b) << 8);
}

void dis_modrm(DisBytes *b, DisModrm *m) {
    uint8_t x = dis_u8(b);
    m->mod = x >> 6;
    m->reg = (x >> 3) & 7;
    m->rm = x & 7;
    m->disp = 0;
    if (m->mod == 1) m->disp = (uint16_t)(int8_t)dis_u8(b);
    else if (m->mod == 2 || (m->mod == 0 && m->rm == 6)) m->disp = dis_u16(b);
}

void dis_puts(DisText *t, const char *s) {
    size_t n = strlen(s), room = DIS_TEXT_MAX - 1 - t->len;
    if (n > room) n = room;
    memcpy(t->p + t->len, s, n);
    t->len += n;
    t->p[t->len] = 0;
}

void dis_hex(DisText *t, uint32_t v) {
    char s[16];
    snprintf(s, sizeof s, "0x%x", (unsigned)v);
    dis_puts(t, s);
}

void dis_comma(DisText *t) { dis_puts(t, t->spaced ? ", " : ","); }

static void signed_disp(DisText *t, int32_t v) {
    dis_puts(t, v < 0 ? "-" : "+");
    dis_hex(t, (uint32_t)(v < 0 ? -v : v));
}

void dis_mem(DisText *t, const DisModrm *m, int seg, const char *size) {
    dis_puts(t, size);
    dis_puts(t, "[");
    if (seg >= 0) {
        dis_puts(t, dis_sreg[seg]);
        dis_puts(t, ":");
    }
    if (m->mod == 0 && m->rm == 6) {
        dis_hex(t, m->disp);
    } else {
        dis_puts(t, ea16[m->rm]);
        if (m->mod == 1) signed_disp(t, (int8_t)m->disp);
        else if (m->mod == 2) signed_disp(t, (int16_t)m->disp);
    }
    dis_puts(t, "]");
}

/* ---- one instruction ---- */

typedef struct Dec {
    DisBytes b;
    const DisOptions *opt;
    uint16_t ip;
    int seg;               /* segment override, -1 none */
    bool mem_used;         /* the override went into a memory operand */
    DisModrm m;
    uint8_t op;
    DisInsn *out;
} Dec;

static void target(DisText *t, Dec *d, bool far, uint16_t seg, uint16_t off) {
    d->out->has_target = true;
    d->out->far = far;
    d->out->target_seg = seg;
    d->out->target_off = off;
    const char *name = d->opt && d->opt->label ? d->opt->label(d->opt->ctx, far, seg, off) : NULL;
    if (name) {
        dis_puts(t, name);
        return;
    }
    if (far) {
        dis_hex(t, seg);
        dis_puts(t, ":");
    }
    dis_hex(t, off);
}

static void operand(DisText *t, Dec *d, uint8_t kind, bool size) {
    DisModrm *m = &d->m;
    switch (kind) {
    case O_EB:
    case O_EW:
        if (m->mod == 3) {
            dis_puts(t, kind == O_EB ? reg8[m->rm] : reg16[m->rm]);
        } else {
            d->mem_used = true;
            dis_mem(t, m, d->seg, size ? (kind == O_EB ? "byte " : "word ") : "");
        }
        break;
    case O_M:
    case O_MP:
        d->mem_used = true;
        dis_mem(t, m, d->seg, kind == O_MP ? "far " : "");
        break;
    case O_GB: dis_puts(t, reg8[m->reg]); break;
    case O_GW: dis_puts(t, reg16[m->reg]); break;
    case O_SW: dis_puts(t, dis_sreg[m->reg & 3]); break;
    case O_IB: dis_hex(t, dis_u8(&d->b)); break;
    case O_IW: dis_hex(t, dis_u16(&d->b)); break;
    case O_IS: {
        int8_t v = (int8_t)dis_u8(&d->b);
        dis_puts(t, "byte ");
        signed_disp(t, v);
        break;
    }
    case O_JB: {
        int8_t rel = (int8_t)dis_u8(&d->b);
        target(t, d, false, 0, (uint16_t)(d->ip + d->b.at + rel));
        break;
    }
    case O_JW: {
        uint16_t rel = dis_u16(&d->b);
        target(t, d, false, 0, (uint16_t)(d->ip + d->b.at + rel));
        break;
    }
    case O_AP: {
        uint16_t off = dis_u16(&d->b), seg = dis_u16(&d->b);
        target(t, d, true, seg, off);
        break;
    }
    case O_OB:
    case O_OW: {
        DisModrm direct = {0, 0, 6, dis_u16(&d->b)};
        d->mem_used = true;
        dis_mem(t, &direct, d->seg, "");
        break;
    }
    case O_AL: dis_puts(t, "al"); break;
    case O_AX: dis_puts(t, "ax"); break;
    case O_CL: dis_puts(t, "cl"); break;
    case O_DX: dis_puts(t, "dx"); break;
    case O_ONE: dis_puts(t, "1"); break;
    case O_R8: dis_puts(t, reg8[d->op & 7]); break;
    case O_R16: dis_puts(t, reg16[d->op & 7]); break;
    case O_ES: dis_puts(t, "es"); break;
    case O_CS: dis_puts(t, "cs"); break;
    case O_SS: dis_puts(t, "ss"); break;
    case O_DS: dis_puts(t, "ds"); break;
    default: break;
    }
}

/* The group member of a ModRM opcode: its mnemonic and operands, or false when the 8086 has
 * none (FEh /2-/7, far CALL/JMP with a register). */
static bool group(Dec *d, Op *o) {
    const uint8_t r = d->m.reg, op = d->op;
    if (op >= 0x80 && op <= 0x83) o->mn = grp1[r];
    else if (op >= 0xD0 && op <= 0xD3) o->mn = r == 6 && op >= 0xD2 ? "setmoc" : grp2[r];
    else if (op == 0xF6 || op == 0xF7) {
        o->mn = grp3[r];
        if (r >= 2) o->b = O_NONE; /* NOT ... IDIV: one operand */
    } else if (op == 0xFE) {
        if (r >= 2) return false;
        o->mn = r ? "dec" : "inc";
    } else { /* FF */
        static const char *const grp5[8] = {"inc", "dec", "call", "call", "jmp", "jmp", "push", "push"};
        o->mn = grp5[r];
        if (r == 3 || r == 5) {
            if (d->m.mod == 3) return false;
            o->a = O_MP;
        }
        if (r >= 2 && r <= 5) {
            o->flags &= (uint8_t)~F_SIZE; /* "call [bx]", as NASM prints it */
            o->flow = r <= 3 ? DIS_FLOW_CALL : DIS_FLOW_JUMP;
        }
    }
    return true;
}

static unsigned invalid(DisInsn *out, const uint8_t *code, size_t avail) {
    memset(out, 0, sizeof *out);
    out->len = 1;
    out->flow = DIS_FLOW_INVALID;
    snprintf(out->text, sizeof out->text, "db 0x%02x", avail ? code[0] : 0);
    return 1;
}

unsigned dis_decode(const uint8_t *code, size_t avail, uint16_t ip, const DisOptions *opt, DisInsn *out) {
    if (opt && opt->no_text) return dis_flow(code, avail, ip, out);
    memset(out, 0, sizeof *out);
    Dec d = {{code, avail, 0, false}, opt, ip, -1, false, {0, 0, 0, 0}, 0, out};
    const char *lock = NULL, *rep = NULL;
    int nprefix = 0;
    for (;;) {
        if (d.b.at >= avail) return invalid(out, code, avail);
        d.op = code[d.b.at];
        if (!(ops[d.op].flags & F_PREFIX) || nprefix == DIS_MAX_PREFIXES) break;
        d.b.at++;
        nprefix++;
        switch (d.op) {
        case 0x26: d.seg = 0; break;
        case 0x2E: d.seg = 1; break;
        case 0x36: d.seg = 2; break;
        case 0x3E: d.seg = 3; break;
        case 0xF0: case 0xF1: lock = "lock"; break;
        default: rep = d.op == 0xF2 ? "repne" : "rep"; break;
        }
    }
    if (ops[d.op].flags & F_PREFIX) return invalid(out, code, avail); /* prefixes only */
    d.b.at++;
    Op o = ops[d.op];
    if (o.flags & F_MODRM) dis_modrm(&d.b, &d.m);

    char body[DIS_TEXT_MAX];
    DisText t = {body, 0, opt && opt->spaced};
    body[0] = 0;
    bool ok = true;
    if (d.op >= 0xD8 && d.op <= 0xDF) {
        if (d.m.mod != 3) d.mem_used = true;
        if (!dis_fpu(&t, d.op, &d.m, d.seg)) {
            /* an ESC the 8087 does not define: the 8086 still reads its memory operand */
            t.len = 0;
            dis_puts(&t, "esc ");
            dis_hex(&t, (uint32_t)((d.op & 7) << 3 | d.m.reg));
            dis_comma(&t);
            if (d.m.mod == 3) dis_puts(&t, reg16[d.m.rm]);
            else dis_mem(&t, &d.m, d.seg, "");
        }
    } else {
        if (o.flags & F_GROUP) ok = group(&d, &o);
        if ((o.a == O_M || o.b == O_M) && d.m.mod == 3) ok = false; /* LEA, LES, LDS of a register */
        if (ok) {
            dis_puts(&t, o.mn);
            bool size = (o.flags & F_SIZE) != 0;
            if (o.a) {
                dis_puts(&t, " ");
                operand(&t, &d, o.a, size);
            }
            if (o.b) {
                dis_comma(&t);
                operand(&t, &d, o.b, size);
            }
            /* AAM/AAD with base 10 is the plain mnemonic, as NASM prints it */
            if ((d.op == 0xD4 || d.op == 0xD5) && !d.b.short_read && code[d.b.at - 1] == 0x0A) {
                t.len = 0;
                dis_puts(&t, o.mn);
            }
        }
    }
    if (!ok || d.b.short_read || d.b.at > 255) return invalid(out, code, avail);

    out->len = (uint8_t)d.b.at;
    out->flow = (DisFlow)o.flow;
    out->indirect = (out->flow == DIS_FLOW_CALL || out->flow == DIS_FLOW_JUMP) && !out->has_target;
    if (d.op == 0xCD) out->vector = code[d.b.at - 1];
    else if (d.op == 0xCC) out->vector = 3;
    else if (d.op == 0xCE) out->vector = 4;

    /* prefix words: a segment not used by a memory operand, rep (repe/repne for CMPS and SCAS),
     * lock, in that order whatever the bytes' order, as NASM prints them */
    DisText whole = {out->text, 0, t.spaced};
    out->text[0] = 0;
    if (d.seg >= 0 && !d.mem_used) {
        dis_puts(&whole, dis_sreg[d.seg]);
        dis_puts(&whole, " ");
    }
    if (rep) {
        bool compare = d.op == 0xA6 || d.op == 0xA7 || d.op == 0xAE || d.op == 0xAF;
        dis_puts(&whole, compare ? (rep[3] == 'n' ? "repne " : "repe ") : rep);
        if (!compare) dis_puts(&whole, " ");
    }
    if (lock) dis_puts(&whole, "lock ");
    dis_puts(&whole, body);
    return out->len;
}
