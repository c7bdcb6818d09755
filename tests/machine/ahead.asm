; The block cache taking a profiling tick ahead and taking it back (cache/cache.c:
; fast_sample_ahead, fast_sample_undo), for tests/machine/block_cache.sh. Where the tick's
; deadline falls in a block of decoded instructions only, the replay takes the sample before
; it runs the nodes up to there; if one of them then does not run as recorded, the sample is
; undone. Here the blocks tried first often do not: a conditional jump near the start of the
; loop goes one way or the other by the data (the block recorded the other way disagrees
; there), and a subroutine returns to one of two callers (its RET goes elsewhere than in the
; block recorded through it). A short REP MOVSB in the loop, at an odd address, has ticks
; between its iterations, whose sample by the IRQ rule is the REP's own address (its prefix,
; which block_cache.sh's profil(2) buffer, a counter for every 2 bytes, tells from the next
; byte). Every instruction in the loop has a decoded form. It prints a checksum: the runs with
; and without the cache must agree on it, on the clocks, and on the samples (block_cache.sh's
; .PRF in 1-paragraph buckets and profil(2) buffer, a tick every 60 us).
        cpu     8086
        org     0x100

start:  mov     cx, 40000
        xor     dx, dx
        mov     bx, 0x1234
        mov     si, table
top:    mov     ax, cx
        and     ax, 3
        jz      .skip                   ; taken one time in four
        add     dx, ax
        add     dx, [si]
.skip:  add     bx, dx
        xor     bx, ax
        add     bx, 7
        mov     [si+2], bx
        sub     dx, [si+2]
        add     dx, cx
        mov     di, cx
        and     di, 2
        jnz     .two                    ; two iterations one way, two the other
        call    sub1                    ; sub1's RET: back here, or below
        add     bx, 3
        jmp     .next
.two:   call    sub1
        sub     bx, 5
.next:  xor     dx, bx
        add     bx, ax
        inc     dx
        push    cx
        push    si
        mov     di, buf
        mov     cx, 9
        times   1 - (($ - $$) & 1) nop  ; (the REP at an odd address)
        rep     movsb
        pop     si
        pop     cx
        add     dx, [buf + 8]
        loop    top
        mov     ax, dx
        call    hex4
        mov     ax, bx
        call    hex4
        mov     ax, 0x4C00
        int     0x21

sub1:   add     ax, bx
        xor     ax, dx
        add     dx, ax
        mov     [si+4], dx
        add     bx, [si+4]
        ret

table:  dw      0x5A5A, 0, 0, 0x1357, 0x2468
buf:    times   10 db 0

%include "hex4.inc"
