; A hand-built MZ .EXE for the .PRF header of an .EXE: PROFIL sized it from the page count
; (512-byte pages x 32 paragraphs, the 32-byte header included), so a 1,100-byte file is 3
; pages = 96 paragraphs and 97 one-paragraph buckets, of which the last 30 lie past the image.
; The hot loop is at image offset 100h (paragraph 10h of the image); the map (hotexe.map) has
; file offsets: a report needs --map-origin 20h (the header's size).
        cpu     8086
        [map all hotexe.map]

FILE_SIZE equ 1100

        section header start=0 vstart=0
        db      'MZ'
        dw      FILE_SIZE % 512
        dw      (FILE_SIZE + 511) / 512
        dw      0                       ; relocations
        dw      2                       ; header paragraphs
        dw      0x0010                  ; min alloc
        dw      0x0010                  ; max alloc
        dw      0x0040                  ; SS (image paragraph 40h)
        dw      0x0100                  ; SP
        dw      0                       ; checksum
        dw      start                   ; IP
        dw      0x0000                  ; CS
        dw      0x001C                  ; relocation table offset (none)
        dw      0                       ; overlay
        times   0x20 - ($ - $$) db 0

        section image start=0x20 vstart=0
start:  mov     dx, 40
.outer: call    spin
        dec     dx
        jnz     .outer
        mov     ax, 0x4C00
        int     0x21
        times   0x100 - ($ - $$) db 0x90
spin:   mov     cx, 300
.l:     loop    .l
        ret
        times   FILE_SIZE - 0x20 - ($ - $$) db 0
