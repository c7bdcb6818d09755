; 65,535 relocations in a 2-paragraph header: the table runs past the header's end.
        db      'MZ'
        dw      64, 1, 0xFFFF, 2, 0, 0xFFFF, 0, 0x100, 0, 0, 0, 0x1C, 0
        times   64 - ($ - $$) db 0
