; CALL 5, the CP/M-style entry of DOS 1 programs: function in CL, DS:DX as for INT 21h; it
; returns to the caller like a near call, with AL as the function left it.
        cpu     8086
        org     0x100
%include "dos.inc"

main:
        mov     cl, 0x09
        mov     dx, msg
        call    5
        mov     cl, 0x02
        mov     dl, '!'
        call    5
        mov     cl, 0x19                ; current drive
        call    5
        call    hex8
        call    crlf
        PRINT   "memory size word at PSP:6 "
        mov     ax, [6]
        call    hex16
        call    crlf
        mov     cl, 0x00                ; terminate
        call    5
        PRINT   "not reached", 13, 10
        EXIT    1
msg:    db      "hello through CALL 5$"
