; The program behind sample.map (a NASM map of a .COM): `nasm -f bin -o sample.com sample.asm`
; writes the map as well. Only the map is used by the tests; the code need not run.
[map all sample.map]
        org 100h
section .text
start:  mov cx, 1000
main_loop:
        call compute
        call print_num
        loop main_loop
        mov ax, 4C00h
        int 21h
compute:
        xor ax, ax
.inner: add ax, cx
        times 90 nop
        ret
print_num:
        mov ah, 2
        mov dl, '*'
        int 21h
        times 300 nop
        ret
copy_block:
        rep movsb
        times 200 nop
        ret
section .data follows=.text
message: db "sample", 13, 10, "$"
table:  times 300 db 0
