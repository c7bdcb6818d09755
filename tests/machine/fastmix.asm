; The block cache's exercise (tests/machine/block_cache.sh): what makes a replayed instruction
; differ from the one recorded, in a loop that runs long enough for the cache to learn it:
; code that changes the immediate of an instruction in the prefetch queue and farther ahead,
; REP MOVSB and REP STOSW of varying counts (and with CX = 0), LODSB/STOSW without REP,
; MUL/DIV of varying operands and a divide error, shifts by a varying CL, jumps through a
; table, conditional jumps on data, CALL/RET with SP odd and even, and word accesses at odd
; and even addresses. It prints a checksum: the runs with and without the cache must agree on
; it, on the clocks, and on every profile.
        cpu     8086
        org     0x100

start:  mov     ax, 0x2500              ; INT 0 (divide error): handler that returns past DIV
        mov     dx, div_err
        int     0x21
        cld
        mov     word [sum], 0
        mov     word [sum+2], 0
        mov     cx, 3000
outer:  push    cx
        mov     [count], cx
        ; the immediate of the next-but-one instruction (in the queue), then one far ahead
        mov     al, cl
        mov     [patch+1], al
patch:  mov     ah, 0
        add     [sum], ax
        mov     [far_patch+1], cl
        ; REP MOVSB of 0..7 bytes, REP STOSW of 0..3 words
        mov     si, src
        mov     di, dst
        mov     cx, [count]
        and     cx, 7
        rep     movsb
        mov     cx, [count]
        shr     cx, 1
        and     cx, 3
        mov     ax, [count]
        rep     stosw
        ; string instructions without REP
        mov     si, src
        lodsb
        lodsb
        add     [sum], al
        stosw
        ; multiply and divide by varying operands; every 16th divides by zero
        mov     ax, [count]
        mov     bx, ax
        and     bx, 15
        mul     bx
        add     [sum+2], ax
        xor     dx, dx
        mov     ax, [count]
        div     bx
        add     [sum], dx
        ; shift by a varying count
        mov     cl, [count]
        and     cl, 15
        mov     ax, 0x1234
        rol     ax, cl
        add     [sum+2], ax
        ; a jump through a table
        mov     bx, [count]
        and     bx, 3
        shl     bx, 1
        jmp     [table+bx]
back:   ; a call with SP odd every other time
        test    byte [count], 1
        jz      .even
        dec     sp
        call    sub1
        inc     sp
        jmp     .done
.even:  call    sub1
.done:  ; word loads at odd and even addresses
        mov     bx, [count]
        and     bx, 7
        mov     ax, [src+bx]
        add     [sum], ax
far_patch:
        mov     al, 0
        add     [sum+2], al
        pop     cx
        dec     cx
        jz      finish
        jmp     outer
finish:
        jmp     sum_exit

sub1:   add     word [sum], 3
        ret

t0:     inc     word [sum]
        jmp     back
t1:     add     word [sum], 5
        jmp     back
t2:     xor     word [sum], 0x55
        jmp     back
t3:     jmp     back

div_err:
        add     word [sum+2], 7
        iret

%include "hex4.inc"
%include "sum_exit.inc"

table:  dw      t0, t1, t2, t3
count:  dw      0
sum:    dw      0, 0
src:    db      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16
dst:    times 16 db 0
