; Every INT 21h function with junk registers and junk memory behind DS:DX, ES:BX, DS:SI, ES:DI
; (three AL values each): DOS answers each with a result or an error, and never breaks. Left
; out: the calls that end the program or that would replace its vectors, PSP or memory map by
; design (00h, 25h, 26h, 31h, 4Ch, 50h).
        cpu     8086
        org     0x100
%include "dos.inc"

main:
        mov     ah, 0x4A                ; keep 64 KiB; the junk lives above
        mov     bx, 0x1000
        int     0x21
        mov     ah, 0x45                ; standard output aside, NUL in its place (45h/46h)
        mov     bx, 1
        int     0x21
        mov     [saved], ax
        mov     ax, 0x3D01
        mov     dx, nul
        int     0x21
        mov     bx, ax
        mov     ah, 0x46
        mov     cx, 1
        int     0x21
        mov     ax, cs
        add     ax, 0x1000
        mov     [junkseg], ax
        mov     es, ax
        xor     di, di
        mov     cx, 0x8000
        mov     ax, 0x4141              ; 'AA'
        rep     stosw
        mov     word [fn], 1
.loop:  mov     al, [fn]
        mov     si, skip
.chk:   cmp     byte [si], 0xFF
        je      .call
        cmp     al, [si]
        je      .next
        inc     si
        jmp     .chk
.call:  mov     byte [alv], 0
        call    one
        mov     byte [alv], 1
        call    one
        mov     byte [alv], 0xFF
        call    one
.next:  inc     word [fn]
        cmp     word [fn], 0x100
        jb      .loop
        mov     ax, cs
        mov     ds, ax
        mov     ah, 0x46                ; standard output back
        mov     bx, [saved]
        mov     cx, 1
        int     0x21
        PRINT   "calls: "
        mov     ax, [count]
        call    dec16
        PRINT   13, 10, "survived", 13, 10
        EXIT    0

one:    mov     ah, [cs:fn]
        mov     al, [cs:alv]
        mov     bx, 0x0123
        mov     cx, 0x0040
        mov     dx, 0x0200
        mov     si, 0x0300
        mov     di, 0x0400
        mov     bp, 0x0500
        push    ds
        push    es
        mov     ds, [cs:junkseg]
        mov     es, [cs:junkseg]
        int     0x21
        pop     es
        pop     ds
        inc     word [cs:count]
        ret

fn:     dw      0
saved:  dw      0
nul:    db      "NUL", 0
alv:    db      0
count:  dw      0
junkseg: dw     0
skip:   db      0x00, 0x25, 0x26, 0x31, 0x4C, 0x50, 0xFF
