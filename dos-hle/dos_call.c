/* The INT 21h call being served: its result flags and its device-layer steps (dos_call.h). */
#include "dos_call.h"

#include <stdlib.h>

void dos_ok(Dos *d) {
    d->call->clear_flags |= EMU_FLAG_CF;
    d->call->set_flags &= (uint16_t)~EMU_FLAG_CF;
}

void dos_fail(Dos *d, uint16_t code) {
    d->call->w[EMU_AX] = code;
    d->call->set_flags |= EMU_FLAG_CF;
    d->call->clear_flags &= (uint16_t)~EMU_FLAG_CF;
    d->last_error = code;
}

void dos_set_zf(Dos *d, bool on) {
    if (on) {
        d->call->set_flags |= EMU_FLAG_ZF;
        d->call->clear_flags &= (uint16_t)~EMU_FLAG_ZF;
    } else {
        d->call->clear_flags |= EMU_FLAG_ZF;
        d->call->set_flags &= (uint16_t)~EMU_FLAG_ZF;
    }
}

void dos_step(Dos *d, uint8_t kind, uint16_t ax, uint16_t bx, uint16_t cx, uint16_t dx,
              uint32_t io_cost) {
    DosCall *c = d->call;
    if (c->nsteps == c->cap) {
        int cap = c->cap ? c->cap * 2 : 64;
        DosStep *n = realloc(c->steps, (size_t)cap * sizeof *n);
        if (!n) return;
        c->steps = n;
        c->cap = cap;
    }
    c->steps[c->nsteps++] = (DosStep){kind, ax, bx, cx, dx, io_cost, 0};
}

void dos_step_con_char(Dos *d, uint8_t ch) {
    DosCall *c = d->call;
    if (c->ntext == c->textcap) {
        uint32_t cap = c->textcap ? c->textcap * 2 : 1024;
        uint8_t *n = realloc(c->text, cap);
        if (!n) return;
        c->text = n;
        c->textcap = cap;
    }
    DosStep *last = c->nsteps ? &c->steps[c->nsteps - 1] : NULL;
    unsigned max = (unsigned)(d->io_entry[IO_CON_BUF_END] - d->io_entry[IO_CON_BUF]);
    if (!last || last->kind != STEP_CON_RUN || last->cx >= max) {
        int n = c->nsteps;
        dos_step(d, STEP_CON_RUN, 0, 0, 0, 0, 0);
        if (c->nsteps == n) return;
        last = &c->steps[n];
        last->text = c->ntext;
    }
    c->text[c->ntext++] = ch;
    last->cx++;
    last->io_cost += d->costs.io_char;
}
