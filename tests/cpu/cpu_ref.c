/* The interpreter with the reference (clock-stepped) BIU, for the differential test. */
#include "biu_ref.h"

void emu_step_ref(EmuCore *c);
EmuRunResult emu_run_ref(EmuCore *c);

#define STEP_FN emu_step_ref
#define RUN_FN emu_run_ref
#include "cpu/exec.inc"

/* The reference queue's bytes (for the differential test's messages). */
int emu_ref_queue(uint8_t *out);
int emu_ref_queue(uint8_t *out) {
    for (int i = 0; i < ref_biu.qlen; i++) out[i] = ref_biu.q[(ref_biu.qhead + i) & 7];
    return ref_biu.qlen;
}
