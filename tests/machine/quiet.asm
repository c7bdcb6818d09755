; The block cache's deferred profiling ticks where nothing else is ever due (cpu_fast.c:
; fast_defer_flush), for tests/machine/block_cache.sh --phases. The guest puts the PIT's channel
; 0 in mode 0 (one interrupt at the end of its count, then none) and masks IRQ0 at the PIC, so
; that once the count is out nothing is ever due after a tick; its loop alternates a block of decoded instructions (where the replay logs its
; passes and takes the ticks afterwards) with one that reads a port (a node the replay cannot
; take a tick after: the ticks due by then are taken, and the one in it is met where it falls).
; (Where nothing at all is due after a tick, the replay still bounds the log: FAST_FAR, FAST_UNFIT.)
; It prints a checksum; the runs with and without the cache must agree on it and on the samples.
        cpu     8086
        org     0x100

start:  in      al, 0x21
        mov     [mask], al
        or      al, 1                   ; IRQ0 masked
        out     0x21, al
        mov     al, 0x30                ; channel 0, low then high byte, mode 0
        out     0x43, al
        mov     al, 0x10
        out     0x40, al
        mov     al, 0
        out     0x40, al                ; 16 PIT clocks, then its output stays high
        mov     cx, 30000
        xor     dx, dx
        mov     bx, 0x4321
top:    mov     ax, cx
        add     dx, ax
        xor     dx, 0x1357
        rol     dx, 1
        add     bx, dx
        mov     si, cx
        and     si, 7
        jnz     .skip
        in      al, 0x61                ; a port read: a generic node, in one pass in eight
        add     bl, al
.skip:  sub     bx, cx
        loop    top
        mov     al, 0x36                ; channel 0 as the BIOS left it: mode 3, count 65536
        out     0x43, al
        mov     al, 0
        out     0x40, al
        out     0x40, al
        mov     al, [mask]
        out     0x21, al                ; IRQ0 as it was
        mov     ax, bx
        call    hex4
        mov     ax, dx
        call    hex4
        mov     ah, 2
        mov     dl, 13
        int     0x21
        mov     dl, 10
        int     0x21
        mov     ax, 0x4C00
        int     0x21

%include "hex4.inc"

mask:   db      0
