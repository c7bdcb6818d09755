; More than 20 handles with 67h (DOS 3.3): the table moves to a block of its own; opening past
; its end fails with 4; it cannot shrink below an open handle; handles are reused lowest first.
        cpu     8086
        org     0x100
%include "dos.inc"

main:
        mov     ah, 0x4A
        mov     bx, 0x1000
        int     0x21
        PRINT   "open until full:"
        call    openall
        PRINT   "67h 30"
        mov     ah, 0x67
        mov     bx, 30
        int     0x21
        SHOWCF
        PRINT   "JFT at PSP? "
        mov     ax, [0x36]
        mov     bx, cs
        cmp     ax, bx
        mov     al, 'y'
        je      .y
        mov     al, 'n'
.y:     call    putc
        PRINT   " count "
        mov     ax, [0x32]
        call    dec16
        call    crlf
        PRINT   "open until full:"
        call    openall
        PRINT   "67h 20 with 30 open"
        mov     ah, 0x67
        mov     bx, 20
        int     0x21
        SHOWCF
        PRINT   "close 7, 12; open twice:"
        mov     ah, 0x3E
        mov     bx, 7
        int     0x21
        mov     ah, 0x3E
        mov     bx, 12
        int     0x21
        mov     cx, 2
.two:   mov     ax, 0x3D00
        mov     dx, nul
        int     0x21
        call    space
        call    dec16
        loop    .two
        call    crlf
        EXIT    0

; openall: open NUL until it fails; print the last handle and the error
openall:
        mov     ax, 0x3D00
        mov     dx, nul
        int     0x21
        jc      .full
        mov     [last], ax
        jmp     openall
.full:  push    ax
        PRINT   " last "
        mov     ax, [last]
        call    dec16
        PRINT   " error "
        pop     ax
        call    dec16
        call    crlf
        ret

last:   dw      0
nul:    db      "NUL", 0
