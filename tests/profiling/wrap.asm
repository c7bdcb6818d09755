; One loop hot enough that its bucket passes 65,535 samples at a 60 us grain: PROFIL's 16-bit
; counters wrap, and so do ours. 0x7000 x 0x30 LOOP iterations of 17 clocks (~24.4 M clocks,
; over 70,000 samples of 288 clocks).
        cpu     8086
        org     0x100
main:   mov     dx, 0x30
.outer: mov     cx, 0x7000
.l:     loop    .l
        dec     dx
        jnz     .outer
        mov     ax, 0x4C00
        int     0x21
