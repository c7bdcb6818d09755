; The memory arena: 48h/49h/4Ah/58h and the MCB chain (found through 52h, the word before the
; list of lists), as MS-DOS keeps it. A .COM program owns all free memory when it starts.
        cpu     8086
        org     0x100
%include "dos.inc"

main:
        call    chain
        PRINT   "alloc while owning all"
        mov     ah, 0x48
        mov     bx, 0x100
        int     0x21
        SHOWCF                          ; 8, BX = largest free (none)
        PRINT   "shrink own block to 1000h"
        mov     ah, 0x4A
        mov     bx, 0x1000
        int     0x21                    ; ES = PSP at start
        SHOWCF
        PRINT   "alloc 100h"
        mov     ah, 0x48
        mov     bx, 0x100
        int     0x21
        SHOWCF
        mov     [b1], ax
        PRINT   "alloc too much"
        mov     ah, 0x48
        mov     bx, 0xFFFF
        int     0x21
        SHOWCF
        mov     ax, bx
        PRINT   " largest "
        call    hex16
        call    crlf
        PRINT   "last fit"
        mov     ax, 0x5801
        mov     bx, 2
        int     0x21
        mov     ah, 0x48
        mov     bx, 0x10
        int     0x21
        SHOWCF                          ; the top of memory: 9FF0h
        mov     [b2], ax
        mov     ax, 0x5800
        int     0x21
        SHOWCF
        mov     ax, 0x5801
        xor     bx, bx
        int     0x21
        call    chain
        PRINT   "grow b1 past b2? no: b2 is at the top; grow b1 by 10h"
        mov     es, [b1]
        mov     ah, 0x4A
        mov     bx, 0x110
        int     0x21
        SHOWCF
        PRINT   "grow b1 too far"
        mov     es, [b1]
        mov     ah, 0x4A
        mov     bx, 0xF000
        int     0x21
        SHOWCF
        mov     ax, bx
        PRINT   " max "
        call    hex16
        call    crlf
        PRINT   "free b1"
        mov     es, [b1]
        mov     ah, 0x49
        int     0x21
        SHOWCF
        PRINT   "free a bad block"
        mov     ax, 0x5000
        mov     es, ax
        mov     ah, 0x49
        int     0x21
        SHOWCF                          ; 9
        PRINT   "memory top in PSP "
        mov     ax, [2]
        call    hex16
        call    crlf
        call    chain
        EXIT    0

; chain: the MCBs: segment, type, owner, size
chain:  push    es
        mov     ah, 0x52
        int     0x21
        mov     ax, [es:bx - 2]
.next:  mov     es, ax
        call    hex16
        call    space
        mov     al, [es:0]
        call    putc
        call    space
        mov     ax, [es:1]
        call    hex16
        call    space
        mov     ax, [es:3]
        call    hex16
        call    crlf
        cmp     byte [es:0], 'Z'
        je      .done
        mov     ax, es
        add     ax, [es:3]
        inc     ax
        jmp     .next
.done:  pop     es
        ret

b1:     dw      0
b2:     dw      0
