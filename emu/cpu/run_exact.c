/* The interpreter with the exact timing model in its eager form (cpu/bus/exact.h: the list of bus
 * cycles and the queue's bytes), which writes the per-clock bus trace when trace_clock is set.
 * Normal running uses the lazy form (cpu/run_lazy.c); the tests check that the two agree. */
#include "cpu/bus/exact.h"

#define STEP_FN emu_step_exact
#define RUN_FN emu_run_exact
#include "cpu/exec.inc"
