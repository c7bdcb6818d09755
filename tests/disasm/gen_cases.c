/* Byte sequences covering every 8086 opcode, every ModRM byte of each ModRM opcode (with
 * displacements and immediates of both signs), every prefix before representative forms of
 * every opcode, the pairs of prefixes, and every 8087 instruction; written in chunks (each
 * under 64 KiB, so that offsets are IPs) as caseN.bin, with this disassembler's listing of each
 * in ndisasm's layout as oursN.txt, for ndisasm.sh to compare with `ndisasm -b 16 caseN.bin`.
 *
 * The instruction shapes here are written out independently of the decoder's tables (from the
 * opcode map of the 8086 manual), so that a length the decoder gets wrong shows as a difference.
 * Left out (the differences are of meaning, not of text; tests/disasm/test_disasm.c checks our
 * text for each): 0Fh (POP CS on the 8086, a two-byte opcode escape on the 286), 60h-6Fh and
 * C0h/C1h/C8h/C9h (the 8086's aliases of 70h-7Fh and C2h/C3h/CAh/CBh; 186 instructions to
 * NASM), 82h (80h's alias), F1h (LOCK's alias), 9Bh except last (NASM joins WAIT to what follows),
 * and the ModRM forms the 8086 reads differently from later CPUs or not at all: segment register
 * numbers 4-7 of 8Ch/8Eh, 8Fh and C6h/C7h with reg <> 0, F6h/F7h /1, D0h-D3h /6, FEh /2-/7, FFh /7,
 * FFh /3 and /5 and LEA/LES/LDS of a register, and the ESC forms the 8087 does not define.
 * F3h 90h is PAUSE to NASM (REP NOP to the 8086). */
#include "disasm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { CHUNK = 60000 };

static uint8_t chunk[CHUNK + 64];
static size_t used;
static int nchunk;
static const char *outdir;

static void flush_chunk(void) {
    if (!used) return;
    char path[4096];
    snprintf(path, sizeof path, "%s/case%d.bin", outdir, nchunk);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(chunk, 1, used, f) != used || fclose(f)) {
        fprintf(stderr, "gen_cases: cannot write %s\n", path);
        exit(1);
    }
    snprintf(path, sizeof path, "%s/ours%d.txt", outdir, nchunk);
    f = fopen(path, "w");
    if (!f) exit(1);
    for (size_t at = 0; at < used;) {
        DisInsn in;
        dis_decode(chunk + at, used - at, (uint16_t)at, NULL, &in);
        char hex[64] = "";
        for (unsigned k = 0; k < in.len; k++) snprintf(hex + 2 * k, sizeof hex - 2 * k, "%02X", chunk[at + k]);
        fprintf(f, "%08X  %-18s%s\n", (unsigned)at, hex, in.text);
        at += in.len;
    }
    if (fclose(f)) exit(1);
    nchunk++;
    used = 0;
}

static void emit(const uint8_t *b, size_t n) {
    if (used + n > CHUNK) flush_chunk();
    memcpy(chunk + used, b, n);
    used += n;
}

/* shapes: what follows the opcode */
enum { S_X = 0, S_NONE, S_IB, S_IW, S_AP, S_JB, S_JW, S_OW, S_RM, S_RM_IB, S_RM_IW, S_PREFIX, S_FPU };

static int shape(unsigned op) {
    if (op == 0x0F || (op >= 0x60 && op <= 0x6F) || op == 0x82 || op == 0xF1 || op == 0x9B) return S_X;
    if (op == 0xC0 || op == 0xC1 || op == 0xC8 || op == 0xC9) return S_X;
    if (op < 0x40) {
        switch (op & 7) {
        case 0: case 1: case 2: case 3: return S_RM;
        case 4: return S_IB;
        case 5: return S_IW;
        case 6: return (op & 0x27) == 0x26 ? S_PREFIX : S_NONE; /* 26h 2Eh 36h 3Eh */
        default: return S_NONE;
        }
    }
    if (op < 0x60) return S_NONE;
    if (op < 0x80) return S_JB;
    if (op == 0x80 || op == 0x83 || op == 0xC6) return S_RM_IB;
    if (op == 0x81 || op == 0xC7) return S_RM_IW;
    if (op < 0x90) return S_RM;
    if (op == 0x9A || op == 0xEA) return S_AP;
    if (op >= 0xA0 && op <= 0xA3) return S_OW;
    if (op == 0xA8 || (op >= 0xB0 && op <= 0xB7) || op == 0xCD || op == 0xD4 || op == 0xD5) return S_IB;
    if (op >= 0xE0 && op <= 0xE7) return op <= 0xE3 ? S_JB : S_IB;
    if (op == 0xA9 || (op >= 0xB8 && op <= 0xBF) || op == 0xC2 || op == 0xCA) return S_IW;
    if (op == 0xC4 || op == 0xC5 || (op >= 0xD0 && op <= 0xD3) || op == 0xFE || op == 0xFF) return S_RM;
    if (op >= 0xD8 && op <= 0xDF) return S_FPU;
    if (op == 0xE8 || op == 0xE9) return S_JW;
    if (op == 0xEB) return S_JB;
    if (op == 0xF0 || op == 0xF2 || op == 0xF3) return S_PREFIX;
    if (op == 0xF6) return S_RM; /* the immediate of /0 is added below */
    if (op == 0xF7) return S_RM;
    return S_NONE;
}

/* the 8087's defined forms (its data sheet's table) */
static int fpu_defined(unsigned op, unsigned modrm) {
    unsigned mod = modrm >> 6, reg = (modrm >> 3) & 7, rm = modrm & 7;
    if (mod != 3) {
        switch (op) {
        case 0xD9: return reg != 1;
        case 0xDB: return reg == 0 || reg == 2 || reg == 3 || reg == 5 || reg == 7;
        case 0xDD: return reg != 1 && reg != 5;
        case 0xDF: return reg != 1;
        default: return 1;
        }
    }
    switch (op) {
    case 0xD8: return 1;
    case 0xD9:
        if (reg <= 1) return 1;
        if (reg == 2) return rm == 0;
        if (reg == 3) return 0;
        return !(modrm == 0xE2 || modrm == 0xE3 || modrm == 0xE6 || modrm == 0xE7 || modrm == 0xEF ||
                 modrm == 0xF5 || modrm == 0xFB || modrm == 0xFE || modrm == 0xFF);
    case 0xDB: return modrm >= 0xE0 && modrm <= 0xE3;
    case 0xDC: return reg != 2 && reg != 3;
    case 0xDD: return reg == 0 || reg == 2 || reg == 3;
    case 0xDE: return reg != 2 && (reg != 3 || rm == 1);
    default: return 0;
    }
}

/* the ModRM forms left out (see the top) */
static int modrm_left_out(unsigned op, unsigned modrm) {
    unsigned mod = modrm >> 6, reg = (modrm >> 3) & 7;
    switch (op) {
    case 0x8C: case 0x8E: return reg >= 4;
    case 0x8F: case 0xC6: case 0xC7: return reg != 0;
    case 0xF6: case 0xF7: return reg == 1;
    case 0xD0: case 0xD1: case 0xD2: case 0xD3: return reg == 6;
    case 0xFE: return reg >= 2;
    case 0xFF: return reg == 7 || (mod == 3 && (reg == 3 || reg == 5));
    case 0x8D: case 0xC4: case 0xC5: return mod == 3;
    default: return op >= 0xD8 && op <= 0xDF && !fpu_defined(op, modrm);
    }
}

static unsigned counter;
static const uint8_t b8[] = {0x12, 0x85, 0x00, 0x7F, 0x80, 0xFF, 0x01};
static const uint16_t b16[] = {0x1234, 0x8000, 0xFFFE, 0x0000, 0x7FFF, 0x8765, 0x0001};
static uint8_t next8(void) { return b8[counter++ % (sizeof b8)]; }
static uint16_t next16(void) { return b16[counter++ % (sizeof b16 / sizeof b16[0])]; }

/* the instruction op with this ModRM (if it has one), displacement and immediates; its bytes
 * into out, returns their count */
static size_t form(unsigned op, unsigned modrm, uint8_t *out) {
    size_t n = 0;
    out[n++] = (uint8_t)op;
    int s = shape(op);
    if (s == S_RM || s == S_RM_IB || s == S_RM_IW || s == S_FPU) {
        out[n++] = (uint8_t)modrm;
        unsigned mod = modrm >> 6, rm = modrm & 7;
        if (mod == 1) out[n++] = next8();
        else if (mod == 2 || (mod == 0 && rm == 6)) {
            uint16_t d = next16();
            out[n++] = (uint8_t)d;
            out[n++] = (uint8_t)(d >> 8);
        }
        unsigned reg = (modrm >> 3) & 7;
        if (s == S_RM_IB || (op == 0xF6 && reg == 0)) out[n++] = next8();
        if (s == S_RM_IW || (op == 0xF7 && reg == 0)) {
            uint16_t v = next16();
            out[n++] = (uint8_t)v;
            out[n++] = (uint8_t)(v >> 8);
        }
        return n;
    }
    switch (s) {
    case S_IB: case S_JB: out[n++] = next8(); break;
    case S_IW: case S_JW: case S_OW: {
        uint16_t v = next16();
        out[n++] = (uint8_t)v;
        out[n++] = (uint8_t)(v >> 8);
        break;
    }
    case S_AP:
        for (int k = 0; k < 2; k++) {
            uint16_t v = next16();
            out[n++] = (uint8_t)v;
            out[n++] = (uint8_t)(v >> 8);
        }
        break;
    default: break;
    }
    return n;
}

static int has_modrm(unsigned op) {
    int s = shape(op);
    return s == S_RM || s == S_RM_IB || s == S_RM_IW || s == S_FPU;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: gen_cases OUTDIR\n");
        return 2;
    }
    outdir = argv[1];
    uint8_t b[32];
    /* every opcode, every ModRM byte */
    for (unsigned op = 0; op < 256; op++) {
        int s = shape(op);
        if (s == S_X || s == S_PREFIX) continue;
        if (!has_modrm(op)) {
            for (int k = 0; k < 7; k++) emit(b, form(op, 0, b));
            continue;
        }
        for (unsigned m = 0; m < 256; m++)
            if (!modrm_left_out(op, m)) emit(b, form(op, m, b));
    }
    /* each prefix before representative forms of every opcode */
    static const uint8_t prefixes[] = {0x26, 0x2E, 0x36, 0x3E, 0xF0, 0xF2, 0xF3};
    static const uint8_t reps[] = {0x00, 0x07, 0x46, 0x5E, 0x86, 0x06, 0xC0, 0xD3, 0x3E, 0xFA};
    for (size_t p = 0; p < sizeof prefixes; p++) {
        for (unsigned op = 0; op < 256; op++) {
            int s = shape(op);
            if (s == S_X || s == S_PREFIX) continue;
            if (prefixes[p] == 0xF3 && op == 0x90) continue; /* PAUSE to NASM */
            for (size_t r = 0; r < (has_modrm(op) ? sizeof reps : 1); r++) {
                if (has_modrm(op) && modrm_left_out(op, reps[r])) continue;
                b[0] = prefixes[p];
                emit(b, 1 + form(op, reps[r], b + 1));
            }
        }
    }
    /* pairs of prefixes before the string instructions, XLAT and a memory operand */
    static const uint8_t targets[][3] = {{0xA4}, {0xA5}, {0xA6}, {0xA7}, {0xAA}, {0xAB}, {0xAC},
                                         {0xAD}, {0xAE}, {0xAF}, {0xD7}, {0x8B, 0x07}, {0x01, 0x47, 0x12}};
    static const size_t tlen[] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 3};
    for (size_t x = 0; x < sizeof prefixes; x++)
        for (size_t y = 0; y < sizeof prefixes; y++)
            for (size_t t = 0; t < sizeof tlen / sizeof tlen[0]; t++) {
                /* two segment overrides, or two of REP/REPNE: which wins is the CPU's affair */
                int sx = prefixes[x] < 0x40, sy = prefixes[y] < 0x40;
                if (x == y || (sx && sy) || (prefixes[x] >= 0xF2 && prefixes[y] >= 0xF2)) continue;
                b[0] = prefixes[x];
                b[1] = prefixes[y];
                memcpy(b + 2, targets[t], tlen[t]);
                emit(b, 2 + tlen[t]);
            }
    /* WAIT: NASM joins it to what follows, so it comes last */
    b[0] = 0x9B;
    emit(b, 1);
    flush_chunk();
    printf("%d\n", nchunk);
    return 0;
}
