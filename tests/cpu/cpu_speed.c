/* Speed of the two timing models on a CPU-bound loop (built, not run by ctest):
 *
 *   cpu_speed [seconds per model]
 *
 * Runs the same guest loop of mixed instructions (register and memory ALU operations, shifts,
 * PUSH/POP, CALL/RET, taken and untaken branches, MUL, LOOP, REP MOVSW) through emu_cpu_run
 * with a deadline, first with the exact model, then with the table model, and prints the
 * instructions and emulated clocks per second of each (the best of five alternating rounds,
 * in CPU time of this process) and the ratio exact/table. The numbers depend on the host;
 * nothing in the emulation does.
 */
#include "emu.h"
#include "cpu/state.h" /* (white-box: the CPU's whole state) */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* bits 16 / org 100h:
 *   start: mov cx,200
 *   inner: mov ax,[si] / add ax,bx / mov [di+800h],ax / inc si / inc si / add di,2 / xor dx,dx
 *          shl ax,1 / push ax / pop bx / and si,3FEh / and di,3FEh / cmp al,80h / jb .skip
 *          adc bx,3
 *   .skip: mov dl,al / mul dl / call sub1 / loop inner
 *          push cx / mov cx,16 / mov si,400h / mov di,0C00h / cld / rep movsw / pop cx / jmp start
 *   sub1:  add bx,cx / lea bp,[bx+si+4] / test bp,1 / jnz .odd / inc bx
 *   .odd:  ret */
static const uint8_t guest[] = {
    0xb9, 0xc8, 0x00, 0x8b, 0x04, 0x01, 0xd8, 0x89, 0x85, 0x00, 0x08, 0x46, 0x46, 0x83, 0xc7,
    0x02, 0x31, 0xd2, 0xd1, 0xe0, 0x50, 0x5b, 0x81, 0xe6, 0xfe, 0x03, 0x81, 0xe7, 0xfe, 0x03,
    0x3c, 0x80, 0x72, 0x03, 0x83, 0xd3, 0x03, 0x88, 0xc2, 0xf6, 0xe2, 0xe8, 0x12, 0x00, 0xe2,
    0xd5, 0x51, 0xb9, 0x10, 0x00, 0xbe, 0x00, 0x04, 0xbf, 0x00, 0x0c, 0xfc, 0xf3, 0xa5, 0x59,
    0xeb, 0xc2, 0x01, 0xcb, 0x8d, 0x68, 0x04, 0xf7, 0xc5, 0x01, 0x00, 0x75, 0x01, 0x43, 0xc3,
};

static uint8_t port_in(void *ctx, uint16_t port, uint64_t cycle) {
    (void)ctx; (void)port; (void)cycle;
    return 0xFF;
}
static void port_out(void *ctx, uint16_t port, uint8_t v, uint64_t cycle) {
    (void)ctx; (void)port; (void)v; (void)cycle;
}

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

typedef struct {
    double ips, hz;
    uint64_t instructions, cycles;
} Result;

static Result measure(EmuTiming timing, double seconds, uint8_t *mem) {
    EmuCore cpu;
    memset(mem, 0, EMU_MEM_SIZE + 16);
    memcpy(mem + 0x10000 + 0x100, guest, sizeof guest);
    emu_cpu_init(&cpu, mem, timing);
    cpu.port_in = port_in;
    cpu.port_out = port_out;
    cpu.sreg[EMU_DS] = cpu.sreg[EMU_ES] = 0x3000;
    cpu.sreg[EMU_SS] = 0x2000;
    cpu.r.w[EMU_SP] = 0xFFFE;
    emu_cpu_jump(&cpu.cpu, 0x1000, 0x100);

    /* Slices of a million clocks, as a machine would run between device events. */
    const uint64_t slice = 1000000;
    double t0 = now_s(), t;
    uint64_t i0 = cpu.instructions, c0 = cpu.cycles;
    do {
        cpu.deadline = cpu.cycles + slice;
        emu_cpu_run(&cpu);
        t = now_s();
    } while (t - t0 < seconds);
    Result r;
    r.instructions = cpu.instructions - i0;
    r.cycles = cpu.cycles - c0;
    r.ips = (double)r.instructions / (t - t0);
    r.hz = (double)r.cycles / (t - t0);
    return r;
}

/* The host's other work only slows a run down: the best of several alternating rounds. */
static void best(Result *acc, Result r) {
    if (r.ips > acc->ips) *acc = r;
}

int main(int argc, char **argv) {
    double seconds = argc > 1 ? atof(argv[1]) : 2.0;
    if (seconds <= 0) seconds = 2.0;
    uint8_t *mem = calloc(1, EMU_MEM_SIZE + 16);
    if (!mem) return 1;
    Result e = {0, 0, 0, 0}, t = {0, 0, 0, 0};
    const int rounds = 5;
    for (int i = 0; i < rounds; i++) {
        best(&e, measure(EMU_TIMING_EXACT, seconds / rounds, mem));
        best(&t, measure(EMU_TIMING_TABLE, seconds / rounds, mem));
    }
    printf("exact: %.2f M instructions/s, %.1f MHz emulated (%.2f clocks/instruction)\n", e.ips / 1e6,
           e.hz / 1e6, (double)e.cycles / (double)e.instructions);
    printf("table: %.2f M instructions/s, %.1f MHz emulated (%.2f clocks/instruction)\n", t.ips / 1e6,
           t.hz / 1e6, (double)t.cycles / (double)t.instructions);
    printf("exact/table: %.2f\n", e.ips / t.ips);
    free(mem);
    return 0;
}
