; EXEC of MZ files shorter than their headers say: by 2 bytes it loads and runs (MS-DOS 2.0's
; SORT.EXE is such a file, and its COMMAND.COM runs it); by 512 bytes or more EXEC fails with
; 0Bh (bad format), as MS-DOS 4.0's EXEC does.
        cpu     8086
        org     0x100
%include "dos.inc"

main:   mov     ah, 0x4A                ; give back memory for the child
        mov     bx, 0x1000
        int     0x21
        PRINT   "exec SHORTMZ.EXE", 13, 10
        mov     dx, shortname
        call    run
        SHOWCF
        mov     ah, 0x4D
        int     0x21
        PRINT   "4Dh "
        call    hex16
        call    crlf
        PRINT   "exec SHORT512.EXE"
        mov     dx, liarname
        call    run
        SHOWCF
        EXIT    0

run:    mov     [pb + 4], cs
        mov     [pb + 8], cs
        mov     [pb + 12], cs
        mov     ax, 0x4B00
        mov     bx, pb
        int     0x21
        ret

shortname: db   "SHORTMZ.EXE", 0
liarname: db    "SHORT512.EXE", 0
tail:   db      0, 13
fcb:    db      0, "           "
        times   5 db 0
pb:     dw      0, tail, 0, fcb, 0, fcb, 0
