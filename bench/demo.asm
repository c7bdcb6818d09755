; emu86 demo guest: a small DOS program with a few routines of different weight, to show what a
; profile looks like (scripts/demo.sh runs it with --profil and prints the report).
;   sieve   - the primes below 8,192 (Eratosthenes), counted
;   fill    - 600 pseudo-random words (a linear congruential generator)
;   sort    - insertion sort of those words (the hot spot: about n^2/4 moves)
;   sum     - a checksum of the sorted array
;   print   - decimal output through INT 21h (DOS and BIOS time)
; Assemble: nasm -f bin -o demo.com demo.asm   (writes demo.map for the report's symbols)
        cpu     8086
        org     0x100
        [map all demo.map]

N_SIEVE equ 8192
N_SORT  equ 600

main:   cld
        call    sieve
        mov     si, msg_primes
        call    print_str
        call    print_dec
        call    fill
        call    sort
        call    sum
        push    ax
        mov     si, msg_sum
        call    print_str
        pop     ax
        call    print_dec
        mov     ax, 0x4C00
        int     0x21

; sieve: AX = number of primes below N_SIEVE
sieve:  mov     di, flags
        mov     cx, N_SIEVE
        mov     al, 1
        rep     stosb
        mov     bx, 2
.next:  mov     ax, bx
        mul     bx
        cmp     ax, N_SIEVE
        jae     .count
        cmp     byte [flags + bx], 0
        je      .skip
        mov     di, ax
.mark:  mov     byte [flags + di], 0
        add     di, bx
        cmp     di, N_SIEVE
        jb      .mark
.skip:  inc     bx
        jmp     .next
.count: xor     ax, ax
        mov     si, flags + 2
        mov     cx, N_SIEVE - 2
.cnt:   add     al, [si]
        adc     ah, 0
        inc     si
        loop    .cnt
        ret

; fill: N_SORT words from x' = 25173 x + 13849
fill:   mov     di, array
        mov     cx, N_SORT
        mov     ax, 12345
.f:     mov     dx, 25173
        mul     dx
        add     ax, 13849
        stosw
        loop    .f
        ret

; sort: insertion sort of the words at array
sort:   mov     si, 2
.outer: cmp     si, N_SORT * 2
        jae     .done
        mov     ax, [array + si]
        mov     di, si
.inner: or      di, di
        jz      .place
        mov     dx, [array + di - 2]
        cmp     dx, ax
        jbe     .place
        mov     [array + di], dx
        sub     di, 2
        jmp     .inner
.place: mov     [array + di], ax
        add     si, 2
        jmp     .outer
.done:  ret

; sum: AX = the sum of the array's words rotated by their index
sum:    mov     si, array
        mov     cx, N_SORT
        xor     bx, bx
.s:     lodsw
        push    cx
        and     cl, 15
        rol     ax, cl
        pop     cx
        add     bx, ax
        loop    .s
        mov     ax, bx
        ret

; print_str: the $-terminated string at SI
print_str:
        mov     dx, si
        mov     ah, 0x09
        int     0x21
        ret

; print_dec: AX in decimal, then CR LF
print_dec:
        mov     bx, 10
        xor     cx, cx
.div:   xor     dx, dx
        div     bx
        push    dx
        inc     cx
        or      ax, ax
        jnz     .div
.out:   pop     dx
        add     dl, '0'
        mov     ah, 0x02
        int     0x21
        loop    .out
        mov     dx, crlf
        mov     ah, 0x09
        int     0x21
        ret

msg_primes: db  'primes below 8192: $'
msg_sum:    db  'checksum of the sorted numbers: $'
crlf:       db  13, 10, '$'

        section .bss
flags:  resb    N_SIEVE
array:  resw    N_SORT
