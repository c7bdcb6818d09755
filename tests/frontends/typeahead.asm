; Keys typed ahead: the program is busy for about a second (printing dots through DOS, whose
; output functions look at the keyboard for a Ctrl-C, as MS-DOS's do: only at the first key
; waiting), then reads keys through INT 16h until Esc and shows them all as scan:ASCII. Keys
; typed meanwhile, a Ctrl-C among them, must all arrive, in order: the Ctrl-C does not drop
; those typed before it (tty_tmux.sh).
        cpu     8086
        org     0x100
        mov     bx, 16
.dot:   mov     cx, 0
.spin:  loop    .spin
        mov     dl, '.'
        mov     ah, 0x02
        int     0x21
        dec     bx
        jnz     .dot
        mov     ah, 0x02
        mov     dl, 13
        int     0x21
        mov     dl, 10
        int     0x21
        mov     di, keys
.read:  xor     ah, ah
        int     0x16
        stosw
        cmp     al, 0x1B
        jne     .read
        mov     si, keys
.next:  lodsw
        push    ax
        mov     al, ah
        call    hex8
        mov     dl, ':'
        mov     ah, 0x02
        int     0x21
        pop     ax
        push    ax
        call    hex8
        mov     dl, ' '
        mov     ah, 0x02
        int     0x21
        pop     ax
        cmp     al, 0x1B
        jne     .next
        mov     ax, 0x4C00
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
        mov     ah, 0x02
        int     0x21
        ret
keys:
