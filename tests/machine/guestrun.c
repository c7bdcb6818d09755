/* Test harness for the machine without DOS: boots the BIOS, loads a flat binary at 1000:0100
 * (like a .COM, CS=DS=ES=SS=1000h, SP=FFFEh) and runs it. The guest region is an HLE stub region
 * with three test services: F1h 40h ends the run with exit status AL; F1h 41h prints
 * "cycles N" (CPU clocks so far) on the output; F1h 42h puts the low 32 bits of that count in
 * DX:AX (for guests that time something themselves). With --screen, the text screen is printed
 * at the end instead of the guest's teletype output. With --samples P, a light sampling timer
 * (EXEC rule, every P PIT clocks) counts its samples, and a timer that is not light checks at
 * each of its ticks that every sample due by then has been handed over (the machine holds a
 * light sampler's samples back: not past such a timer); a failed check ends the run with exit
 * status 98.
 *
 *   guestrun [--timing exact|table] [--max-cycles N] [--keys TEXT] [--screen] [--stats]
 *            [--samples P] FILE
 */
#include "emu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *image_path;
static uint8_t *image;
static long image_len;

static bool boot(void *ctx, EmuMachine *m) {
    (void)ctx;
    uint8_t *mem = emu_machine_mem(m);
    memcpy(mem + 0x10100, image, (size_t)image_len);
    EmuCpu *c = emu_machine_cpu(m);
    c->sreg[EMU_DS] = c->sreg[EMU_ES] = c->sreg[EMU_SS] = 0x1000;
    c->r.w[EMU_SP] = 0xFFFE;
    emu_cpu_jump(c, 0x1000, 0x0100);
    return true;
}

static uint32_t service(void *ctx, EmuMachine *m, uint8_t svc) {
    (void)ctx;
    EmuCpu *c = emu_machine_cpu(m);
    if (svc == 0x40) {
        emu_machine_end(m, EMU_END_EXIT, c->r.b[0], NULL);
    } else if (svc == 0x41) {
        char buf[64];
        int n = snprintf(buf, sizeof buf, "cycles %llu\r\n", (unsigned long long)c->cycles);
        emu_machine_output(m, (const uint8_t *)buf, (size_t)n);
    } else if (svc == 0x42) {
        c->r.w[EMU_AX] = (uint16_t)c->cycles;
        c->r.w[EMU_DX] = (uint16_t)(c->cycles >> 16);
    }
    return 0;
}

/* --samples: the samples handed over, and the check at each tick of the other timer */
static uint32_t sample_period;
static uint64_t samples_seen;
static void count_samples(void *ctx, EmuMachine *m, const EmuSample *s, unsigned n) {
    (void)ctx; (void)m; (void)s;
    samples_seen += n;
}
static bool check_samples(void *ctx, EmuMachine *m, uint64_t due) {
    (void)ctx;
    const uint64_t want = due / EMU_PIT_DIV / sample_period; /* (the sampler's ticks due by then) */
    if (samples_seen < want) {
        char msg[120];
        snprintf(msg, sizeof msg, "%llu samples handed over by PIT clock %llu, %llu due",
                 (unsigned long long)samples_seen, (unsigned long long)(due / EMU_PIT_DIV), (unsigned long long)want);
        emu_machine_end(m, EMU_END_ERROR, 98, msg);
    }
    return false;
}

static void out(void *ctx, const uint8_t *b, size_t n) {
    (void)ctx;
    fwrite(b, 1, n, stdout);
}

int main(int argc, char **argv) {
    EmuMachineConfig cfg = {0};
    const char *keys = NULL;
    int screen = 0, stats = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--timing") && i + 1 < argc) {
            cfg.timing = strcmp(argv[++i], "table") ? EMU_TIMING_EXACT : EMU_TIMING_TABLE;
        } else if (!strcmp(argv[i], "--max-cycles") && i + 1 < argc) {
            cfg.max_cycles = strtoull(argv[++i], NULL, 0);
        } else if (!strcmp(argv[i], "--keys") && i + 1 < argc) {
            keys = argv[++i];
        } else if (!strcmp(argv[i], "--screen")) {
            screen = 1;
        } else if (!strcmp(argv[i], "--stats")) {
            stats = 1;
        } else if (!strcmp(argv[i], "--samples") && i + 1 < argc) {
            sample_period = (uint32_t)strtoul(argv[++i], NULL, 0);
        } else if (argv[i][0] == '-') {
            fprintf(stderr, "guestrun: unknown option %s\n", argv[i]);
            return 2;
        } else {
            image_path = argv[i];
        }
    }
    if (!image_path) {
        fprintf(stderr, "usage: guestrun [--timing exact|table] [--max-cycles N] [--keys TEXT] [--screen] [--stats] [--samples P] FILE\n");
        return 2;
    }
    FILE *f = fopen(image_path, "rb");
    if (!f) { perror(image_path); return 2; }
    image = malloc(0x10000);
    image_len = (long)fread(image, 1, 0xFF00, f);
    fclose(f);

    EmuMachine *m = emu_machine_new(&cfg);
    char err[200];
    if (keys && !emu_machine_keys(m, keys, err, sizeof err)) {
        fprintf(stderr, "guestrun: %s\n", err);
        return 2;
    }
    emu_machine_set_boot(m, boot, NULL);
    emu_machine_set_service(m, service, NULL);
    emu_machine_add_stub_region(m, 0x10000, 0x20000);
    if (!screen) emu_machine_set_output(m, out, NULL); /* --screen: only the screen dump */
    if (getenv("GUESTRUN_TRACE")) emu_machine_set_trace(m, stderr);
    if (sample_period) {
        const int h = emu_machine_add_sampler(m, sample_period, EMU_SAMPLE_EXEC, count_samples, NULL);
        /* (a period that is no multiple of the sampler's: never due at the same clock) */
        if (h < 0 || emu_machine_add_timer(m, sample_period * 16 + 7, check_samples, NULL) < 0) {
            fprintf(stderr, "guestrun: no timer for --samples\n");
            return 2;
        }
        emu_machine_set_timer_light(m, h, true);
    }
    EmuEnd e = emu_machine_run(m);
    fflush(stdout);
    if (screen) {
        static char buf[16384];
        emu_machine_screen_text(m, buf, sizeof buf);
        fputs(buf, stdout);
    }
    int status = e == EMU_END_EXIT ? emu_machine_exit_status(m) : 100 + (int)e;
    if (e == EMU_END_ERROR && emu_machine_exit_status(m) == 98) status = 98;
    if (sample_period) fprintf(stderr, "samples %llu\n", (unsigned long long)samples_seen);
    if (e != EMU_END_EXIT) fprintf(stderr, "guestrun: %s\n", emu_machine_end_message(m));
    if (stats) {
        fprintf(stderr, "cycles %llu\ninstructions %llu\nexit %d\n",
                (unsigned long long)emu_machine_cpu(m)->cycles,
                (unsigned long long)emu_machine_instructions(m), status);
    }
    emu_machine_free(m);
    free(image);
    return status;
}
