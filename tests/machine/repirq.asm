; Clocks that follow the data, with interrupts among them, for tests/machine/block_cache.sh:
; the block cache replays REP string instructions and MUL/DIV by what they do (cache/tails.inc),
; runs REP iterations and service slices in their steady state at once, and records them by
; running the model. Here IRQ0 comes every 800 clocks (the PIT's channel 0 at a count of 200,
; the guest's own INT 08h counting them) while a loop runs REP MOVSB/MOVSW/STOSB/LODSB, REPE
; CMPSB and REPNE SCASB with counts and data from a pseudo-random sequence (from 0 to a few
; hundred, forwards and backwards), and MUL, IMUL, DIV and IDIV on varying operands: so
; interrupts fall between REP iterations and in the middle of every kind of run, also while a
; profiling tick is met there (an interrupt raised by the events met at a tick must stop a REP
; at the next boundary). It prints a checksum of the data and the ticks counted: the runs
; with and without the cache must agree on it, on the clocks, and on the samples.
        cpu     8086
        org     0x100

start:  cli
        xor     ax, ax
        mov     es, ax
        mov     word [es:0x20], int08
        mov     [es:0x22], cs
        push    cs
        pop     es
        mov     al, 0x36                ; channel 0, mode 3, count 200
        out     0x43, al
        mov     al, 200
        out     0x40, al
        xor     al, al
        out     0x40, al
        sti
        mov     word [seed], 0x1357
        mov     bp, 3000                ; rounds
round:  call    rnd
        and     ax, 0x1FF               ; a count of 0 to 511
        mov     cx, ax
        call    rnd
        and     ax, 0xFF
        mov     si, bufa
        add     si, ax
        mov     di, bufb
        call    rnd
        test    al, 1
        jz      .fwd
        std                             ; backwards one time in two
        add     si, cx
        add     di, cx
.fwd:   push    cx
        rep movsb
        pop     cx
        cld
        mov     si, bufa
        mov     di, bufb
        push    cx
        repe cmpsb                      ; equal up to where the move did not reach
        pop     cx
        add     [sum], cx
        call    rnd
        mov     di, bufb
        push    cx
        repne scasb                     ; AL somewhere, or not
        pop     cx
        add     [sum], di
        shr     cx, 1
        mov     si, bufa
        mov     di, bufc
        rep movsw
        call    rnd
        and     ax, 0x3F
        mov     cx, ax
        mov     di, bufc
        mov     al, cl
        rep stosb
        mov     cx, 7
        mov     si, bufc
        rep lodsb
        add     [sum], ax
        call    rnd                     ; MUL, IMUL, DIV, IDIV on what comes
        mov     bx, ax
        call    rnd
        mul     bx
        add     [sum], dx
        call    rnd
        or      bl, 1
        xor     dx, dx
        div     bx
        add     [sum], dx
        call    rnd
        cwd
        or      bx, 0x101
        idiv    bx
        add     [sum], ax
        call    rnd
        imul    bl
        add     [sum], ax
        call    rnd                     ; new data now and then
        and     ax, 7
        jnz     .same
        mov     cx, 128
        mov     di, bufa
.fill:  call    rnd
        stosw
        loop    .fill
.same:  dec     bp
        jz      done
        jmp     round

done:   cli
        mov     al, 0x36                ; back to the BIOS's period
        out     0x43, al
        xor     al, al
        out     0x40, al
        out     0x40, al
        xor     ax, ax
        mov     es, ax
        mov     word [es:0x20], 0xFEA5
        mov     word [es:0x22], 0xF000
        sti
        mov     ax, [sum]
        call    hex4
        mov     ax, [ticks]
        call    hex4
        mov     ax, 0x4C00
        int     0x21

int08:  inc     word [cs:ticks]
        push    ax
        mov     al, 0x20
        out     0x20, al
        pop     ax
        iret

; the next of a 16-bit sequence in AX (x = x * 25173 + 13849)
rnd:    push    dx
        mov     ax, [seed]
        mov     dx, 25173
        mul     dx
        add     ax, 13849
        mov     [seed], ax
        pop     dx
        ret

%include "hex4.inc"

seed:   dw      0
sum:    dw      0
ticks:  dw      0
bufa:   times 1024 db 0x55
bufb:   times 1024 db 0x55
bufc:   times 1024 db 0
