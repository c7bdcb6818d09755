; The block cache's dead flags (cache/dead_flags.inc; run by tests/machine/block_cache.sh and
; its --phases) beside the flags that are read: each unit is a producer (CMP, SUB, ADD, AND,
; TEST, OR, XOR in register, immediate and memory forms, bytes and words; INC and DEC of a
; register), neutral moves, two conditional jumps that read its flags (every condition but JO,
; JNO, JP, JNP over the units), an ADD whose flags are dead (the ADD after it overwrites them)
; and a rotate. The operands change at every pass (a xorshift), equal, signed and unsigned
; orders, INC's 7FFFh and FFFFh included, so that a jump that read flags worked out wrongly, or
; not at all, would go the wrong way. Which way each went goes into a checksum: the runs with
; and without the cache must agree on it, on the clocks, and on every profile. Each unit ends
; with an instruction that has no decoded form and may change IF (POPF), so that a tick is met
; where it falls (--phases: at every phase), not after the pass: one while a node's opcode is
; read runs that node outside the replay's loop (replay_pre), and the pass goes on after it.
; (It caught a fusion of the jumps with their producer, measured and not kept, that lost a
; producer's operands there: bench/RESULTS.md, 2026-11-29.)
        cpu     8086
        org     0x100

; UNIT_AT word, producer, jcc1, jcc2: the operands in AX (from [word]), BX (from [vb]); UNIT
; producer, jcc1, jcc2: AX from [va]
%define UNIT UNIT_AT va,
%macro  UNIT_AT 4
        mov     ax, [%1]
        mov     bx, [vb]
        %2
        mov     si, 0
        %3      %%a
        mov     si, 1
%%a:    mov     di, 0
        %4      %%b
        mov     di, 2
%%b:    add     si, di                  ; (its flags dead: the next ADD's overwrite them)
        add     bp, si
        rol     bp, 1
        pushf                           ; (POPF: no decoded form, and it may change IF: a tick
        popf                            ; in the block is met where it falls, not after it)
%endmacro

start:  mov     word [sum], 0
        mov     word [sum+2], 0
        mov     word [x], 0xACE1
        xor     bp, bp
        mov     cx, 2500
pass:   push    cx
        mov     ax, [x]                 ; xorshift: x ^= x << 7; x ^= x >> 9; x ^= x << 8
        mov     bx, ax
        mov     cl, 7
        shl     bx, cl
        xor     ax, bx
        mov     bx, ax
        mov     cl, 9
        shr     bx, cl
        xor     ax, bx
        mov     bx, ax
        mov     cl, 8
        shl     bx, cl
        xor     ax, bx
        mov     [x], ax
        mov     bx, ax
        and     ax, 0x8383              ; small values: equal ones are common, signs vary
        mov     [va], ax
        mov     cl, 3
        shr     bx, cl
        and     bx, 0x8383
        mov     [vb], bx
        mov     ax, [x]
        or      ax, 0x7FFC              ; 7FFCh to 7FFFh and FFFCh to FFFFh: for INC and DEC
        mov     [vc], ax

        UNIT    {cmp ax, bx}, jb, jl
        UNIT    {cmp ax, bx}, ja, jg
        UNIT    {cmp ax, bx}, je, jbe
        UNIT    {cmp ax, bx}, jae, jle
        UNIT    {cmp ax, bx}, js, jge
        UNIT    {cmp ax, bx}, jne, jns
        UNIT    {cmp al, bl}, jb, jl
        UNIT    {cmp al, bl}, ja, jle
        UNIT    {cmp ah, bh}, js, jg
        UNIT    {cmp ax, 0x0101}, jbe, jl
        UNIT    {cmp bx, byte -125}, jae, jg
        UNIT    {cmp [va], bx}, jb, jge
        UNIT    {cmp bl, [va]}, ja, jl
        UNIT    {sub ax, bx}, jb, jl
        UNIT    {sub ax, bx}, je, jg
        UNIT    {sub al, bl}, jbe, js
        UNIT    {sub bx, 0x0280}, jae, jle
        UNIT    {add ax, bx}, jb, jl
        UNIT    {add ax, bx}, ja, jle
        UNIT    {add al, bl}, jae, jg
        UNIT    {add ax, 0x7E7E}, js, jge
        UNIT    {add [va], bx}, jbe, jl
        UNIT    {and ax, bx}, je, jl
        UNIT    {and al, bl}, js, jg
        UNIT    {test ax, bx}, jne, jle
        UNIT    {test al, 0x81}, jae, js
        UNIT    {test [va], bx}, ja, jge
        UNIT    {or ax, bx}, je, jl
        UNIT    {or bl, al}, jns, jg
        UNIT    {xor ax, bx}, je, jle
        UNIT    {xor al, bl}, js, jge
        UNIT    {xor bx, [va]}, jb, ja
        UNIT_AT vc, {inc ax}, jl, je     ; INC and DEC of a register
        UNIT_AT vc, {dec ax}, jg, jbe    ; (CF: DEC leaves it as the POPF before left it)
        UNIT_AT vb, {inc ax}, js, jne

        add     [sum], bp
        adc     word [sum+2], 0
        pop     cx
        dec     cx
        jz      done
        jmp     pass
done:   jmp     sum_exit

%include "hex4.inc"
%include "sum_exit.inc"

x:      dw      0
va:     dw      0
vb:     dw      0
vc:     dw      0
sum:    dw      0, 0
