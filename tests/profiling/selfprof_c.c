/* The guest-callable profil service from C (profiler/guest/emu86prof.h), built with bcc -ansi
 * -Md into a .COM: three routines busy 4:2:1, profiled with the System V rule, pc = IP and a
 * scale of 1/16 (32 bytes of code per counter from the first routine); prints the counters
 * that are not zero ("OFFSET COUNT") and the total the service reports. */
#include <stdio.h>
#include "emu86prof.h"

static unsigned short hist[64];
static volatile unsigned sink;

static void busy_a(n) unsigned n; { while (n--) sink += n; }
static void busy_b(n) unsigned n; { while (n--) sink += n; }
static void busy_c(n) unsigned n; { while (n--) sink += n; }

int main()
{
    unsigned base = (unsigned)busy_a, i, k;
    if (!emu86prof_installed()) {
        printf("no emu86 profil service\n");
        return 1;
    }
    if (profil(hist, sizeof hist, base, 0x1000) != 0) {
        printf("profil failed: %d\n", emu86prof_errno);
        return 2;
    }
    for (k = 0; k < 40; k++) {
        busy_a(1000);
        busy_b(500);
        busy_c(250);
    }
    printf("ticks %lu\n", emu86prof_ticks());
    profil((unsigned short *)0, 0, 0, 0);
    printf("busy_a %04x busy_b %04x busy_c %04x\n", base, (unsigned)busy_b, (unsigned)busy_c);
    for (i = 0; i < 64; i++)
        if (hist[i]) printf("%04x %u\n", base + i * 32, hist[i]);
    return 0;
}
