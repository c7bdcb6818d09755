; HLT with interrupts disabled: nothing can wake the CPU; emu86 must say so and end (126).
        cpu     8086
        org     0x100
        mov     ah, 0x09
        mov     dx, msg
        int     0x21
        cli
        hlt
msg:    db      'halting with IF=0', 13, 10, '$'
