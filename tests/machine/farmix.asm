; The block cache's exercise of far transfers and segment registers (tests/machine/block_cache.sh):
; in a loop that runs long enough for the cache to learn it, CALL ptr16:16 and RETF imm16, CALL
; and JMP far through pointers at even and odd addresses to targets at even and odd offsets in
; another code segment (CS + 1, the same bytes), a far routine that returns to two callers in
; turn, RET imm16, PUSH of each segment register, LES and LDS from even and odd addresses (one
; with a CS: override), each with SP odd and even in turn; then a far call whose pushes land in
; the prefetch window of its target (in the bytes it jumps over). It prints a checksum: the runs with and without the cache
; must agree on it, on the clocks, and on every profile.
        cpu     8086
        org     0x100

start:  cld
        mov     ax, cs
        inc     ax                      ; the other code segment: CS + 1, offsets 16 less
        mov     [callf_seg], ax
        mov     [fp_even+2], ax
        mov     [fp_odd+2], ax
        mov     [jp_even+2], ax
        mov     [jp_odd+2], ax
        mov     [win_seg], ax
        mov     ax, cs
        mov     [jback+2], ax
        mov     word [sum], 0
        mov     word [sum+2], 0
        mov     cx, 3000
outer:  push    cx
        mov     [count], cx
        ; PUSH ES CS SS DS (SP odd every other time)
        mov     bp, [count]
        and     bp, 1
        sub     sp, bp
        push    es
        push    cs
        push    ss
        push    ds
        pop     ax
        pop     bx
        pop     dx
        pop     si
        add     sp, bp
        add     ax, bx
        sub     ax, dx
        add     ax, si
        add     [sum], ax
        ; CALL ptr16:16 to the other segment, which returns with RETF 2 (SP odd every fourth time)
        mov     bp, [count]
        shr     bp, 1
        and     bp, 1
        sub     sp, bp
        mov     ax, [count]
        push    ax
        db      0x9A                    ; CALL far_arg (in CS + 1)
        dw      far_arg - 16
callf_seg:
        dw      0
        add     sp, bp
        ; CALL far [bx]: a pointer at an even or an odd address, to an even or an odd offset,
        ; from one of two sites in turn (so that its RETF returns to each)
        mov     bp, [count]
        shr     bp, 1
        shr     bp, 1
        and     bp, 1
        sub     sp, bp
        mov     bx, fp_even
        test    byte [count], 2
        jz      .ev
        mov     bx, fp_odd
.ev:    mov     ax, far_even - 16       ; (the target's parity apart from the pointer's)
        test    byte [count], 16
        jz      .tev
        mov     ax, far_odd - 16
.tev:   mov     [bx], ax
        test    byte [count], 8
        jz      .site2
        call    far [bx]
        add     word [sum+2], 1
        jmp     .called
.site2: call    far [cs:bx]
        add     word [sum+2], 2
.called:
        add     sp, bp
        ; JMP far [bx] there and back
        mov     bx, jp_even
        test    byte [count], 4
        jz      .jev
        mov     bx, jp_odd
.jev:   mov     ax, jmp_even - 16
        test    byte [count], 32
        jz      .jtev
        mov     ax, jmp_odd - 16
.jtev:  mov     [bx], ax
        jmp     far [bx]
jumped: ; RET imm16, near (SP odd every other time)
        mov     bp, [count]
        and     bp, 1
        sub     sp, bp
        push    ax
        push    ax
        call    near_ret
        add     sp, bp
        ; LES and LDS from even and odd addresses
        mov     bx, [count]
        and     bx, 1
        les     di, [lptr+bx]
        add     [sum], di
        mov     ax, es
        add     [sum+2], ax
        push    ds
        pop     es
        push    ds
        lds     si, [cs:lptr+bx+2]
        mov     ax, ds
        pop     ds
        add     [sum], si
        add     [sum+2], ax
        pop     cx
        dec     cx
        jz      finish
        jmp     outer
finish:
        ; a far call whose pushes land in its target's prefetch window (SS:SP just past it)
        mov     bx, sp
        mov     ax, ss
        mov     dx, ax
        mov     cx, 3
win_loop:
        cli
        mov     ax, cs
        inc     ax
        mov     ss, ax
        mov     sp, win_target - 16 + 8
        db      0x9A
        dw      win_target - 16
win_seg:
        dw      0
        mov     ss, dx
        mov     sp, bx
        sti
        loop    win_loop
        jmp     sum_exit

near_ret:
        add     word [sum], 9
        ret     4

far_arg: ; (in CS + 1)
        mov     si, sp
        add     ax, [ss:si+4]
        add     [sum], ax
        retf    2

        align   2
far_even: ; (in CS + 1)
        add     word [sum], 5
        retf
        align   2
        nop
far_odd: ; (in CS + 1)
        add     word [sum], 7
        retf

        align   2
jmp_even: ; (in CS + 1)
        xor     word [sum], 0x55
        jmp     far [jback]
        align   2
        nop
jmp_odd: ; (in CS + 1)
        xor     word [sum+2], 0xAA
        jmp     far [jback]

win_target: ; (in CS + 1; the pushes are written over the bytes it jumps over)
        jmp     short .over
        nop
        nop
        dw      0, 0
.over:  add     word [sum], 1
        db      0xCB                    ; RETF
        times   8 db 0x90

%include "hex4.inc"
%include "sum_exit.inc"

        align   2
fp_even: dw     far_even - 16, 0
        db      0
fp_odd: dw      far_odd - 16, 0
        align   2
jp_even: dw     jmp_even - 16, 0
        db      0
jp_odd: dw      jmp_odd - 16, 0
jback:  dw      jumped, 0
lptr:   dw      0x1234, 0x5678, 0x9ABC, 0xDEF0, 0x4321
count:  dw      0
sum:    dw      0, 0
