/* emu86 command line. (Grows with the machine, DOS and profiler libraries.) */
#include "emu.h"

#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
    if (argc > 1 && !strcmp(argv[1], "--version")) {
        printf("emu86 %s\n", EMU86_VERSION);
        return 0;
    }
    fprintf(stderr, "emu86: the DOS machine is not wired up yet; see README.md\n");
    return 2;
}
