/* Fuzz target: arbitrary bytes as 8086 code and initial state, run for a bounded number of
 * instructions by both timing models, the exact one in both its forms. Besides "no crash, no
 * undefined behaviour": the exact model's lazy form (normal running) and eager form must agree
 * on everything, clock counts included, after every instruction, whatever the code does to
 * itself. The table model must agree with them on every register and every byte of memory
 * after the same number of instructions: they share the instruction semantics and differ only
 * in clock counts — except
 * for code that modifies the bytes right ahead of itself: the exact model has already fetched
 * them into its queue (as the chip has) and executes the old bytes, the table model reads
 * memory. Such inputs are recognised and not counted as disagreements. Likewise POP CS and
 * MOV CS,r/m: the 8086 loads CS without emptying the queue, so the exact model goes on with the
 * bytes fetched from the old CS, as the chip does.
 * Input: 28 bytes of registers (AX CX DX BX SP BP SI DI ES CS SS DS IP FLAGS), then code/data
 * loaded at linear 10000h. No HLE regions, no interrupts. */
#include "fuzz.h"
#include "emu.h"
#include "cpu/state.h" /* (white-box: the CPU's whole state) */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_cpu_setup.h"

#define STEPS 2000

/* Did the program write into the bytes it was about to execute (at one of the recent IPs)? */
static int modified_own_code(const uint8_t *mem, const uint8_t *orig, const uint16_t *cs, const uint16_t *ip, int n) {
    for (int k = 0; k < n; k++)
        for (unsigned j = 0; j < 8; j++) {
            uint32_t a = emu_linear(cs[k], (uint16_t)(ip[k] + j)); /* IP wraps within the segment */
            if (mem[a] != orig[a]) return 1;
        }
    return 0;
}

/* Is the instruction at `lin` (after its prefixes) one that loads CS without a flush? */
static int loads_cs_without_flush(const uint8_t *mem, uint16_t cs, uint16_t ip) {
    for (unsigned k = 0; k < 8; k++) {
        uint8_t op = mem[emu_linear(cs, (uint16_t)(ip + k))];
        if (op == 0x26 || op == 0x2E || op == 0x36 || op == 0x3E || (op >= 0xF0 && op <= 0xF3)) continue;
        if (op == 0x0F) return 1;
        if (op == 0x8E) return ((mem[emu_linear(cs, (uint16_t)(ip + k + 1))] >> 3) & 3) == 1;
        return 0;
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static uint8_t *ma, *mb, *me, *m0;
    if (!ma) {
        ma = malloc(EMU_MEM_SIZE + 16);
        mb = malloc(EMU_MEM_SIZE + 16);
        me = malloc(EMU_MEM_SIZE + 16);
        m0 = malloc(EMU_MEM_SIZE + 16);
    }
    EmuCore a, b, e;
    setup(&a, ma, data, size, EMU_TIMING_EXACT, 0);
    setup(&b, mb, data, size, EMU_TIMING_TABLE, 0);
    setup(&e, me, data, size, EMU_TIMING_EXACT, 1);
    memcpy(m0, mb, EMU_MEM_SIZE);
    uint32_t ips[STEPS];
    uint16_t css[STEPS], iss[STEPS];
    int table = 1; /* the table model is still compared */
    for (int i = 0; i < STEPS; i++) {
        if (a.halted && (b.halted || !table)) break;
        ips[i] = emu_linear(b.sreg[EMU_CS], b.ip);
        css[i] = b.sreg[EMU_CS];
        iss[i] = b.ip;
        if (table && loads_cs_without_flush(mb, css[i], iss[i])) table = 0;
        /* the code around CS:IP, as the instruction fetches it (IP wraps within the segment) */
        uint32_t near_at[32];
        uint8_t near[32];
        for (unsigned k = 0; k < 32; k++) {
            near_at[k] = emu_linear(css[i], (uint16_t)(iss[i] + k - 16));
            near[k] = mb[near_at[k]];
        }
        emu_cpu_step(&a);
        emu_cpu_step(&e);
        if (a.cycles != e.cycles || memcmp(&a.r, &e.r, sizeof a.r) || memcmp(a.sreg, e.sreg, sizeof a.sreg) ||
            a.ip != e.ip || a.flags != e.flags || a.halted != e.halted || a.in_rep != e.in_rep) {
            char sa[200], se[200];
            emu_cpu_format_state(&a, sa, sizeof sa);
            emu_cpu_format_state(&e, se, sizeof se);
            fprintf(stderr, "exact model, lazy and eager forms disagree after %d steps:\n lazy  %s cycles %llu\n eager %s cycles %llu\n",
                    i + 1, sa, (unsigned long long)a.cycles, se, (unsigned long long)e.cycles);
            abort();
        }
        if (!table) continue;
        emu_cpu_step(&b);
        if (getenv("FUZZ_CPU_TRACE")) {
            char sa[200], sb[200];
            emu_cpu_format_state(&a, sa, sizeof sa);
            emu_cpu_format_state(&b, sb, sizeof sb);
            uint32_t sp = emu_linear(b.sreg[EMU_SS], b.r.w[EMU_SP]);
            fprintf(stderr, "stack exact %02X%02X table %02X%02X\n", ma[sp + 1], ma[sp], mb[sp + 1], mb[sp]);
            fprintf(stderr, "%05X %02X %02X %02X\n exact %s\n table %s\n", ips[i], mb[ips[i]], mb[(ips[i] + 1) & 0xFFFFF],
                    mb[(ips[i] + 2) & 0xFFFFF], sa, sb);
        }
        if (modified_own_code(mb, m0, css + (i >= 3 ? i - 3 : 0), iss + (i >= 3 ? i - 3 : 0), i >= 3 ? 4 : i + 1)) {
            table = 0;
            continue;
        }
        /* any write within 16 bytes of the code just executed: self-modifying, skip */
        for (unsigned k = 0; k < 32 && table; k++)
            if (mb[near_at[k]] != near[k]) table = 0;
        if (!table) continue;
        if (memcmp(&a.r, &b.r, sizeof a.r) || memcmp(a.sreg, b.sreg, sizeof a.sreg) || a.ip != b.ip ||
            a.flags != b.flags || a.halted != b.halted || a.in_rep != b.in_rep) {
            char sa[200], sb[200];
            emu_cpu_format_state(&a, sa, sizeof sa);
            emu_cpu_format_state(&b, sb, sizeof sb);
            fprintf(stderr, "models disagree after %d steps:\n exact %s\n table %s\n", i + 1, sa, sb);
            abort();
        }
    }
    if (memcmp(ma, me, EMU_MEM_SIZE)) {
        uint32_t k = 0;
        while (ma[k] == me[k]) k++;
        fprintf(stderr, "exact model, lazy and eager forms disagree on memory at %05X: %02X %02X\n", k, ma[k], me[k]);
        abort();
    }
    if (table && memcmp(ma, mb, EMU_MEM_SIZE)) {
        uint32_t k = 0;
        while (ma[k] == mb[k]) k++;
        fprintf(stderr, "models disagree on memory at %05X: exact %02X table %02X\n", k, ma[k], mb[k]);
        abort();
    }
    return 0;
}
