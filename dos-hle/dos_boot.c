/* The boot: the memory map (stubs, vectors, DOS data, the device chain), the arena with the
 * shell's PSP and environment, and the first program loaded and started. */
#include "dos_boot.h"
#include "dos_files.h"
#include "dos_guest_mem.h"
#include "dos_psp.h"

#include <stdio.h>
#include <string.h>

extern const unsigned char dos_stubs_bin[];
extern const unsigned int dos_stubs_bin_size;

static void write_device(Dos *d, uint16_t off, uint16_t next_off, uint16_t attr, const char *name) {
    uint32_t a = lin(DOS_DATA_SEG, off);
    wr16(d, a, next_off);
    wr16(d, a + 2, next_off == 0xFFFF ? 0xFFFF : DOS_DATA_SEG);
    wr16(d, a + 4, attr);
    wr16(d, a + 6, d->io_entry[IO_DEV_RETF]);
    wr16(d, a + 8, d->io_entry[IO_DEV_RETF]);
    for (int i = 0; i < 8; i++) wr8(d, a + 10 + (uint32_t)i, (uint8_t)name[i]);
}

static void init_memory_map(Dos *d) {
    /* stubs */
    unsigned n = dos_stubs_bin_size;
    for (unsigned i = 0; i < n && i < DOS_IO_BYTES + DOS_CODE_BYTES; i++)
        wr8(d, lin(DOS_IO_SEG, 0) + i, dos_stubs_bin[i]);
    for (int i = 0; i < IO_N; i++) d->io_entry[i] = rd16(d, lin(DOS_IO_SEG, (uint16_t)(2 * i)));
    for (int i = 0; i < DE_N; i++) d->dos_entry[i] = rd16(d, lin(DOS_CODE_SEG, (uint16_t)(2 * i)));
    wr16(d, lin(DOS_IO_SEG, d->io_entry[IO_ROM_RUN]), EMU_ROM_TELETYPE_RUN);
    wr16(d, lin(DOS_IO_SEG, (uint16_t)(d->io_entry[IO_ROM_RUN] + 2)), EMU_ROM_SEG);

    /* vectors */
    dos_set_vector(d, 0x20, DOS_CODE_SEG, d->dos_entry[DE_INT20]);
    dos_set_vector(d, 0x21, DOS_CODE_SEG, d->dos_entry[DE_INT21]);
    dos_set_vector(d, 0x22, DOS_CODE_SEG, d->dos_entry[DE_INT22_ROOT]);
    dos_set_vector(d, 0x23, DOS_CODE_SEG, d->dos_entry[DE_INT23]);
    dos_set_vector(d, 0x24, DOS_CODE_SEG, d->dos_entry[DE_INT24]);
    dos_set_vector(d, 0x25, DOS_CODE_SEG, d->dos_entry[DE_INT25]);
    dos_set_vector(d, 0x26, DOS_CODE_SEG, d->dos_entry[DE_INT26]);
    dos_set_vector(d, 0x27, DOS_CODE_SEG, d->dos_entry[DE_INT27]);
    dos_set_vector(d, 0x28, DOS_CODE_SEG, d->dos_entry[DE_INT28]);
    dos_set_vector(d, 0x29, DOS_IO_SEG, d->io_entry[IO_INT29]);
    for (uint8_t v = 0x2A; v <= 0x2E; v++) dos_set_vector(d, v, DOS_CODE_SEG, d->dos_entry[DE_IRET]);
    dos_set_vector(d, 0x2F, DOS_CODE_SEG, d->dos_entry[DE_INT2F]);
    /* 0000:00C0 (where PSP:0005's far call to F01D:FEF0 wraps to): a far jump to CALL 5 */
    wr8(d, 0xC0, 0xEA);
    wr16(d, 0xC1, d->dos_entry[DE_CALL5]);
    wr16(d, 0xC3, DOS_CODE_SEG);

    /* DOS data: flags, media byte, list of lists with the NUL device, the device chain */
    wr8(d, lin(DOS_DATA_SEG, DD_MEDIA), 0xF8);
    uint32_t sv = lin(DOS_DATA_SEG, DD_SYSVARS);
    wr16(d, lin(DOS_DATA_SEG, DD_FIRST_MCB), DOS_ARENA_FIRST);
    wr16(d, sv + 0x08, DD_DEVICES + 3 * 18); /* CLOCK$ */
    wr16(d, sv + 0x0A, DOS_DATA_SEG);
    wr16(d, sv + 0x0C, DD_DEVICES);          /* CON */
    wr16(d, sv + 0x0E, DOS_DATA_SEG);
    wr16(d, sv + 0x10, 512);
    wr8(d, sv + 0x20, 1);                    /* block devices */
    wr8(d, sv + 0x21, 5);                    /* LASTDRIVE=E */
    write_device(d, DD_NUL, DD_DEVICES, 0x8004, "NUL     ");
    write_device(d, DD_DEVICES, DD_DEVICES + 18, 0x8013, "CON     ");
    write_device(d, DD_DEVICES + 18, DD_DEVICES + 36, 0x8000, "AUX     ");
    write_device(d, DD_DEVICES + 36, DD_DEVICES + 54, 0xA000, "PRN     ");
    write_device(d, DD_DEVICES + 54, 0xFFFF, 0x8008, "CLOCK$  ");
}

/* The master environment: COMSPEC, PATH, then the configured strings. */
static size_t master_env(Dos *d, uint8_t *buf, size_t cap) {
    size_t k = 0;
    char line[300];
    char drv = (char)('A' + d->cur_drive);
    snprintf(line, sizeof line, "COMSPEC=%c:\\COMMAND.COM", drv);
    const char *fixed[2] = {line, NULL};
    char path[16];
    snprintf(path, sizeof path, "PATH=%c:\\", drv);
    fixed[1] = path;
    for (int i = 0; i < 2; i++) {
        size_t n = strlen(fixed[i]) + 1;
        if (k + n < cap) { memcpy(buf + k, fixed[i], n); k += n; }
    }
    for (int i = 0; d->cfg.env && d->cfg.env[i]; i++) {
        size_t n = strlen(d->cfg.env[i]) + 1;
        if (k + n < cap) { memcpy(buf + k, d->cfg.env[i], n); k += n; }
    }
    return k;
}

/* Handles 0-4 of a PSP: CON, standard output (CON whose bytes are the machine's output, or a
 * redirected file), CON, AUX, PRN (0 the redirected stdin when the host's is not a terminal),
 * each a reference to its system-file-table entry. */
static void std_handles(Dos *d, uint16_t psp) {
    static const int std_sft[5] = {1, 4, 1, 0, 2};
    for (int h = 0; h < 5; h++) {
        int idx = std_sft[h];
        if (h == 0 && !d->cfg.stdin_console) idx = 3;
        wr8(d, lin(psp, (uint16_t)(0x18 + h)), (uint8_t)idx);
        dos_sft_ref(d, idx);
    }
}

bool dos_boot(void *ctx, EmuMachine *m) {
    Dos *d = ctx;
    d->m = m;
    d->mem = emu_machine_mem(m);
    char err[200];
    if (!d->prog) {
        emu_machine_end(m, EMU_END_ERROR, 0, "no program was loaded");
        return false;
    }
    init_memory_map(d);
    dos_files_init(d);

    /* arena: the shell (parent of the first program) and its environment */
    DosArena *a = &d->arena;
    dos_arena_init(a, d->mem, emu_machine_cpu(m), DOS_ARENA_FIRST, d->top);
    uint16_t seg, lg;
    dos_arena_alloc(a, 0x10, DOS_SHELL_PSP, DOS_FIT_FIRST, &seg, &lg);
    dos_arena_alloc(a, 0x2E, DOS_SHELL_PSP, DOS_FIT_FIRST, &seg, &lg);
    uint8_t envbuf[0x800];
    size_t envlen = master_env(d, envbuf, sizeof envbuf - 2);
    envbuf[envlen] = 0;
    dos_write_mem(d, DOS_SHELL_ENV, 0, envbuf, envlen + 1);
    dos_build_psp(d, DOS_SHELL_PSP, d->top, DOS_SHELL_PSP, DOS_SHELL_ENV);

    /* the program's environment: fixed size while it fits, so the PSP stays at DOS_PSP_SEG */
    size_t need = (envlen + 3 + strlen(d->prog_dos) + 1 + 15) / 16;
    uint16_t env_paras = need <= DOS_ROOT_ENV_PARAS ? DOS_ROOT_ENV_PARAS : (uint16_t)need;
    uint16_t env;
    if (dos_arena_alloc(a, env_paras, DOS_MCB_DOS, DOS_FIT_FIRST, &env, &lg)) {
        emu_machine_end(m, EMU_END_ERROR, 0, "not enough memory for the environment");
        return false;
    }
    dos_build_env(d, env, env_paras, envbuf, envlen, d->prog_dos);
    /* a larger DOS (DosConfig.psp_seg): a block DOS owns fills the space up to the PSP */
    uint16_t next = (uint16_t)(env + env_paras + 1), fill;
    if (d->psp_want > next + 1 &&
        dos_arena_alloc(a, (uint16_t)(d->psp_want - next - 1), DOS_MCB_DOS, DOS_FIT_FIRST, &fill, &lg)) {
        emu_machine_end(m, EMU_END_ERROR, 0, "not enough memory for the DOS footprint asked for");
        return false;
    }

    uint16_t psp, size;
    if (dos_alloc_program(d, &d->img, 0, &psp, &size)) {
        snprintf(err, sizeof err, "%s: not enough memory to load the program", d->prog_host);
        emu_machine_end(m, EMU_END_ERROR, 0, err);
        return false;
    }
    dos_arena_set_owner(a, env, psp);
    uint16_t top = (uint16_t)(psp + size);
    dos_build_psp(d, psp, top, DOS_SHELL_PSP, env);
    dos_set_tail(d, psp, (const uint8_t *)d->tail, d->tail_len);
    uint16_t ax = dos_parse_tail_fcbs(d, psp);
    uint16_t load = d->img.is_exe ? dos_image_load_seg(&d->img, psp, top) : psp;
    if (!dos_place_image(d, d->prog, &d->img, d->img.is_exe ? load : (uint16_t)(psp + 0x10),
                         load, top, err, sizeof err)) {
        char msg[300];
        snprintf(msg, sizeof msg, "%s: %s", d->prog_host, err);
        emu_machine_end(m, EMU_END_ERROR, 0, msg);
        return false;
    }
    /* standard handles: the shell's, and the program's (inherited from it) */
    std_handles(d, DOS_SHELL_PSP);
    std_handles(d, psp);
    d->cur_psp = psp;
    d->dta_seg = psp;
    d->dta_off = 0x80;
    d->facts.psp_seg = psp;
    d->facts.image_para = (uint16_t)(psp + 0x10);
    dos_start_program(d, psp, &d->img, load, top, ax);
    if (d->start_fn) d->start_fn(d->start_ctx, m, &d->facts);
    return true;
}
