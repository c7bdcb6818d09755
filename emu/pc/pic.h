/* Intel 8259A programmable interrupt controller (single, 8086 mode, edge triggered). */
#ifndef EMU86_PIC_H
#define EMU86_PIC_H

#include <stdint.h>

typedef struct Pic {
    uint8_t irr, isr, imr;
    uint8_t vector_base;   /* ICW2 & F8h */
    uint8_t icw_step;      /* 0 = operational; 2..4 = expecting that ICW */
    uint8_t icw4_needed, single;
    uint8_t aeoi;          /* automatic EOI (ICW4 bit 1) */
    uint8_t read_isr;      /* OCW3: port 20h reads ISR instead of IRR */
    uint8_t poll;          /* OCW3 poll command pending */
    uint8_t special_mask;  /* OCW3 special mask mode */
    uint8_t lowest;        /* IRQ with the lowest priority (rotation); 7 after init */
    uint8_t rotate_aeoi;
    uint8_t lines;         /* current IR input levels (for edge detection) */
} Pic;

void pic_init(Pic *p);
void pic_write(Pic *p, int port, uint8_t v);
uint8_t pic_read(Pic *p, int port);
/* IR input `irq` changes level; a rising edge requests an interrupt. */
void pic_set_line(Pic *p, int irq, int level);
/* A rising and falling edge in one (a pulse). */
void pic_pulse(Pic *p, int irq);
/* Is INTR asserted (an unmasked request of higher priority than any in service)? */
int pic_intr(const Pic *p);
/* Interrupt acknowledge: returns the vector and moves the request into service. */
uint8_t pic_ack(Pic *p);

#endif
