; INT 21h AH=30h: the version emu86 was told to report (--dos-version), printed as "X.YY".
        cpu     8086
        org     0x100
%include "dos.inc"
main:   mov     ah, 0x30
        int     0x21
        push    ax
        add     al, '0'
        call    putc
        mov     al, '.'
        call    putc
        pop     ax
        mov     al, ah
        aam                             ; AH = tens, AL = units
        add     ax, 0x3030
        xchg    al, ah
        call    putc
        mov     al, ah
        call    putc
        call    crlf
        EXIT    0
