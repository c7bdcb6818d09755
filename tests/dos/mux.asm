; INT 2Fh: a handler registered with dos_add_multiplex answers its own number (C0h, dosrun
; --mux); other numbers get "not installed" (AL stays 00h).
        cpu     8086
        org     0x100
%include "dos.inc"

main:
        PRINT   "C000h: "
        mov     ax, 0xC000
        xor     bx, bx
        int     0x2F
        call    hex16
        call    space
        mov     ax, bx
        call    hex16
        call    crlf
        PRINT   "C100h: "
        mov     ax, 0xC100
        xor     bx, bx
        int     0x2F
        call    hex16
        call    space
        mov     ax, bx
        call    hex16
        call    crlf
        EXIT    0
