/* Writes a random DOS .COM program from a seed, for the block cache's differential tests
 * (block_cache.sh): the same program with and without the cache must print the same, end the
 * same way at the same clock and give the same profiles, exact ones included.
 *
 *   randcom SEED OUT.COM
 *
 * The program calls its first function some hundreds of times, then ends with a return code
 * from the seed. Each function is a random run of instructions ending in RET (or RETF, called by
 * PUSH CS + CALL): ALU, MOV, shifts, multiplies, safe divides, one-byte ops, pushes and pops (the
 * stack balanced; POPF only of what PUSHF pushed), forward jumps, short loops (LOOP, LOOPZ,
 * LOOPNZ), string instructions with and without REP, calls of later functions (direct, through a
 * register, far), a software interrupt to a handler of its own (IRET), INT 21h character output,
 * IN from the timer, CLI/STI, and stores into the immediates of instructions already written
 * (self-modifying code). Memory operands are [BP+d8] (BP fixed at the data area); string
 * instructions work inside it; the code never writes its own structure, only immediates.
 * Everything comes from the seed: the same seed writes the same bytes. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { ORG = 0x100, DATA = 0x8000, COUNTER = 0x7FF0, MAX = 0x7000, MAXF = 8 };

static uint64_t rng;
static unsigned rnd(unsigned n) { /* 0..n-1 (xorshift64*) */
    rng ^= rng >> 12;
    rng ^= rng << 25;
    rng ^= rng >> 27;
    return (unsigned)((rng * 0x2545F4914F6CDD1Dull) >> 33) % n;
}

static uint8_t code[MAX];
static unsigned pc;
static unsigned imm_at[4096], n_imm; /* immediates the code may rewrite (their offsets) */
static unsigned fn_at[MAXF], nfn;
static int fn_far[MAXF];
static unsigned calls_at[256], calls_to[256], n_calls; /* rel16 of CALLs, to patch */
static unsigned movs_at[256], movs_to[256], n_movs;    /* MOV BX,imm16 of a function's address */
static unsigned int_handler_at;                         /* offset of MOV DX,imm16 in the start */

static void b(unsigned v) {
    if (pc >= MAX) { fprintf(stderr, "randcom: program too large\n"); exit(1); }
    code[pc++] = (uint8_t)v;
}
static void w(unsigned v) { b(v & 0xFF); b(v >> 8 & 0xFF); }

/* word registers the code may change: AX CX DX BX SI DI (not SP, BP) */
static const unsigned wregs[6] = {0, 1, 2, 3, 6, 7};
/* avoid_cx: inside a loop counted by CX */
static unsigned wreg(int avoid_cx) {
    unsigned r;
    do r = wregs[rnd(6)]; while (avoid_cx && r == 1);
    return r;
}
static unsigned breg(int avoid_cx) { /* AL CL DL BL AH CH DH BH */
    unsigned r;
    do r = rnd(8); while (avoid_cx && (r == 1 || r == 5));
    return r;
}

/* MOV reg,imm whose immediate self-modifying stores may change */
static void mov_imm(int avoid_cx) {
    if (rnd(2)) {
        b(0xB0 + breg(avoid_cx));
        imm_at[n_imm++ & 4095] = pc;
        b(rnd(256));
    } else {
        b(0xB8 + wreg(avoid_cx));
        imm_at[n_imm++ & 4095] = pc;
        w(rnd(65536));
    }
}

/* One simple instruction (nothing that moves SP or transfers control). */
static void simple(int avoid_cx) {
    const unsigned k = rnd(100);
    const unsigned wbit = rnd(2), reg = wbit ? wreg(avoid_cx) : breg(avoid_cx);
    const unsigned rm = wbit ? wreg(avoid_cx) : breg(avoid_cx);
    if (k < 22) { /* ALU reg,reg */
        b(rnd(8) * 8 + rnd(2) * 2 + wbit);
        b(0xC0 | reg << 3 | rm);
    } else if (k < 34) { /* ALU with [BP+d8], either way */
        b(rnd(8) * 8 + rnd(2) * 2 + wbit);
        b(0x46 | reg << 3);
        b(rnd(0x80));
    } else if (k < 42) { /* ALU r/m,imm (80, 81, 83) */
        const unsigned op = wbit ? (rnd(2) ? 0x81 : 0x83) : 0x80;
        b(op);
        b(0xC0 | rnd(8) << 3 | rm);
        if (op == 0x81) w(rnd(65536)); else b(rnd(256));
    } else if (k < 52) {
        mov_imm(avoid_cx);
    } else if (k < 58) { /* MOV r/m: 88-8B, register or [BP+d8] */
        b(0x88 + rnd(2) * 2 + wbit);
        if (rnd(2)) b(0xC0 | reg << 3 | rm);
        else { b(0x46 | reg << 3); b(rnd(0x80)); }
    } else if (k < 63) { /* INC/DEC r16 */
        b((rnd(2) ? 0x40 : 0x48) + wreg(avoid_cx));
    } else if (k < 69) { /* shifts and rotates by 1 */
        b(0xD0 + wbit);
        b(0xC0 | rnd(8) << 3 | rm);
    } else if (k < 72 && !avoid_cx) { /* by CL */
        b(0xB1); b(rnd(18));
        b(0xD2 + wbit);
        b(0xC0 | rnd(8) << 3 | rm);
    } else if (k < 78) { /* TEST imm, NOT, NEG, MUL, IMUL */
        static const unsigned ops[5] = {0, 2, 3, 4, 5};
        const unsigned op = ops[rnd(5)];
        b(0xF6 + wbit);
        b(0xC0 | op << 3 | rm);
        if (op == 0) { if (wbit) w(rnd(65536)); else b(rnd(256)); }
    } else if (k < 81) { /* DIV that cannot overflow: DX (or AH) zero, a divisor not zero */
        if (wbit) { b(0x31); b(0xD2); b(0xBB); w(1 + rnd(65535)); b(0xF7); b(0xF3); }
        else { b(0xB4); b(0); b(0xB3); b(1 + rnd(255)); b(0xF6); b(0xF3); }
    } else if (k < 91) { /* one-byte ops, AAM/AAD */
        static const unsigned ops[] = {0x98, 0x99, 0x9F, 0x9E, 0xF5, 0xF8, 0xF9, 0x27, 0x2F, 0x37, 0x3F,
                                       0x91, 0x92, 0x93, 0x96, 0x97, 0x90, 0xD7, 0xD4, 0xD5};
        const unsigned op = ops[rnd(sizeof ops / sizeof *ops)];
        if (avoid_cx && op == 0x91) { b(0x90); return; }
        b(op);
        if (op == 0xD4) b(1 + rnd(255));
        if (op == 0xD5) b(rnd(256));
    } else if (k < 95) { /* a store into an immediate already written: self-modifying code */
        if (!n_imm) { b(0x90); return; }
        const unsigned at = imm_at[rnd(n_imm < 4096 ? n_imm : 4096)];
        b(0xC6); b(0x06); w(ORG + at); b(rnd(256));
    } else if (k < 97) { /* IN AL,40h: the timer's count */
        b(0xE4); b(0x40);
    } else { /* LEA, XCHG r/m */
        if (rnd(2)) { b(0x8D); b(0x46 | wreg(avoid_cx) << 3); b(rnd(0x80)); }
        else { b(0x86 + wbit); b(0xC0 | reg << 3 | rm); }
    }
}

/* String instructions inside the data area: SI, DI and CX set first, REP or not. */
static void string_op(void) {
    static const unsigned ops[] = {0xA4, 0xA5, 0xAA, 0xAB, 0xAC, 0xAD, 0xA6, 0xA7, 0xAE, 0xAF};
    const unsigned op = ops[rnd(sizeof ops / sizeof *ops)];
    b(0xBE); w(DATA + rnd(0x60));        /* MOV SI */
    b(0xBF); w(DATA + 0x80 + rnd(0x60)); /* MOV DI */
    b(0xB9); w(rnd(24));                 /* MOV CX */
    const unsigned pre = rnd(4);
    if (pre == 1) b(0xF3);
    if (pre == 2) b(0xF2);
    if (rnd(4) == 0 && (op == 0xA4 || op == 0xA5 || op == 0xAC || op == 0xAD)) b(0x26 + rnd(4) * 8); /* segment */
    b(op);
}

/* A forward jump over a few simple instructions. */
static void jump_over(void) {
    const unsigned k = rnd(10);
    unsigned at;
    if (k < 7) { b(0x70 + rnd(16)); at = pc; b(0); }
    else if (k < 8) { b(0xEB); at = pc; b(0); }
    else if (k < 9) { b(0xE3); at = pc; b(0); } /* JCXZ */
    else { b(0xE9); at = pc; w(0); }            /* JMP rel16 */
    const unsigned n = 1 + rnd(4);
    for (unsigned i = 0; i < n; i++) simple(0);
    const unsigned d = pc - (at + (k < 9 ? 1 : 2));
    if (k < 9) code[at] = (uint8_t)d;
    else { code[at] = (uint8_t)d; code[at + 1] = (uint8_t)(d >> 8); }
}

/* A short loop: CX = 1..6 times a few simple instructions that leave CX alone. */
static void short_loop(void) {
    b(0xB9); w(1 + rnd(6));
    const unsigned top = pc;
    const unsigned n = 1 + rnd(4);
    for (unsigned i = 0; i < n; i++) simple(1);
    static const unsigned loops[] = {0xE2, 0xE2, 0xE1, 0xE0};
    b(loops[rnd(4)]);
    b((uint8_t)(top - (pc + 1)));
}

/* A call of a later function g. */
static void call(unsigned g) {
    if (fn_far[g]) b(0x0E); /* PUSH CS: RETF returns */
    if (!fn_far[g] && rnd(3) == 0) { /* MOV BX,g; CALL BX */
        b(0xBB); movs_at[n_movs] = pc; movs_to[n_movs++] = g; w(0);
        b(0xFF); b(0xD3);
    } else {
        b(0xE8); calls_at[n_calls] = pc; calls_to[n_calls++] = g; w(0);
    }
}

/* A function's instructions: `items` of them, the stack balanced at the end. */
static void body(unsigned f, unsigned items) {
    unsigned pushed[64], depth = 0;
    for (unsigned i = 0; i < items; i++) {
        const unsigned k = rnd(100);
        if (k < 55) simple(0);
        else if (k < 61 && depth < 64) {
            if (rnd(4) == 0) { b(0x9C); pushed[depth++] = 0x9D; } /* PUSHF, POPF later */
            else { b(0x50 + wreg(0)); pushed[depth++] = 0x58; }
        } else if (k < 66 && depth) {
            const unsigned p = pushed[--depth];
            b(p == 0x9D ? 0x9D : 0x58 + wreg(0));
        } else if (k < 75) jump_over();
        else if (k < 80) short_loop();
        else if (k < 86) string_op();
        else if (k < 92 && f + 1 < nfn) call(f + 1 + rnd(nfn - f - 1));
        else if (k < 94) { b(0xCD); b(0x60); } /* our handler */
        else if (k < 95) { b(0xB4); b(0x02); b(0xB2); b('A' + rnd(26)); b(0xCD); b(0x21); } /* print a letter */
        else if (k < 97) { b(0xFA); simple(0); simple(0); b(0xFB); } /* CLI ... STI */
        else simple(0);
    }
    while (depth) {
        const unsigned p = pushed[--depth];
        b(p == 0x9D ? 0x9D : 0x58 + wreg(0));
    }
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: randcom SEED OUT.COM\n");
        return 2;
    }
    const unsigned long seed = strtoul(argv[1], NULL, 0);
    rng = 0x9E3779B97F4A7C15ull ^ ((uint64_t)seed * 0xD1B54A32D192ED03ull);
    if (!rng) rng = 1;
    nfn = 3 + rnd(MAXF - 2);
    for (unsigned g = 1; g < nfn; g++) fn_far[g] = rnd(5) == 0;
    /* the start: our INT 60h handler (21h AH=25h), BP at the data, the counter, the calls */
    b(0xFC);                                   /* CLD */
    b(0xBA); int_handler_at = pc; w(0);        /* MOV DX, handler */
    b(0xB8); w(0x2560);                        /* MOV AX,2560h */
    b(0xCD); b(0x21);                          /* INT 21h */
    b(0xBD); w(DATA);                          /* MOV BP, DATA */
    b(0xC7); b(0x06); w(COUNTER); w(60 + rnd(190)); /* MOV WORD [COUNTER], n */
    const unsigned top = pc;
    call(0);
    b(0xFF); b(0x0E); w(COUNTER);              /* DEC WORD [COUNTER] */
    b(0x74); b(3);                             /* JZ +3 */
    b(0xE9); w((unsigned)(top - (pc + 2)) & 0xFFFF); /* JMP top */
    b(0xB8); w(0x4C00 | rnd(128));             /* MOV AX,4Cxxh (not 128 or more: a signal's) */
    b(0xCD); b(0x21);                          /* INT 21h */
    /* the interrupt handler: a few simple instructions that keep the flags' TF clear */
    const unsigned handler = pc;
    b(0x50); simple(0); simple(0); b(0x58); b(0xCF); /* PUSH AX ... POP AX, IRET */
    for (unsigned f = 0; f < nfn; f++) {
        fn_at[f] = pc;
        body(f, 8 + rnd(40));
        b(fn_far[f] ? 0xCB : 0xC3);
    }
    code[int_handler_at] = (uint8_t)(ORG + handler);
    code[int_handler_at + 1] = (uint8_t)((ORG + handler) >> 8);
    for (unsigned i = 0; i < n_calls; i++) {
        const unsigned d = (fn_at[calls_to[i]] - (calls_at[i] + 2)) & 0xFFFF;
        code[calls_at[i]] = (uint8_t)d;
        code[calls_at[i] + 1] = (uint8_t)(d >> 8);
    }
    for (unsigned i = 0; i < n_movs; i++) {
        code[movs_at[i]] = (uint8_t)(ORG + fn_at[movs_to[i]]);
        code[movs_at[i] + 1] = (uint8_t)((ORG + fn_at[movs_to[i]]) >> 8);
    }
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp", argv[2]);
    FILE *out = fopen(tmp, "wb");
    if (!out || fwrite(code, 1, pc, out) != pc || fclose(out) != 0 || rename(tmp, argv[2]) != 0) {
        perror(argv[2]);
        return 1;
    }
    return 0;
}
