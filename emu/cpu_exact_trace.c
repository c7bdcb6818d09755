/* The interpreter with the exact timing model, writing the per-clock bus trace (trace_clock):
 * a copy of its own so that the copy that runs without it never looks for one. */
#define BIU_TRACING 1
#include "biu_exact.h"

#define STEP_FN emu_step_exact_trace
#define RUN_FN emu_run_exact_trace
#include "cpu_exec.inc"
