/* Length and flow of an instruction without its text (dis_flow): what a scan of code needs,
 * from a byte of shape per opcode written from the 8086's opcode map (Table 4-13 of the iAPX
 * 86/88 User's Manual) and the few ModRM forms that change an instruction's shape. It reads
 * what dis_decode reads: tests/disasm/test_flow.c compares the two on every opcode, ModRM byte
 * and prefix run, cut at every length. */
#include "disasm.h"

/* A shape: the bytes after the opcode and what it does with them. */
enum {
    IMM_MASK = 3,    /* bytes of immediate after the ModRM: 0, 1, 2, or 3 for 4 (seg:off) */
    MODRM = 4,       /* a ModRM byte (and its displacement) follows the opcode */
    TARGET = 8,      /* the immediate is a relative target (1, 2 bytes) or a far one (4) */
    FLOW_SHIFT = 4,  /* bits 4-6: the DisFlow */
    CHECK = 128,     /* with MODRM: the ModRM changes the shape (below); without: a prefix */
};

#define FL(f) ((f) << FLOW_SHIFT)
enum {
    N = 0,                         /* the opcode alone */
    I1 = 1, I2 = 2,                /* an immediate byte, word */
    M = MODRM, M1 = MODRM | 1, M2 = MODRM | 2,
    X = MODRM | CHECK,             /* LEA, LES, LDS (memory only), F6h/F7h, FEh, FFh */
    P = CHECK,                     /* a prefix */
    BR = TARGET | 1 | FL(DIS_FLOW_BRANCH),
    JS = TARGET | 1 | FL(DIS_FLOW_JUMP), JN = TARGET | 2 | FL(DIS_FLOW_JUMP), JF = TARGET | 3 | FL(DIS_FLOW_JUMP),
    CN = TARGET | 2 | FL(DIS_FLOW_CALL), CF = TARGET | 3 | FL(DIS_FLOW_CALL),
    R0 = FL(DIS_FLOW_RETURN), R2 = 2 | FL(DIS_FLOW_RETURN),
    T0 = FL(DIS_FLOW_INT), T1 = 1 | FL(DIS_FLOW_INT),
};

static const uint8_t shape[256] = {
    /*        0   1   2   3   4   5   6   7   8   9   A   B   C   D   E   F */
    /* 00 */  M,  M,  M,  M, I1, I2,  N,  N,  M,  M,  M,  M, I1, I2,  N,  N,
    /* 10 */  M,  M,  M,  M, I1, I2,  N,  N,  M,  M,  M,  M, I1, I2,  N,  N,
    /* 20 */  M,  M,  M,  M, I1, I2,  P,  N,  M,  M,  M,  M, I1, I2,  P,  N,
    /* 30 */  M,  M,  M,  M, I1, I2,  P,  N,  M,  M,  M,  M, I1, I2,  P,  N,
    /* 40 */  N,  N,  N,  N,  N,  N,  N,  N,  N,  N,  N,  N,  N,  N,  N,  N,
    /* 50 */  N,  N,  N,  N,  N,  N,  N,  N,  N,  N,  N,  N,  N,  N,  N,  N,
    /* 60: the 8086 runs 60h-6Fh as 70h-7Fh */
    /* 60 */ BR, BR, BR, BR, BR, BR, BR, BR, BR, BR, BR, BR, BR, BR, BR, BR,
    /* 70 */ BR, BR, BR, BR, BR, BR, BR, BR, BR, BR, BR, BR, BR, BR, BR, BR,
    /* 80 */ M1, M2, M1, M1,  M,  M,  M,  M,  M,  M,  M,  M,  M,  X,  M,  M,
    /* 90 */  N,  N,  N,  N,  N,  N,  N,  N,  N,  N, CF,  N,  N,  N,  N,  N,
    /* A0 */ I2, I2, I2, I2,  N,  N,  N,  N, I1, I2,  N,  N,  N,  N,  N,  N,
    /* B0 */ I1, I1, I1, I1, I1, I1, I1, I1, I2, I2, I2, I2, I2, I2, I2, I2,
    /* C0: C0h/C1h are C2h/C3h, C8h/C9h are CAh/CBh on the 8086 */
    /* C0 */ R2, R0, R2, R0,  X,  X, M1, M2, R2, R0, R2, R0, T0, T1, T0, R0,
    /* D0 */  M,  M,  M,  M, I1, I1,  N,  N,  M,  M,  M,  M,  M,  M,  M,  M,
    /* E0 */ BR, BR, BR, BR, I1, I1, I1, I1, CN, JN, JF, JS,  N,  N,  N,  N,
    /* F0 */  P,  P,  P,  P,  N,  N,  X,  X,  N,  N,  N,  N,  N,  N,  X,  X,
};
#undef FL

static unsigned invalid(DisInsn *out) {
    *out = (DisInsn){.len = 1, .flow = DIS_FLOW_INVALID};
    return 1;
}

unsigned dis_flow(const uint8_t *code, size_t avail, uint16_t ip, DisInsn *out) {
    size_t at = 0;
    uint8_t op, s;
    for (;; at++) { /* prefixes */
        if (at >= avail) return invalid(out);
        op = code[at];
        s = shape[op];
        if ((s & (CHECK | MODRM)) != CHECK) break;
        if (at == DIS_MAX_PREFIXES) return invalid(out); /* prefixes only */
    }
    at++;
    unsigned flow = s >> FLOW_SHIFT & 7, imm = s & IMM_MASK;
    if (s & MODRM) {
        if (at >= avail) return invalid(out);
        const uint8_t modrm = code[at++], mod = modrm >> 6, reg = modrm >> 3 & 7;
        if (mod == 1) at += 1;
        else if (mod == 2 || (mod == 0 && (modrm & 7) == 6)) at += 2;
        if (s & CHECK) {
            switch (op) {
            case 0xF6: imm = reg < 2; break;       /* TEST r/m,imm (/0, /1); NOT ... IDIV none */
            case 0xF7: imm = reg < 2 ? 2 : 0; break;
            case 0xFE: if (reg >= 2) return invalid(out); break;
            case 0xFF:
                if ((reg == 3 || reg == 5) && mod == 3) return invalid(out); /* far of a register */
                if (reg >= 2 && reg <= 5) flow = reg <= 3 ? DIS_FLOW_CALL : DIS_FLOW_JUMP;
                break;
            default: if (mod == 3) return invalid(out); break; /* LEA, LES, LDS of a register */
            }
        }
    }
    const size_t len = at + (imm == 3 ? 4 : imm);
    if (len > avail) return invalid(out);
    const uint8_t *i = code + at;
    out->len = (uint8_t)len;
    out->flow = (DisFlow)flow;
    out->far = false;
    out->indirect = false;
    out->has_target = false;
    out->target_seg = out->target_off = 0;
    out->vector = 0;
    out->text[0] = 0;
    if (s & TARGET) {
        out->has_target = true;
        if (imm == 1) out->target_off = (uint16_t)(ip + len + (int8_t)i[0]);
        else if (imm == 2) out->target_off = (uint16_t)(ip + len + (i[0] | i[1] << 8));
        else {
            out->far = true;
            out->target_off = (uint16_t)(i[0] | i[1] << 8);
            out->target_seg = (uint16_t)(i[2] | i[3] << 8);
        }
    } else if (flow == DIS_FLOW_CALL || flow == DIS_FLOW_JUMP) {
        out->indirect = true;
    } else if (flow == DIS_FLOW_INT) {
        out->vector = op == 0xCD ? i[0] : op == 0xCC ? 3 : 4;
    }
    return out->len;
}
