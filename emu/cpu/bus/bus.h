/* The bus interface: what the interpreter (cpu/exec.inc) asks of a bus and queue model.
 *
 * The interpreter is written once against the primitives below and compiled with each model:
 * cpu/bus/lazy.h (cpu/run_lazy.c, normal running; cache/cache.c's recording copy with
 * LZ_SIGNATURE), cpu/bus/exact.h (cpu/run_exact.c, the per-clock trace), cpu/bus/table.h
 * (cpu/run_table.c, the documented timings), cpu/bus/null.h (cache/replay_copy.c, the block
 * cache's replay: no clocks) and tests/cpu/biu_ref.h (the clock-stepped reference). A model is a
 * header that defines each primitive of BUS_PRIMITIVES, with exactly the type given there, as a
 * static (inline) function, and no other B_* name but the optional ones below. That is checked:
 * the interpreter asserts each primitive's type when it is compiled with a model (BUS_CHECK, in
 * cpu/exec.inc), and the test cpu.bus_interface fails when a model defines a B_* name the list
 * does not have (or the interpreter uses one), so that a primitive added to one model is added
 * to the list, and so to every model.
 *
 * Contracts. The EU's clocks: the clock count (c->cycles) is the model's; the interpreter spends
 * clocks only through these calls, in the microcode's order.
 *   B_cycles(c, n)     n internal clocks of the EU pass (n >= 0).
 *   B_corr(c)          CORR: the microcode's correction of the PC by the queue length (a clock).
 *   B_idle(c, n)       n clocks pass while halted (nothing on the bus).
 * The queue (instruction bytes at CS:IP; each advances IP by one):
 *   B_first(c)         the first byte of an instruction, or the byte after a prefix: the one the
 *                      last RNI took if there is one, else one taken now.
 *   B_qread(c)         a later byte of the instruction (ModRM, displacement, immediate).
 *   B_rni(c)           RNI at an instruction's end: take the next opcode byte (without advancing
 *                      IP: B_first does) so that the boundary can run.
 * The EU's bus cycles (seg:off wraps within the segment; a word at an odd offset is two
 * transfers; writes at or above rom_start change nothing):
 *   B_read8/B_read16(c, seg, off)          a memory read; returns when the data is in (T3).
 *   B_write8/B_write16(c, seg, off, v)     a memory write that ends the instruction's use of
 *                                          the bus (the EU goes on at T3).
 *   B_write16_mid(c, seg, off, v)          a write in the middle of a sequence ("w" in the
 *                                          microcode: the EU goes on once it reaches T4).
 *   B_in8/B_in16(c, port), B_out8/B_out16(c, port, v)   I/O cycles; the model calls the CPU's
 *                                          port callbacks with the clock of the transfer.
 *   B_inta(c)          the two INTA cycles of a hardware interrupt; returns the vector.
 *   B_wait_t4(c)       wait for a bus cycle under way to reach its T4.
 * The prefetcher:
 *   B_suspend(c)       SUSP: stop prefetching (a fetch under way runs to its end).
 *   B_flush(c)         FLUSH: empty the queue and fetch from CS:IP as it is now.
 *   B_cs_changed(c, old_cs)  CS changed other than by a FLUSH (POP CS, MOV CS, or from outside).
 *   B_halt(c)          HLT: the prefetcher stops, the bus goes idle after the cycle under way.
 * Leaving and re-entering the CPU:
 *   B_leave(c)         the CPU stops running or calls out (HLE service, the end of a run).
 *   B_outside(c)       it goes on: memory and CS may have been changed from outside meanwhile.
 * Optional:
 *   B_qread_hot, B_rni_hot   B_qread and B_rni for the one copy in the inner loop and the
 *                      displacement read (a model defines them with BIU_HAS_RNI_HOT; without,
 *                      they are B_qread and B_rni).
 *   B_CALLOUT_REFUSED(c)     a macro: true when the model cannot call out (an HLE service) and
 *                      has abandoned the instruction (null.h: c->fabort).
 *
 * Besides, a model that runs the CPU by itself (not null.h) provides emu_biu_reset_<model> and
 * emu_biu_prefill_<model> (cpu/internal.h), which cpu/cpu.c calls.
 *
 * What must change together: the block cache's signature of an instruction is made of the EU's
 * requests as cpu/bus/lazy.h signs them under LZ_SIGNATURE (LZ_SIG: an EV_* of cache/cache.h,
 * with the clocks since the last) and as cpu/bus/null.h signs them; each primitive must sign the
 * same events in the same order in both (a mismatch is caught by the tests machine.block_cache,
 * machine.block_cache_random and fuzz.cache.random).
 */
#ifndef EMU86_BUS_H
#define EMU86_BUS_H

#include "cpu/internal.h"

/* X(return type, name, parameter types) for each primitive. */
#define BUS_PRIMITIVES(X)                                                                       \
    X(void, B_cycles, (EmuCore *, int))                                                          \
    X(void, B_corr, (EmuCore *))                                                                 \
    X(void, B_idle, (EmuCore *, uint64_t))                                                       \
    X(uint8_t, B_first, (EmuCore *))                                                             \
    X(uint8_t, B_qread, (EmuCore *))                                                             \
    X(void, B_rni, (EmuCore *))                                                                  \
    X(uint8_t, B_read8, (EmuCore *, uint16_t, uint16_t))                                         \
    X(uint16_t, B_read16, (EmuCore *, uint16_t, uint16_t))                                       \
    X(void, B_write8, (EmuCore *, uint16_t, uint16_t, uint8_t))                                  \
    X(void, B_write16, (EmuCore *, uint16_t, uint16_t, uint16_t))                                \
    X(void, B_write16_mid, (EmuCore *, uint16_t, uint16_t, uint16_t))                            \
    X(uint8_t, B_in8, (EmuCore *, uint16_t))                                                     \
    X(uint16_t, B_in16, (EmuCore *, uint16_t))                                                   \
    X(void, B_out8, (EmuCore *, uint16_t, uint8_t))                                              \
    X(void, B_out16, (EmuCore *, uint16_t, uint16_t))                                            \
    X(uint8_t, B_inta, (EmuCore *))                                                              \
    X(void, B_wait_t4, (EmuCore *))                                                              \
    X(void, B_suspend, (EmuCore *))                                                              \
    X(void, B_flush, (EmuCore *))                                                                \
    X(void, B_cs_changed, (EmuCore *, uint16_t))                                                 \
    X(void, B_halt, (EmuCore *))                                                                 \
    X(void, B_leave, (EmuCore *))                                                                \
    X(void, B_outside, (EmuCore *))

/* The optional pair, when the model has it. */
#define BUS_PRIMITIVES_HOT(X)                                                                   \
    X(uint8_t, B_qread_hot, (EmuCore *))                                                         \
    X(void, B_rni_hot, (EmuCore *))

/* A compile-time check of one primitive: it exists, with this type. */
#define BUS_CHECK(ret, name, params)                                                            \
    _Static_assert(_Generic(&name, ret(*) params: 1, default: 0),                              \
                   "bus model: " #name " is missing or not of the type cpu/bus/bus.h gives");

#endif
