; A read-only drive: reading works, every change fails with error 5 (access denied; 50h for
; 5Bh on an existing name, FFh for FCB calls) and the folder stays as it was.
        cpu     8086
        org     0x100
%include "dos.inc"

main:
        PRINT   "open self for reading"
        mov     ax, 0x3D00
        mov     dx, self
        int     0x21
        SHOWCF
        PRINT   "open self for writing"
        mov     ax, 0x3D02
        mov     dx, self
        int     0x21
        SHOWCF
        PRINT   "create"
        mov     ah, 0x3C
        xor     cx, cx
        mov     dx, new
        int     0x21
        SHOWCF
        PRINT   "create new over self"
        mov     ah, 0x5B
        xor     cx, cx
        mov     dx, self
        int     0x21
        SHOWCF
        PRINT   "temp file"
        mov     ah, 0x5A
        xor     cx, cx
        mov     dx, tmp
        int     0x21
        SHOWCF
        PRINT   "delete self"
        mov     ah, 0x41
        mov     dx, self
        int     0x21
        SHOWCF
        PRINT   "rename self"
        mov     ah, 0x56
        mov     dx, self
        mov     di, new
        int     0x21
        SHOWCF
        PRINT   "mkdir"
        mov     ah, 0x39
        mov     dx, new
        int     0x21
        SHOWCF
        PRINT   "set attributes"
        mov     ax, 0x4301
        mov     cx, 1
        mov     dx, self
        int     0x21
        SHOWCF
        PRINT   "FCB create"
        mov     ah, 0x16
        mov     dx, fcb
        int     0x21
        call    space
        call    hex8
        call    crlf
        EXIT    0

self:   db      "READONLY.COM", 0
new:    db      "NEW.TXT", 0
tmp:    db      "\", 0
        times 16 db 0
fcb:    db      0, "NEW     TXT"
        times   25 db 0
