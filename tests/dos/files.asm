; Handle file I/O (3Ch-46h, 56h, 57h, 5Ah, 5Bh) and their error codes, as the MS-DOS 2.x/3.x
; manuals describe them.
        cpu     8086
        org     0x100
%include "dos.inc"

main:
        PRINT   "create"
        mov     ah, 0x3C
        xor     cx, cx
        mov     dx, name1
        int     0x21
        SHOWCF                          ; handle 5: 0-4 are the standard handles
        mov     [h], ax

        PRINT   "write"
        mov     ah, 0x40
        mov     bx, [h]
        mov     cx, data_len
        mov     dx, data
        int     0x21
        SHOWCF

        PRINT   "seek cur-5"
        mov     ax, 0x4201
        mov     bx, [h]
        mov     cx, 0xFFFF
        mov     dx, -5
        int     0x21
        SHOWCF
        PRINT   "read from write-only? no: create opens read/write"
        mov     ah, 0x3F
        mov     bx, [h]
        mov     cx, 100
        mov     dx, buf
        int     0x21
        SHOWCF
        mov     si, buf
        add     si, ax
        mov     byte [si], 0
        mov     si, buf
        call    puts
        call    crlf

        PRINT   "seek end"
        mov     ax, 0x4202
        mov     bx, [h]
        xor     cx, cx
        xor     dx, dx
        int     0x21
        SHOWCF
        PRINT   "seek bad method"
        mov     ax, 0x4203
        mov     bx, [h]
        int     0x21
        SHOWCF

        PRINT   "ioctl info file"
        mov     ax, 0x4400
        mov     bx, [h]
        int     0x21
        mov     ax, dx
        SHOWCF                          ; 0002: drive C:, written (bit 6 clear)
        PRINT   "dup"
        mov     ah, 0x45
        mov     bx, [h]
        int     0x21
        SHOWCF
        mov     [h2], ax
        PRINT   "close"
        mov     ah, 0x3E
        mov     bx, [h]
        int     0x21
        SHOWCF
        PRINT   "close again"
        mov     ah, 0x3E
        mov     bx, [h]
        int     0x21
        SHOWCF                          ; error 6: invalid handle
        PRINT   "dup still open, truncate at 10 by writing nothing"
        mov     ax, 0x4200
        mov     bx, [h2]
        xor     cx, cx
        mov     dx, 10
        int     0x21
        mov     ah, 0x40
        mov     bx, [h2]
        xor     cx, cx
        int     0x21
        SHOWCF
        mov     ah, 0x3E
        mov     bx, [h2]
        int     0x21

        PRINT   "open missing"
        mov     ax, 0x3D00
        mov     dx, missing
        int     0x21
        SHOWCF                          ; 2: file not found
        PRINT   "open in missing dir"
        mov     ax, 0x3D00
        mov     dx, nodir
        int     0x21
        SHOWCF                          ; 3: path not found
        PRINT   "open bad access"
        mov     ax, 0x3D07
        mov     dx, name1
        int     0x21
        SHOWCF                          ; 0C: invalid access code
        PRINT   "open read-only"
        mov     ax, 0x3D00
        mov     dx, name1
        int     0x21
        SHOWCF
        mov     [h], ax
        PRINT   "write to read-only handle"
        mov     ah, 0x40
        mov     bx, [h]
        mov     cx, 1
        mov     dx, data
        int     0x21
        SHOWCF                          ; 5: access denied
        PRINT   "read all"
        mov     ah, 0x3F
        mov     bx, [h]
        mov     cx, 100
        mov     dx, buf
        int     0x21
        SHOWCF                          ; 10 bytes after the truncation
        PRINT   "read at end"
        mov     ah, 0x3F
        mov     bx, [h]
        mov     cx, 100
        mov     dx, buf
        int     0x21
        SHOWCF
        PRINT   "force dup onto 1 (stdout goes to the file? no, read-only)"
        mov     ah, 0x46
        mov     bx, [h]
        mov     cx, 9
        int     0x21
        SHOWCF
        mov     ah, 0x3E
        mov     bx, 9
        int     0x21
        mov     ah, 0x3E
        mov     bx, [h]
        int     0x21

        PRINT   "get attributes"
        mov     ax, 0x4300
        mov     dx, name1
        int     0x21
        mov     ax, cx
        SHOWCF                          ; 0020: archive
        PRINT   "set read-only"
        mov     ax, 0x4301
        mov     cx, 1
        mov     dx, name1
        int     0x21
        SHOWCF
        PRINT   "open read-only file for writing"
        mov     ax, 0x3D01
        mov     dx, name1
        int     0x21
        SHOWCF                          ; 5
        PRINT   "delete read-only"
        mov     ah, 0x41
        mov     dx, name1
        int     0x21
        SHOWCF                          ; 5
        mov     ax, 0x4301
        xor     cx, cx
        mov     dx, name1
        int     0x21

        PRINT   "rename"
        mov     ah, 0x56
        mov     dx, name1
        mov     di, name2
        int     0x21
        SHOWCF
        PRINT   "rename missing"
        mov     ah, 0x56
        mov     dx, name1
        mov     di, name2
        int     0x21
        SHOWCF                          ; 2
        PRINT   "create new (5Bh) over existing"
        mov     ah, 0x5B
        xor     cx, cx
        mov     dx, name2
        int     0x21
        SHOWCF                          ; 50h: file exists

        PRINT   "file time (set then get)"
        mov     ax, 0x3D02
        mov     dx, name2
        int     0x21
        mov     [h], ax
        mov     ax, 0x5701
        mov     bx, [h]
        mov     cx, 0x63C7              ; 12:30:14
        mov     dx, 0x0AE4              ; 1985-07-04
        int     0x21
        mov     ax, 0x5700
        mov     bx, [h]
        int     0x21
        SHOWCF
        mov     ax, cx
        call    hex16
        call    space
        mov     ax, dx
        call    hex16
        call    crlf
        mov     ah, 0x3E
        mov     bx, [h]
        int     0x21

        PRINT   "temp file"
        mov     ah, 0x5A
        xor     cx, cx
        mov     dx, tmpdir
        int     0x21
        SHOWCF
        mov     bx, ax
        mov     ah, 0x3E
        int     0x21
        mov     si, tmpdir
        call    puts
        call    crlf
        mov     ah, 0x41
        mov     dx, tmpdir
        int     0x21
        PRINT   "delete"
        mov     ah, 0x41
        mov     dx, name2
        int     0x21
        SHOWCF
        PRINT   "delete again"
        mov     ah, 0x41
        mov     dx, name2
        int     0x21
        SHOWCF                          ; 2

        PRINT   "write to stdout by handle"
        mov     ah, 0x40
        mov     bx, 1
        mov     cx, 3
        mov     dx, tab3
        int     0x21
        SHOWCF
        PRINT   "ioctl stdout, stdin, stderr"
        mov     ax, 0x4400
        mov     bx, 1
        int     0x21
        mov     ax, dx
        call    hex16
        call    space
        mov     ax, 0x4400
        mov     bx, 0
        int     0x21
        mov     ax, dx
        call    hex16
        call    space
        mov     ax, 0x4400
        mov     bx, 2
        int     0x21
        mov     ax, dx
        call    hex16
        call    crlf
        PRINT   "open NUL and write"
        mov     ax, 0x3D01
        mov     dx, nul
        int     0x21
        mov     bx, ax
        mov     ax, 0x4400
        int     0x21
        mov     ax, dx
        call    hex16
        call    space
        mov     ah, 0x40
        mov     cx, 5
        mov     dx, data
        int     0x21
        SHOWCF
        EXIT    0

h:      dw      0
h2:     dw      0
name1:  db      "test.txt", 0
name2:  db      "C:\RENAMED.DAT", 0
missing: db     "nothere.txt", 0
nodir:  db      "nodir\x.txt", 0
tmpdir: db      "C:\", 0
        times 16 db 0
nul:    db      "nul", 0
tab3:   db      "a", 9, "b"
data:   db      "Hello, file world"
data_len equ $ - data
buf:    times 128 db 0
