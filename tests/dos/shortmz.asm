; An MZ .EXE whose file is 2 bytes shorter than its header says (as MS-DOS 2.0's own SORT.EXE:
; its header says 1218 bytes, the file has 1216). MS-DOS loads it: its EXEC reads the header's
; whole 512-byte pages less the header (here 2 pages - 2 paragraphs = 3Eh paragraphs, which is
; also what it reserves) and refuses a file only when 512 bytes or more of that are missing.
; Prints the block size DOS gave (PSP:2 - PSP = 10h + 3Eh + max alloc 20h = 6Eh) and the word
; past the end of the file (memory as it was: zero here).
        cpu     8086

        section header start=0 vstart=0
        db      'MZ'
        dw      (file_size + 2) % 512   ; the header claims 2 bytes more than the file has
        dw      (file_size + 2 + 511) / 512
        dw      0                       ; relocations
        dw      2                       ; header paragraphs
        dw      0x0020                  ; min alloc
        dw      0x0020                  ; max alloc
        dw      0                       ; SS: the image's first paragraph
        dw      0x0400                  ; SP (in the reserved pages and the allocation)
        dw      0                       ; checksum
        dw      start                   ; IP
        dw      0                       ; CS
        dw      0x1C                    ; relocation table offset
        dw      0                       ; overlay
        times   0x20 - ($ - $$) db 0

        section image start=0x20 vstart=0
start:  mov     ax, cs
        mov     ds, ax
        mov     ah, 0x09
        mov     dx, msg
        int     0x21
        mov     ax, [es:2]              ; ES = PSP
        mov     bx, es
        sub     ax, bx
        call    hex16
        mov     ax, [last_word + 2]     ; past the end of the file
        call    hex16
        mov     ax, 0x4C06
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

msg:    db      "a short MZ .EXE ran", 13, 10, "$"
        times   0x300 - ($ - $$) db 0x90
last_word: dw   0x1234
file_size equ 0x20 + ($ - $$)
