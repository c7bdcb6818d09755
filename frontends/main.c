/* emu86: run a DOS program on the emulated PC (and profile it), or a subcommand. */
#include "dos.h"
#include "emu.h"
#include "options.h"
#include "profiler.h"
#include "run.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
    /* a file size limit reached while writing an output is a write error to report (EFBIG),
     * not a reason to die with the output half-written */
    signal(SIGXFSZ, SIG_IGN);
    if (argc > 1 && !strcmp(argv[1], "report")) return run_report(argc - 1, argv + 1);
    if (argc > 1 && !strcmp(argv[1], "annotate")) return prof_annotate_main(argc - 1, argv + 1);
    if (argc > 1 && !strcmp(argv[1], "diff")) return prof_diff_main(argc - 1, argv + 1);
    Options o;
    if (!options_parse(&o, argc, argv)) return EXIT_USAGE;
    return run_program(&o);
}
