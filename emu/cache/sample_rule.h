/* Where a profiling sample falls (EmuSampleRule): the one definition of the rule, used by the
 * machine's sampling timers (pc/machine.c) and by the block cache, which takes their ticks
 * itself where it may (cache/sampling.inc). */
#ifndef EMU86_SAMPLE_RULE_H
#define EMU86_SAMPLE_RULE_H

#include "emu.h"

#include <stdbool.h>

/* The sample at a boundary by `rule`: by EXEC, the instruction that ran before it (insn); by
 * IRQ, the CS:IP a hardware interrupt taken there would push (irq), and none (false: the sample
 * waits) while no interrupt can be taken there, IF clear in `flags` or an interrupt shadow. Any
 * other rule (0: none) has no sample. */
static inline bool sample_by_rule(unsigned rule, uint16_t flags, bool shadow, EmuSample insn, EmuSample irq,
                                  EmuSample *s) {
    if (rule == EMU_SAMPLE_EXEC) *s = insn;
    else if (rule == EMU_SAMPLE_IRQ && (flags & EMU_FLAG_IF) && !shadow) *s = irq;
    else return false;
    return true;
}

/* Is there a sample by `rule` at every boundary without an interrupt shadow while IF is as in
 * `flags`? (Where it is, ticks may be taken in bulk: none of them waits.) */
static inline bool sample_never_waits(unsigned rule, uint16_t flags) {
    return rule == EMU_SAMPLE_EXEC || (rule == EMU_SAMPLE_IRQ && (flags & EMU_FLAG_IF));
}

/* The IP an interrupt taken at a boundary pushes: between two iterations of a REP string
 * instruction (in_rep, ip after it), the address of its prefix, two bytes before the opcode's
 * end. */
static inline uint16_t sample_irq_ip(uint16_t ip, bool in_rep) { return in_rep ? (uint16_t)(ip - 2) : ip; }

#endif
