/* Processes after the boot: EXEC (4Bh), terminate (00h, 4Ch, INT 20h, Ctrl-C), stay resident
 * (31h, INT 27h), create PSP (26h). */
#include "dos_internal.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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
    if (dos_alloc_program(d, &img, 0, &psp, &size)) {
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
    dos_set_vector(d, 0x22, rd16(d, fr + 2), rd16(d, fr));
    dos_build_psp(d, psp, top, d->cur_psp, env);
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
    dos_set_tail(d, psp, tail, tl);
    for (int k = 0; k < 2; k++) {
        uint16_t o = rd16(d, lin(pb_seg, (uint16_t)(pb + 6 + 4 * k)));
        uint16_t s = rd16(d, lin(pb_seg, (uint16_t)(pb + 8 + 4 * k)));
        uint8_t fcb[16];
        dos_read_mem(d, s, o, fcb, sizeof fcb);
        dos_write_mem(d, psp, (uint16_t)(0x5C + 16 * k), fcb, 16);
    }
    uint16_t ax = dos_fcb_drive_validity(d, psp);
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
    dos_start_program(d, psp, &img, load, top, ax);
}
