; Writes 8 x (its command tail's length) characters to handle 1 (CON with dosrun --tty-out) in
; one 40h call, with every interrupt masked at the PIC: the same instructions whatever the
; count, so that the run's clocks differ only by what DOS, its device layer and the ROM charge
; for the characters (concost.sh).
        cpu     8086
        org     0x100
        mov     al, 0xFF
        out     0x21, al
        mov     cl, [0x80]
        xor     ch, ch
        shl     cx, 1
        shl     cx, 1
        shl     cx, 1
        mov     dx, text
        mov     bx, 1
        mov     ah, 0x40
        int     0x21
        mov     ax, 0x4C00
        int     0x21
text:
%rep 16
        db      "abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ 01234567", 13, 10
%endrep
