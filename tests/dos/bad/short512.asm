; The header says 2 pages (1024 bytes); the file has 512: 512 bytes or more of the load module
; are missing, which MS-DOS's EXEC refuses ("the header lied", error 0Bh).
        db      'MZ'
        dw      0x10, 2, 0, 2, 0, 0xFFFF, 0, 0x100, 0, 0, 0, 0x1C, 0
        times   512 - ($ - $$) db 0
