; The block cache's exercise of its later decoded forms (cache/kinds_more.inc; run by
; tests/machine/block_cache.sh): in a loop that runs long enough for the cache to learn it,
; LOOPNZ and LOOPZ ending by ZF and by CX in turn, shifts and rotates of registers by CL (every
; operation, SETMO included, byte and word, CL from 0 to 3 and 9), LODS, STOS and MOVS without
; REP (bytes and words at even and odd addresses, forwards and backwards, with segment
; overrides, a STOSB and a MOVSB into their own prefetch window, a word written at ES:FFFF
; whose high byte wraps into its window), XLAT (and with CS:), TEST
; AL/AX, imm, NOT and NEG of registers and of memory at even and odd addresses. Results and
; flags go into a checksum: the runs with and without the cache must agree on it, on the
; clocks, and on every profile.
        cpu     8086
        org     0x100

start:  cld
        mov     word [sum], 0
        mov     word [sum+2], 0
        mov     cx, 2000
outer:  push    cx
        mov     [count], cx
        ; LOOPNZ: ends when DX reaches stop (ZF) or when CX reaches 0 (stop 4: CX first)
        mov     ax, [count]
        and     ax, 3
        inc     ax
        mov     [stop], ax
        mov     cx, 3
        xor     dx, dx
.lnz:   inc     dx
        cmp     dx, [stop]
        loopnz  .lnz
        add     [sum], dx
        add     [sum+2], cx
        ; LOOPZ: goes on while DX & zmask is 0 (zmask 0: until CX is 0)
        mov     ax, [count]
        and     ax, 6
        mov     [stop], ax
        mov     cx, 5
        xor     dx, dx
.lz:    inc     dx
        mov     ax, dx
        and     ax, [stop]
        loopz   .lz
        add     [sum], dx
        add     [sum+2], cx
        call    fold_flags
        ; shifts and rotates by CL (0 to 3), then by 9
        mov     cl, [count]
        and     cl, 3
        call    shifts
        mov     cl, 9
        call    shifts
        ; LODS, STOS, MOVS at even and odd addresses, both ways
        mov     bx, [count]
        and     bx, 1
        lea     si, [buf+bx+8]
        lodsw
        add     [sum], ax
        lodsb
        add     [sum], ax
        es lodsw
        add     [sum+2], ax
        std
        cs lodsb
        add     [sum], ax
        lodsw
        add     [sum+2], ax
        cld
        add     [sum], si
        mov     ax, [count]
        lea     di, [buf2+bx+8]
        stosw
        stosb
        std
        stosw
        stosb
        cld
        add     [sum+2], di
        mov     si, [count]
        and     si, 2
        add     si, buf+4
        lea     di, [buf2+bx+16]
        movsw
        movsb
        cs movsw
        std
        movsb
        movsw
        cld
        add     [sum], si
        add     [sum+2], di
        mov     ax, [buf2+8]
        add     ax, [buf2+10]
        add     ax, [buf2+17]
        add     ax, [buf2+19]
        add     [sum], ax
        ; a STOSB and a MOVSB into their own prefetch window (the same byte: code unchanged)
        mov     di, .win1
        mov     al, 0x90
        stosb
.win1:  nop
        mov     si, nop_byte
        mov     di, .win2
        movsb
.win2:  nop
        call    wrap_word
        ; XLAT
        mov     bx, table
        mov     al, [count]
        and     al, 7
        xlatb
        add     [sum], ax
        mov     al, [count]
        and     al, 15
        cs xlatb
        add     [sum+2], ax
        ; TEST AL/AX, imm
        mov     ax, [count]
        test    al, 0x81
        call    fold_flags
        test    ax, 0x8005
        call    fold_flags
        ; NOT and NEG of registers and memory
        mov     ax, [count]
        mov     dx, ax
        not     ax
        neg     dx
        call    fold_flags
        add     [sum], ax
        add     [sum+2], dx
        not     dl
        neg     ah
        call    fold_flags
        add     [sum], dx
        add     [sum+2], ax
        mov     bx, [count]
        and     bx, 1
        not     word [mem+bx]
        neg     word [mem+bx+2]
        call    fold_flags
        neg     byte [mem+bx+5]
        not     byte [mem+bx+6]
        call    fold_flags
        mov     ax, [mem]
        add     ax, [mem+2]
        add     ax, [mem+4]
        add     ax, [mem+6]
        add     [sum], ax
        pop     cx
        dec     cx
        jz      finish
        jmp     outer
finish: jmp     sum_exit

; Every shift and rotate of AX and of BL by CL (and SETMO, D3 /6 and D2 /6), the flags after each.
shifts: mov     ax, [count]
        mov     bx, 0x8421
        mov     dx, ax
        rol     ax, cl
        call    fold_flags
        ror     dx, cl
        call    fold_flags
        rcl     ax, cl
        call    fold_flags
        rcr     bl, cl
        call    fold_flags
        shl     bx, cl
        call    fold_flags
        shr     dl, cl
        call    fold_flags
        sar     ax, cl
        call    fold_flags
        sar     bh, cl
        call    fold_flags
        db      0xD3, 0xF6              ; SETMO SI, CL
        call    fold_flags
        db      0xD2, 0xF7              ; SETMO BH, CL
        call    fold_flags
        add     [sum], ax
        add     [sum+2], bx
        add     [sum], dx
        add     [sum+2], si
        ret

%include "fold_flags.inc"
%include "hex4.inc"
%include "sum_exit.inc"

; A word written at ES:FFFF whose high byte, on odd passes, wraps in ES to ES:0000, the byte after
; the MOV, in its prefetch window (ES is wrap_at's paragraph then; on even passes, where the
; block is first recorded, 64 KiB above). Odd passes write INC DX or INC BX there by turns;
; the 8086 runs the byte it had fetched before the write (its queue filled during the long
; shift), and that INC goes into the checksum.
wrap_word:
        push    es
        mov     ax, cs
        add     ax, (wrap_at - $$ + 0x100) >> 4 ; (org 0x100)
        mov     bx, [count]
        and     bx, 1
        dec     bx
        and     bx, 0x1000              ; 0 on odd passes, 64 KiB on even ones
        add     ax, bx
        mov     es, ax
        mov     ah, [count]
        shr     ah, 1
        and     ah, 1
        add     ah, 0x42                ; INC DX or INC BX
        xor     dx, dx
        xor     bx, bx
        mov     cl, 8
        times   (16 - ($ - $$ + 6) % 16) % 16 nop
        shl     bx, cl                  ; (40 clocks: the queue fills with the MOV and the INC)
        mov     [es:0xFFFF], ax         ; (4 bytes, ending at a paragraph)
wrap_at:
        inc     dx
        pop     es
        add     [sum], dx
        add     [sum+2], bx
        ret

nop_byte: db    0x90
table:  db      3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3
buf:    db      0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99, 0xAA, 0xBB, 0xCC, 0xDD, 0xEE
        db      0xF0, 0x0F, 0x1E, 0x2D, 0x3C, 0x4B, 0x5A, 0x69, 0x78, 0x87
buf2:   times   32 db 0
mem:    dw      0x1234, 0x8000, 0x00FF, 0x7F01
        db      0x55
flags:  dw      0
count:  dw      0
stop:   dw      0
sum:    dw      0, 0
