/* Test driver for `emu86 report`: report_cli ARGS... is `emu86 report ARGS...`. */
#include "profiler.h"

int main(int argc, char **argv) {
    argv[0] = "report";
    return prof_report_main(argc, argv);
}
