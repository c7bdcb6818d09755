; A program that waits for a key by polling (INT 16h AH=01h; with D in its command tail DOS's
; 0Bh, which polls standard input or the console): with the keyboard empty and nothing left
; to come (no --keys left, no terminal) it would spin forever; the run stops as input
; exhausted, with a message. With W it polls 20,000 times while working between the polls
; (hundreds of instructions): that is not waiting, and it ends by itself (exit 3).
        cpu     8086
        org     0x100
        mov     si, 0x81
.tail:  lodsb
        cmp     al, 13
        je      .bios
        cmp     al, 'D'
        je      .dos
        cmp     al, 'W'
        je      .work
        jmp     .tail
.bios:  mov     ah, 0x01
        int     0x16
        jz      .bios
        jmp     .got
.dos:   mov     ah, 0x0B
        int     0x21
        test    al, al
        jz      .dos
.got:   mov     ax, 0x4C01
        int     0x21
.work:  mov     bx, 20000
.w:     mov     cx, 100
.busy:  add     dx, cx
        loop    .busy
        mov     ah, 0x01
        int     0x16
        jnz     .got
        dec     bx
        jnz     .w
        mov     ax, 0x4C03
        int     0x21
