; DOS's CON output and a program that hooks INT 10h (dosrun --tty-out: handle 1 is CON).
; The same writes (09h with tabs, BS and BEL, 02h, 06h, 40h of 600 bytes to handle 1, more
; than one run of CON's buffer, with scrolling, 40h to handle 2) go to the screen twice from the
; same start: first with an INT 10h hook installed, which must see one AH=0Eh call per
; character on the screen (tabs expanded), then with INT 10h the ROM's again (DOS hands the
; ROM runs of characters: the hook sees nothing). The screens (video memory and cursor) must
; be the same.
        cpu     8086
        org     0x100
%include "dos.inc"

SAVE    equ     0x8000                  ; the screen after the hooked pass, then the other

main:   call    prelude
        mov     ax, 0x3510
        int     0x21
        mov     [old10], bx
        mov     [old10 + 2], es
        mov     ax, 0x2510
        mov     dx, hook
        int     0x21
        call    writes
        mov     di, SAVE
        call    grab
        push    ds                      ; INT 10h back to the ROM's
        lds     dx, [old10]
        mov     ax, 0x2510
        int     0x21
        pop     ds
        mov     ax, [count]
        mov     [hooked], ax
        call    prelude
        call    writes
        mov     di, SAVE + 4002
        call    grab
        mov     ax, [count]             ; calls the hook saw in all, before printing
        mov     [total], ax
        PRINT   "the hook saw "
        mov     ax, [hooked]
        call    dec16
        PRINT   " AH=0Eh calls, then "
        mov     ax, [total]
        sub     ax, [hooked]
        call    dec16
        call    crlf
        mov     si, SAVE
        mov     di, SAVE + 4002
        call    compare
        jne     .differs
        PRINT   "screens: the same with the hook (one AH=0Eh a character) and without (runs)", 13, 10
        EXIT    0
.differs:
        sub     si, SAVE + 1
        PRINT   "screens differ at byte "
        mov     ax, si
        call    hex16
        call    crlf
        EXIT    1

; The hook: counts AH=0Eh, then the ROM's handler.
hook:   cmp     ah, 0x0E
        jne     .chain
        inc     word [cs:count]
.chain: jmp     far [cs:old10]

writes: mov     dx, s09                 ; 09h: tabs (cooked: to 8 columns), BS, BEL
        mov     ah, 0x09
        int     0x21
        mov     ah, 0x02                ; 02h: a character, a tab, CR LF
        mov     dl, 'x'
        int     0x21
        mov     dl, 9
        int     0x21
        mov     dl, '|'
        int     0x21
        mov     dl, 13
        int     0x21
        mov     dl, 10
        int     0x21
        mov     ah, 0x06                ; 06h: a character
        mov     dl, 'y'
        int     0x21
        mov     ah, 0x40                ; 40h to handle 1: 600 bytes, 25 lines
        mov     bx, 1
        mov     cx, big_len
        mov     dx, big
        int     0x21
        mov     ah, 0x40                ; 40h to handle 2 (CON)
        mov     bx, 2
        mov     cx, s2_len
        mov     dx, s2
        int     0x21
        ret

%include "screengrab.inc"

old10:  dw      0, 0
count:  dw      0
hooked: dw      0
total:  dw      0

s09:    db      "a", 9, "tab", 9, "stop", 9, "|", 13, 10
        db      "abc", 8, 8, "X", 7, "<BEL after two BS", 13, 10
        db      "a long line", 9, "with a tab: "
        times 70 db 'w'
        db      9, "|", 13, 10, '$'
big:
%assign i 1
%rep 24
        db      "line ", '0' + i / 10, '0' + i % 10, 9, "of 40h", 13, 10
%assign i i + 1
%endrep
        times 598 - ($ - big) db '.'    ; a line that wraps twice
        db      13, 10
big_len equ $ - big
s2:     db      "to handle 2 (CON)", 13, 10
s2_len  equ     $ - s2
