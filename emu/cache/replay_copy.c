/* The block cache's replaying copy of the interpreter: the instructions' work without their
 * clocks (cpu/bus/null.h), signing the EU's requests as the recording copy does (cache/cache.h). */
#include "cpu/bus/null.h"

#if defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wunused-function" /* the run loop's parts, not used here */
#endif

#include "cpu/exec.inc"

void emu_null_node(EmuCore *c) {
    B_rni(c);
    c->insn_cs = CS;
    c->insn_ip = c->ip;
    c->trap_next = getf(c, EMU_FLAG_TF);
    c->inhibit = 0;
    exec_insn(c);
    while (c->in_rep && !c->fabort) {
        c->inhibit = 0;
        exec_string(c, c->rep_op, (int8_t)c->rep_seg);
        c->rep_pending_irq = 0;
    }
    fsig_mix(c, EV_END);
}
