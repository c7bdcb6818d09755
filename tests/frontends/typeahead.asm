; Keys typed ahead: the program is busy for about a second (printing dots through DOS, whose
; output functions look at the keyboard for a Ctrl-C, as MS-DOS's do: only at the first key
; waiting), then reads keys through INT 16h until Esc and shows them all as scan:ASCII. Keys
; typed meanwhile, a Ctrl-C among them, must all arrive, in order: the Ctrl-C does not drop
; those typed before it (tty_tmux.sh).
        cpu     8086
        org     0x100
%include "dos.inc"

main:   mov     bx, 16
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
        mov     al, ':'
        call    putc
        pop     ax
        call    hex8
        call    space
        cmp     al, 0x1B
        jne     .next
        mov     ax, 0x4C00
        int     0x21
keys:
