; INT 1Ch user hook: count its calls while waiting for 10 BIOS ticks; they must match.
        cpu     8086
        org     0x100
%include "lib.inc"
main:   cli
        xor     ax, ax
        mov     es, ax
        mov     word [es:0x1C*4], hook
        mov     [es:0x1C*4+2], cs
        push    ds
        mov     ax, 0x40
        mov     ds, ax
        mov     bx, [0x6C]
        pop     ds
        add     bx, 10
        sti
.wait:  push    ds
        mov     ax, 0x40
        mov     ds, ax
        mov     ax, [0x6C]
        pop     ds
        cmp     ax, bx
        jne     .wait
        cli
        PRINT   "hook calls "
        mov     ax, [cs:count]
        call    dec16
        call    crlf
        EXIT    0
hook:   inc     word [cs:count]
        iret
count:  dw      0
