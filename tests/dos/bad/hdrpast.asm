; A header of 100 paragraphs in a 64-byte file.
        db      'MZ'
        dw      64, 1, 0, 100, 0, 0xFFFF, 0, 0x100, 0, 0, 0, 0x1C, 0
        times   64 - ($ - $$) db 0
