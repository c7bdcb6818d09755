; The ROM's teletype run (F000:F070, a far call for DOS's CON: CX characters from DS:SI):
; - it draws a text as INT 10h AH=0Eh does character by character: the same video memory
;   (characters and attributes, scrolled with the bottom row's attribute) and the same cursor,
;   with CR, LF, BS (also at column 0), BEL, lines that wrap, one that ends at column 80,
;   and scrolling;
; - it copies nothing to the output (the text appears once in this guest's output: AH=0Eh's);
; - it leaves the registers as they were;
; - it takes 600 clocks a character (as AH=0Eh), spent in slices like every long service, and
;   the call's own instructions: the same for every count (printed for 1, 50 and 256; see timed).
        cpu     8086
        org     0x100
%include "lib.inc"

SAVE    equ     0x8000                  ; page 0 (4000 bytes) and the cursor after AH=0Eh

%macro  GETCYCLES 0                     ; guestrun: DX:AX = CPU clocks so far
        db      0xF1, 0x42
%endmacro

main:   cli                             ; no timer interrupt inside the timed calls
        call    prelude
        mov     si, text                ; the text through INT 10h AH=0Eh, one call a character
        mov     cx, text_len
.tty:   lodsb
        call    putc
        loop    .tty
        mov     di, SAVE                ; keep what it drew
        call    grab
        call    prelude                 ; the same again through the run
        mov     si, text
        mov     cx, text_len
        mov     bp, 0x5A5A
        mov     di, 0xA5A5
        call    0xF000:0xF070
        cmp     si, text
        jne     .regs_bad
        cmp     cx, text_len
        jne     .regs_bad
        cmp     bp, 0x5A5A
        jne     .regs_bad
        cmp     di, 0xA5A5
        jne     .regs_bad
        mov     ax, ds
        cmp     ax, 0x1000
        jne     .regs_bad
        mov     di, SAVE + 4002         ; compare: the grab of now beside the one kept
        call    grab
        mov     si, SAVE
        mov     di, SAVE + 4002
        call    compare
        jne     .differs
        call    crlf
        PRINT   "run draws as AH=0Eh: same video memory and cursor"
        call    crlf
        PRINT   "registers kept"
        call    crlf
        PRINT   "attributes at the start of the last row and of the first: "
        mov     al, [SAVE + 24 * 160 + 1]
        call    hex8
        mov     al, ' '
        call    putc
        mov     al, [SAVE + 1]
        call    hex8
        call    crlf
        PRINT   "the last column, rows 0-24 (blank: .): "
        mov     si, SAVE + 79 * 2
        mov     cx, 25
.col79: mov     al, [si]
        cmp     al, ' '
        jne     .c79
        mov     al, '.'
.c79:   call    putc
        add     si, 160
        loop    .col79
        call    crlf
        mov     cx, 1                   ; the clocks of calls of 1, 50 and 256 characters
        call    timed
        mov     cx, 50
        call    timed
        mov     cx, 256
        call    timed
        EXIT    0
.regs_bad:
        call    crlf
        PRINT   "registers changed"
        call    crlf
        EXIT    1
.differs:
        sub     si, SAVE + 1
        mov     ax, si
        call    crlf
        PRINT   "run differs from AH=0Eh at byte "
        call    hex16
        call    crlf
        EXIT    1

; timed: a run of CX characters (of the text); prints "n characters: fixed part F", F being
; the call's clocks less the service's C = 600 n and less 2 clocks for each time the trap
; instruction runs again (its C clocks are spent in slices of at most 256: ceil(C / 256) - 1
; more times), all of which the same for every n: the call's own instructions.
timed:  push    cx
        mov     si, text
        GETCYCLES
        mov     [t0], ax
        mov     [t0 + 2], dx
        call    0xF000:0xF070
        GETCYCLES
        sub     ax, [t0]                ; t0 = the call's clocks
        sbb     dx, [t0 + 2]
        mov     [t0], ax
        mov     [t0 + 2], dx
        pop     cx
        mov     ax, cx
        call    dec16
        PRINT   " characters: fixed part "
        mov     ax, 600                 ; DX:AX = C = 600 n
        mul     cx
        sub     [t0], ax
        sbb     [t0 + 2], dx
        add     ax, 255                 ; AX = ceil(C / 256) (C < 2^24)
        adc     dx, 0
        mov     al, ah
        mov     ah, dl
        dec     ax                      ; the slices after the first
        shl     ax, 1
        sub     [t0], ax
        sbb     word [t0 + 2], 0
        mov     ax, [t0]
        cmp     word [t0 + 2], 0
        je      .show
        PRINT   "(more than 65535) "
.show:  call    dec16
        call    crlf
        ret

%include "screengrab.inc"

t0:     dw      0, 0

text:   db      "first line", 13, 10
        db      "abc", 8, 8, "X", 7, "<bell and two backspaces", 13, 10
        db      8, "a backspace at column 0", 13, 10
%assign i 1
%rep 24
        db      "scrolling line ", '0' + i / 10, '0' + i % 10, 13, 10
%assign i i + 1
%endrep
        times 100 db 'w'                ; wraps after 80
        db      13, 10
        times 80 db '8'                 ; ends at column 80: the cursor wraps, then CR LF
        db      13, 10
        db      "tab", 9, "is a glyph for the ROM", 13, 10
%rep 6
        db      "scrolling line ", '0' + i / 10, '0' + i % 10, 13, 10
%assign i i + 1
%endrep
        db      "the end, mid-line"
text_len equ $ - text
