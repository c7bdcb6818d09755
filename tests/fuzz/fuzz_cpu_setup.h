/* The CPU fuzz targets' common start (fuzz_cpu.c, fuzz_cache.c): the input's first 28 bytes
 * are the registers (AX CX DX BX SP BP SI DI ES CS SS DS IP FLAGS), the rest code and data at
 * linear 10000h; every interrupt vector points at an IRET at 0000:0500; ports read a value that
 * depends only on the port. */
#ifndef EMU86_FUZZ_CPU_SETUP_H
#define EMU86_FUZZ_CPU_SETUP_H

#include "emu.h"
#include "cpu/state.h" /* (white-box: the CPU's whole state) */

#include <string.h>

#define LOAD 0x10000u
static uint8_t port_in(void *ctx, uint16_t port, uint64_t cycle) {
    (void)ctx; (void)cycle;
    return (uint8_t)(port * 7 + 1); /* deterministic, depends only on the port */
}
static void port_out(void *ctx, uint16_t port, uint8_t v, uint64_t cycle) {
    (void)ctx; (void)port; (void)v; (void)cycle;
}

static void setup(EmuCore *c, uint8_t *mem, const uint8_t *data, size_t size, EmuTiming t, int eager) {
    memset(mem, 0, EMU_MEM_SIZE + 16);
    /* every interrupt vector points at 0000:0500 where an IRET waits */
    for (int v = 0; v < 256; v++) {
        mem[v * 4] = 0x00;
        mem[v * 4 + 1] = 0x05;
    }
    mem[0x500] = 0xCF;
    size_t n = size > 28 ? size - 28 : 0;
    if (n > 0x8000) n = 0x8000;
    if (n) memcpy(mem + LOAD, data + 28, n);
    emu_cpu_init(c, mem, t);
    c->exact_eager = (uint8_t)eager;
    c->port_in = port_in;
    c->port_out = port_out;
    uint16_t r[14] = {0};
    for (int i = 0; i < 14 && (size_t)(2 * i + 1) < size; i++) r[i] = (uint16_t)(data[2 * i] | data[2 * i + 1] << 8);
    for (int i = 0; i < 8; i++) c->r.w[i] = r[i];
    c->sreg[EMU_ES] = r[8];
    c->sreg[EMU_SS] = r[10];
    c->sreg[EMU_DS] = r[11];
    c->flags = (uint16_t)((r[13] & 0x0ED5) | 0xF002); /* TF off: a trap storm proves nothing */
    emu_cpu_jump(&c->cpu, 0x1000, (uint16_t)(r[12] & 0x7FFF));
    c->deadline = UINT64_MAX;
}

#endif
