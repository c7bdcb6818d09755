/* The INT 21h call being served: its result flags and its device-layer steps (dos_call.h). */
#include "dos_call.h"

#include <stdlib.h>
#include <string.h>

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

/* Room in the call's text for n more characters: 0 if it cannot grow. */
static bool con_text_room(DosCall *c, size_t n) {
    if (c->ntext + n <= c->textcap) return true;
    uint32_t cap = c->textcap ? c->textcap : 1024;
    while (cap < c->ntext + n) cap *= 2;
    uint8_t *t = realloc(c->text, cap);
    if (!t) return false;
    c->text = t;
    c->textcap = cap;
    return true;
}

void dos_step_con_text(Dos *d, const uint8_t *b, size_t n) {
    DosCall *c = d->call;
    const unsigned max = (unsigned)(d->io_entry[IO_CON_BUF_END] - d->io_entry[IO_CON_BUF]);
    if (!max || !con_text_room(c, n)) {
        for (size_t i = 0; i < n; i++) dos_step_con_char(d, b[i]);
        return;
    }
    while (n) {
        DosStep *last = c->nsteps ? &c->steps[c->nsteps - 1] : NULL;
        if (!last || last->kind != STEP_CON_RUN || last->cx >= max) {
            const int k = c->nsteps;
            dos_step(d, STEP_CON_RUN, 0, 0, 0, 0, 0);
            if (c->nsteps == k) return;
            last = &c->steps[k];
            last->text = c->ntext;
        }
        const size_t k = n < max - last->cx ? n : max - last->cx;
        memcpy(c->text + c->ntext, b, k);
        c->ntext += (uint32_t)k;
        last->cx = (uint16_t)(last->cx + k);
        last->io_cost += d->costs.io_char * (uint32_t)k;
        b += k;
        n -= k;
    }
}

