; A .COM with hot spots at known places, for the profiler's end-to-end tests.
; main calls hot, warm and cold 200 times; their loops run 400, 200 and 100 times, so their
; shares are 4:2:1. Then "masked" spins with interrupts disabled: by the IRQ rule its ticks
; wait and land on "landing" (right after STI); by the exact rule they land in its loop.
; Each routine starts a paragraph (align 16) so that 1-paragraph buckets separate them.
; The NASM map (hot.map) names them for reports.
        cpu     8086
        org     0x100
        [map all hot.map]

main:   mov     cx, 200
.outer: push    cx
        call    hot
        call    warm
        call    cold
        pop     cx
        loop    .outer
        call    masked
        mov     ax, 0x4C00
        int     0x21

        align   16
hot:    mov     cx, 400
.l:     add     ax, bx
        loop    .l
        ret

        align   16
warm:   mov     cx, 200
.l:     add     ax, bx
        loop    .l
        ret

        align   16
cold:   mov     cx, 100
.l:     add     ax, bx
        loop    .l
        ret

        align   16
masked: cli
        mov     cx, 3000
.l:     loop    .l
        sti
        jmp     landing

        align   16
landing:
        ret
