; Every way a program can end, chosen by its command tail's first letter, for the rule that a
; profile is written whichever way the run ends:
;   x  INT 21h/4Ch with code 3        t  INT 21h/31h (terminate and stay resident)
;   i  INT 20h                        k  INT 27h (terminate and stay resident)
;   c  read the console until Ctrl-C (INT 23h's default: the program is aborted)
;   l  loop forever (for --max-cycles and host signals)
; Each first spins a while so that there are samples.
        cpu     8086
        org     0x100

main:   mov     cx, 20000
.spin:  loop    .spin
        mov     al, [0x82]              ; first letter of the command tail (after the blank)
        cmp     al, 'x'
        je      by_4c
        cmp     al, 'i'
        je      by_int20
        cmp     al, 't'
        je      by_31
        cmp     al, 'k'
        je      by_27
        cmp     al, 'c'
        je      by_ctrlc
forever:
        inc     ax
        jmp     forever
by_4c:  mov     ax, 0x4C03
        int     0x21
by_int20:
        int     0x20
by_31:  mov     ax, 0x3100
        mov     dx, 0x20
        int     0x21
by_27:  mov     dx, 0x200
        int     0x27
by_ctrlc:
        mov     ah, 0x01                ; read with echo: Ctrl-C goes through INT 23h
        int     0x21
        jmp     by_ctrlc
