; Prints through INT 10h teletype and exits with status 3.
        cpu 8086
        org 0x100
        mov si, msg
.next:  lodsb
        test al, al
        jz .done
        mov ah, 0x0E
        xor bh, bh
        int 0x10
        jmp .next
.done:  mov al, 3
        db 0xF1, 0x40
msg:    db "Hello from the free BIOS", 13, 10, 0
