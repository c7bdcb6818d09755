; A program that keeps reading after its input ended: each read gets Ctrl-Z, and after the
; configured number of such reads (dosrun --input-limit 5) the run ends (EMU_END_INPUT).
        cpu     8086
        org     0x100
main:   mov     ah, 0x08
        int     0x21
        jmp     main
