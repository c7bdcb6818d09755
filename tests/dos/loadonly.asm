; EXEC 01h (load, do not run), as debuggers use it: DOS fills SS:SP (with the child's AX on
; its stack) and CS:IP in the parameter block and makes the child the current process; the
; parent points the child's INT 22h at itself and jumps in; the child's 4Ch comes back there.
        cpu     8086
        org     0x100
%include "dos.inc"

main:
        mov     ah, 0x4A
        mov     bx, 0x1000
        int     0x21
        mov     [pb + 4], cs
        mov     [pb + 8], cs
        mov     [pb + 12], cs
        mov     ax, 0x4B01
        mov     dx, childname
        mov     bx, pb
        int     0x21
        SHOWCF
        PRINT   "child PSP - me "
        mov     ah, 0x62
        int     0x21
        mov     [kid], bx
        mov     ax, bx
        mov     bx, cs
        sub     ax, bx
        call    hex16
        PRINT   " CS=PSP "
        mov     ax, [pb + 0x14]
        cmp     ax, [kid]
        mov     al, 'n'
        jne     .c
        mov     al, 'y'
.c:     call    putc
        PRINT   " IP "
        mov     ax, [pb + 0x12]
        call    hex16
        PRINT   " SP "
        mov     ax, [pb + 0x0E]
        call    hex16
        call    crlf
        mov     es, [kid]               ; the child ends here
        mov     word [es:0x0A], back
        mov     [es:0x0C], cs
        mov     [mysp], sp
        cli
        mov     ss, [pb + 0x10]
        mov     sp, [pb + 0x0E]
        sti
        pop     ax                      ; the child's AX, as DOS would start it
        mov     ds, [cs:kid]
        mov     es, [cs:kid]
        jmp     far [cs:pb + 0x12]
back:   mov     ax, cs
        mov     ds, ax
        mov     es, ax
        cli
        mov     ss, ax
        mov     sp, [mysp]
        sti
        PRINT   "back; 4Dh "
        mov     ah, 0x4D
        int     0x21
        call    hex16
        PRINT   " current PSP is me: "
        mov     ah, 0x62
        int     0x21
        mov     ax, cs
        cmp     ax, bx
        mov     al, 'n'
        jne     .m
        mov     al, 'y'
.m:     call    putc
        call    crlf
        EXIT    0

childname: db   "CHILD.COM", 0
kid:    dw      0
mysp:   dw      0
tail:   db      3, " go", 13
pb:     dw      0, tail, 0, 0x5C, 0, 0x6C, 0
        dw      0, 0, 0, 0
