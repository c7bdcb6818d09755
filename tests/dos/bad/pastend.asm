; The header says 3 pages; the file is 100 bytes.
        db      'MZ'
        dw      0, 3, 0, 2, 0, 0xFFFF, 0, 0x100, 0, 0, 0, 0x1C, 0
        times   100 - ($ - $$) db 0
