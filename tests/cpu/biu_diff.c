/* Differential test of the exact BIU: the event-driven model of emu/biu_exact.h against the
 * clock-stepped reference of biu_ref.h, on long runs of random code.
 *
 *   biu_diff [programs] [instructions per program] [seed]
 *
 * The conformance suite checks single instructions from a full queue; here the state one
 * instruction leaves (queue, fetch under way, address cycle, pending write) is what the next
 * starts with, as in normal running, and code may write just ahead of itself; hardware
 * interrupts (INTA cycles) arrive at random boundaries and wake HLT. Both CPUs run the same
 * memory image and registers; after every instruction their clock counts, registers and IP
 * must agree, and at the end their memory. Exits 1 at the first difference; with
 * BIU_DIFF_LOG=<program> in the environment it logs that program's instructions (state, queue
 * of both models) on the way.
 */
#include "emu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void emu_step_ref(EmuCpu *c);
void emu_biu_reset_ref(EmuCpu *c);
int emu_ref_queue(uint8_t *out);

static uint64_t rng;
static uint32_t rnd(void) {
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)(rng >> 16);
}

static uint8_t port_in(void *ctx, uint16_t port, uint64_t cycle) {
    (void)ctx; (void)cycle;
    return (uint8_t)(port * 7 + 1);
}
static void port_out(void *ctx, uint16_t port, uint8_t v, uint64_t cycle) {
    (void)ctx; (void)port; (void)v; (void)cycle;
}

/* The interrupt controller: the request ends with its acknowledge; vectors 8 to 15 in turn. */
static long n_inta;
static uint8_t int_ack(void *ctx) {
    EmuCpu *c = ctx;
    c->intr = 0;
    n_inta++;
    return (uint8_t)(8 + (c->instructions & 7));
}

/* Code that is mostly ordinary: runs of common instructions (with memory operands near the
 * code, so that some writes land just ahead of IP), short branches and loops, calls, string
 * instructions with small counts, and a share of arbitrary bytes. */
static void fill_code(uint8_t *p, int n) {
    static const uint8_t common[][4] = {
        {0x8B, 0x04}, {0x89, 0x05}, {0x01, 0xD8}, {0x03, 0x47, 0x02}, {0x46}, {0x4F}, {0x50}, {0x5B},
        {0x83, 0xC6, 0x02}, {0x81, 0xC7, 0x34, 0x12}, {0xD1, 0xE0}, {0xF6, 0xE2}, {0xB8, 0x10, 0x00},
        {0x88, 0x44, 0x03}, {0xA4}, {0xAB}, {0xAC}, {0xF3, 0xA4}, {0x90}, {0x3C, 0x80}, {0xC6, 0x04, 0x90},
        {0x26, 0x8A, 0x07}, {0xE8, 0x02, 0x00}, {0xC3}, {0x74, 0x02}, {0x75, 0xFC}, {0xE2, 0xFA},
        {0xEB, 0x01}, {0x9C}, {0x9D}, {0xD7}, {0x86, 0xC4}, {0xF7, 0xF3}, {0x8E, 0xC0}, {0xE4, 0x40},
        {0xE6, 0x43}, {0xFE, 0x06, 0x10, 0x00}, {0x80, 0x3E, 0x00, 0x01}, {0xC7, 0x06, 0x08, 0x01},
    };
    static const uint8_t lens[] = {2, 2, 2, 3, 1, 1, 1, 1, 3, 4, 2, 2, 3, 3, 1, 1, 1, 2, 1, 2, 3, 3, 3,
                                   1, 2, 2, 2, 2, 1, 1, 1, 2, 2, 2, 2, 2, 4, 4, 4};
    int i = 0;
    while (i < n) {
        if (rnd() % 8 == 0) {
            p[i++] = (uint8_t)rnd();
            continue;
        }
        int k = (int)(rnd() % (sizeof lens));
        for (int j = 0; j < lens[k] && i < n; j++) p[i++] = common[k][j];
    }
}

typedef struct {
    EmuCpu cpu;
    uint8_t *mem;
} Side;

static int compare(const Side *a, const Side *b, int prog, long insn) {
    const EmuCpu *x = &a->cpu, *y = &b->cpu;
    if (x->cycles == y->cycles && x->ip == y->ip && x->flags == y->flags &&
        !memcmp(&x->r, &y->r, sizeof x->r) && !memcmp(x->sreg, y->sreg, sizeof x->sreg) && x->halted == y->halted)
        return 0;
    char s1[200], s2[200];
    emu_cpu_format_state(x, s1, sizeof s1);
    emu_cpu_format_state(y, s2, sizeof s2);
    fprintf(stderr, "biu_diff: program %d, instruction %ld: the models differ\n  event: %s cycles %llu\n  ref:   %s cycles %llu\n",
            prog, insn, s1, (unsigned long long)x->cycles, s2, (unsigned long long)y->cycles);
    return 1;
}

int main(int argc, char **argv) {
    int programs = argc > 1 ? atoi(argv[1]) : 300;
    long steps = argc > 2 ? atol(argv[2]) : 20000;
    rng = argc > 3 ? strtoull(argv[3], NULL, 0) : 0x8086808680868086ull;
    if (!rng) rng = 1;
    Side a, b;
    a.mem = malloc(EMU_MEM_SIZE + 16);
    b.mem = malloc(EMU_MEM_SIZE + 16);
    if (!a.mem || !b.mem) return 2;
    long total = 0;
    for (int prog = 0; prog < programs; prog++) {
        for (uint32_t i = 0; i < EMU_MEM_SIZE + 16; i++) a.mem[i] = (uint8_t)rnd();
        uint16_t cs = (uint16_t)(0x1000 + rnd() % 0x8000), ip = (uint16_t)(rnd() & 0xFFFF);
        fill_code(a.mem + ((uint32_t)cs << 4), 0x10000);
        /* Vectors 8-15 lead to a handler that returns at once (0050:0000: NOP, IRET). */
        for (int v = 8; v < 16; v++) {
            a.mem[v * 4] = 0x00; a.mem[v * 4 + 1] = 0x00;
            a.mem[v * 4 + 2] = 0x50; a.mem[v * 4 + 3] = 0x00;
        }
        a.mem[0x500] = 0x90;
        a.mem[0x501] = 0xCF;
        memcpy(b.mem, a.mem, EMU_MEM_SIZE + 16);
        emu_cpu_init(&a.cpu, a.mem, EMU_TIMING_EXACT);
        for (int r = 0; r < 8; r++) a.cpu.r.w[r] = (uint16_t)rnd();
        a.cpu.r.w[EMU_CX] &= 0x1F; /* short REP runs */
        a.cpu.sreg[EMU_DS] = a.cpu.sreg[EMU_ES] = cs;
        a.cpu.sreg[EMU_SS] = (uint16_t)rnd();
        a.cpu.flags = 0xF202 | (uint16_t)(rnd() & 0x08D5); /* IF set, TF clear */
        a.cpu.port_in = port_in;
        a.cpu.port_out = port_out;
        a.cpu.int_ack = int_ack;
        a.cpu.cycles = rnd() % 1000;
        emu_cpu_jump(&a.cpu, cs, ip);
        b.cpu = a.cpu;
        b.cpu.mem = b.mem;
        emu_biu_reset_ref(&b.cpu);
        a.cpu.ctx = &a.cpu;
        b.cpu.ctx = &b.cpu;
        for (long n = 0; n < steps; n++) {
            if (rnd() % 64 == 0 || (a.cpu.halted && rnd() % 4 == 0)) a.cpu.intr = b.cpu.intr = 1;
            if (a.cpu.halted && !(a.cpu.flags & EMU_FLAG_IF)) break;
            a.cpu.deadline = b.cpu.deadline = a.cpu.cycles + 200; /* bounds a halt's wait */
            if (getenv("BIU_DIFF_LOG") && prog == atoi(getenv("BIU_DIFF_LOG"))) {
                uint32_t lin = ((uint32_t)a.cpu.sreg[EMU_CS] << 4) + a.cpu.ip;
                char s1[200];
                emu_cpu_format_state(&a.cpu, s1, sizeof s1);
                fprintf(stderr, "      %s\n      queue:", s1);
                for (int i = 0; i < a.cpu.biu.qlen; i++)
                    fprintf(stderr, " %02X@%lld", a.cpu.biu.q[(a.cpu.biu.qhead + i) & 7], (long long)a.cpu.biu.q_at[(a.cpu.biu.qhead + i) & 7]);
                uint8_t rq[8];
                int rn = emu_ref_queue(rq);
                fprintf(stderr, " | ref:");
                for (int i = 0; i < rn; i++) fprintf(stderr, " %02X", rq[i]);
                fprintf(stderr, "\n");
                fprintf(stderr, "%5ld %04X:%04X %02X %02X %02X %02X intr=%d halted=%d cycles %llu/%llu\n", n,
                        a.cpu.sreg[EMU_CS], a.cpu.ip, a.mem[lin & 0xFFFFF], a.mem[(lin + 1) & 0xFFFFF],
                        a.mem[(lin + 2) & 0xFFFFF], a.mem[(lin + 3) & 0xFFFFF], a.cpu.intr, a.cpu.halted,
                        (unsigned long long)a.cpu.cycles, (unsigned long long)b.cpu.cycles);
            }
            emu_cpu_step(&a.cpu);
            emu_step_ref(&b.cpu);
            total++;
            if (compare(&a, &b, prog, n)) return 1;
        }
        if (memcmp(a.mem, b.mem, EMU_MEM_SIZE)) {
            fprintf(stderr, "biu_diff: program %d: memory differs\n", prog);
            return 1;
        }
    }
    printf("biu_diff: %d programs, %ld instructions, %ld interrupts: the event-driven and stepped models agree\n",
           programs, total, n_inta / 2);
    free(a.mem);
    free(b.mem);
    return 0;
}
