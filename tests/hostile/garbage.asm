; A program that jumps into memory nobody wrote (zeros: ADD [BX+SI],AL forever, wrapping
; around its segment): it never ends by itself; --max-cycles must stop it (124), with its
; profile written.
        cpu     8086
        org     0x100
        jmp     0x8000:0x0000
