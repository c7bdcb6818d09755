/* Intel 8259A PIC (see pic.h). Priorities rotate from `lowest`: the IRQ after it is highest. */
#include "pc/pic.h"

#include <string.h>

void pic_init(Pic *p) {
    memset(p, 0, sizeof *p);
    p->lowest = 7;
    p->vector_base = 0x08;
}

/* Priority rank of an IRQ: 0 is the highest. */
static int rank(const Pic *p, int irq) { return (irq - p->lowest - 1) & 7; }

/* The highest-priority IRQ set in `bits`, or -1. */
static int highest(const Pic *p, uint8_t bits) {
    for (int r = 0; r < 8; r++) {
        int irq = (p->lowest + 1 + r) & 7;
        if (bits & (1 << irq)) return irq;
    }
    return -1;
}

/* The request that would be acknowledged now, or -1. */
static int pending(const Pic *p) {
    uint8_t req = p->irr & (uint8_t)~p->imr;
    int irq = highest(p, req);
    if (irq < 0) return -1;
    if (p->special_mask) {
        /* only requests not in service count, masks on in-service levels lift priority */
        req &= (uint8_t)~p->isr;
        return highest(p, req);
    }
    int in = highest(p, p->isr);
    if (in >= 0 && rank(p, in) <= rank(p, irq)) return -1;
    return irq;
}

int pic_intr(const Pic *p) { return p->icw_step == 0 && pending(p) >= 0; }

static void eoi(Pic *p, int irq, int rotate) {
    if (irq < 0) return;
    p->isr &= (uint8_t)~(1 << irq);
    if (rotate) p->lowest = (uint8_t)irq;
}

uint8_t pic_ack(Pic *p) {
    int irq = pending(p);
    if (irq < 0) return (uint8_t)(p->vector_base | 7); /* spurious: IRQ7's vector */
    p->irr &= (uint8_t)~(1 << irq);
    if (p->aeoi) {
        if (p->rotate_aeoi) p->lowest = (uint8_t)irq;
    } else {
        p->isr |= (uint8_t)(1 << irq);
    }
    return (uint8_t)(p->vector_base | irq);
}

void pic_write(Pic *p, int port, uint8_t v) {
    if ((port & 1) == 0) {
        if (v & 0x10) { /* ICW1 */
            p->icw_step = 2;
            p->icw4_needed = v & 1;
            p->single = (v >> 1) & 1;
            p->imr = 0;
            p->isr = 0;
            p->irr = 0;
            p->aeoi = 0;
            p->special_mask = 0;
            p->read_isr = 0;
            p->lowest = 7;
            return;
        }
        if ((v & 0x18) == 0x08) { /* OCW3 */
            if (v & 0x02) p->read_isr = v & 1;
            if (v & 0x04) p->poll = 1;
            if (v & 0x40) p->special_mask = (v >> 5) & 1;
            return;
        }
        /* OCW2 */
        int level = v & 7;
        switch (v >> 5) {
        case 1: eoi(p, highest(p, p->isr), 0); break;   /* non-specific EOI */
        case 3: eoi(p, level, 0); break;                 /* specific EOI */
        case 5: eoi(p, highest(p, p->isr), 1); break;   /* rotate on non-specific EOI */
        case 4: p->rotate_aeoi = 1; break;               /* rotate in AEOI mode (set) */
        case 0: p->rotate_aeoi = 0; break;               /* rotate in AEOI mode (clear) */
        case 7: eoi(p, level, 1); break;                 /* rotate on specific EOI */
        case 6: p->lowest = (uint8_t)level; break;       /* set priority */
        default: break;                                  /* 2: no operation */
        }
        return;
    }
    switch (p->icw_step) {
    case 2:
        p->vector_base = v & 0xF8;
        p->icw_step = p->single ? (p->icw4_needed ? 4 : 0) : 3;
        return;
    case 3:
        p->icw_step = p->icw4_needed ? 4 : 0;
        return;
    case 4:
        p->aeoi = (v >> 1) & 1;
        p->icw_step = 0;
        return;
    default:
        p->imr = v;
        return;
    }
}

uint8_t pic_read(Pic *p, int port) {
    if (p->poll) {
        p->poll = 0;
        int irq = pending(p);
        if (irq < 0) return 0;
        p->irr &= (uint8_t)~(1 << irq);
        p->isr |= (uint8_t)(1 << irq);
        return (uint8_t)(0x80 | irq);
    }
    if (port & 1) return p->imr;
    return p->read_isr ? p->isr : p->irr;
}

void pic_set_line(Pic *p, int irq, int level) {
    uint8_t bit = (uint8_t)(1 << irq);
    if (level && !(p->lines & bit)) p->irr |= bit;
    if (level) p->lines |= bit;
    else p->lines &= (uint8_t)~bit;
}

void pic_pulse(Pic *p, int irq) {
    pic_set_line(p, irq, 1);
    pic_set_line(p, irq, 0);
}
