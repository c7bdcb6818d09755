/* A string instruction without REP leaves no REP state behind: the next one spends its set-up
 * clock as the first did (the microcode runs from its start each time; the hardware-captured
 * suite starts every test from a fresh state, so it cannot see this). For each timing model,
 * LODSB, LODSB, MOVSB, STOSW, CMPSB, SCASB in a row, stepped one by one. */
#include "emu.h"
#include "cpu/state.h" /* (white-box: the CPU's whole state) */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
    static const uint8_t code[] = {0xFC, 0xAC, 0xAC, 0xA4, 0xAB, 0xA6, 0xAE, 0xF4};
    uint8_t *mem = calloc(1, EMU_MEM_SIZE + 16);
    if (!mem) return 1;
    int bad = 0;
    for (int model = 0; model < 3; model++) {
        EmuCore c;
        memset(mem, 0, EMU_MEM_SIZE + 16);
        memcpy(mem + 0x10000, code, sizeof code);
        emu_cpu_init(&c, mem, model == 2 ? EMU_TIMING_TABLE : EMU_TIMING_EXACT);
        c.exact_eager = model == 1;
        emu_cpu_jump(&c.cpu, 0x1000, 0);
        c.r.w[EMU_SI] = 0x100;
        c.r.w[EMU_DI] = 0x200;
        for (int i = 0; i < 7; i++) {
            emu_cpu_step(&c);
            if (c.rep_started || c.in_rep) {
                fprintf(stderr, "string_state: model %d, after instruction %d: REP state left set\n",
                        model, i);
                bad++;
            }
        }
    }
    free(mem);
    if (!bad) puts("ok: no REP state left behind");
    return bad != 0;
}
