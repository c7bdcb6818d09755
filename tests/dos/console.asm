; Console functions as a UNIX filter: standard input is a redirected file (console.in), output
; goes unchanged to stdout. 01h echoes (as DOS does even when redirected), 08h does not, 0Ah
; reads a line (CR ends it and is echoed alone; the LF of a CR LF pair is skipped), 0Bh and
; 06h report what is waiting, 3Fh reads raw bytes, and at the end of the input the console
; functions read Ctrl-Z (1Ah) while 3Fh reads 0 bytes.
        cpu     8086
        org     0x100
%include "dos.inc"

main:
        PRINT   "01h:"
        mov     ah, 0x01
        int     0x21
        call    space
        call    hex8
        call    crlf
        PRINT   "08h:"
        mov     ah, 0x08
        int     0x21
        call    hex8
        call    crlf
        PRINT   "0Bh:"
        mov     ah, 0x0B
        int     0x21
        call    hex8
        call    crlf
        PRINT   "0Ah:"
        mov     ah, 0x0A
        mov     dx, line
        int     0x21
        PRINT   "<"
        mov     al, [line + 1]
        call    hex8
        PRINT   ">", 13, 10
        PRINT   "0Ah full:"
        mov     byte [line], 4          ; room for 3 characters and the CR: the rest beeps
        mov     ah, 0x0A
        mov     dx, line
        int     0x21
        PRINT   "<"
        mov     al, [line + 1]
        call    hex8
        mov     al, [line + 2]
        call    putc
        mov     al, [line + 5]
        call    hex8
        PRINT   ">", 13, 10
        PRINT   "06h:"
        mov     ah, 0x06
        mov     dl, 0xFF
        int     0x21
        pushf
        call    hex8
        popf
        mov     al, 'Z'
        jz      .z
        mov     al, 'z'
.z:     call    putc
        call    crlf
        PRINT   "3Fh:"
        mov     ah, 0x3F
        xor     bx, bx
        mov     cx, 100
        mov     dx, buf
        int     0x21
        SHOWCF
        mov     cx, ax
        mov     si, buf
.dump:  lodsb
        call    hex8
        loop    .dump
        call    crlf
        PRINT   "3Fh at end:"
        mov     ah, 0x3F
        xor     bx, bx
        mov     cx, 100
        mov     dx, buf
        int     0x21
        SHOWCF
        PRINT   "01h at end:"
        mov     ah, 0x01
        int     0x21
        call    space
        call    hex8
        call    crlf
        PRINT   "0Bh at end:"
        mov     ah, 0x0B
        int     0x21
        call    hex8
        call    crlf
        PRINT   "06h at end:"
        mov     ah, 0x06
        mov     dl, 0xFF
        int     0x21
        pushf
        call    hex8
        popf
        mov     al, 'Z'
        jz      .z2
        mov     al, 'z'
.z2:    call    putc
        call    crlf
        PRINT   "02h tab:", 9, "|", 13, 10
        mov     ah, 0x02
        mov     dl, 9
        int     0x21
        call    hex8                    ; AL: DOS returns the character written
        call    crlf
        EXIT    3

line:   db      20, 0
        times   22 db 0
buf:    times   100 db 0
