/* Fuzz target: arbitrary bytes as a program file (a .COM, or an .EXE when it starts with MZ):
 * the loader must accept or refuse it with a clear message, and a program that loads must run
 * (bounded) without the host crashing. Its drive C: is a private temporary folder. */
#include "fuzz.h"
#include "dos.h"
#include "emu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char dir[64];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (!dir[0]) {
        snprintf(dir, sizeof dir, "/tmp/emu86-fuzz-XXXXXX");
        if (!mkdtemp(dir)) abort();
    }
    char path[128];
    snprintf(path, sizeof path, "%s/PROG.EXE", dir);
    FILE *f = fopen(path, "wb");
    if (!f) abort();
    fwrite(data, 1, size, f);
    fclose(f);

    DosConfig cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.drive[2] = dir;
    char err[256];
    Dos *d = dos_new(&cfg, err, sizeof err);
    if (!d) abort();
    char *argv[] = {"PROG.EXE", "A", "B", NULL};
    if (dos_load_program(d, path, 3, argv, err, sizeof err)) {
        EmuMachineConfig mc = {0};
        mc.max_cycles = 300000;
        mc.timing = (size & 1) ? EMU_TIMING_TABLE : EMU_TIMING_EXACT;
        EmuMachine *m = emu_machine_new(&mc);
        if (!dos_attach(d, m)) abort();
        emu_machine_run(m);
        emu_machine_free(m);
    } else if (!err[0]) {
        abort(); /* a refusal must say why */
    }
    dos_free(d);
    return 0;
}
