; INT 16h with scripted keys: peek (AH=1), then read (AH=0) until Esc; prints each AX in hex.
        cpu     8086
        org     0x100
%include "lib.inc"
main:   mov     ah, 1
        int     0x16
        jz      .none
        PRINT   "peek "
        call    hex16
        call    crlf
.read:  xor     ah, ah
        int     0x16
        call    hex16
        call    crlf
        cmp     al, 27
        jne     .read
        mov     ah, 1
        int     0x16
        jnz     .more
        PRINT   "empty"
        call    crlf
        EXIT    0
.more:  EXIT    1
.none:  PRINT   "no key"
        EXIT    2
