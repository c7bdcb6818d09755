; A UNIX filter: standard input to standard output in upper case, 100 bytes at a time with
; 3Fh/40h, until 3Fh reads nothing. Bytes pass unchanged otherwise (LF stays LF, CR stays CR,
; 1Ah is just a byte in a file). `emu86 filter.com < in > out`.
        cpu     8086
        org     0x100

main:   mov     ah, 0x3F
        xor     bx, bx
        mov     cx, 100
        mov     dx, buf
        int     0x21
        jc      fail
        test    ax, ax
        jz      done
        mov     cx, ax
        mov     si, buf
.up:    mov     al, [si]
        cmp     al, 'a'
        jb      .n
        cmp     al, 'z'
        ja      .n
        sub     byte [si], 32
.n:     inc     si
        loop    .up
        mov     cx, ax
        mov     cx, si
        sub     cx, buf
        mov     ah, 0x40
        mov     bx, 1
        mov     dx, buf
        int     0x21
        jmp     main
done:   mov     ax, 0x4C00
        int     0x21
fail:   mov     ax, 0x4C01
        int     0x21
buf:    times   100 db 0
