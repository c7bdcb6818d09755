/* The interpreter with the reference (clock-stepped) BIU, for the differential test. */
#include "biu_ref.h"

void emu_step_ref(EmuCpu *c);
EmuRunResult emu_run_ref(EmuCpu *c);

#define STEP_FN emu_step_ref
#define RUN_FN emu_run_ref
#include "cpu_exec.inc"
