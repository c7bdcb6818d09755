; Long services called again and again from three traps, each call begun from a different bus
; state: a line written to standard output by INT 21h AH=40h (DOS, its console driver, the
; ROM's teletype: three traps whose time is spent in slices), then 1 to 8 MULs on varying
; operands and a far call before the next (trap_memo.sh). Prints a checksum at the end.
        cpu     8086
        org     0x100
%include "dos.inc"
main:
        mov     si, 300                 ; calls
        mov     bp, 0x1234              ; varying data
again:
        mov     dx, line
        mov     cx, line_end - line
        mov     bx, 1
        mov     ah, 0x40
        int     0x21
        mov     cx, si
        and     cx, 7
        inc     cx
vary:   mov     ax, bp
        mul     si
        add     bp, ax
        loop    vary
        push    cs
        call    near far_ret
        dec     si
        jnz     again
        mov     ax, bp
        call    hex4
        EXIT    0

far_ret:
        retf

; hex4: AX as 4 hex digits and a new line on standard output
hex4:   mov     cx, 4
.digit: rol     ax, 1
        rol     ax, 1
        rol     ax, 1
        rol     ax, 1
        push    ax
        and     al, 0x0F
        add     al, '0'
        cmp     al, '9'
        jbe     .put
        add     al, 7
.put:   mov     dl, al
        mov     ah, 0x02
        int     0x21
        pop     ax
        loop    .digit
        mov     dl, 13
        mov     ah, 0x02
        int     0x21
        mov     dl, 10
        mov     ah, 0x02
        int     0x21
        ret

line:   db      "The quick brown fox jumps over the lazy dog, again and again.", 13, 10
line_end:
