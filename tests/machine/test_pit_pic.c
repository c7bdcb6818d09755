/* Unit tests of the 8253 and 8259A models (emu/pc/pit.c, emu/pc/pic.c), in PIT clocks. */
#include "pc/pic.h"
#include "pc/pit.h"

#include <stdio.h>

static int failures;
#define EXPECT(cond, ...)                                                   \
    do {                                                                    \
        if (!(cond)) {                                                      \
            failures++;                                                     \
            printf("FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond);          \
            printf(__VA_ARGS__);                                            \
            printf("\n");                                                   \
        }                                                                   \
    } while (0)

static void program(Pit *p, int ch, int mode, int rw, int bcd, uint16_t count, uint64_t t) {
    pit_write(p, 3, (uint8_t)(ch << 6 | rw << 4 | mode << 1 | bcd), t);
    if (rw == 1) pit_write(p, ch, (uint8_t)count, t);
    else if (rw == 2) pit_write(p, ch, (uint8_t)(count >> 8), t);
    else {
        pit_write(p, ch, (uint8_t)count, t);
        pit_write(p, ch, (uint8_t)(count >> 8), t);
    }
}

static uint16_t latched(Pit *p, int ch, uint64_t t) {
    pit_write(p, 3, (uint8_t)(ch << 6), t);
    uint8_t lo = pit_read(p, ch, t);
    uint8_t hi = pit_read(p, ch, t + 5); /* the latch holds, whatever time it is read */
    return (uint16_t)(lo | hi << 8);
}

static void test_mode0(void) {
    Pit p;
    pit_init(&p);
    program(&p, 0, 0, 3, 0, 10, 100);          /* loaded at tick 101 */
    EXPECT(pit_out(&p, 0, 100) == 0, "out low after the control word");
    EXPECT(pit_counter(&p, 0, 101) == 10, "got %u", pit_counter(&p, 0, 101));
    EXPECT(pit_counter(&p, 0, 105) == 6, "got %u", pit_counter(&p, 0, 105));
    EXPECT(pit_out(&p, 0, 110) == 0, "still low one tick before terminal count");
    EXPECT(pit_out(&p, 0, 111) == 1, "high at terminal count");
    EXPECT(pit_counter(&p, 0, 112) == 0xFFFF, "wraps: got %u", pit_counter(&p, 0, 112));
    EXPECT(pit_next_rise(&p, 0, 100) == 111, "edge at %llu", (unsigned long long)pit_next_rise(&p, 0, 100));
    EXPECT(pit_next_rise(&p, 0, 111) == PIT_NEVER, "one edge only");
}

static void test_mode2(void) {
    Pit p;
    pit_init(&p);
    program(&p, 0, 2, 3, 0, 4, 0);             /* loaded at 1: 4 3 2 1 4 3 2 1 ... */
    static const uint16_t want[] = {4, 3, 2, 1, 4, 3, 2, 1};
    for (int i = 0; i < 8; i++) EXPECT(pit_counter(&p, 0, 1 + (uint64_t)i) == want[i], "tick %d", i);
    EXPECT(pit_out(&p, 0, 4) == 0 && pit_out(&p, 0, 5) == 1, "low for one tick at count 1");
    EXPECT(pit_next_rise(&p, 0, 1) == 5 && pit_next_rise(&p, 0, 5) == 9, "period 4");
    /* a new count takes effect at the end of the current period */
    pit_write(&p, 0, 6, 6);
    pit_write(&p, 0, 0, 6);
    EXPECT(pit_counter(&p, 0, 8) == 1, "old period continues: %u", pit_counter(&p, 0, 8));
    EXPECT(pit_counter(&p, 0, 9) == 6, "new count at the boundary: %u", pit_counter(&p, 0, 9));
    EXPECT(pit_next_rise(&p, 0, 9) == 15, "new period: %llu", (unsigned long long)pit_next_rise(&p, 0, 9));
}

static void test_mode3(void) {
    Pit p;
    pit_init(&p);
    program(&p, 0, 3, 3, 0, 0, 0);             /* 65536: the BIOS's 18.2 Hz */
    EXPECT(pit_next_rise(&p, 0, 0) == 1 + 65536, "first IRQ0 edge");
    EXPECT(pit_out(&p, 0, 1 + 32767) == 1 && pit_out(&p, 0, 1 + 32768) == 0, "half period high");
    program(&p, 2, 3, 3, 0, 10, 0);
    EXPECT(pit_counter(&p, 2, 1) == 10 && pit_counter(&p, 2, 2) == 8, "counts by two");
    EXPECT(pit_counter(&p, 2, 6) == 10 && pit_out(&p, 2, 6) == 0, "second half reloads, out low");
    program(&p, 2, 3, 3, 0, 5, 0);             /* odd: high 3, low 2 */
    EXPECT(pit_out(&p, 2, 3) == 1 && pit_out(&p, 2, 4) == 0 && pit_out(&p, 2, 6) == 1, "odd count duty");
}

static void test_mode4_bcd_latch(void) {
    Pit p;
    pit_init(&p);
    program(&p, 1, 4, 3, 0, 3, 0);             /* strobe at count 0 */
    EXPECT(pit_out(&p, 1, 3) == 1 && pit_out(&p, 1, 4) == 0 && pit_out(&p, 1, 5) == 1, "one low tick");
    program(&p, 2, 2, 3, 1, 0x1000, 0);        /* BCD 1000 */
    EXPECT(pit_counter(&p, 2, 1) == 0x1000, "got %04X", pit_counter(&p, 2, 1));
    EXPECT(pit_counter(&p, 2, 2) == 0x0999, "got %04X", pit_counter(&p, 2, 2));
    program(&p, 2, 2, 3, 1, 0, 0);             /* BCD 0 = 10000 */
    EXPECT(pit_counter(&p, 2, 2) == 0x9999, "got %04X", pit_counter(&p, 2, 2));
    program(&p, 0, 2, 3, 0, 1000, 0);
    EXPECT(latched(&p, 0, 11) == 990, "latched %u", latched(&p, 0, 11));
    /* reading without a latch: LSB then MSB of the value at each read's own time */
    uint8_t lo = pit_read(&p, 0, 21), hi = pit_read(&p, 0, 22);
    EXPECT(lo == (980 & 0xFF) && hi == (979 >> 8), "unlatched %02X %02X", lo, hi);
    program(&p, 0, 2, 1, 0, 200, 0);           /* LSB only */
    EXPECT(pit_read(&p, 0, 11) == 190 && pit_read(&p, 0, 11) == 190, "LSB-only reads");
    program(&p, 0, 2, 2, 0, 0x0300, 0);        /* MSB only */
    EXPECT(pit_read(&p, 0, 1) == 3, "MSB-only read");
}

static void test_gate(void) {
    Pit p;
    pit_init(&p);
    pit_set_gate(&p, 2, 0, 0);
    program(&p, 2, 0, 3, 0, 100, 0);
    pit_set_gate(&p, 2, 1, 0);
    pit_set_gate(&p, 2, 0, 11);                /* counted 10 */
    EXPECT(pit_counter(&p, 2, 50) == 90, "paused at %u", pit_counter(&p, 2, 50));
    pit_set_gate(&p, 2, 1, 50);
    EXPECT(pit_counter(&p, 2, 60) == 80, "resumed at %u", pit_counter(&p, 2, 60));
    program(&p, 2, 1, 3, 0, 5, 100);           /* mode 1 waits for a rising gate */
    EXPECT(pit_out(&p, 2, 110) == 1, "idle high");
    pit_set_gate(&p, 2, 0, 110);
    pit_set_gate(&p, 2, 1, 111);
    EXPECT(pit_out(&p, 2, 113) == 0 && pit_out(&p, 2, 117) == 1, "one-shot low for 5 ticks");
}

static void test_pic(void) {
    Pic p;
    pic_init(&p);
    pic_write(&p, 0x20, 0x13);
    pic_write(&p, 0x21, 0x08);
    pic_write(&p, 0x21, 0x09);
    pic_write(&p, 0x21, 0xFC);                 /* IRQ0 and IRQ1 enabled */
    EXPECT(!pic_intr(&p), "quiet");
    pic_pulse(&p, 3);
    EXPECT(!pic_intr(&p), "masked IRQ3");
    pic_pulse(&p, 1);
    pic_pulse(&p, 0);
    EXPECT(pic_intr(&p), "requests");
    EXPECT(pic_ack(&p) == 0x08, "IRQ0 first");
    EXPECT(!pic_intr(&p), "IRQ1 waits while IRQ0 is in service");
    pic_write(&p, 0x20, 0x0B);
    EXPECT(pic_read(&p, 0x20) == 0x01, "ISR %02X", pic_read(&p, 0x20));
    pic_write(&p, 0x20, 0x0A);
    EXPECT(pic_read(&p, 0x20) == 0x0A, "IRR %02X", pic_read(&p, 0x20));
    pic_write(&p, 0x20, 0x20);                 /* non-specific EOI */
    EXPECT(pic_intr(&p) && pic_ack(&p) == 0x09, "then IRQ1");
    pic_write(&p, 0x20, 0x61);                 /* specific EOI for IRQ1 */
    EXPECT(p.isr == 0, "ISR clear");
    EXPECT(pic_read(&p, 0x21) == 0xFC, "IMR readable");
    pic_write(&p, 0x21, 0xF4);                 /* unmask IRQ3 */
    EXPECT(pic_intr(&p) && pic_ack(&p) == 0x0B, "IRQ3 latched while masked");
    pic_write(&p, 0x20, 0xE3);                 /* rotate on specific EOI 3: IRQ4 now highest */
    pic_pulse(&p, 0);
    pic_pulse(&p, 3);
    pic_write(&p, 0x21, 0x00);
    EXPECT(pic_ack(&p) == 0x08, "IRQ0 above IRQ3 after rotation");
    EXPECT(!pic_intr(&p), "IRQ3 (lowest) waits");
    /* AEOI */
    pic_write(&p, 0x20, 0x13);
    pic_write(&p, 0x21, 0x08);
    pic_write(&p, 0x21, 0x0B);
    pic_write(&p, 0x21, 0x00);
    pic_pulse(&p, 2);
    EXPECT(pic_ack(&p) == 0x0A && p.isr == 0, "automatic EOI");
    EXPECT(pic_ack(&p) == 0x0F, "spurious gives IRQ7's vector");
}

int main(void) {
    test_mode0();
    test_mode2();
    test_mode3();
    test_mode4_bcd_latch();
    test_gate();
    test_pic();
    if (failures) {
        printf("%d failure(s)\n", failures);
        return 1;
    }
    printf("pit/pic: all checks passed\n");
    return 0;
}
