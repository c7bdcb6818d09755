/* Intel 8253 programmable interval timer, computed from time instead of stepped.
 *
 * Time is counted in PIT input clocks (1.193182 MHz; "ticks"). Nothing here runs per tick: a
 * channel remembers when its count was loaded and derives the counter value and the output at
 * any tick from that, so reads in the middle of an instruction and output edges are exact and
 * cost nothing while the guest does not look.
 */
#ifndef EMU86_PIT_H
#define EMU86_PIT_H

#include <stdint.h>

#define PIT_NEVER UINT64_MAX

typedef struct PitChannel {
    uint8_t mode;      /* 0..5 */
    uint8_t rw;        /* 1 LSB only, 2 MSB only, 3 LSB then MSB */
    uint8_t bcd;
    uint8_t gate;      /* gate input level */
    uint8_t armed;     /* a count has been loaded and counting began at `start` */
    uint8_t has_count; /* a count has been written since the last control word */
    uint8_t wait_msb;  /* LSB written, MSB pending (rw 3) */
    uint8_t read_msb;  /* next read returns the MSB (rw 3) */
    uint8_t latched;   /* bytes of `latch` still to be read (0 = not latched) */
    uint8_t latch_msb_next;
    uint8_t out_before;/* output level before the count is loaded */
    uint16_t latch;
    uint16_t written;  /* count as written (BCD or binary) */
    uint32_t n;        /* count in ticks (0 written = 65536, or 10000 in BCD) */
    uint64_t start;    /* tick at which the count was loaded */
    /* A count written while a periodic mode runs takes effect at a later boundary. */
    uint8_t has_next;
    uint32_t next_n;
    uint64_t next_at;
    /* Gate-low pause (modes 0 and 4): tick at which counting stopped. */
    uint64_t paused_at;
    uint8_t paused;
} PitChannel;

typedef struct Pit {
    PitChannel ch[3];
} Pit;

void pit_init(Pit *p);
/* Port 40h-43h access at PIT tick `now`. */
void pit_write(Pit *p, int port, uint8_t v, uint64_t now);
uint8_t pit_read(Pit *p, int port, uint64_t now);
/* Gate input of a channel (channel 2: port 61h bit 0). */
void pit_set_gate(Pit *p, int ch, int level, uint64_t now);
/* Output level of a channel at tick `now`. */
int pit_out(Pit *p, int ch, uint64_t now);
/* Counter value as the chip would show it at tick `now`. */
uint16_t pit_counter(Pit *p, int ch, uint64_t now);
/* Tick of the next rising edge of the channel's output strictly after `after`, or PIT_NEVER. */
uint64_t pit_next_rise(Pit *p, int ch, uint64_t after);

#endif
