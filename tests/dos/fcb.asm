; FCB file I/O as MS-DOS 2.x does it. Surprises kept on purpose (real behaviour): open sets the
; current block to 0 and the record size to 128 but not the current record (20h), which the
; program must clear; the drive byte 0 (default) becomes the real drive (3 = C:); random
; read/write (21h/22h) do not advance the random record, the block calls (27h/28h) do;
; search first/next put the drive and the directory entry in the DTA.
        cpu     8086
        org     0x100
%include "dos.inc"

main:
        PRINT   "29h parse"
        mov     si, cmdline
        mov     di, fcb
        mov     ax, 0x2901
        int     0x21
        call    space
        call    hex8
        PRINT   " used "
        mov     ax, si
        sub     ax, cmdline
        call    hex16
        call    crlf
        PRINT   "create"
        mov     ah, 0x16
        mov     dx, fcb
        int     0x21
        call    space
        call    hex8
        PRINT   " drive "
        mov     al, [fcb]
        call    hex8
        PRINT   " recsize "
        mov     ax, [fcb + 0x0E]
        call    hex16
        call    crlf
        mov     word [fcb + 0x0E], 16   ; 16-byte records
        mov     byte [fcb + 0x20], 0    ; the current record: ours to set
        mov     ah, 0x1A
        mov     dx, rec
        int     0x21
        mov     cx, 3
.w:     push    cx
        mov     ah, 0x15
        mov     dx, fcb
        int     0x21
        inc     byte [rec]
        pop     cx
        loop    .w
        PRINT   "3 written, current record "
        mov     al, [fcb + 0x20]
        call    hex8
        PRINT   " size "
        mov     ax, [fcb + 0x10]
        call    hex16
        call    crlf
        PRINT   "random write record 5"
        mov     word [fcb + 0x21], 5
        mov     word [fcb + 0x23], 0
        mov     ah, 0x22
        mov     dx, fcb
        int     0x21
        call    space
        call    hex8
        PRINT   " random "
        mov     ax, [fcb + 0x21]
        call    hex16
        PRINT   " current "
        mov     al, [fcb + 0x20]
        call    hex8
        call    crlf
        PRINT   "close"
        mov     ah, 0x10
        mov     dx, fcb
        int     0x21
        call    space
        call    hex8
        call    crlf

        PRINT   "file size in records"
        mov     word [fcb + 0x0E], 16
        mov     ah, 0x23
        mov     dx, fcb
        int     0x21
        call    space
        call    hex8
        call    space
        mov     ax, [fcb + 0x21]
        call    hex16
        call    crlf
        PRINT   "open"
        mov     ah, 0x0F
        mov     dx, fcb
        int     0x21
        call    space
        call    hex8
        PRINT   " size "
        mov     ax, [fcb + 0x10]
        call    hex16
        call    crlf
        mov     word [fcb + 0x0E], 16
        mov     byte [fcb + 0x20], 0
        mov     ah, 0x1A
        mov     dx, buf
        int     0x21
        PRINT   "sequential reads:"
        mov     cx, 7
.r:     push    cx
        mov     byte [buf], '?'
        mov     ah, 0x14
        mov     dx, fcb
        int     0x21
        call    space
        call    hex8
        mov     al, [buf]
        call    hex8
        pop     cx
        loop    .r
        call    crlf
        PRINT   "block read 4 from record 1"
        mov     word [fcb + 0x21], 1
        mov     cx, 4
        mov     ah, 0x27
        mov     dx, fcb
        int     0x21
        call    space
        call    hex8
        mov     ax, cx
        call    space
        call    hex16
        PRINT   " random "
        mov     ax, [fcb + 0x21]
        call    hex16
        call    crlf
        PRINT   "set random from current"
        mov     byte [fcb + 0x20], 2
        mov     ah, 0x24
        mov     dx, fcb
        int     0x21
        mov     ax, [fcb + 0x21]
        call    space
        call    hex16
        call    crlf
        PRINT   "truncate with 28h CX=0 at record 2"
        mov     word [fcb + 0x21], 2
        xor     cx, cx
        mov     ah, 0x28
        mov     dx, fcb
        int     0x21
        call    space
        call    hex8
        mov     ah, 0x10
        mov     dx, fcb
        int     0x21
        mov     ah, 0x23
        mov     dx, fcb
        int     0x21
        mov     ax, [fcb + 0x21]
        call    space
        call    hex16
        call    crlf

        PRINT   "rename RECORDS.DAT to *.OLD"
        mov     ah, 0x17
        mov     dx, renfcb
        int     0x21
        call    space
        call    hex8
        call    crlf
        PRINT   "search ????????.OLD"
        mov     ah, 0x1A
        mov     dx, buf
        int     0x21
        mov     ah, 0x11
        mov     dx, srch
        int     0x21
        call    space
        call    hex8
        call    space
        mov     al, [buf]
        call    hex8
        call    space
        mov     si, buf + 1
        mov     cx, 11
.n:     lodsb
        call    putc
        loop    .n
        PRINT   " attr "
        mov     al, [buf + 12]
        call    hex8
        PRINT   " size "
        mov     ax, [buf + 29]
        call    hex16
        call    crlf
        PRINT   "search next"
        mov     ah, 0x12
        mov     dx, srch
        int     0x21
        call    space
        call    hex8
        call    crlf
        PRINT   "delete *.OLD"
        mov     ah, 0x13
        mov     dx, srch
        int     0x21
        call    space
        call    hex8
        mov     ah, 0x13
        mov     dx, srch
        int     0x21
        call    space
        call    hex8
        call    crlf
        PRINT   "open missing"
        mov     ah, 0x0F
        mov     dx, srch
        int     0x21
        call    space
        call    hex8
        call    crlf
        EXIT    0

cmdline: db     " records.dat rest", 13
fcb:    times   37 db 0
renfcb: db      0, "RECORDS DAT"
        times   5 db 0
        db      "????????OLD"
        times   20 db 0
srch:   db      0, "????????OLD"
        times   25 db 0
rec:    db      "A...............", 0
buf:    times   128 db 0
