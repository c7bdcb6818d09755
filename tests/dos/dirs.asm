; Folders and searches: 39h-3Bh, 47h, 4Eh/4Fh (DTA layout: attribute 15h, time 16h, date 18h,
; size 1Ah, name 1Eh; "." and ".." first in a subfolder; listings sorted by name), 0Eh/19h,
; 1Ch, 36h. The files are made here, so their times come from the virtual clock.
        cpu     8086
        org     0x100
%include "dos.inc"

%macro MAKE 2                           ; MAKE name, size
        mov     ah, 0x3C
        xor     cx, cx
        mov     dx, %1
        int     0x21
        mov     bx, ax
        mov     ah, 0x40
        mov     cx, %2
        mov     dx, 0x100
        int     0x21
        mov     ah, 0x3E
        int     0x21
%endmacro

main:
        mov     ah, 0x19
        int     0x21
        PRINT   "drive "
        call    hex8
        mov     ah, 0x0E
        mov     dl, 2
        int     0x21
        PRINT   " drives "
        call    hex8
        call    crlf
        PRINT   "mkdir"
        mov     ah, 0x39
        mov     dx, dsub
        int     0x21
        SHOWCF
        PRINT   "mkdir again"
        mov     ah, 0x39
        mov     dx, dsub
        int     0x21
        SHOWCF                          ; 5: access denied
        MAKE    fzeta, 300
        MAKE    falpha, 5
        MAKE    fin, 1000
        PRINT   "chdir"
        mov     ah, 0x3B
        mov     dx, dsub2
        int     0x21
        SHOWCF
        PRINT   "getcwd "
        mov     ah, 0x47
        xor     dl, dl
        mov     si, buf
        int     0x21
        call    puts
        SHOWCF
        PRINT   "getcwd bad drive"
        mov     ah, 0x47
        mov     dl, 9
        mov     si, buf
        int     0x21
        SHOWCF                          ; 0Fh
        MAKE    fdeep, 7
        PRINT   "find in SUB (all attributes):", 13, 10
        mov     ah, 0x4E
        mov     cx, 0x16
        mov     dx, star
        int     0x21
        call    listing
        PRINT   "rmdir current"
        mov     ah, 0x3A
        mov     dx, dsub2abs
        int     0x21
        SHOWCF                          ; 10h
        mov     ah, 0x3B
        mov     dx, root
        int     0x21
        PRINT   "find in root, files only:", 13, 10
        mov     ah, 0x4E
        xor     cx, cx
        mov     dx, notcom
        int     0x21
        call    listing
        PRINT   "find *.TXT with folders:", 13, 10
        mov     ah, 0x4E
        mov     cx, 0x10
        mov     dx, startxt
        int     0x21
        call    listing
        PRINT   "find * (no extension) with folders:", 13, 10
        mov     ah, 0x4E
        mov     cx, 0x10
        mov     dx, starnoext
        int     0x21
        call    listing
        PRINT   "find none"
        mov     ah, 0x4E
        xor     cx, cx
        mov     dx, nomatch
        int     0x21
        SHOWCF                          ; 12h: no more files
        PRINT   "find bad path"
        mov     ah, 0x4E
        xor     cx, cx
        mov     dx, badpath
        int     0x21
        SHOWCF                          ; 3
        PRINT   "find next after the end"
        mov     ah, 0x4F
        int     0x21
        SHOWCF
        PRINT   "rmdir not empty"
        mov     ah, 0x3A
        mov     dx, dsub
        int     0x21
        SHOWCF                          ; 5
        PRINT   "DTA moved"
        mov     ah, 0x1A
        mov     dx, dta2
        int     0x21
        mov     ah, 0x2F
        int     0x21
        mov     ax, bx
        call    space
        call    hex16
        mov     ah, 0x4E
        xor     cx, cx
        mov     dx, startxt
        int     0x21
        call    space
        mov     si, dta2 + 0x1E
        call    puts
        call    crlf
        PRINT   "disk"
        mov     ah, 0x36
        xor     dl, dl
        int     0x21
        call    space
        call    hex16
        mov     ax, bx
        call    space
        call    hex16
        mov     ax, cx
        call    space
        call    hex16
        mov     ax, dx
        call    space
        call    hex16
        call    crlf
        PRINT   "disk bad"
        mov     ah, 0x36
        mov     dl, 1
        int     0x21
        call    space
        call    hex16
        call    crlf
        PRINT   "1Ch"
        push    ds
        mov     ah, 0x1C
        mov     dl, 3
        int     0x21
        mov     ah, [bx]
        pop     ds
        call    space
        call    hex16
        mov     ax, cx
        call    space
        call    hex16
        mov     ax, dx
        call    space
        call    hex16
        call    crlf
        EXIT    0

; listing: print the search results: name, attribute, size, time, date
listing:
        jc      .end
        mov     si, [dta]
        mov     al, [si + 0x15]
        call    hex8
        call    space
        mov     ax, [si + 0x1A]
        call    hex16
        call    space
        mov     ax, [si + 0x16]
        call    hex16
        call    space
        mov     ax, [si + 0x18]
        call    hex16
        call    space
        add     si, 0x1E
        call    puts
        call    crlf
        mov     ah, 0x4F
        int     0x21
        jmp     listing
.end:   PRINT   " end"
        SHOWCF
        ret

dta:    dw      0x80
dsub:   db      "sub", 0
dsub2:  db      "SUB", 0
dsub2abs: db    "C:\SUB", 0
root:   db      "\", 0
fzeta:  db      "zeta.txt", 0
falpha: db      "ALPHA.TXT", 0
fin:    db      "sub\inner.bin", 0
fdeep:  db      "deeper", 0
star:   db      "*.*", 0
notcom: db      "*.?X?", 0
startxt: db     "*.TXT", 0
starnoext: db   "*", 0
nomatch: db     "*.XYZ", 0
badpath: db     "NOPE\*.*", 0
buf:    times   70 db 0
dta2:   times   64 db 0
