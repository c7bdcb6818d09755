; An image that fits the file but asks for more memory than there is (min alloc FFFFh).
        db      'MZ'
        dw      64, 1, 0, 2, 0xFFFF, 0xFFFF, 0, 0x100, 0, 0, 0, 0x1C, 0
        times   64 - ($ - $$) db 0xC3
