/* The DOS services behind the stubs: INT 21h entry (dispatch), its device-layer steps and
 * its return, Ctrl-C through INT 23h, INT 20h/27h/29h/2Fh and the defaults of 22h/23h. */
#include "dos_int21.h"
#include "dos_call.h"
#include "dos_console.h"
#include "dos_dirs.h"
#include "dos_disk.h"
#include "dos_exec.h"
#include "dos_fcb.h"
#include "dos_files.h"
#include "dos_guest_mem.h"
#include "dos_misc.h"

#include <string.h>

/* Begin serving an INT 21h: a new call context with the caller's registers. */
static DosCall *push_call(Dos *d, EmuCpu *c) {
    if (d->depth >= DOS_CALL_DEPTH) return NULL;
    DosCall *k = &d->calls[d->depth++];
    memcpy(k->w, c->r.w, sizeof k->w);
    memcpy(k->sreg, c->sreg, sizeof k->sreg);
    memcpy(k->entry_w, c->r.w, sizeof k->w);
    memcpy(k->entry_sreg, c->sreg, sizeof k->sreg);
    k->set_flags = k->clear_flags = 0;
    k->nsteps = k->pos = 0;
    k->ntext = 0;
    k->ctrl_c = false;
    k->note = -1;
    d->call = k;
    wr8(d, lin(DOS_DATA_SEG, DD_INDOS), (uint8_t)d->depth);
    return k;
}

static void pop_call(Dos *d) {
    if (d->depth > 0) d->depth--;
    d->call = d->depth ? &d->calls[d->depth - 1] : NULL;
    wr8(d, lin(DOS_DATA_SEG, DD_INDOS), (uint8_t)d->depth);
}

/* Put the call's results in the CPU and the caller's flags image, and pop it. */
static void finish_call(Dos *d, EmuCpu *c) {
    DosCall *k = d->call;
    if (k->ctrl_c) {
        memcpy(c->r.w, k->entry_w, sizeof k->w);
        memcpy(c->sreg, k->entry_sreg, sizeof k->sreg);
        pop_call(d);
        emu_cpu_jump(c, DOS_CODE_SEG, d->dos_entry[DE_CTRLC]);
        return;
    }
    uint16_t cs = c->sreg[EMU_CS];
    memcpy(c->r.w, k->w, sizeof k->w);
    memcpy(c->sreg, k->sreg, sizeof k->sreg);
    c->sreg[EMU_CS] = cs;
    dos_note_result(d, k->note, k->note_psp, c->r.w, c->sreg);
    uint32_t a = lin(c->sreg[EMU_SS], (uint16_t)(c->r.w[EMU_SP] + 4)); /* the caller's flags */
    uint16_t f = rd16(d, a);
    f = (uint16_t)((f | k->set_flags) & ~k->clear_flags);
    wr16(d, a, f);
    pop_call(d);
}

static void dispatch(Dos *d, uint8_t ah) {
    switch (ah) {
    case 0x00:
        dos_terminate(d, 0, 0, dos_caller_psp(d, d->call->entry_sreg[EMU_SS], d->call->entry_w[EMU_SP]));
        break;
    case 0x01: case 0x02: case 0x03: case 0x04: case 0x05: case 0x06: case 0x07: case 0x08:
    case 0x09: case 0x0A: case 0x0B: case 0x0C:
        dos_fn_console(d, ah);
        break;
    case 0x0F: case 0x10: case 0x11: case 0x12: case 0x13: case 0x14: case 0x15: case 0x16:
    case 0x17: case 0x21: case 0x22: case 0x23: case 0x24: case 0x27: case 0x28: case 0x29:
        dos_fn_fcb(d, ah);
        break;
    case 0x0D: case 0x0E: case 0x19: case 0x39: case 0x3A: case 0x3B: case 0x47: case 0x4E:
    case 0x4F:
        dos_fn_dirs(d, ah);
        break;
    case 0x1B: case 0x1C: case 0x1F: case 0x32: case 0x36:
        dos_fn_disk(d, ah);
        break;
    case 0x3C: case 0x3D: case 0x3E: case 0x3F: case 0x40: case 0x41: case 0x42: case 0x43:
    case 0x44: case 0x45: case 0x46: case 0x56: case 0x57: case 0x5A: case 0x5B: case 0x67:
        dos_fn_files(d, ah);
        break;
    case 0x26: dos_fn_create_psp(d); break;
    case 0x31: dos_fn_keep(d, rDX(d), rAL(d)); break;
    case 0x4B: dos_fn_exec(d); break;
    case 0x4C: dos_terminate(d, rAL(d), 0, d->cur_psp); break;
    default: dos_fn_misc(d, ah); break;
    }
}

static uint32_t int21(Dos *d, EmuCpu *c) {
    if (!push_call(d, c)) {
        emu_machine_end(d->m, EMU_END_ERROR, 0, "DOS calls nested too deeply (INT 21h re-entered)");
        return 0;
    }
    DosCall *k = d->call;
    uint8_t ah = (uint8_t)(k->w[EMU_AX] >> 8);
    /* DOS keeps the caller's stack pointer in its PSP (offset 2Eh) */
    wr16(d, lin(d->cur_psp, 0x2E), c->r.w[EMU_SP]);
    wr16(d, lin(d->cur_psp, 0x30), c->sreg[EMU_SS]);
    k->note = dos_note_call(d, c->r.w, c->sreg);
    k->note_psp = d->cur_psp;
    uint32_t cost = d->costs.call + d->costs.fn[ah];
    int depth = d->depth;
    d->call_extra = 0;
    dispatch(d, ah);
    cost += d->call_extra;
    if (d->depth != depth || d->call != k) return cost; /* the call moved CS:IP (exit, exec) */
    if (k->nsteps == 0 && !k->ctrl_c) {
        /* nothing for the device layer: return at once, past the finishing trap */
        finish_call(d, c);
        emu_cpu_jump(c, DOS_CODE_SEG, (uint16_t)(d->dos_entry[DE_INT21_FINISH] + 2));
    }
    return cost;
}

static uint32_t io_step(Dos *d, EmuCpu *c) {
    static const uint8_t target[] = {IO_RUN, IO_CALL10, IO_CALL16, IO_CALL1A, IO_CALL13,
                                     IO_CALL17, IO_CALL14, IO_CALL_RUN};
    DosCall *k = d->call;
    emu_machine_quiet_teletype(d->m, false);
    if (!k || k->pos >= k->nsteps) {
        c->flags |= EMU_FLAG_ZF;
        return 0;
    }
    DosStep *s = &k->steps[k->pos++];
    /* DOS puts its console's bytes in their stream itself: the ROM only draws them */
    emu_machine_quiet_teletype(d->m, s->kind == STEP_INT10);
    c->flags &= (uint16_t)~EMU_FLAG_ZF;
    c->r.w[EMU_AX] = s->ax;
    c->r.w[EMU_BX] = s->bx;
    c->r.w[EMU_CX] = s->cx;
    c->r.w[EMU_DX] = s->dx;
    c->r.w[EMU_DI] = d->io_entry[target[s->kind]];
    if (s->kind == STEP_CON_RUN) {
        /* the run's characters in CON's buffer, for the ROM (DS:SI, CX) */
        dos_write_mem(d, DOS_IO_SEG, d->io_entry[IO_CON_BUF], k->text + s->text, s->cx);
        c->sreg[EMU_DS] = DOS_IO_SEG;
        c->r.w[EMU_SI] = d->io_entry[IO_CON_BUF];
    }
    return s->io_cost;
}

static uint32_t ctrlc_after(Dos *d, EmuCpu *c) {
    uint16_t sp = c->r.w[EMU_SP];
    if (sp == (uint16_t)(d->ctrlc_sp - 2)) {
        /* the handler returned with RETF: carry set means abort */
        if (c->flags & EMU_FLAG_CF) {
            d->depth = 0;
            d->call = NULL;
            dos_terminate(d, 0, 1, d->cur_psp);
            return d->costs.int20;
        }
        c->r.w[EMU_SP] = (uint16_t)(sp + 2);
    }
    emu_cpu_jump(c, DOS_CODE_SEG, d->dos_entry[DE_INT21]); /* restart the function */
    return 0;
}

/* CALL 5: the stack has the far return to PSP:000A and the program's near return; make it an
 * INT 21h frame (near return, PSP, flags) and serve function CL (CP/M's 00h-24h). */
static uint32_t call5(Dos *d, EmuCpu *c) {
    uint32_t s = lin(c->sreg[EMU_SS], c->r.w[EMU_SP]);
    uint16_t psp = rd16(d, s + 2), ret = rd16(d, s + 4);
    wr16(d, s, ret);
    wr16(d, s + 2, psp);
    wr16(d, s + 4, c->flags);
    uint8_t fn = (uint8_t)c->r.w[EMU_CX];
    if (fn > 0x24) {
        c->r.w[EMU_AX] &= 0xFF00;
        emu_cpu_jump(c, DOS_CODE_SEG, (uint16_t)(d->dos_entry[DE_CALL5] + 2));
        return 0;
    }
    c->r.w[EMU_AX] = (uint16_t)(fn << 8 | (c->r.w[EMU_AX] & 0xFF));
    emu_cpu_jump(c, DOS_CODE_SEG, d->dos_entry[DE_INT21]);
    return 0;
}

static uint32_t multiplex(Dos *d) {
    for (int i = 0; i < d->nmux; i++) {
        uint32_t clocks = 0;
        if (d->mux[i].fn(d->mux[i].ctx, d->m, &clocks)) return clocks;
    }
    return d->costs.int2f; /* not installed: AL unchanged (00h) */
}

/* INT 29h, CON's fast output: the screen through the ROM (the stub calls INT 10h when ZF is
 * clear), the byte to the console's stream (not standard output's). */
static uint32_t int29(Dos *d, EmuCpu *c) {
    uint8_t ch = (uint8_t)c->r.w[EMU_AX];
    if (d->cfg.con_out) d->cfg.con_out(d->cfg.con_ctx, &ch, 1);
    if (!d->costs.off) {
        emu_machine_quiet_teletype(d->m, true);
        c->flags &= (uint16_t)~EMU_FLAG_ZF;
    } else {
        emu_bios_teletype(d->m, ch);
        c->flags |= EMU_FLAG_ZF;
    }
    return d->costs.io_char;
}

uint32_t dos_service(void *ctx, EmuMachine *m, uint8_t svc) {
    Dos *d = ctx;
    EmuCpu *c = emu_machine_cpu(m);
    switch (svc) {
    case SVC_INT21: return int21(d, c);
    case SVC_IO_STEP: return io_step(d, c);
    case SVC_INT21_FINISH:
        if (d->call) finish_call(d, c);
        return 0;
    case SVC_INT20:
        d->depth = 0;
        d->call = NULL;
        dos_terminate(d, 0, 0, dos_caller_psp(d, c->sreg[EMU_SS], c->r.w[EMU_SP]));
        return d->costs.int20;
    case SVC_CTRLC_BEFORE:
        d->ctrlc_sp = c->r.w[EMU_SP];
        return 0;
    case SVC_CTRLC_AFTER: return ctrlc_after(d, c);
    case SVC_ROOT_END:
        emu_machine_end(m, EMU_END_EXIT, d->facts.end_code, NULL);
        return 0;
    case SVC_INT23_DEFAULT:
        d->depth = 0;
        d->call = NULL;
        dos_terminate(d, 0, 1, d->cur_psp);
        return d->costs.int20;
    case SVC_INT27: {
        uint16_t dx = c->r.w[EMU_DX];
        d->depth = 0;
        d->call = NULL;
        dos_fn_keep(d, (uint16_t)((dx + 15u) / 16u), 0);
        return d->costs.int20;
    }
    case SVC_INT2F: return multiplex(d);
    case SVC_CALL5: return call5(d, c);
    case SVC_INT25: return dos_abs_disk(d, c, false);
    case SVC_INT26: return dos_abs_disk(d, c, true);
    case SVC_INT29: return int29(d, c);
    default: return 0;
    }
}
