; INT 10h: teletype with scrolling, cursor moves, write char/attribute, window scroll up/down.
; The screen dump at exit is compared with a golden text.
        cpu     8086
        org     0x100
%include "lib.inc"
main:   mov     cx, 30                  ; 30 numbered lines: the first 6 scroll off
        mov     ax, 1
.line:  PRINT   "line "
        call    dec16
        call    crlf
        inc     ax
        loop    .line
        mov     ah, 2                   ; cursor to row 5, column 40
        xor     bh, bh
        mov     dx, 0x0528
        int     0x10
        mov     ax, 0x0941              ; 'A' x 5, attribute 1Eh
        mov     bx, 0x001E
        mov     cx, 5
        int     0x10
        mov     ah, 3                   ; cursor unchanged by AH=09h
        xor     bh, bh
        int     0x10
        mov     ax, dx
        call    hex16                   ; prints at 05:28, then the cursor moves on
        mov     ax, 0x0602              ; scroll rows 10-12, cols 0-9 up by 2
        mov     bh, 0x07
        mov     cx, 0x0A00
        mov     dx, 0x0C09
        int     0x10
        mov     ax, 0x0701              ; scroll rows 20-23, all columns, down by 1
        mov     bh, 0x07
        mov     cx, 0x1400
        mov     dx, 0x174F
        int     0x10
        mov     ah, 2
        xor     bh, bh
        mov     dx, 0x1800              ; last row
        int     0x10
        PRINT   "done"
        EXIT    0
