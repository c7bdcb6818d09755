; The block cache's search for where a REP comparison ends (cache/string_work.inc, rep_span;
; run by tests/machine/block_cache.sh): in a loop that runs long enough for the cache to learn
; it, with the point where the comparison ends moving from 0 to 15 elements on,
; - REPE CMPSB with CX 0FFFFh whose bytes at ES:DI wrap in the segment after 8 (MASM 5.10's
;   compares: the first 64 iterations looked at first), ending before and after the wrap;
; - REPE CMPSW and REPNE SCASW over flat words, forwards and backwards, at even and odd
;   addresses.
; CX, SI, DI and the flags go into a checksum: the runs with and without the cache must agree
; on it, on the clocks, and on every profile.
        cpu     8086
        org     0x100

start:  cld
        mov     word [sum], 0
        mov     word [sum+2], 0
        mov     ax, cs
        add     ax, 0x1000
        mov     es, ax                  ; the data: 64 KiB above the program
        ; ES:FFF8..ES:0007 (wrapping) and ES:0100..0117: "ABCDEFGHIJKLMNOPQRSTUVWX"
        mov     di, 0xFFF8
        mov     al, 'A'
        mov     cx, 24
.fill:  stosb
        mov     [es:di+0x107], al       ; (DI one on: 0100 + the same index)
        inc     al
        loop    .fill
        ; ES:0200.. and ES:0300..: 40 words 0, 1, 2, ... (ES:0401.. the same at an odd address)
        mov     di, 0x200
        xor     ax, ax
        mov     cx, 40
.words: mov     [es:di+0x100], ax
        mov     [es:di+0x201], ax
        stosw
        inc     ax
        loop    .words
        mov     cx, 600
outer:  push    cx
        mov     bx, cx
        and     bx, 15                  ; where it ends
        ; REPE CMPSB, CX 0FFFFh, ES:DI from FFF8 (wrapping): DS:SI (ES's) differs at bx
        push    ds
        push    es
        pop     ds
        xor     byte [0x100+bx], 0x20
        mov     si, 0x100
        mov     di, 0xFFF8
        mov     cx, 0xFFFF
        repe    cmpsb
        xor     byte [0x100+bx], 0x20
        pop     ds
        call    fold
        ; REPE CMPSW forwards, ES:0300 (even) or ES:0401 (odd) against ES:0200 changed at word bx
        push    ds
        push    es
        pop     ds
        mov     si, bx
        shl     si, 1
        xor     word [0x200+si], 0x0100
        mov     si, 0x200
        mov     di, 0x300
        test    bl, 1
        jz      .even
        mov     di, 0x401
.even:  mov     cx, 30
        repe    cmpsw
        mov     si, bx
        shl     si, 1
        xor     word [0x200+si], 0x0100
        pop     ds
        call    fold
        ; REPNE SCASW forwards for the word bx at ES:0300
        mov     ax, bx
        mov     di, 0x300
        mov     cx, 30
        repne   scasw
        call    fold
        ; REPNE SCASW backwards from ES:0300 + 2 x 20 for the word 20 - bx (not found past 20)
        std
        mov     ax, 20
        sub     ax, bx
        mov     di, 0x300 + 2 * 20
        mov     cx, 25
        repne   scasw
        cld
        call    fold
        ; REPE CMPSW backwards from word 25: ES:0200 against ES:0300, the same (ends by CX)
        std
        push    ds
        push    es
        pop     ds
        mov     si, 0x200 + 2 * 25
        mov     di, 0x300 + 2 * 25
        mov     cx, bx
        inc     cx
        repe    cmpsw
        pop     ds
        cld
        call    fold
        pop     cx
        dec     cx
        jz      .done
        jmp     outer
.done:  jmp     sum_exit

; fold: CX, SI, DI and the flags into the checksum
fold:   pushf
        add     [sum], cx
        add     [sum], si
        add     [sum+2], di
        popf
        call    fold_flags
        ret

flags:  dw      0
sum:    dw      0, 0

%include "fold_flags.inc"
%include "hex4.inc"
%include "sum_exit.inc"
