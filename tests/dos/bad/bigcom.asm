; A .COM of 65,281 bytes: one more than DOS can load.
        times   65281 db 0x90
