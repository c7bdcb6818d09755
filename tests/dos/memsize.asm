; What --memory and --psp change, as a program sees it: INT 12h, the BIOS data area's memory
; size (0040:0013), its own PSP segment, the memory top in its PSP (word 2), and the largest
; block 48h can give (a .COM owns all memory: first 4Ah shrinks it to 64 KiB).
        cpu     8086
        org     0x100
%include "dos.inc"

main:
        PRINT   "INT 12h "
        int     0x12
        call    dec16
        PRINT   " KiB, BDA "
        push    ds
        mov     ax, 0x40
        mov     ds, ax
        mov     ax, [0x13]
        pop     ds
        call    dec16
        PRINT   " KiB", 13, 10, "PSP "
        mov     ax, cs
        call    hex16
        PRINT   " top "
        mov     ax, [2]
        call    hex16
        call    crlf
        mov     ah, 0x4A
        mov     bx, 0x1000
        int     0x21
        mov     ah, 0x48
        mov     bx, 0xFFFF
        int     0x21
        PRINT   "largest free "
        mov     ax, bx
        call    hex16
        call    crlf
        EXIT    0
