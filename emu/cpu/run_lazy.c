/* The interpreter with the exact timing model computed lazily (cpu/bus/lazy.h): the default. */
#include "cpu/bus/lazy.h"
#include "cache/cache.h"

#define CPU_FAST_HOOK 1

#define STEP_FN emu_step_lazy
#define RUN_FN emu_run_lazy
#include "cpu/exec.inc"
