/* The cost model: the virtual clocks a DOS service takes, in three layers. The DOS layer's
 * clocks are spent at the INT 21h stub (segment 0100h), the device layer's at the I/O stub
 * (0070h), and the ROM BIOS's by the ROM itself when the device layer calls it. */
#ifndef EMU86_DOS_COST_H
#define EMU86_DOS_COST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct DosCosts {
    bool off;              /* no costs at all: services take no time, console I/O done in C */
    uint32_t call;         /* every INT 21h: entry, stack switch, dispatch, exit */
    uint32_t fn[256];      /* more for function AH */
    uint32_t per_byte;     /* per byte moved between the caller's buffer and DOS's */
    uint32_t int20;        /* INT 20h / termination */
    uint32_t int2f;        /* INT 2Fh with no handler */
    uint32_t io_char;      /* device layer: one character to or from CON/AUX/PRN/NUL */
    uint32_t io_request;   /* device layer: one disk request (read, write, directory) */
    uint32_t io_sector;    /* device layer: per 512 bytes of file data */
    uint32_t io_clock;     /* device layer: one CLOCK$ request */
    uint32_t bios_disk;    /* ROM calls (INT 13h) per 512 bytes of file data: 0 or 1 */
    uint32_t bios_clock;   /* ROM calls (INT 1Ah) per CLOCK$ request: 0 or 1 */
} DosCosts;

void dos_costs_default(DosCosts *c);
/* Read "key value" lines ('#' comments): call, per_byte, int20, int2f, fn.XX (XX hex AH),
 * io.char, io.request, io.sector, io.clock, bios.disk, bios.clock. Returns false with a
 * one-line message (file and line) in err. */
bool dos_costs_load(DosCosts *c, const char *path, char *err, size_t errlen);

#endif
