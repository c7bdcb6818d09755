/* The interpreter with the exact timing model computed lazily (biu_lazy.h): the default. */
#include "biu_lazy.h"
#include "cpu_fast.h"

#define CPU_FAST_HOOK 1

#define STEP_FN emu_step_lazy
#define RUN_FN emu_run_lazy
#include "cpu_exec.inc"
