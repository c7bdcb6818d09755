; Terminal frontend test guest: writes a coloured banner straight into video memory, then
; echoes keys through INT 16h (as hex scan:ASCII via DOS) until Esc, then exits with status 7.
        cpu     8086
        org     0x100
        mov     ax, 0xB800
        mov     es, ax
        mov     di, 160*2               ; row 2, column 0
        mov     si, banner
        mov     ah, 0x1E                ; yellow on blue
.b:     lodsb
        test    al, al
        jz      .keys
        stosw
        jmp     .b
.keys:  mov     ah, 2                   ; cursor to row 4
        xor     bh, bh
        mov     dx, 0x0400
        int     0x10
.next:  xor     ah, ah
        int     0x16
        push    ax
        mov     al, ah
        call    hex8
        mov     dl, ':'
        mov     ah, 2
        int     0x21
        pop     ax
        push    ax
        call    hex8
        mov     dl, ' '
        mov     ah, 2
        int     0x21
        pop     ax
        cmp     al, 27
        jne     .next
        mov     ax, 0x4C07
        int     0x21

hex8:   push    ax
        mov     cl, 4
        shr     al, cl
        call    .nib
        pop     ax
        and     al, 0x0F
.nib:   add     al, '0'
        cmp     al, '9'
        jbe     .o
        add     al, 7
.o:     mov     dl, al
        mov     ah, 2
        int     0x21
        ret
banner: db "emu86 terminal frontend", 0
