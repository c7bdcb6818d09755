/* Differential test of the exact BIU: its two forms, the eager one of emu/cpu/bus/exact.h (a list
 * of bus cycles and the queue's bytes) and the lazy one of emu/cpu/bus/lazy.h (normal running),
 * against the clock-stepped reference of biu_ref.h, on long runs of random code.
 *
 *   biu_diff [programs] [instructions per program] [seed]
 *
 * The conformance suite checks single instructions from a full queue; here the state one
 * instruction leaves (queue, fetch under way, address cycle, pending write) is what the next
 * starts with, as in normal running. Code writes just ahead of itself (it finds its own address
 * with CALL/POP and stores a few bytes on), and so do the machine between two instructions, an
 * I/O port and the interrupt acknowledge; hardware interrupts (INTA cycles) arrive at random
 * boundaries and wake HLT. The three CPUs run the same memory image and registers; after every
 * instruction their clock counts, registers and IP must agree, and at the end their memory.
 * Exits 1 at the first difference; with BIU_DIFF_LOG=<program> in the environment it logs that
 * program's instructions (state, queue of the eager model and of the reference) on the way.
 */
#include "emu.h"
#include "cpu/state.h" /* (white-box: the CPU's whole state) */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void emu_step_ref(EmuCore *c);
void emu_biu_reset_ref(EmuCore *c);
int emu_ref_queue(uint8_t *out);

static uint64_t rng;
static uint32_t rnd(void) {
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)(rng >> 16);
}

/* A device that writes memory when spoken to: the byte `v` lands `v % 8` bytes past CS:IP, and
 * past DS:IP (the CS the code had before a MOV CS or POP CS, as the programs start with
 * DS = CS). */
static void device_write(EmuCore *c, uint8_t v) {
    for (int s = EMU_CS; s <= EMU_DS; s += EMU_DS - EMU_CS)
        c->mem[(((uint32_t)c->sreg[s] << 4) + (uint16_t)(c->ip + v % 8)) & 0xFFFFF] = v;
}

static uint8_t port_in(void *ctx, uint16_t port, uint64_t cycle) {
    (void)cycle;
    if (port == 0x41) device_write(ctx, (uint8_t)cycle);
    return (uint8_t)(port * 7 + 1);
}
static void port_out(void *ctx, uint16_t port, uint8_t v, uint64_t cycle) {
    (void)cycle;
    if (port == 0x43) device_write(ctx, v);
}

/* The interrupt controller: the request ends with its acknowledge; vectors 8 to 15 in turn
 * (acknowledging vector 11 writes memory). */
static long n_inta;
static uint8_t int_ack(void *ctx) {
    EmuCore *c = ctx;
    c->intr = 0;
    n_inta++;
    uint8_t vec = (uint8_t)(8 + (c->instructions & 7));
    if (vec == 11) device_write(c, (uint8_t)c->cycles);
    return vec;
}

/* Code that is mostly ordinary: runs of common instructions (with memory operands near the
 * code, so that some writes land just ahead of IP), short branches and loops, calls, string
 * instructions with small counts, writes a few bytes ahead of themselves, and a share of
 * arbitrary bytes. */
static void fill_code(uint8_t *p, int n) {
    static const uint8_t common[][8] = {
        {0x8B, 0x04}, {0x89, 0x05}, {0x01, 0xD8}, {0x03, 0x47, 0x02}, {0x46}, {0x4F}, {0x50}, {0x5B},
        {0x83, 0xC6, 0x02}, {0x81, 0xC7, 0x34, 0x12}, {0xD1, 0xE0}, {0xF6, 0xE2}, {0xB8, 0x10, 0x00},
        {0x88, 0x44, 0x03}, {0xA4}, {0xAB}, {0xAC}, {0xF3, 0xA4}, {0x90}, {0x3C, 0x80}, {0xC6, 0x04, 0x90},
        {0x26, 0x8A, 0x07}, {0xE8, 0x02, 0x00}, {0xC3}, {0x74, 0x02}, {0x75, 0xFC}, {0xE2, 0xFA},
        {0xEB, 0x01}, {0x9C}, {0x9D}, {0xD7}, {0x86, 0xC4}, {0xF7, 0xF3}, {0x8E, 0xC0}, {0xE4, 0x40},
        {0xE6, 0x43}, {0xFE, 0x06, 0x10, 0x00}, {0x80, 0x3E, 0x00, 0x01}, {0xC7, 0x06, 0x08, 0x01},
        /* CALL $+3; POP BX (BX = its own address); then a store 3 to 10 bytes on, into the
         * queue or just past it */
        {0xE8, 0x00, 0x00, 0x5B, 0xC6, 0x47, 0x07, 0x90}, {0xE8, 0x00, 0x00, 0x5B, 0x89, 0x47, 0x06},
        {0xE8, 0x00, 0x00, 0x5B, 0xC6, 0x47, 0x0A, 0x4B}, {0xE8, 0x00, 0x00, 0x5B, 0x88, 0x67, 0x04},
        {0xE8, 0x00, 0x00, 0x5B, 0x89, 0x47, 0x03}, {0xE4, 0x41}, {0xE7, 0x43},
        /* CS loaded without a flush (to the same value: the code goes on) */
        {0x8C, 0xC8, 0x8E, 0xC8}, {0x0E, 0x0F},
    };
    static const uint8_t lens[] = {2, 2, 2, 3, 1, 1, 1, 1, 3, 4, 2, 2, 3, 3, 1, 1, 1, 2, 1, 2, 3, 3, 3,
                                   1, 2, 2, 2, 2, 1, 1, 1, 2, 2, 2, 2, 2, 4, 4, 4, 8, 7, 8, 7, 7, 2, 2,
                                   4, 2};
    int i = 0;
    while (i < n) {
        if (rnd() % 8 == 0) {
            p[i++] = (uint8_t)rnd();
            continue;
        }
        if (rnd() % 8 == 0 && i + 8 < n) {
            /* a store to k bytes past its own end, by MOV moffs,AL/AX (A2/A3) or STOSB/STOSW
             * (AA/AB, ES = CS, DI loaded just before): the code's offset in CS is i */
            unsigned k = rnd() % 7, op = rnd() % 4;
            if (op < 2) {
                uint16_t t = (uint16_t)(i + 3 + k);
                p[i++] = (uint8_t)(0xA2 + op);
                p[i++] = (uint8_t)t;
                p[i++] = (uint8_t)(t >> 8);
            } else {
                uint16_t t = (uint16_t)(i + 4 + k);
                p[i++] = 0xBF;
                p[i++] = (uint8_t)t;
                p[i++] = (uint8_t)(t >> 8);
                p[i++] = (uint8_t)(0xAA + op - 2);
            }
            continue;
        }
        int k = (int)(rnd() % (sizeof lens));
        for (int j = 0; j < lens[k] && i < n; j++) p[i++] = common[k][j];
    }
}

typedef struct {
    EmuCore cpu;
    uint8_t *mem;
} Side;

static const char *const side_name[3] = {"lazy", "eager", "ref"};

static int compare(const Side *s, int prog, long insn) {
    for (int k = 0; k < 2; k++) {
        const EmuCore *x = &s[k].cpu, *y = &s[2].cpu;
        if (x->cycles == y->cycles && x->ip == y->ip && x->flags == y->flags &&
            !memcmp(&x->r, &y->r, sizeof x->r) && !memcmp(x->sreg, y->sreg, sizeof x->sreg) && x->halted == y->halted)
            continue;
        char s1[200], s2[200];
        emu_cpu_format_state(x, s1, sizeof s1);
        emu_cpu_format_state(y, s2, sizeof s2);
        fprintf(stderr, "biu_diff: program %d, instruction %ld: the models differ\n  %-6s %s cycles %llu\n  ref:   %s cycles %llu\n",
                prog, insn, side_name[k], s1, (unsigned long long)x->cycles, s2, (unsigned long long)y->cycles);
        return 1;
    }
    return 0;
}

static void log_step(const Side *s, long n) {
    const EmuCore *e = &s[1].cpu;
    uint32_t lin = ((uint32_t)e->sreg[EMU_CS] << 4) + e->ip;
    char s1[200];
    emu_cpu_format_state(e, s1, sizeof s1);
    fprintf(stderr, "      %s\n      queue:", s1);
    for (int i = 0; i < e->biu.qlen; i++)
        fprintf(stderr, " %02X@%lld", e->biu.q[(e->biu.qhead + i) & 7], (long long)e->biu.q_at[(e->biu.qhead + i) & 7]);
    uint8_t rq[8];
    int rn = emu_ref_queue(rq);
    fprintf(stderr, " | ref:");
    for (int i = 0; i < rn; i++) fprintf(stderr, " %02X", rq[i]);
    fprintf(stderr, "\n");
    fprintf(stderr, "%5ld %04X:%04X %02X %02X %02X %02X intr=%d halted=%d cycles %llu/%llu/%llu\n", n,
            e->sreg[EMU_CS], e->ip, s[1].mem[lin & 0xFFFFF], s[1].mem[(lin + 1) & 0xFFFFF],
            s[1].mem[(lin + 2) & 0xFFFFF], s[1].mem[(lin + 3) & 0xFFFFF], e->intr, e->halted,
            (unsigned long long)s[0].cpu.cycles, (unsigned long long)e->cycles, (unsigned long long)s[2].cpu.cycles);
}

int main(int argc, char **argv) {
    int programs = argc > 1 ? atoi(argv[1]) : 300;
    long steps = argc > 2 ? atol(argv[2]) : 20000;
    rng = argc > 3 ? strtoull(argv[3], NULL, 0) : 0x8086808680868086ull;
    if (!rng) rng = 1;
    const char *log = getenv("BIU_DIFF_LOG");
    Side s[3];
    for (int k = 0; k < 3; k++) {
        s[k].mem = malloc(EMU_MEM_SIZE + 16);
        if (!s[k].mem) return 2;
    }
    long total = 0, outside = 0;
    for (int prog = 0; prog < programs; prog++) {
        uint8_t *m = s[0].mem;
        for (uint32_t i = 0; i < EMU_MEM_SIZE + 16; i++) m[i] = (uint8_t)rnd();
        uint16_t cs = (uint16_t)(0x1000 + rnd() % 0x8000), ip = (uint16_t)(rnd() & 0xFFFF);
        fill_code(m + ((uint32_t)cs << 4), 0x10000);
        /* Vectors 8-15 lead to a handler that returns at once (0050:0000: NOP, IRET). */
        for (int v = 8; v < 16; v++) {
            m[v * 4] = 0x00; m[v * 4 + 1] = 0x00;
            m[v * 4 + 2] = 0x50; m[v * 4 + 3] = 0x00;
        }
        m[0x500] = 0x90;
        m[0x501] = 0xCF;
        memcpy(s[1].mem, m, EMU_MEM_SIZE + 16);
        memcpy(s[2].mem, m, EMU_MEM_SIZE + 16);
        EmuCore *a = &s[0].cpu;
        emu_cpu_init(a, m, EMU_TIMING_EXACT);
        for (int r = 0; r < 8; r++) a->r.w[r] = (uint16_t)rnd();
        a->r.w[EMU_CX] &= 0x1F; /* short REP runs */
        a->sreg[EMU_DS] = a->sreg[EMU_ES] = cs;
        a->sreg[EMU_SS] = (uint16_t)rnd();
        a->flags = 0xF202 | (uint16_t)(rnd() & 0x08D5); /* IF set, TF clear */
        a->port_in = port_in;
        a->port_out = port_out;
        a->int_ack = int_ack;
        a->cycles = rnd() % 1000;
        s[1].cpu = *a;
        s[1].cpu.mem = s[1].mem;
        s[1].cpu.exact_eager = 1;
        emu_cpu_jump(&a->cpu, cs, ip);
        emu_cpu_jump(&s[1].cpu.cpu, cs, ip);
        s[2].cpu = s[1].cpu;
        s[2].cpu.mem = s[2].mem;
        emu_biu_reset_ref(&s[2].cpu);
        for (int k = 0; k < 3; k++) s[k].cpu.ctx = &s[k].cpu;
        for (long n = 0; n < steps; n++) {
            if (rnd() % 64 == 0 || (a->halted && rnd() % 4 == 0))
                for (int k = 0; k < 3; k++) s[k].cpu.intr = 1;
            if (a->halted && !(a->flags & EMU_FLAG_IF)) break;
            if (rnd() % 16 == 0) { /* the machine writes just ahead of IP between two instructions */
                uint8_t v = (uint8_t)rnd();
                for (int k = 0; k < 3; k++) device_write(&s[k].cpu, v);
                outside++;
            }
            if (rnd() % 4096 == 0) /* or loads CS without a jump (as MOV CS would) */
                for (int k = 0; k < 3; k++) s[k].cpu.sreg[EMU_CS] ^= 1;
            for (int k = 0; k < 3; k++) s[k].cpu.deadline = a->cycles + 200; /* bounds a halt's wait */
            if (log && prog == atoi(log)) log_step(s, n);
            emu_cpu_step(&s[0].cpu);
            emu_cpu_step(&s[1].cpu);
            emu_step_ref(&s[2].cpu);
            total++;
            if (compare(s, prog, n)) return 1;
        }
        for (int k = 0; k < 2; k++)
            if (memcmp(s[k].mem, s[2].mem, EMU_MEM_SIZE)) {
                fprintf(stderr, "biu_diff: program %d: memory differs (%s)\n", prog, side_name[k]);
                return 1;
            }
    }
    printf("biu_diff: %d programs, %ld instructions, %ld interrupts, %ld writes between instructions: "
           "the lazy, eager and stepped models agree\n", programs, total, n_inta / 3, outside);
    for (int k = 0; k < 3; k++) free(s[k].mem);
    return 0;
}
