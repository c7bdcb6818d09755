/* Test driver for dos-hle: runs a DOS program on the machine, as emu86 will.
 *
 *   dosrun [--drive DIR] [--ro] [--keys TEXT] [--tty-in] [--tty-out] [--epoch DATE] [--no-costs]
 *          [--costs FILE] [--max-cycles N] [--screen] [--facts] [--stats] [--layers[-irq] PIT-CLOCKS] [--mux]
 *          PROGRAM [ARGS...]
 *
 * Standard input is the guest's redirected stdin unless --tty-in; the guest's standard output
 * goes to stdout unless --tty-out (then console output, also through the ROM, lands there).
 * Console output that is not standard output goes to stderr. Exit status: the guest's return
 * code; 2 for a load error (message on stderr); 100 + the end reason otherwise. */
#include "dos.h"
#include "emu.h"
#include "pc/machine_internal.h" /* the sampling helpers */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void out(void *ctx, const uint8_t *b, size_t n) {
    (void)ctx;
    fwrite(b, 1, n, stdout);
}

/* --layers: where profiling ticks land, by PROFIL's rule (paragraph CS + IP/16 below the
 * INT 20h segment: I/O layer; below the image: DOS layer; past the image: high (ROM)). */
typedef struct Layers {
    Dos *dos;
    bool irq; /* sample as an IRQ0 would (waits while IF=0), not the executing instruction */
    unsigned long io, dos_, prog, high;
} Layers;

static bool layer_tick(void *ctx, EmuMachine *m, uint64_t due) {
    (void)due;
    Layers *l = ctx;
    const DosFacts *f = dos_facts(l->dos);
    uint16_t cs, ip;
    if (l->irq) {
        if (!emu_machine_irq_sample(m, &cs, &ip)) return true;
    } else {
        emu_machine_exec_sample(m, &cs, &ip);
    }
    uint16_t para = (uint16_t)(cs + (ip >> 4));
    uint32_t size = f->is_exe ? (uint32_t)f->exe_pages * 32u : (f->com_size + 15) / 16;
    if (para < f->int20_seg) l->io++;
    else if (para < f->image_para) l->dos_++;
    else if (para >= f->image_para + size) l->high++;
    else l->prog++;
    return false;
}

/* --mux: an INT 2Fh handler for multiplex number C0h, as the profiler will register its own:
 * AL=00h (installation check) answers AL=FFh and BX='OK'; other calls are not its own. */
static bool mux_c0(void *ctx, EmuMachine *m, uint32_t *clocks) {
    (void)ctx;
    EmuCpu *c = emu_machine_cpu(m);
    if (c->r.w[EMU_AX] != 0xC000) return false;
    c->r.w[EMU_AX] = 0xC0FF;
    c->r.w[EMU_BX] = 0x4B4F;
    *clocks = 100;
    return true;
}

static unsigned layers_period;

/* The program starts: the profiling-like timer starts with it (dos_set_start_hook). */
static void on_start(void *ctx, EmuMachine *m, const DosFacts *f) {
    (void)f;
    if (layers_period) emu_machine_add_timer(m, layers_period, layer_tick, ctx);
}

static void con(void *ctx, const uint8_t *b, size_t n) {
    (void)ctx;
    fwrite(b, 1, n, stderr);
}

int main(int argc, char **argv) {
    DosConfig dc = {0};
    EmuMachineConfig mc = {0};
    const char *keys = NULL;
    int screen = 0, facts = 0, stats = 0, mux = 0, i;
    unsigned layers = 0;
    bool layers_irq = false;
    for (i = 1; i < argc && argv[i][0] == '-'; i++) {
        const char *o = argv[i];
        if (!strcmp(o, "--drive") && i + 1 < argc) dc.drive[2] = argv[++i];
        else if (!strcmp(o, "--ro")) dc.drive_readonly[2] = true;
        else if (!strcmp(o, "--no-block-cache")) mc.no_block_cache = true;
        else if (!strcmp(o, "--keys") && i + 1 < argc) keys = argv[++i];
        else if (!strcmp(o, "--tty-in")) dc.stdin_console = true;
        else if (!strcmp(o, "--tty-out")) dc.stdout_console = true;
        else if (!strcmp(o, "--no-costs")) dc.no_costs = true;
        else if (!strcmp(o, "--costs") && i + 1 < argc) dc.cost_file = argv[++i];
        else if (!strcmp(o, "--max-cycles") && i + 1 < argc) mc.max_cycles = strtoull(argv[++i], NULL, 0);
        else if (!strcmp(o, "--input-limit") && i + 1 < argc) mc.input_limit = (unsigned)atoi(argv[++i]);
        else if (!strcmp(o, "--screen")) screen = 1;
        else if (!strcmp(o, "--facts")) facts = 1;
        else if (!strcmp(o, "--stats")) stats = 1;
        else if (!strcmp(o, "--mux")) mux = 1;
        else if (!strcmp(o, "--layers") && i + 1 < argc) layers = (unsigned)atoi(argv[++i]);
        else if (!strcmp(o, "--layers-irq") && i + 1 < argc) {
            layers = (unsigned)atoi(argv[++i]);
            layers_irq = true;
        }
        else if (!strcmp(o, "--epoch") && i + 1 < argc) {
            if (!dos_parse_epoch(argv[++i], &dc.epoch)) {
                fprintf(stderr, "dosrun: bad --epoch %s\n", argv[i]);
                return 2;
            }
        } else {
            fprintf(stderr, "dosrun: unknown option %s\n", o);
            return 2;
        }
    }
    if (i >= argc) {
        fprintf(stderr, "usage: dosrun [options] PROGRAM [ARGS...]\n");
        return 2;
    }
    dc.con_out = con;
    char err[300];
    Dos *d = dos_new(&dc, err, sizeof err);
    if (!d) {
        fprintf(stderr, "dosrun: %s\n", err);
        return 2;
    }
    if (!dos_load_program(d, argv[i], argc - i, argv + i, err, sizeof err)) {
        fprintf(stderr, "dosrun: %s\n", err);
        dos_free(d);
        return 2;
    }
    EmuMachine *m = emu_machine_new(&mc);
    if (keys && !emu_machine_keys(m, keys, err, sizeof err)) {
        fprintf(stderr, "dosrun: %s\n", err);
        return 2;
    }
    if (!dc.stdin_console) emu_machine_set_input_fd(m, 0);
    emu_machine_set_output(m, out, NULL);
    dos_attach(d, m);
    if (mux) dos_add_multiplex(d, mux_c0, NULL);
    Layers lay = {d, layers_irq, 0, 0, 0, 0};
    layers_period = layers;
    dos_set_start_hook(d, on_start, &lay);
    if (getenv("DOSRUN_TRACE")) emu_machine_set_trace(m, stderr);
    EmuEnd e = emu_machine_run(m);
    fflush(stdout);
    int status = e == EMU_END_EXIT ? emu_machine_exit_status(m) : 100 + (int)e;
    const char *msg = emu_machine_end_message(m);
    if (msg && *msg) fprintf(stderr, "dosrun: %s\n", msg);
    if (screen) {
        static char buf[16384];
        emu_machine_screen_text(m, buf, sizeof buf);
        fputs(buf, stdout);
    }
    if (facts) {
        const DosFacts *f = dos_facts(d);
        printf("psp %04X image %04X %s size %u pages %u int20 %04X io %04X end %u code %u\n",
               f->psp_seg, f->image_para, f->is_exe ? "exe" : "com", (unsigned)f->com_size,
               f->exe_pages, f->int20_seg, f->io_seg, f->end_type, f->end_code);
    }
    if (layers)
        printf("ticks: io %lu dos %lu program %lu high %lu\n", lay.io, lay.dos_, lay.prog, lay.high);
    if (stats)
        fprintf(stderr, "cycles %llu\n", (unsigned long long)emu_machine_cpu(m)->cycles);
    dos_free(d);
    emu_machine_free(m);
    return status;
}
