; The block cache's deferred profiling ticks where nothing else is ever due (cache/cache.c:
; fast_defer_flush), for tests/machine/block_cache.sh (and its --phases). The guest puts the
; PIT's channel 0 in mode 0 (one interrupt at the end of its count, then none) and masks IRQ0
; at the PIC, so that once the count is out nothing is ever due after a tick (the machine's
; rest is "never": the replay still bounds the log, FAST_FAR and FAST_UNFIT). Its loop runs a
; block of decoded instructions (where the replay logs its passes and takes the ticks
; afterwards), and one pass in eight blocks the log cannot take: a REP MOVSB too long for the
; states between its iterations to be kept, a port read, and a stretch with IF cleared (the
; ticks due by then are taken from the log, those in them met where they fall, or by the IRQ
; rule after the STI and the instruction after it). It prints a checksum; the runs with and
; without the cache must agree on it and on the samples.
        cpu     8086
        org     0x100

start:  cld
        in      al, 0x21
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
        push    cx                      ; in one pass in eight: a block move too long for the
        mov     si, src                 ; states between its iterations to be kept (a tick
        mov     di, dst                 ; between two of them is the interpreter's),
        mov     cx, 40
        rep     movsb
        pop     cx
        in      al, 0x61                ; a port read (a generic node),
        add     bl, al
        cli                             ; and IF cleared for a while (a tick by the IRQ rule
        add     bx, 0x0F0F              ; waits for the STI and the instruction after it)
        ror     bx, 1
        xor     bl, dh
        sti
        inc     bx
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
src:    times 40 db 0x5A
dst:    times 40 db 0
