; Date and time from the virtual clock (2Ah-2Dh) with the epoch given by --epoch; setting them
; moves the DOS clock, invalid values give AL=FFh; the clock runs with the CPU's clocks, so a
; busy loop crosses midnight into the next day (and year) at the same instruction every run.
        cpu     8086
        org     0x100
%include "dos.inc"

main:
        call    show
        PRINT   "set date 2000-02-29"
        mov     ah, 0x2B
        mov     cx, 2000
        mov     dx, 0x021D
        int     0x21
        call    space
        call    hex8
        call    crlf
        PRINT   "set date 2001-02-29"
        mov     ah, 0x2B
        mov     cx, 2001
        mov     dx, 0x021D
        int     0x21
        call    space
        call    hex8
        call    crlf
        PRINT   "set time 25:00"
        mov     ah, 0x2D
        mov     cx, 0x1900
        xor     dx, dx
        int     0x21
        call    space
        call    hex8
        call    crlf
        mov     ah, 0x2B
        mov     cx, 1999
        mov     dx, 0x0C1F
        int     0x21
        mov     ah, 0x2D
        mov     cx, 0x173B              ; 23:59:59.80
        mov     dx, 0x3B50
        int     0x21
        call    show
        mov     cx, 60000               ; twice about 0.2 s at 4.77 MHz
.spin:  loop    .spin
        mov     cx, 60000
.spin2: loop    .spin2
        call    show
        PRINT   "clock device:"
        mov     ax, 0x3D00
        mov     dx, clock
        int     0x21
        mov     bx, ax
        mov     ah, 0x3F
        mov     cx, 6
        mov     dx, cbuf
        int     0x21
        mov     si, cbuf
        mov     cx, 6
.c:     lodsb
        call    space
        call    hex8
        loop    .c
        call    crlf
        EXIT    0
clock:  db      "CLOCK$", 0
cbuf:   times   6 db 0

; show: "weekday yyyy-mm-dd hh:mm:ss.cc" (numbers in decimal)
show:   mov     ah, 0x2A
        int     0x21
        push    dx
        push    cx
        xor     ah, ah
        call    dec16
        call    space
        pop     ax
        call    dec16
        PRINT   "-"
        pop     dx
        push    dx
        mov     al, dh
        xor     ah, ah
        call    dec16
        PRINT   "-"
        pop     dx
        mov     al, dl
        xor     ah, ah
        call    dec16
        call    space
        mov     ah, 0x2C
        int     0x21
        push    dx
        push    cx
        mov     al, ch
        xor     ah, ah
        call    dec16
        PRINT   ":"
        pop     cx
        mov     al, cl
        xor     ah, ah
        call    dec16
        PRINT   ":"
        pop     dx
        push    dx
        mov     al, dh
        xor     ah, ah
        call    dec16
        PRINT   "."
        pop     dx
        mov     al, dl
        xor     ah, ah
        call    dec16
        call    crlf
        ret
