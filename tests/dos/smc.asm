; Code that changes under the block cache, which trusts a block's bytes while nothing may have
; written them (emu/cache/code_trust.inc). Each part runs a hot loop whose code is written in
; the loop: by a MOV the replay itself would run (it refuses: the model writes), by a word
; next to the code (data where no instruction is: never refused), by DOS (a file read into a
; routine), and by REP MOVSB and REP STOSB (a REP's span). code_written.sh compares the output,
; clocks and counts with --no-block-cache.
        cpu     8086
        org     0x100
%include "dos.inc"

main:
        ; 1. an immediate operand patched every pass, in the prefetch queue by then: AX sums
        ;    1234h, 0, 1, ..., 1998 (8AFDh in 16 bits)
        xor     ax, ax
        xor     bx, bx
        mov     cx, 2000
.l1:    mov     [cs:.imm + 1], bx       ; the ADD's immediate
.imm:   add     ax, 0x1234
        inc     bx
        loop    .l1
        call    hex16
        call    crlf
        ; 2. a counter between two hot instructions (never an instruction itself)
        mov     cx, 3000
.l2:    inc     word [cs:.count]
        jmp     .over
.count: dw      0
.over:  loop    .l2
        mov     ax, [.count]
        call    hex16
        call    crlf
        ; 3. DOS reads a routine over `routine` from a file (ROUTA.BIN, ROUTB.BIN in turn, whose
        ;    instructions differ): the letters it returns, 12 times
        mov     cx, 12
        mov     si, 0
.l3:    push    cx
        mov     dx, namea
        test    si, 1
        jz      .open
        mov     dx, nameb
.open:  mov     ax, 0x3D00
        int     0x21
        jc      .fail
        mov     bx, ax
        mov     ah, 0x3F
        mov     cx, 5
        mov     dx, routine
        int     0x21
        jc      .fail
        mov     ah, 0x3E
        int     0x21
        mov     cx, 50                  ; hot, then replaced
.call:  call    routine
        loop    .call
        call    putc
        inc     si
        pop     cx
        loop    .l3
        call    crlf
        ; 4. REP MOVSB copies one of two routines over `routine`; REP STOSB writes its
        ;    letter: 16 times
        push    cs
        pop     es
        mov     cx, 16
        mov     bp, 0
.l4:    push    cx
        mov     si, roua
        test    bp, 1
        jz      .copy
        mov     si, roub
.copy:  mov     di, routine
        mov     cx, 3
        cld
        rep     movsb
        test    bp, 2
        jz      .run
        mov     di, routine + 1         ; MOV AL, imm8's operand
        mov     al, 'z'
        mov     cx, 1
        rep     stosb
.run:   mov     cx, 40
.call4: call    routine
        loop    .call4
        call    putc
        inc     bp
        pop     cx
        loop    .l4
        call    crlf
        EXIT    0
.fail:  PRINT   "cannot read the routine", 13, 10
        EXIT    1

routine: mov    al, '?'
        ret
        nop
        nop
roua:   mov     al, 'a'
        ret
roub:   mov     al, 'b'
        ret
namea:  db      "ROUTA.BIN", 0
nameb:  db      "ROUTB.BIN", 0
