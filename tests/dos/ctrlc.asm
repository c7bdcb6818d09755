; The interactive console (--tty-in --tty-out: keys from the machine's input, output through
; the ROM's INT 10h): 0Ah line editing with backspace, extended keys ignored; Ctrl-C prints
; "^C" and a new line and calls INT 23h: our handler returns with IRET, so DOS restarts the
; read; then, with DOS's own INT 23h back, the next Ctrl-C aborts the program (return code 0,
; termination type 1).
        cpu     8086
        org     0x100
%include "dos.inc"

main:
        mov     ax, 0x3523
        int     0x21
        mov     [old23], bx
        mov     [old23 + 2], es
        mov     ax, 0x2523
        mov     dx, handler
        int     0x21
        PRINT   "line: "
        mov     ah, 0x0A
        mov     dx, line
        int     0x21
        mov     ah, 0x01                ; the Ctrl-C here goes to our handler, then the read again
        int     0x21
        mov     [keyv], al
        PRINT   13, 10, "got "
        mov     al, [line + 1]
        call    hex8
        call    space
        xor     bx, bx
        mov     bl, [line + 1]
        mov     byte [line + 2 + bx], '$'
        mov     ah, 0x09
        mov     dx, line + 2
        int     0x21
        call    crlf
        PRINT   "key: "
        mov     al, [keyv]
        call    hex8
        call    crlf
        PRINT   "count "
        mov     al, [count]
        call    hex8
        call    crlf
        push    ds
        lds     dx, [cs:old23]
        mov     ax, 0x2523
        int     0x21
        pop     ds
        PRINT   "again: "
        mov     ah, 0x08
        int     0x21
        PRINT   "not reached", 13, 10
        EXIT    1

handler:
        inc     byte [cs:count]
        iret

count:  db      0
keyv:   db      0
old23:  dw      0, 0
line:   db      10, 0
        times   12 db 0
