; Hello through INT 21h AH=09h and AH=02h, exit code 7 through AH=4Ch.
        cpu     8086
        org     0x100
        mov     ah, 0x09
        mov     dx, msg
        int     0x21
        mov     ah, 0x02
        mov     dl, '!'
        int     0x21
        mov     dl, 13
        int     0x21
        mov     dl, 10
        int     0x21
        mov     ax, 0x4C07
        int     0x21
msg:    db      "Hello from DOS", 13, 10, "$"
