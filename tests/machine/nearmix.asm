; The block cache's exercise of its decoded forms of near transfers through an operand and of
; CMPS without REP (cache/kinds_near.inc, kinds_more.inc; run by tests/machine/block_cache.sh):
; in a loop that runs long enough for the cache to learn it, CALL and JMP near through a
; register and through memory (operands at even and odd addresses, by BX, by BP in SS, direct,
; with CS: and ES: overrides; targets at even and odd addresses that change from one pass to
; the next, so that a block recorded through one goes elsewhere in the next; SP even and odd),
; a jump table as CL's (CS: JMP [BX+table]), and CMPSB and CMPSW (even and odd addresses, both
; ways, with a CS: override). Results and flags go into a checksum; the functions called are
; the exact profiler's call graph: the runs with and without the cache must agree on it, on the
; checksum, the clocks and every profile.
        cpu     8086
        org     0x100

; AX written a byte at a time at ptr, or at ptr + 1 in every other pair of passes (bit 2 of the
; count): DI is that offset, for the CALL or JMP through [ptr+di] that follows
%macro put_ax_at_parity 1
        mov     di, [count]
        mov     cl, 2
        shr     di, cl
        and     di, 1
        mov     [%1+di], al
        mov     [%1+di+1], ah
%endmacro

start:  cld
        mov     word [sum], 0
        mov     word [sum+2], 0
        mov     cx, 2000
outer:  push    cx
        mov     [count], cx
        ; the index of this pass's target (0 to 3: fn0, fn1 even and odd, ...), doubled
        mov     bx, [count]
        and     bx, 3
        shl     bx, 1
        mov     [index], bx
        ; SP even or odd for the calls
        mov     si, [count]
        shr     si, 1
        and     si, 1
        sub     sp, si
        ; CALL through a register
        mov     ax, [ftab+bx]
        call    ax
        ; CALL through memory, at even and odd addresses, by BX and direct
        call    [ftab+bx]
        call    [ftab_o+bx]
        mov     ax, [ftab+bx]
        mov     [fptr], ax
        call    [fptr]
        ; through an operand at an even address in one pass and an odd one in the next
        ; (written a byte at a time: no word access before it depends on that parity, nor
        ; does the target, which depends on bits 0 and 1 of the count)
        put_ax_at_parity fptr
        call    [fptr+di]
        ; with overrides, and by BP (SS)
        cs call [ftab_o+bx]
        es call [ftab+bx]
        mov     bp, ftab
        call    [bp+4]
        mov     di, bx
        call    [bp+di]
        add     sp, si
        ; JMP through a register, and through memory (a jump table with CS:, as CL's); the
        ; targets come back through [jret]
        mov     word [jret], back1
        mov     ax, [jtab+bx]
        jmp     ax
back1:  mov     word [jret], back2
        cs jmp  [jtab+bx]
back2:  mov     word [jret], back3
        jmp     [jtab_o+bx]
back3:  mov     word [jret], back4
        mov     ax, [jtab+bx]
        put_ax_at_parity jptr
        jmp     [jptr+di]
back4:  ; the same call each pass, and a jump to the next instruction
        call    [ftab+2]
        mov     ax, back5
        jmp     ax
back5:  ; CMPSB and CMPSW, at even and odd addresses, both ways
        mov     bx, [count]
        and     bx, 1
        mov     dx, [count]
        and     dx, 6
        lea     si, [buf+bx]
        mov     di, buf2
        add     di, dx
        cmpsb
        call    fold_flags
        cmpsw
        call    fold_flags
        cmpsw
        call    fold_flags
        std
        cmpsw
        call    fold_flags
        cs cmpsb
        call    fold_flags
        cmpsb
        call    fold_flags
        cld
        add     [sum], si
        add     [sum+2], di
        pop     cx
        dec     cx
        jz      finish
        jmp     outer
finish: jmp     sum_exit

; The jumps' targets (an even and an odd one): each adds to the checksum and goes back.
        align   2
jmp0:   add     word [sum], 3
        jmp     [jret]
jmp1:   add     word [sum], 5
        jmp     [jret]

; The functions called: each adds its own number to the checksum.
        align   2
fn0:    add     word [sum], 1
        ret
fn1:    nop
        add     word [sum], 2             ; (fn1 + 1 is the target)
        ret
fn2:    add     word [sum+2], 7
        rol     word [sum], 1
        ret
        nop
fn3:    add     word [sum+2], 9
        ret

%include "fold_flags.inc"
%include "hex4.inc"
%include "sum_exit.inc"

        align   2
ftab:   dw      fn0, fn1 + 1, fn2, fn3
jtab:   dw      jmp0, jmp1, jmp0, jmp1
        db      0
ftab_o: dw      fn0, fn1 + 1, fn2, fn3
jtab_o: dw      jmp1, jmp0, jmp1, jmp0
buf:    db      0x11, 0x22, 0x33, 0x22, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88
buf2:   db      0x11, 0x22, 0x33, 0x44, 0x11, 0x22, 0x33, 0x22, 0x55, 0x66, 0x11, 0x88, 0x99, 0xAA
fptr:   dw      0, 0
jptr:   dw      0, 0
flags:  dw      0
count:  dw      0
index:  dw      0
jret:   dw      0
sum:    dw      0, 0
