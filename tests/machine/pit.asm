; 8253 from a guest: latched reads across a known sequence, modes 0/2/3, BCD, LSB/MSB-only
; access, OUT2 on port 61h, and channel 0 reprogrammed faster. Each check prints ok or BAD
; with the values seen; the expected output is all ok.
        cpu     8086
        org     0x100
%include "lib.inc"


; latch channel 2 and read LSB/MSB into AX
latch2: mov     al, 0x80
        out     0x43, al
        in      al, 0x42
        mov     ah, al
        in      al, 0x42
        xchg    al, ah
        ret

main:   cli
        in      al, 0x61
        or      al, 1                   ; gate 2 on, speaker off
        and     al, 0xFD
        out     0x61, al

        ; --- mode 0, count 1000: two latched reads 20 NOPs apart differ by a few clocks
        mov     al, 0xB0                ; ch2, LSB/MSB, mode 0, binary
        out     0x43, al
        mov     al, 0xE8
        out     0x42, al
        mov     al, 0x03
        out     0x42, al
        call    latch2
        mov     bx, ax
        times 20 nop
        call    latch2
        PRINT   "mode0 first<=1000 "
        cmp     bx, 1000
        call    okif_be
        sub     bx, ax                  ; ticks between the two latches
        PRINT   "mode0 delta 10..40 "
        cmp     bx, 10
        call    okif_ae_lo
        cmp     bx, 40
        call    okif_be

        ; --- mode 0 reaches terminal count: OUT2 goes high, counter wraps below zero
        mov     cx, 400
.w0:    loop    .w0
        PRINT   "mode0 out2 high "
        in      al, 0x61
        test    al, 0x20
        call    okif_nz
        call    latch2
        PRINT   "mode0 wrapped "
        cmp     ax, 1000
        call    okif_a

        ; --- mode 3, count 100: values are even and within 2..100
        mov     al, 0xB6
        out     0x43, al
        mov     al, 100
        out     0x42, al
        xor     al, al
        out     0x42, al
        mov     cx, 8
        mov     di, 0
.m3:    call    latch2
        test    al, 1
        jnz     .m3bad
        cmp     ax, 100
        ja      .m3bad
        cmp     ax, 2
        jb      .m3bad
        jmp     .m3next
.m3bad: inc     di
.m3next: push   cx
        mov     cx, 3
.m3d:   loop    .m3d
        pop     cx
        loop    .m3
        PRINT   "mode3 even values "
        test    di, di
        call    okif_z

        ; OUT2 toggles in mode 3: sample it until both levels were seen
        xor     bx, bx                  ; bl: seen low, bh: seen high
        mov     cx, 2000
.t3:    in      al, 0x61
        test    al, 0x20
        jz      .lo
        mov     bh, 1
        jmp     .t3n
.lo:    mov     bl, 1
.t3n:   loop    .t3
        PRINT   "mode3 out2 toggles "
        and     bl, bh
        call    okif_nz_bl

        ; --- mode 2 BCD, count 1000 (written as 1000h): digits stay decimal
        mov     al, 0xB5                ; ch2, LSB/MSB, mode 2, BCD
        out     0x43, al
        xor     al, al
        out     0x42, al
        mov     al, 0x10
        out     0x42, al
        mov     cx, 6
        xor     di, di
.bcd:   call    latch2
        mov     dx, ax
        push    cx
        mov     cx, 4
.dig:   mov     al, dl
        and     al, 0x0F
        cmp     al, 9
        jbe     .dok
        inc     di
.dok:   push    cx
        mov     cl, 4
        shr     dx, cl
        pop     cx
        loop    .dig
        pop     cx
        push    cx
        mov     cx, 7
.bd:    loop    .bd
        pop     cx
        loop    .bcd
        PRINT   "bcd digits "
        test    di, di
        call    okif_z

        ; --- LSB-only access (mode 2, count 200): reads give one byte below 200
        mov     al, 0x94                ; ch2, LSB only, mode 2
        out     0x43, al
        mov     al, 200
        out     0x42, al
        nop
        nop
        in      al, 0x42
        PRINT   "lsb only "
        cmp     al, 200
        call    okif_be

        ; --- MSB-only access (mode 2, count 2000h): the MSB counts down from 20h
        mov     al, 0xA4                ; ch2, MSB only, mode 2
        out     0x43, al
        mov     al, 0x20
        out     0x42, al
        nop
        nop
        in      al, 0x42
        PRINT   "msb only "
        cmp     al, 0x20
        call    okif_be

        ; --- channel 0 at 1193 PIT clocks per tick (about 1 kHz): the BIOS counts faster
        push    ds
        mov     ax, 0x40
        mov     ds, ax
        mov     bx, [0x6C]
        pop     ds
        mov     al, 0x34                ; ch0, LSB/MSB, mode 2
        out     0x43, al
        mov     ax, 1193
        out     0x40, al
        mov     al, ah
        out     0x40, al
        sti
        mov     cx, 14000               ; about 240,000 clocks: 50 ticks of 1193 PIT clocks
.fast:  loop    .fast
        cli
        mov     al, 0x36                ; back to 65536, mode 3
        out     0x43, al
        xor     al, al
        out     0x40, al
        out     0x40, al
        push    ds
        mov     ax, 0x40
        mov     ds, ax
        mov     ax, [0x6C]
        pop     ds
        sub     ax, bx
        PRINT   "fast ticks 40..60 "
        cmp     ax, 40
        call    okif_ae_lo
        cmp     ax, 60
        call    okif_be
        EXIT    0

; verdicts from flags (each prints ok or BAD and a newline, except *_lo which only prints BAD)
okif_be: jbe    ok
        jmp     bad
okif_a: ja      ok
        jmp     bad
okif_nz: jnz    ok
        jmp     bad
okif_z: jz      ok
        jmp     bad
okif_nz_bl:
        test    bl, bl
        jnz     ok
        jmp     bad
okif_ae_lo:
        jae     .r
        PRINT   "BAD(low) "
.r:     ret
ok:     PRINT   "ok"
        call    crlf
        ret
bad:    PRINT   "BAD"
        call    crlf
        ret
