; Where a program's time goes under DOS: it prints lines on the console (DOS layer, the CON
; device in the I/O layer, the ROM's INT 10h), writes and reads a file (DOS, disk device, ROM
; INT 13h), and computes. dosrun --layers samples CS:IP with PROFIL's rule.
        cpu     8086
        org     0x100
%include "dos.inc"

main:
        mov     cx, 20
.lines: PRINT   "a line of console output", 13, 10
        loop    .lines
        mov     ah, 0x3C
        xor     cx, cx
        mov     dx, name
        int     0x21
        mov     bx, ax
        mov     cx, 8
.w:     push    cx
        mov     ah, 0x40
        mov     cx, 4096
        mov     dx, 0x100
        int     0x21
        pop     cx
        loop    .w
        mov     ah, 0x3E
        int     0x21
        mov     cx, 20000
.spin:  loop    .spin
        EXIT    0
name:   db      "DATA.BIN", 0
