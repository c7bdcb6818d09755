; EXEC (4Bh) of a child with its return code (4Dh, given once), inherited handles, error
; codes; a resident child (31h); and a process made with 26h that ends with INT 20h: DOS 2.0
; restores INT 22h/23h/24h from its PSP and goes to its INT 22h address, parent files open.
        cpu     8086
        org     0x100
%include "dos.inc"

%macro RUN 1                            ; RUN tail-label
        mov     word [pb + 2], %1
        mov     [pb + 4], cs
        mov     [pb + 8], cs
        mov     [pb + 12], cs
        mov     ax, 0x4B00
        mov     dx, childname
        mov     bx, pb
        int     0x21
%endmacro

main:
        PRINT   "exec with no free memory"
        RUN     tail1
        SHOWCF                          ; 8: a .COM owns all memory
        mov     ah, 0x4A
        mov     bx, 0x1000
        int     0x21
        mov     ah, 0x3C
        xor     cx, cx
        mov     dx, shared
        int     0x21
        mov     [fh], ax
        PRINT   "exec", 13, 10
        mov     [savesp], sp
        RUN     tail1
        SHOWCF
        PRINT   "SP kept "
        mov     ax, sp
        sub     ax, [savesp]
        call    hex16
        PRINT   " DS "
        mov     ax, ds
        mov     bx, cs
        sub     ax, bx
        call    hex16
        call    crlf
        PRINT   "4Dh "
        mov     ah, 0x4D
        int     0x21
        call    hex16
        mov     ah, 0x4D
        int     0x21
        call    space
        call    hex16
        call    crlf
        PRINT   "exec INT 20h child", 13, 10
        RUN     tail2
        mov     ah, 0x4D
        int     0x21
        PRINT   "4Dh "
        call    hex16
        call    crlf
        PRINT   "exec missing"
        mov     ax, 0x4B00
        mov     dx, missing
        mov     bx, pb
        int     0x21
        SHOWCF
        PRINT   "exec bad MZ"
        mov     ah, 0x3C
        xor     cx, cx
        mov     dx, badexe
        int     0x21
        mov     bx, ax
        mov     ah, 0x40
        mov     cx, 4
        mov     dx, badbytes
        int     0x21
        mov     ah, 0x3E
        int     0x21
        mov     ax, 0x4B00
        mov     dx, badexe
        mov     bx, pb
        int     0x21
        SHOWCF                          ; 0Bh: invalid format
        PRINT   "exec resident child", 13, 10
        RUN     tail3
        mov     ah, 0x4D
        int     0x21
        PRINT   "4Dh "
        call    hex16
        call    crlf
        PRINT   "its block stays: alloc FFFF says "
        mov     ah, 0x48
        mov     bx, 0xFFFF
        int     0x21
        mov     ax, bx
        call    hex16
        call    crlf

        PRINT   "exec an .EXE", 13, 10
        mov     word [pb + 2], tail1
        mov     [pb + 4], cs
        mov     [pb + 8], cs
        mov     [pb + 12], cs
        mov     ax, 0x4B00
        mov     dx, exename
        mov     bx, pb
        int     0x21
        SHOWCF
        mov     ah, 0x4D
        int     0x21
        PRINT   "4Dh "
        call    hex16
        call    crlf

        PRINT   "26h child", 13, 10
        mov     ah, 0x48
        mov     bx, 0x20
        int     0x21
        mov     [kid], ax
        mov     ax, 0x2522
        mov     dx, back
        int     0x21
        mov     ah, 0x26
        mov     dx, [kid]
        int     0x21
        mov     es, [kid]
        mov     word [es:0x100], 0x20CD ; the child: INT 20h (run as DEBUG runs a program:
        push    es                      ; the current process stays the maker; see psp26.asm)
        mov     ax, 0x100
        push    ax
        retf
back:   mov     ax, cs
        mov     ds, ax
        mov     ss, ax
        mov     sp, 0xFFF0
        PRINT   "back at INT 22h; current PSP - me "
        mov     ah, 0x62
        int     0x21
        mov     ax, bx
        mov     bx, cs
        sub     ax, bx
        call    hex16
        PRINT   13, 10, "parent's file still open"
        mov     ah, 0x40
        mov     bx, [fh]
        mov     cx, 7
        mov     dx, note
        int     0x21
        SHOWCF
        EXIT    0

childname: db   "CHILD.COM", 0
exename: db     "EXE.EXE", 0
missing: db     "NOPE.COM", 0
badexe: db      "BAD.EXE", 0
badbytes: db    "MZ", 1, 0
shared: db      "SHARED.TXT", 0
note:   db      "parent", 10
fh:     dw      0
kid:    dw      0
savesp: dw      0
tail1:  db      12, " hello world", 13
tail2:  db      6, " int20", 13
tail3:  db      4, " tsr", 13
fcb1:   db      0, "FIRST   TXT"
        times   5 db 0
pb:     dw      0, 0, 0, fcb1, 0, fcb1, 0
