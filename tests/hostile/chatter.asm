; Writes 1 MiB to standard output, more than a pipe holds: with the reader gone (a closed
; pipe), emu86 must report the write error (123) instead of dying of SIGPIPE or going on.
        cpu     8086
        org     0x100
        mov     cx, 1024
.l:     push    cx
        mov     ah, 0x40
        mov     bx, 1
        mov     cx, 1024
        mov     dx, 0
        int     0x21
        pop     cx
        loop    .l
        mov     ax, 0x4C00
        int     0x21
