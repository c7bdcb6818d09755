/* Processes: the boot (memory map, stubs, the first program), PSPs and environments, EXEC
 * (4Bh), create PSP (26h), terminate (00h, 4Ch, INT 20h, Ctrl-C), stay resident (31h, 27h). */
#include "dos_internal.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

extern const unsigned char dos_stubs_bin[];
extern const unsigned int dos_stubs_bin_size;

#define FLAGS_START 0xF202u /* IF set; bits 1 and 12-15 read as 1 on the 8086 */

static void set_vector(Dos *d, uint8_t n, uint16_t seg, uint16_t off) {
    wr16(d, (uint32_t)n * 4u, off);
    wr16(d, (uint32_t)n * 4u + 2, seg);
}

/* ---- memory map ---- */

static void write_device(Dos *d, uint16_t off, uint16_t next_off, uint16_t attr, const char *name) {
    uint32_t a = lin(DOS_DATA_SEG, off);
    wr16(d, a, next_off);
    wr16(d, a + 2, next_off == 0xFFFF ? 0xFFFF : DOS_DATA_SEG);
    wr16(d, a + 4, attr);
    wr16(d, a + 6, d->io_entry[IO_DEV_RETF]);
    wr16(d, a + 8, d->io_entry[IO_DEV_RETF]);
    for (int i = 0; i < 8; i++) wr8(d, a + 10 + (uint32_t)i, (uint8_t)name[i]);
}

void dos_init_memory_map(Dos *d) {
    /* stubs */
    unsigned n = dos_stubs_bin_size;
    for (unsigned i = 0; i < n && i < DOS_IO_BYTES + DOS_CODE_BYTES; i++)
        wr8(d, lin(DOS_IO_SEG, 0) + i, dos_stubs_bin[i]);
    for (int i = 0; i < IO_N; i++) d->io_entry[i] = rd16(d, lin(DOS_IO_SEG, (uint16_t)(2 * i)));
    for (int i = 0; i < DE_N; i++) d->dos_entry[i] = rd16(d, lin(DOS_CODE_SEG, (uint16_t)(2 * i)));

    /* vectors */
    set_vector(d, 0x20, DOS_CODE_SEG, d->dos_entry[DE_INT20]);
    set_vector(d, 0x21, DOS_CODE_SEG, d->dos_entry[DE_INT21]);
    set_vector(d, 0x22, DOS_CODE_SEG, d->dos_entry[DE_INT22_ROOT]);
    set_vector(d, 0x23, DOS_CODE_SEG, d->dos_entry[DE_INT23]);
    set_vector(d, 0x24, DOS_CODE_SEG, d->dos_entry[DE_INT24]);
    set_vector(d, 0x25, DOS_CODE_SEG, d->dos_entry[DE_INT25]);
    set_vector(d, 0x26, DOS_CODE_SEG, d->dos_entry[DE_INT26]);
    set_vector(d, 0x27, DOS_CODE_SEG, d->dos_entry[DE_INT27]);
    set_vector(d, 0x28, DOS_CODE_SEG, d->dos_entry[DE_INT28]);
    set_vector(d, 0x29, DOS_IO_SEG, d->io_entry[IO_INT29]);
    for (uint8_t v = 0x2A; v <= 0x2E; v++) set_vector(d, v, DOS_CODE_SEG, d->dos_entry[DE_IRET]);
    set_vector(d, 0x2F, DOS_CODE_SEG, d->dos_entry[DE_INT2F]);
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

/* ---- PSP and environment ---- */

static bool drive_ok(void *ctx, int drive) {
    Dos *d = ctx;
    return drive == 0 ? true : dos_drive_valid(d, drive - 1);
}

/* Parse the command tail into the FCBs at 5Ch and 6Ch as COMMAND.COM does (AH=29h, skipping
 * leading separators); returns AX's drive validity (AL first FCB, AH second). */
static uint16_t parse_tail_fcbs(Dos *d, uint16_t psp) {
    uint8_t tail[128], fcb[16];
    uint8_t len = rd8(d, lin(psp, 0x80));
    if (len > 126) len = 126;
    dos_read_mem(d, psp, 0x81, tail, len);
    size_t used = 0, pos = 0;
    uint16_t ax = 0;
    for (int k = 0; k < 2; k++) {
        memset(fcb, 0, sizeof fcb);
        uint8_t r = dos_parse_fcb_name(tail + pos, len - pos, 1, fcb, &used, drive_ok, d);
        pos += used;
        dos_write_mem(d, psp, (uint16_t)(0x5C + 16 * k), fcb, 12);
        if (r == 0xFF) ax |= (uint16_t)(0xFF << (8 * k));
    }
    return ax;
}

static uint16_t fcb_drive_validity(Dos *d, uint16_t psp) {
    uint16_t ax = 0;
    for (int k = 0; k < 2; k++) {
        uint8_t drv = rd8(d, lin(psp, (uint16_t)(0x5C + 16 * k)));
        if (drv != 0 && drv != 0xFF && !dos_drive_valid(d, drv - 1)) ax |= (uint16_t)(0xFF << (8 * k));
    }
    return ax;
}

/* A PSP at psp for a block ending at top. */
static void build_psp(Dos *d, uint16_t psp, uint16_t top, uint16_t parent, uint16_t env) {
    uint32_t a = lin(psp, 0);
    for (uint32_t i = 0; i < 0x100; i++) wr8(d, a + i, 0);
    wr8(d, a + 0, 0xCD);
    wr8(d, a + 1, 0x20);
    wr16(d, a + 2, top);
    /* CALL 5 entry as DOS writes it: far call to F01D:FEF0 (word at 6: the segment's size) */
    wr8(d, a + 5, 0x9A);
    wr16(d, a + 6, 0xFEF0);
    wr16(d, a + 8, 0xF01D);
    for (int v = 0; v < 3; v++) {
        wr16(d, a + 0x0A + 4u * (uint32_t)v, rd16(d, (0x22u + (uint32_t)v) * 4u));
        wr16(d, a + 0x0C + 4u * (uint32_t)v, rd16(d, (0x22u + (uint32_t)v) * 4u + 2));
    }
    wr16(d, a + 0x16, parent);
    for (int i = 0; i < DOS_JFT_DEFAULT; i++) wr8(d, a + 0x18 + (uint32_t)i, 0xFF);
    wr16(d, a + 0x2C, env);
    wr16(d, a + 0x32, DOS_JFT_DEFAULT);
    wr16(d, a + 0x34, 0x18);
    wr16(d, a + 0x36, psp);
    wr16(d, a + 0x38, 0xFFFF);
    wr16(d, a + 0x3A, 0xFFFF);
    wr8(d, a + 0x50, 0xCD);
    wr8(d, a + 0x51, 0x21);
    wr8(d, a + 0x52, 0xCB);
    for (int k = 0; k < 2; k++)
        for (int i = 1; i < 12; i++) wr8(d, a + 0x5C + 16u * (uint32_t)k + (uint32_t)i, ' ');
    wr8(d, a + 0x81, 0x0D);
}

static void set_tail(Dos *d, uint16_t psp, const uint8_t *tail, uint8_t len) {
    if (len > 126) len = 126;
    wr8(d, lin(psp, 0x80), len);
    dos_write_mem(d, psp, 0x81, tail, len);
    wr8(d, lin(psp, (uint16_t)(0x81 + len)), 0x0D);
}

/* Environment strings (src: NAME=value strings up to an empty one) then 0001h and the
 * program's full path. Returns the bytes used, or 0 if they do not fit. */
uint16_t dos_build_env(Dos *d, uint16_t seg, uint16_t paras, const uint8_t *src, size_t srclen,
                       const char *prog) {
    size_t cap = (size_t)paras * 16u, k = 0, plen = strlen(prog) + 1;
    if (srclen + 3 + plen > cap) return 0;
    dos_write_mem(d, seg, 0, src, srclen);
    k = srclen;
    if (k == 0) wr8(d, lin(seg, (uint16_t)k++), 0); /* an empty environment is one 00h */
    wr8(d, lin(seg, (uint16_t)k++), 0);
    wr16(d, lin(seg, (uint16_t)k), 1);
    k += 2;
    dos_write_mem(d, seg, (uint16_t)k, prog, plen);
    return (uint16_t)(k + plen);
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

/* Start a loaded program: registers as DOS leaves them. */
static void start_program(Dos *d, uint16_t psp, const DosImage *img, uint16_t load_seg,
                          uint16_t top, uint16_t ax) {
    EmuCpu *c = emu_machine_cpu(d->m);
    uint16_t cs, ip, ss, sp;
    if (img->is_exe) {
        cs = (uint16_t)(img->mz.cs + load_seg);
        ip = img->mz.ip;
        ss = (uint16_t)(img->mz.ss + load_seg);
        sp = img->mz.sp;
    } else {
        cs = ss = psp;
        ip = 0x100;
        uint32_t room = ((uint32_t)top - psp) * 16u;
        sp = room >= 0x10000 ? 0xFFFE : (uint16_t)(room - 2);
        wr16(d, lin(ss, sp), 0); /* the zero word: RET ends the program through PSP:0000 */
    }
    c->r.w[EMU_AX] = ax;
    c->r.w[EMU_BX] = 0;
    c->r.w[EMU_CX] = 0x00FF;
    c->r.w[EMU_DX] = psp;
    c->r.w[EMU_SI] = ip;
    c->r.w[EMU_DI] = sp;
    c->r.w[EMU_BP] = 0x091C;
    c->r.w[EMU_SP] = sp;
    c->sreg[EMU_DS] = c->sreg[EMU_ES] = psp;
    c->sreg[EMU_SS] = ss;
    c->flags = FLAGS_START;
    emu_cpu_jump(c, cs, ip);
}

/* Allocate the program's block: as much as it asks for (max alloc), at least its minimum. */
static uint16_t alloc_program(Dos *d, const DosImage *img, uint16_t owner, uint16_t *seg,
                              uint16_t *size) {
    uint32_t want = dos_image_max_paras(img), least = dos_image_min_paras(img);
    uint16_t largest = dos_arena_largest(&d->arena);
    if (largest < least) return DOSERR_NO_MEMORY;
    uint16_t paras = (uint16_t)(want < largest ? want : largest);
    uint16_t lg;
    uint16_t e = dos_arena_alloc(&d->arena, paras, owner, DOS_FIT_FIRST, seg, &lg);
    if (e) return e;
    dos_arena_set_owner(&d->arena, *seg, *seg);
    *size = paras;
    return 0;
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
    dos_init_memory_map(d);
    dos_files_init(d);

    /* arena: the shell (parent of the first program) and its environment */
    DosArena *a = &d->arena;
    dos_arena_init(a, d->mem, DOS_ARENA_FIRST, DOS_ARENA_TOP);
    uint16_t seg, lg;
    dos_arena_alloc(a, 0x10, DOS_SHELL_PSP, DOS_FIT_FIRST, &seg, &lg);
    dos_arena_alloc(a, 0x2E, DOS_SHELL_PSP, DOS_FIT_FIRST, &seg, &lg);
    uint8_t envbuf[0x800];
    size_t envlen = master_env(d, envbuf, sizeof envbuf - 2);
    envbuf[envlen] = 0;
    dos_write_mem(d, DOS_SHELL_ENV, 0, envbuf, envlen + 1);
    build_psp(d, DOS_SHELL_PSP, DOS_ARENA_TOP, DOS_SHELL_PSP, DOS_SHELL_ENV);

    /* the program's environment: fixed size while it fits, so the PSP stays at DOS_PSP_SEG */
    size_t need = (envlen + 3 + strlen(d->prog_dos) + 1 + 15) / 16;
    uint16_t env_paras = need <= DOS_ROOT_ENV_PARAS ? DOS_ROOT_ENV_PARAS : (uint16_t)need;
    uint16_t env;
    if (dos_arena_alloc(a, env_paras, DOS_MCB_DOS, DOS_FIT_FIRST, &env, &lg)) {
        emu_machine_end(m, EMU_END_ERROR, 0, "not enough memory for the environment");
        return false;
    }
    dos_build_env(d, env, env_paras, envbuf, envlen, d->prog_dos);

    uint16_t psp, size;
    if (alloc_program(d, &d->img, 0, &psp, &size)) {
        snprintf(err, sizeof err, "%s: not enough memory to load the program", d->prog_host);
        emu_machine_end(m, EMU_END_ERROR, 0, err);
        return false;
    }
    dos_arena_set_owner(a, env, psp);
    uint16_t top = (uint16_t)(psp + size);
    build_psp(d, psp, top, DOS_SHELL_PSP, env);
    set_tail(d, psp, (const uint8_t *)d->tail, d->tail_len);
    uint16_t ax = parse_tail_fcbs(d, psp);
    uint16_t load = d->img.is_exe ? dos_image_load_seg(&d->img, psp, top) : psp;
    if (!dos_image_place(d->prog, &d->img, d->mem, d->img.is_exe ? load : (uint16_t)(psp + 0x10),
                         load, top, err, sizeof err)) {
        char msg[300];
        snprintf(msg, sizeof msg, "%s: %s", d->prog_host, err);
        emu_machine_end(m, EMU_END_ERROR, 0, msg);
        return false;
    }
    /* standard handles */
    for (int h = 0; h < 5; h++) {
        static const int std_sft[5] = {1, 1, 1, 0, 2};
        int idx = std_sft[h];
        if (h == 0 && !d->cfg.stdin_is_tty) idx = 3;
        if (h == 1 && !d->cfg.stdout_is_tty) idx = 4;
        wr8(d, lin(psp, (uint16_t)(0x18 + h)), (uint8_t)idx);
        dos_sft_ref(d, idx);
    }
    d->cur_psp = psp;
    d->dta_seg = psp;
    d->dta_off = 0x80;
    d->facts.psp_seg = psp;
    d->facts.image_para = (uint16_t)(psp + 0x10);
    start_program(d, psp, &d->img, load, top, ax);
    return true;
}

/* ---- termination ---- */

static DosProc *find_proc(Dos *d, uint16_t psp) {
    for (int i = 0; i < DOS_PROC_MAX; i++)
        if (d->procs[i].used && d->procs[i].psp == psp) return &d->procs[i];
    return NULL;
}

void dos_terminate(Dos *d, uint8_t code, uint8_t type) {
    EmuCpu *c = emu_machine_cpu(d->m);
    uint16_t psp = d->cur_psp;
    d->depth = 0;
    d->call = NULL;
    wr8(d, lin(DOS_DATA_SEG, DD_INDOS), 0);
    if (psp == d->facts.psp_seg) {
        if (type != 3) dos_close_process_files(d, psp);
        d->facts.end_type = type;
        d->facts.end_code = code;
        emu_machine_end(d->m, EMU_END_EXIT, code,
                        type == 1 ? "the program was aborted by Ctrl-C (INT 23h)" : NULL);
        return;
    }
    uint32_t p = lin(psp, 0);
    for (int v = 0; v < 3; v++) {
        wr16(d, (0x22u + (uint32_t)v) * 4u, rd16(d, p + 0x0A + 4u * (uint32_t)v));
        wr16(d, (0x22u + (uint32_t)v) * 4u + 2, rd16(d, p + 0x0C + 4u * (uint32_t)v));
    }
    uint16_t parent = rd16(d, p + 0x16);
    uint16_t to_ip = rd16(d, p + 0x0A), to_cs = rd16(d, p + 0x0C);
    d->last_return = (uint16_t)(type << 8 | code);
    d->return_read = false;
    DosProc *pr = find_proc(d, psp);
    d->cur_psp = parent;
    if (pr) {
        if (type != 3) {
            dos_close_process_files(d, psp);
            dos_arena_free_owned(&d->arena, psp);
        }
        memcpy(c->r.w, pr->w, sizeof pr->w);
        memcpy(c->sreg, pr->sreg, sizeof pr->sreg);
        d->dta_seg = pr->parent_dta_seg;
        d->dta_off = pr->parent_dta_off;
        pr->used = false;
        /* back on the parent's stack, its INT 21h frame popped, carry clear */
        uint32_t f = lin(c->sreg[EMU_SS], c->r.w[EMU_SP]);
        c->flags = (uint16_t)(rd16(d, f + 4) & ~EMU_FLAG_CF);
        c->r.w[EMU_SP] = (uint16_t)(c->r.w[EMU_SP] + 6);
    } else {
        /* a process made with 26h: the parent's files stay open, its stack is the one of its
         * last INT 21h (MS-DOS 2.0's INT 20h path) */
        c->r.w[EMU_SP] = rd16(d, lin(parent, 0x2E));
        c->sreg[EMU_SS] = rd16(d, lin(parent, 0x30));
        c->sreg[EMU_DS] = c->sreg[EMU_ES] = parent;
    }
    emu_cpu_jump(c, to_cs, to_ip);
}

void dos_fn_keep(Dos *d, uint16_t paras, uint8_t code) {
    if (paras < 6) paras = 6;
    uint16_t lg;
    dos_arena_resize(&d->arena, d->cur_psp, paras, &lg);
    dos_terminate(d, code, 3);
}

/* ---- 26h: create a PSP at DX, a copy of the current one ---- */

void dos_fn_create_psp(Dos *d) {
    uint16_t seg = rDX(d);
    uint8_t buf[0x100];
    dos_read_mem(d, d->cur_psp, 0, buf, sizeof buf);
    dos_write_mem(d, seg, 0, buf, sizeof buf);
    uint32_t a = lin(seg, 0);
    /* memory top: the end of the block the new PSP is in when it is a block, else the parent's */
    for (int v = 0; v < 3; v++) {
        wr16(d, a + 0x0A + 4u * (uint32_t)v, rd16(d, (0x22u + (uint32_t)v) * 4u));
        wr16(d, a + 0x0C + 4u * (uint32_t)v, rd16(d, (0x22u + (uint32_t)v) * 4u + 2));
    }
    wr16(d, a + 0x16, d->cur_psp); /* the caller is its parent: INT 20h comes back to it */
    wr16(d, a + 0x32, DOS_JFT_DEFAULT);
    wr16(d, a + 0x34, 0x18);
    wr16(d, a + 0x36, seg);
}

/* ---- 4Bh: EXEC ---- */

static uint8_t *read_guest_file(Dos *d, const DosPath *p, size_t *len, uint16_t *err) {
    int dir = dos_open_parent(d, p, err);
    if (dir < 0) return NULL;
    DosDirEntry e;
    if (!dos_sb_find(dir, p->comp[p->n - 1], &e) || e.is_dir) {
        close(dir);
        *err = DOSERR_FILE_NOT_FOUND;
        return NULL;
    }
    int fd = openat(dir, e.host, O_RDONLY | O_NOFOLLOW);
    close(dir);
    if (fd < 0) {
        *err = DOSERR_ACCESS_DENIED;
        return NULL;
    }
    size_t cap = 0x10000, n = 0;
    uint8_t *b = malloc(cap);
    for (;;) {
        if (n == cap) {
            if (cap >= 0x110000) break;
            cap *= 2;
            uint8_t *nb = realloc(b, cap);
            if (!nb) break;
            b = nb;
        }
        ssize_t r = read(fd, b + n, cap - n);
        if (r <= 0) break;
        n += (size_t)r;
    }
    close(fd);
    *len = n;
    return b;
}

void dos_fn_exec(Dos *d) {
    uint8_t al = rAL(d);
    if (al != 0 && al != 1 && al != 3) {
        dos_fail(d, DOSERR_BAD_FUNCTION);
        return;
    }
    DosPath p;
    uint16_t e = dos_path_from_guest(d, rDS(d), rDX(d), false, &p);
    if (e || p.n == 0 || p.device) {
        dos_fail(d, e ? e : DOSERR_FILE_NOT_FOUND);
        return;
    }
    size_t len = 0;
    uint8_t *file = read_guest_file(d, &p, &len, &e);
    if (!file) {
        dos_fail(d, e);
        return;
    }
    DosImage img;
    char why[200];
    if (!dos_image_check(file, len, &img, why, sizeof why)) {
        free(file);
        dos_fail(d, DOSERR_BAD_FORMAT);
        return;
    }
    uint16_t pb_seg = rES(d), pb = rBX(d);
    if (al == 3) { /* overlay: load at the given segment, relocate by the given factor */
        uint16_t seg = rd16(d, lin(pb_seg, pb)), fac = rd16(d, lin(pb_seg, (uint16_t)(pb + 2)));
        bool ok = dos_image_place(file, &img, d->mem, seg, fac, DOS_ARENA_TOP, why, sizeof why);
        free(file);
        if (!ok) dos_fail(d, DOSERR_NO_MEMORY);
        else dos_ok(d);
        return;
    }
    /* environment: a copy of the given one (or the parent's), then the program's path */
    uint16_t src_env = rd16(d, lin(pb_seg, pb));
    if (src_env == 0) src_env = rd16(d, lin(d->cur_psp, 0x2C));
    uint8_t envbuf[0x8000];
    size_t envlen = 0;
    if (src_env) {
        while (envlen + 1 < sizeof envbuf) {
            uint8_t c0 = rd8(d, lin(src_env, (uint16_t)envlen));
            uint8_t c1 = rd8(d, lin(src_env, (uint16_t)(envlen + 1)));
            envbuf[envlen++] = c0;
            if (c0 == 0 && c1 == 0) break;
            if (c0 == 0 && envlen == 1) break; /* empty environment */
        }
        if (envlen >= sizeof envbuf - 1) {
            free(file);
            dos_fail(d, DOSERR_BAD_ENVIRONMENT);
            return;
        }
        if (envlen == 1 && envbuf[0] == 0) envlen = 0;
    }
    char full[80];
    dos_path_format(&p, p.n, full, sizeof full);
    uint16_t env_paras = (uint16_t)((envlen + 4 + strlen(full) + 1 + 15) / 16);
    uint16_t env, lg, psp, size;
    if (dos_arena_alloc(&d->arena, env_paras, d->cur_psp, d->alloc_strategy, &env, &lg)) {
        free(file);
        dos_fail(d, DOSERR_NO_MEMORY);
        return;
    }
    dos_build_env(d, env, env_paras, envbuf, envlen, full);
    if (alloc_program(d, &img, 0, &psp, &size)) {
        dos_arena_free(&d->arena, env);
        free(file);
        dos_fail(d, DOSERR_NO_MEMORY);
        return;
    }
    dos_arena_set_owner(&d->arena, env, psp);
    uint16_t top = (uint16_t)(psp + size);
    /* INT 22h: back to the caller, right after its INT 21h */
    EmuCpu *c = emu_machine_cpu(d->m);
    uint32_t fr = lin(c->sreg[EMU_SS], c->r.w[EMU_SP]);
    set_vector(d, 0x22, rd16(d, fr + 2), rd16(d, fr));
    build_psp(d, psp, top, d->cur_psp, env);
    /* the parent's handles are inherited (unless opened with the no-inherit bit) */
    for (int h = 0; h < DOS_JFT_DEFAULT; h++) {
        int idx = dos_handle_sft(d, (uint16_t)h);
        if (idx < 0 || (d->sft[idx].mode & 0x80)) continue;
        wr8(d, lin(psp, (uint16_t)(0x18 + h)), (uint8_t)idx);
        dos_sft_ref(d, idx);
    }
    uint32_t tail_ptr = lin(rd16(d, lin(pb_seg, (uint16_t)(pb + 4))), rd16(d, lin(pb_seg, (uint16_t)(pb + 2))));
    uint8_t tl = rd8(d, tail_ptr);
    if (tl > 126) tl = 126;
    uint8_t tail[128];
    for (int i = 0; i < tl; i++) tail[i] = rd8(d, tail_ptr + 1 + (uint32_t)i);
    set_tail(d, psp, tail, tl);
    for (int k = 0; k < 2; k++) {
        uint16_t o = rd16(d, lin(pb_seg, (uint16_t)(pb + 6 + 4 * k)));
        uint16_t s = rd16(d, lin(pb_seg, (uint16_t)(pb + 8 + 4 * k)));
        uint8_t fcb[16];
        dos_read_mem(d, s, o, fcb, sizeof fcb);
        dos_write_mem(d, psp, (uint16_t)(0x5C + 16 * k), fcb, 16);
    }
    uint16_t ax = fcb_drive_validity(d, psp);
    uint16_t load = img.is_exe ? dos_image_load_seg(&img, psp, top) : psp;
    bool ok = dos_image_place(file, &img, d->mem, img.is_exe ? load : (uint16_t)(psp + 0x10), load,
                              top, why, sizeof why);
    free(file);
    if (!ok) {
        dos_close_process_files(d, psp);
        dos_arena_free_owned(&d->arena, psp);
        dos_fail(d, DOSERR_NO_MEMORY);
        return;
    }
    /* the parent's state, for the return */
    DosProc *pr = NULL;
    for (int i = 0; i < DOS_PROC_MAX; i++)
        if (!d->procs[i].used) { pr = &d->procs[i]; break; }
    if (!pr) {
        dos_close_process_files(d, psp);
        dos_arena_free_owned(&d->arena, psp);
        dos_fail(d, DOSERR_NO_MEMORY);
        return;
    }
    pr->used = true;
    pr->psp = psp;
    memcpy(pr->w, d->call->entry_w, sizeof pr->w);
    memcpy(pr->sreg, d->call->entry_sreg, sizeof pr->sreg);
    pr->w[EMU_SP] = c->r.w[EMU_SP];
    pr->sreg[EMU_SS] = c->sreg[EMU_SS];
    pr->parent_dta_seg = d->dta_seg;
    pr->parent_dta_off = d->dta_off;
    d->cur_psp = psp;
    d->dta_seg = psp;
    d->dta_off = 0x80;
    if (al == 1) {
        /* load only (debuggers): SS:SP (AX on the child's stack) and CS:IP in the block */
        uint16_t ss, sp, cs, ip;
        if (img.is_exe) {
            ss = (uint16_t)(img.mz.ss + load); sp = img.mz.sp;
            cs = (uint16_t)(img.mz.cs + load); ip = img.mz.ip;
        } else {
            ss = cs = psp; ip = 0x100;
            uint32_t room = ((uint32_t)top - psp) * 16u;
            sp = room >= 0x10000 ? 0xFFFE : (uint16_t)(room - 2);
            wr16(d, lin(ss, sp), 0);
        }
        sp = (uint16_t)(sp - 2);
        wr16(d, lin(ss, sp), ax);
        wr16(d, lin(pb_seg, (uint16_t)(pb + 0x0E)), sp);
        wr16(d, lin(pb_seg, (uint16_t)(pb + 0x10)), ss);
        wr16(d, lin(pb_seg, (uint16_t)(pb + 0x12)), ip);
        wr16(d, lin(pb_seg, (uint16_t)(pb + 0x14)), cs);
        dos_ok(d);
        return;
    }
    d->depth = 0;
    d->call = NULL;
    wr8(d, lin(DOS_DATA_SEG, DD_INDOS), 0);
    start_program(d, psp, &img, load, top, ax);
}
