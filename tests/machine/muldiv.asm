; MUL, IMUL, DIV and IDIV of byte and word operands from a pseudo-random sequence, for the block
; cache (tests/machine/block_cache.sh): the replay works MUL and DIV out in closed form, and
; with EMU86_FAST_VERIFY=1 every one is compared with the exact model (clocks, flags, results).
; The divisors cover both halves of the range (a bit may leave the top of the partial
; remainder only with a divisor above half of it), and the dividends stay below divisor x 2^n
; (no divide error). Prints a checksum of the results and flags.
        cpu     8086
        org     0x100

start:  mov     word [x], 0x1234
        mov     cx, 16384
.loop:  push    cx
        ; MUL word: AX x BX
        call    rnd
        mov     bx, ax
        call    rnd
        mul     bx
        call    acc
        ; MUL byte: AL x BL
        call    rnd
        mov     bl, ah
        mul     bl
        call    acc
        ; DIV word: DX:AX / BX, DX < BX
        call    rnd
        or      ax, 1
        test    cl, 1                   ; half of them below 8000h
        jz      .w1
        shr     ax, 1
.w1:    mov     bx, ax
        call    rnd
        mov     dx, ax
        call    rnd
        cmp     dx, bx
        jb      .w2
        xor     dx, dx
.w2:    div     bx
        call    acc
        ; DIV byte: AX / BL, AH < BL
        call    rnd
        or      al, 1
        test    cl, 2
        jz      .b1
        shr     al, 1
.b1:    mov     bl, al
        call    rnd
        cmp     ah, bl
        jb      .b2
        xor     ah, ah
.b2:    div     bl
        call    acc
        ; IMUL word and byte (small operands, no overflow of the checksum's interest)
        call    rnd
        mov     bx, ax
        call    rnd
        imul    bx
        call    acc
        call    rnd
        mov     bl, ah
        imul    bl
        call    acc
        ; IDIV word by a divisor that cannot overflow: DX:AX sign-extended from AX
        call    rnd
        or      ax, 0x4001
        mov     bx, ax
        call    rnd
        cwd
        idiv    bx
        call    acc
        pop     cx
        dec     cx
        jz      .done
        jmp     .loop
.done:  mov     ax, [sum]
        call    hex4
        mov     ax, [sum+2]
        call    hex4
        mov     ax, 0x4C00
        int     0x21

; x = x * 25173 + 13849 (16 bits), in AX; CX kept
rnd:    push    dx
        push    cx
        mov     ax, [x]
        mov     cx, 25173
        mul     cx
        add     ax, 13849
        mov     [x], ax
        pop     cx
        pop     dx
        ret

; sum += AX + DX + flags
acc:    pushf
        add     [sum], ax
        adc     [sum+2], dx
        pop     ax
        and     ax, 0x08D5              ; OF SF ZF AF PF CF
        xor     [sum+2], ax
        ret

%include "hex4.inc"

x:      dw      0
sum:    dw      0, 0
