/* The conditions of the conditional jumps (emu_cond, by emu_cond_index) against the manual's
 * definitions (Intel's 8086 family user's manual, Jcc): every one of the sixteen conditions for
 * every value of the flags word. */
#include "cpu/internal.h"

#include <stdio.h>

static int defined(uint16_t f, unsigned cc) {
    const int of = (f & EMU_FLAG_OF) != 0, cf = (f & EMU_FLAG_CF) != 0, zf = (f & EMU_FLAG_ZF) != 0;
    const int sf = (f & EMU_FLAG_SF) != 0, pf = (f & EMU_FLAG_PF) != 0;
    int r;
    switch (cc >> 1) {
    case 0: r = of; break;           /* JO */
    case 1: r = cf; break;           /* JB */
    case 2: r = zf; break;           /* JE */
    case 3: r = cf || zf; break;     /* JBE */
    case 4: r = sf; break;           /* JS */
    case 5: r = pf; break;           /* JP */
    case 6: r = sf != of; break;     /* JL */
    default: r = zf || sf != of; break; /* JLE */
    }
    return (cc & 1) ? !r : r;
}

int main(void) {
    long bad = 0;
    for (unsigned f = 0; f < 0x10000; f++)
        for (unsigned cc = 0; cc < 16; cc++) {
            const int got = (emu_cond[emu_cond_index((uint16_t)f)] >> cc) & 1;
            if (got != defined((uint16_t)f, cc) && bad++ < 10)
                fprintf(stderr, "cond_check: condition %X with flags %04X: %d\n", cc, f, got);
        }
    if (bad) {
        fprintf(stderr, "cond_check: %ld wrong\n", bad);
        return 1;
    }
    printf("cond_check: 16 conditions x 65536 flag words agree\n");
    return 0;
}
