; EXEC of the program EXEC loaded last, at the same place, keeps the block cache's blocks;
; EXEC of another program drops them (dos_exec.c, code_replaced). Runs CHILD.COM twice, then
; EXE.EXE, then CHILD.COM again: three drops (code_replaced.sh counts them).
        cpu     8086
        org     0x100
%include "dos.inc"

%macro RUN 1                            ; RUN program-name-label
        mov     word [pb + 2], tail
        mov     [pb + 4], cs
        mov     [pb + 8], cs
        mov     [pb + 12], cs
        mov     ax, 0x4B00
        mov     dx, %1
        mov     bx, pb
        int     0x21
        SHOWCF
%endmacro

main:
        mov     ah, 0x4A                ; leave memory for the children
        mov     bx, 0x1000
        int     0x21
        RUN     childname
        RUN     childname
        RUN     exename
        RUN     childname
        EXIT    0

childname: db   "CHILD.COM", 0
exename: db     "EXE.EXE", 0
tail:   db      6, " again", 13
fcb1:   db      0, "FIRST   TXT"
        times   5 db 0
pb:     dw      0, 0, 0, fcb1, 0, fcb1, 0
