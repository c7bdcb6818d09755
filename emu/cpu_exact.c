/* The interpreter with the exact (clock-by-clock bus interface unit) timing model. */
#define BIU_TRACING 0
#include "biu_exact.h"

#define STEP_FN emu_step_exact
#define RUN_FN emu_run_exact
#include "cpu_exec.inc"
