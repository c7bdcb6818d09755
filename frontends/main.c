/* emu86 command line. (Grows with the DOS and profiler libraries.) */
#include "emu.h"
#include "options.h"

#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
    Options o;
    if (!options_parse(&o, argc, argv)) return EXIT_USAGE;
    fprintf(stderr, "emu86: %s: running DOS programs is not wired up yet\n", o.program);
    return EXIT_LOAD;
}
