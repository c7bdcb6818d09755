; A hand-built MZ .EXE: 3-paragraph header, two relocations, a separate stack segment,
; min/max allocation. Checks what the loader did: CS:IP and SS:SP from the header relative to
; the image (PSP + 10h), DS = ES = PSP, relocated segment words, the block's size.
        cpu     8086

IMAGE_PARA_OF_DATA equ 0x20            ; data at image offset 200h
IMAGE_PARA_OF_STACK equ 0x30           ; stack at image offset 300h

        section header start=0 vstart=0
        db      'MZ'
        dw      file_size % 512
        dw      (file_size + 511) / 512
        dw      2                       ; relocations
        dw      3                       ; header paragraphs
        dw      0x0100                  ; min alloc (paragraphs after the image)
        dw      0x0400                  ; max alloc
        dw      IMAGE_PARA_OF_STACK     ; SS
        dw      0x0080                  ; SP
        dw      0                       ; checksum
        dw      start                   ; IP
        dw      0x0000                  ; CS: the image's first paragraph
        dw      reloc_table             ; relocation table offset
        dw      0                       ; overlay
reloc_table:
        dw      r1 + 1, 0               ; the immediate of "mov ax, DATA" (image offset)
        dw      far_ptr + 2, 0          ; the segment of a far pointer
        times   0x30 - ($ - $$) db 0

        section image start=0x30 vstart=0
        times   0x10 db 0x90            ; (IP starts past these)
start:  mov     [cs:psp_at], ds
r1:     mov     ax, IMAGE_PARA_OF_DATA
        mov     ds, ax
        mov     ah, 0x09
        mov     dx, msg - 0x200
        int     0x21
        mov     bx, [cs:psp_at]
        mov     ax, cs
        sub     ax, bx
        call    hex16                   ; CS - PSP = 10h
        mov     ax, ss
        sub     ax, bx
        call    hex16                   ; SS - PSP = 40h
        mov     ax, sp
        call    hex16                   ; 0080h
        mov     ax, ds
        sub     ax, bx
        call    hex16                   ; relocated: 10h + 20h = 30h
        mov     ax, [cs:far_ptr + 2]
        sub     ax, bx
        call    hex16                   ; 10h + 1234h
        mov     es, bx
        mov     ax, [es:2]
        sub     ax, bx
        call    hex16                   ; block: 10h + the header's pages less the header (3Dh) + max alloc
        mov     ax, 0x4C05
        int     0x21

hex16:  push    ax
        mov     al, ah
        call    hex8
        pop     ax
        call    hex8
        mov     dl, ' '
        mov     ah, 2
        int     0x21
        ret
hex8:   push    ax
        mov     cl, 4
        shr     al, cl
        call    nib
        pop     ax
        and     al, 15
nib:    add     al, '0'
        cmp     al, '9'
        jbe     .o
        add     al, 7
.o:     mov     dl, al
        mov     ah, 2
        int     0x21
        ret

psp_at: dw      0
far_ptr: dw     0x5678, 0x1234
        times   0x200 - ($ - $$) db 0
msg:    db      "an MZ .EXE", 13, 10, "$"
        times   0x300 - ($ - $$) db 0
        times   0x80 db 0               ; the stack
file_size equ 0x30 + ($ - $$)
