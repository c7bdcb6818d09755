/* Fuzz target: DOS services with arbitrary register states and memory. The input's first 16
 * bytes are AX BX CX DX SI DI BP and a selector byte for the interrupt (20h-2Fh); the rest is
 * data the registers may point into. A small .COM loads the registers and calls the interrupt,
 * several times over. Nothing may crash, and nothing may appear outside the drive folder. */
#include "fuzz.h"
#include "dos.h"
#include "emu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char dir[64];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 16) return 0;
    if (!dir[0]) {
        snprintf(dir, sizeof dir, "/tmp/emu86-fuzzdos-XXXXXX");
        if (!mkdtemp(dir)) abort();
    }
    /* The program: mov ax..di,imm16 x7 (B8 BB B9 BA BE BF BD), int NN, then loop back a few
     * times with the registers reloaded; int 20h at the end. Data follows at 100h+64. */
    uint8_t com[4096];
    size_t n = 0;
    static const uint8_t movs[7] = {0xB8, 0xBB, 0xB9, 0xBA, 0xBE, 0xBF, 0xBD};
    for (int round = 0; round < 3; round++) {
        for (int r = 0; r < 7; r++) {
            com[n++] = movs[r];
            uint16_t v = (uint16_t)(data[2 * r] | data[2 * r + 1] << 8);
            if (r >= 4 && (v & 0x8000)) v = (uint16_t)(0x100 + 64 + (v & 0x3FF)); /* often point into the data */
            com[n++] = (uint8_t)v;
            com[n++] = (uint8_t)(v >> 8);
        }
        com[n++] = 0xCD;
        com[n++] = (uint8_t)(0x20 + ((data[14] + round) & 0x0F));
    }
    com[n++] = 0xCD;
    com[n++] = 0x20;
    while (n < 64) com[n++] = 0x90;
    size_t rest = size - 16;
    if (rest > sizeof com - n) rest = sizeof com - n;
    memcpy(com + n, data + 16, rest);
    n += rest;

    char path[128];
    snprintf(path, sizeof path, "%s/T.COM", dir);
    FILE *f = fopen(path, "wb");
    if (!f) abort();
    fwrite(com, 1, n, f);
    fclose(f);
    DosConfig cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.drive[2] = dir;
    char err[256];
    Dos *d = dos_new(&cfg, err, sizeof err);
    if (!d) abort();
    char *argv[] = {"T.COM", NULL};
    if (!dos_load_program(d, path, 1, argv, err, sizeof err)) abort();
    EmuMachineConfig mc = {0};
    mc.max_cycles = 400000;
    mc.timing = EMU_TIMING_TABLE;
    EmuMachine *m = emu_machine_new(&mc);
    if (!dos_attach(d, m)) abort();
    emu_machine_run(m);
    dos_free(d);
    emu_machine_free(m);
    return 0;
}
