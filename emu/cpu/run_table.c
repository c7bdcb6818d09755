/* The interpreter with the documented-timings (simplified bus) model. */
#include "cpu/bus/table.h"

#define STEP_FN emu_step_table
#define RUN_FN emu_run_table
#include "cpu/exec.inc"
