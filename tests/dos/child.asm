; Child of exec.asm. Prints its command tail, its path (after the environment) and its parent;
; writes to the inherited handle 5; then ends as the tail says: "tsr" (31h, code 3), "int20",
; or 4Ch with code 42.
        cpu     8086
        org     0x100
%include "dos.inc"

main:
        PRINT   "  child tail ["
        mov     cl, [0x80]
        xor     ch, ch
        mov     si, 0x81
        jcxz    .nt
.t:     lodsb
        call    putc
        loop    .t
.nt:    PRINT   "] path "
        push    ds
        mov     ds, [0x2C]
        xor     si, si
.e:     lodsb
        test    al, al
        jnz     .e
        cmp     byte [si], 0
        jne     .e
        add     si, 3
        call    puts
        pop     ds
        PRINT   " FCB1 "
        mov     al, [0x5C]
        call    hex8
        mov     al, [0x5D]
        call    putc
        PRINT   " parent-me "
        mov     ax, [0x16]
        mov     bx, cs
        sub     ax, bx
        call    hex16
        call    crlf
        mov     ah, 0x40
        mov     bx, 5
        mov     cx, 6
        mov     dx, note
        int     0x21
        cmp     word [0x82], 'ts'
        je      tsr
        cmp     word [0x82], 'in'
        je      i20
        EXIT    42
tsr:    mov     ax, 0x3103
        mov     dx, 0x20
        int     0x21
i20:    int     0x20

note:   db      "child", 10
