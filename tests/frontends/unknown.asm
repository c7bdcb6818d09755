; Calls functions emu86 does not have, some twice: INT 21h 5Ch (locks) and 6Ch (extended
; open), 44h subfunction 20h, INT 10h 1Ah (VGA display combination), INT 16h 05h (store a key),
; INT 13h 02h (read sectors: no BIOS disk). Each gets MS-DOS's or the BIOS's answer for an
; unknown call and a warning once on stderr; with --strict the first ends the run.
        cpu     8086
        org     0x100
        mov     ax, 0x5C00
        int     0x21
        mov     ax, 0x5C00
        int     0x21
        mov     ax, 0x6C00
        int     0x21
        mov     ax, 0x4420
        int     0x21
        mov     ax, 0x4420
        int     0x21
        mov     ax, 0x1A00
        int     0x10
        mov     ah, 0x05
        int     0x16
        mov     ax, 0x0201
        int     0x13
        mov     ah, 0x09
        mov     dx, done
        int     0x21
        mov     ax, 0x4C00
        int     0x21
done:   db      'done', 13, 10, '$'
