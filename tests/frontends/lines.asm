; Prints 200 lines through INT 21h AH=09h: the guest of the issue that took 685,498 clocks
; under --frontend stdio and 2,738,313 under --frontend tty (the console took two paths). Now
; every frontend runs the same machine (same_machine.sh).
        cpu     8086
        org     0x100
        mov     cx, 200
.l:     mov     dx, msg
        mov     ah, 0x09
        int     0x21
        loop    .l
        mov     ax, 0x4C00
        int     0x21
msg:    db      'a line of text printed through INT 21h AH=09h', 13, 10, '$'
