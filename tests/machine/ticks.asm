; BIOS tick count after a busy loop: prints the ticks counted at 0040:006C and the CPU clocks.
; The checker verifies ticks == clocks / 262144 (one IRQ0 per 65536 PIT clocks of 4 CPU clocks).
        cpu     8086
        org     0x100
%include "lib.inc"
main:   sti
        mov     dx, 40
.outer: mov     cx, 0
.inner: loop    .inner
        dec     dx
        jnz     .outer
        cli
        push    ds
        mov     ax, 0x40
        mov     ds, ax
        mov     ax, [0x6C]
        pop     ds
        PRINT   "ticks "
        call    dec16
        call    crlf
        CYCLES
        EXIT    0
