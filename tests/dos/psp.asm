; The program's start as DOS leaves it: AX (drive validity of the two FCBs parsed from the
; command tail), the PSP's fields, the environment with the program's path after it; then the
; small services: 30h, 33h, 34h, 35h/25h, 2Fh (not installed), 50h/51h/62h, 54h, 59h and a
; function DOS does not have.
        cpu     8086
        org     0x100
%include "dos.inc"

main:
        mov     [ax0], ax
        mov     [sp0], sp
        mov     [csv], cs
        PRINT   "AX "
        mov     ax, [ax0]
        call    hex16
        PRINT   " SP "
        mov     ax, [sp0]
        call    hex16
        PRINT   " top word "
        mov     bx, [sp0]
        mov     ax, [bx]
        call    hex16
        PRINT   " DS-CS "
        mov     ax, ds
        mov     bx, cs
        sub     ax, bx
        call    hex16
        call    crlf
        PRINT   "PSP: "
        mov     ax, [0]
        call    hex16
        call    space
        mov     ax, [2]
        call    hex16
        call    space
        mov     al, [5]
        call    hex8
        call    space
        mov     ax, [0x16]
        call    hex16
        PRINT   " JFT"
        mov     si, 0x18
        mov     cx, 6
.jft:   lodsb
        call    space
        call    hex8
        loop    .jft
        call    crlf
        PRINT   "INT 22h in PSP is the INT 22h vector: "
        mov     ax, 0x3522
        int     0x21
        mov     al, 'n'
        cmp     bx, [0x0A]
        jne     .v22
        mov     bx, es
        cmp     bx, [0x0C]
        jne     .v22
        mov     al, 'y'
.v22:   call    putc
        PRINT   " INT 20h vector segment "
        mov     ax, 0x3520
        int     0x21
        mov     ax, es
        call    hex16
        call    crlf
        PRINT   "tail ["
        mov     cl, [0x80]
        xor     ch, ch
        mov     si, 0x81
.t:     lodsb
        call    putc
        loop    .t
        PRINT   "] "
        mov     al, [si]
        call    hex8
        call    crlf
        PRINT   "FCB1 "
        mov     si, 0x5C
        call    fcb
        PRINT   "FCB2 "
        mov     si, 0x6C
        call    fcb
        PRINT   "environment:", 13, 10
        push    ds
        mov     ds, [0x2C]
        xor     si, si
.env:   cmp     byte [si], 0
        je      .envend
        call    puts
        call    crlf
.skip:  lodsb
        test    al, al
        jnz     .skip
        jmp     .env
.envend:
        inc     si
        lodsw
        call    hex16
        call    space
        call    puts
        pop     ds
        call    crlf

        PRINT   "version "
        mov     ah, 0x30
        int     0x21
        call    hex16
        call    space
        mov     ax, bx
        call    hex16
        call    crlf
        PRINT   "break "
        mov     ax, 0x3300
        int     0x21
        mov     al, dl
        call    hex8
        mov     ax, 0x3301
        mov     dl, 1
        int     0x21
        mov     ax, 0x3300
        int     0x21
        mov     al, dl
        call    space
        call    hex8
        call    crlf
        PRINT   "InDOS at "
        mov     ah, 0x34
        int     0x21
        mov     ax, es
        call    hex16
        PRINT   ":"
        mov     ax, bx
        call    hex16
        PRINT   " = "
        mov     al, [es:bx]
        call    hex8
        call    crlf
        PRINT   "vector 60h "
        mov     ax, 0x2560
        mov     dx, 0x1234
        int     0x21
        mov     ax, 0x3560
        int     0x21
        mov     ax, es
        sub     ax, [cs:csv]
        call    hex16
        call    space
        mov     ax, bx
        call    hex16
        call    crlf
        PRINT   "multiplex "
        mov     ax, 0x1200
        int     0x2F
        call    hex16
        call    crlf
        PRINT   "PSP 62h 51h "
        mov     ah, 0x62
        int     0x21
        mov     ax, bx
        call    hex16
        mov     ah, 0x51
        int     0x21
        mov     ax, bx
        call    space
        call    hex16
        call    crlf
        PRINT   "verify "
        mov     ax, 0x2E01
        int     0x21
        mov     ah, 0x54
        int     0x21
        call    hex8
        call    crlf
        PRINT   "error then 59h "
        mov     ax, 0x3D00
        mov     dx, nofile
        int     0x21
        mov     ah, 0x59
        xor     bx, bx
        int     0x21
        call    hex16
        call    space
        mov     ax, bx
        call    hex16
        call    space
        mov     ax, cx
        call    hex16
        call    crlf
        PRINT   "function 7Fh"
        mov     ax, 0x7F55
        clc
        int     0x21
        SHOWCF
        EXIT    0

; fcb: drive and name of the FCB at SI
fcb:    lodsb
        call    hex8
        call    space
        mov     cx, 11
.n:     lodsb
        call    putc
        loop    .n
        call    crlf
        ret

ax0:    dw      0
sp0:    dw      0
csv:    dw      0
nofile: db      "NOFILE.XYZ", 0
