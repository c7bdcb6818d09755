; An MZ header that says the file has no pages.
        db      'MZ'
        dw      0, 0, 0, 2, 0, 0xFFFF, 0, 0x100, 0, 0, 0, 0x1C, 0
        times   64 db 0
