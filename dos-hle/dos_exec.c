/* Processes after the boot: EXEC (4Bh), terminate (00h, 4Ch, INT 20h, Ctrl-C), stay resident
 * (31h, INT 27h), create PSP (26h). */
#include "dos_exec.h"
#include "dos_call.h"
#include "dos_errors.h"
#include "dos_files.h"
#include "dos_guest_mem.h"
#include "dos_psp.h"
#include "dos_sandbox.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- termination: MS-DOS's $ABORT, $EXIT and reset_environment (2.0 and 4.0 alike) ---- */

static DosProc *find_proc(Dos *d, uint16_t psp) {
    for (int i = 0; i < DOS_PROC_MAX; i++)
        if (d->procs[i].used && d->procs[i].psp == psp) return &d->procs[i];
    return NULL;
}

uint16_t dos_caller_psp(Dos *d, uint16_t ss, uint16_t sp) {
    return rd16(d, lin(ss, (uint16_t)(sp + 2)));
}

int dos_note_call(Dos *d, const uint16_t w[8], const uint16_t sreg[4]) {
    int slot = -1, oldest = 0;
    for (int i = 0; i < DOS_PROC_MAX && slot < 0; i++) {
        const DosLastCall *l = &d->last_calls[i];
        if (l->stamp && l->psp == d->cur_psp) slot = i;
        else if (l->stamp < d->last_calls[oldest].stamp) oldest = i;
    }
    if (slot < 0) slot = oldest;
    DosLastCall *l = &d->last_calls[slot];
    l->psp = d->cur_psp;
    memcpy(l->w, w, sizeof l->w);
    memcpy(l->sreg, sreg, sizeof l->sreg);
    l->stamp = ++d->last_call_clock;
    return slot;
}

void dos_note_result(Dos *d, int slot, uint16_t psp, const uint16_t w[8], const uint16_t sreg[4]) {
    if (slot < 0 || slot >= DOS_PROC_MAX) return;
    DosLastCall *l = &d->last_calls[slot];
    if (!l->stamp || l->psp != psp) return; /* reused meanwhile */
    memcpy(l->w, w, sizeof l->w);
    memcpy(l->sreg, sreg, sizeof l->sreg);
}

static const DosLastCall *last_call_of(const Dos *d, uint16_t psp) {
    for (int i = 0; i < DOS_PROC_MAX; i++)
        if (d->last_calls[i].stamp && d->last_calls[i].psp == psp) return &d->last_calls[i];
    return NULL;
}

/* MS-DOS restores INT 22h-24h from the ending PSP and goes to INT 22h. Only when that PSP is
 * the current process (and not its own parent) does a process really end: its memory is freed
 * and its files closed (unless it stays resident) and its parent becomes current. Otherwise
 * (INT 20h from a PSP made with 26h while its maker is current, as DEBUG runs a program) it is
 * an "old-style return": nothing is freed and the current process stays. Either way the code
 * at INT 22h gets the stack and registers of the current process's last INT 21h, that call's
 * frame popped, and flags F202h. */
void dos_terminate(Dos *d, uint8_t code, uint8_t type, uint16_t this_psp) {
    EmuCpu *c = emu_machine_cpu(d->m);
    d->depth = 0;
    d->call = NULL;
    wr8(d, lin(DOS_DATA_SEG, DD_INDOS), 0);
    uint16_t cur = d->cur_psp, parent = rd16(d, lin(cur, 0x16));
    bool ends = parent != cur && cur == this_psp;
    if (ends && cur == d->facts.psp_seg) { /* the first program: the end of the run */
        if (type != 3) dos_close_process_files(d, cur);
        d->facts.end_type = type;
        d->facts.end_code = code;
        emu_machine_end(d->m, EMU_END_EXIT, code,
                        type == 1 ? "the program was aborted by Ctrl-C (INT 23h)" : NULL);
        return;
    }
    uint32_t p = lin(this_psp, 0);
    for (uint32_t v = 0; v < 3; v++) {
        wr16(d, (0x22u + v) * 4u, rd16(d, p + 0x0A + 4u * v));
        wr16(d, (0x22u + v) * 4u + 2, rd16(d, p + 0x0C + 4u * v));
    }
    uint16_t to_ip = rd16(d, 0x22u * 4u), to_cs = rd16(d, 0x22u * 4u + 2);
    d->last_return = (uint16_t)(type << 8 | code);
    d->return_read = false;
    if (ends) {
        if (type != 3) {
            dos_close_process_files(d, cur);
            dos_arena_free_owned(&d->arena, cur);
        }
        DosProc *pr = find_proc(d, cur);
        if (pr) { /* started by EXEC: the parent's DTA comes back */
            d->dta_seg = pr->parent_dta_seg;
            d->dta_off = pr->parent_dta_off;
            pr->used = false;
        }
        d->cur_psp = parent;
    }
    uint16_t now = d->cur_psp;
    const DosLastCall *l = last_call_of(d, now);
    if (l) {
        memcpy(c->r.w, l->w, sizeof l->w);
        memcpy(c->sreg, l->sreg, sizeof l->sreg);
    } else {
        c->sreg[EMU_DS] = c->sreg[EMU_ES] = now;
    }
    c->sreg[EMU_SS] = rd16(d, lin(now, 0x30));
    c->r.w[EMU_SP] = (uint16_t)(rd16(d, lin(now, 0x2E)) + 6);
    c->flags = 0xF202u;
    emu_cpu_jump(c, to_cs, to_ip);
}

void dos_fn_keep(Dos *d, uint16_t paras, uint8_t code) {
    if (paras < 6) paras = 6;
    uint16_t lg;
    dos_arena_resize(&d->arena, d->cur_psp, paras, &lg);
    dos_terminate(d, code, 3, d->cur_psp);
}

/* ---- 26h: create a PSP at DX (MS-DOS's $CREATE_PROCESS_DATA_BLOCK) ---- */

/* A copy of the caller's PSP (the one at its CS), its parent and memory top included: the new
 * PSP is not a new process and nothing about the current process changes. Its handle table is
 * a copy of the caller's (no file gains a reference); INT 22h-24h are the current vectors; its
 * CALL 5 address is computed for its own segment. */
void dos_fn_create_psp(Dos *d) {
    uint16_t seg = rDX(d), from = dos_caller_psp(d, d->call->entry_sreg[EMU_SS],
                                                  d->call->entry_w[EMU_SP]);
    uint8_t buf[0x100];
    dos_read_mem(d, from, 0, buf, sizeof buf);
    uint16_t n;
    uint32_t j = dos_jft_addr(d, from, &n);
    for (uint16_t h = 0; h < DOS_JFT_DEFAULT; h++) buf[0x18 + h] = h < n ? rd8(d, j + h) : 0xFF;
    dos_write_mem(d, seg, 0, buf, sizeof buf);
    uint32_t a = lin(seg, 0);
    for (uint32_t v = 0; v < 3; v++) {
        wr16(d, a + 0x0A + 4u * v, rd16(d, (0x22u + v) * 4u));
        wr16(d, a + 0x0C + 4u * v, rd16(d, (0x22u + v) * 4u + 2));
    }
    dos_psp_call5(d, seg, rd16(d, a + 2)); /* for the copy's own segment */
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

/* A program loaded by EXEC at segment `load`: unless it is the one EXEC loaded last, at the
 * same place (a batch file's program run again), the block cache drops the code it recorded
 * from the programs before, which is mostly dead by now (CL's passes each run once), rather
 * than keep it in memory the host must provide (CL 5.1: 45 MB of blocks, a peak of 49 MB;
 * 26 MB this way). */
static void code_replaced(Dos *d, const uint8_t *file, size_t len, uint16_t load) {
    uint64_t h = 0xCBF29CE484222325ull; /* FNV-1a */
    for (size_t i = 0; i < len; i++) h = (h ^ file[i]) * 0x100000001B3ull;
    h = (h ^ load) * 0x100000001B3ull;
    if (h == d->exec_image) return;
    d->exec_image = h;
    emu_cpu_code_replaced(emu_machine_cpu(d->m));
}

void dos_fn_exec(Dos *d) {
    uint8_t al = rAL(d);
    if (al != 0 && al != 1 && al != 3) {
        dos_unknown(d, 0x4B, al, "carry set, error 1");
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
        bool ok = dos_place_image(d, file, &img, seg, fac, d->top, why, sizeof why);
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
    bool ok = dos_place_image(d, file, &img, img.is_exe ? load : (uint16_t)(psp + 0x10), load,
                              top, why, sizeof why);
    if (ok) code_replaced(d, file, len, load);
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
