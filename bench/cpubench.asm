; emu86 CPU benchmark: a CPU-bound loop mixing ALU work, [bx+si+disp] loads and stores,
; CALL/RET, MUL, DIV, a short REP MOVSB and LOOP. Deterministic: same instructions and clocks
; on every run. Built twice: as a DOS .COM (ends with INT 21h/4Ch) and, with -DFLAT, as a flat
; image for tests/machine/guestrun (ends with the test service F1h 40h). -DREPEAT=N runs the
; whole loop N times (bench/run.sh times those: a longer run, less at the mercy of a moment's
; load on the host).
        cpu     8086
        org     0x100

%ifndef ITER
%define ITER 60000
%endif
%ifndef REPEAT
%define REPEAT 1
%endif

start:  cld
%if REPEAT > 1
        mov     word [rounds], REPEAT
again:
%endif
        mov     bp, ITER
outer:  mov     cx, 8
        xor     bx, bx
        mov     si, 4
inner:  mov     ax, [bx+si+data]        ; loads and stores through [bx+si+disp]
        add     ax, cx
        xor     ax, 0x5A5A
        adc     [bx+si+data+2], ax
        sub     dx, ax
        and     dx, 0x7FFF
        or      dx, 1
        shl     ax, 1
        rcr     dx, 1
        inc     bx
        inc     bx
        call    work
        loop    inner
        mov     si, data                ; a short block move
        mov     di, buf
        mov     cx, 16
        rep movsb
        dec     bp
        jnz     outer
%if REPEAT > 1
        dec     word [rounds]
        jnz     again
%endif
%ifdef FLAT
        mov     al, 0
        db      0xF1, 0x40
%else
        mov     ax, 0x4C00
        int     0x21
%endif

work:   push    cx
        mov     ax, [data]
        mov     cx, 7
        mul     cx                      ; DX:AX = AX * 7
        mov     cx, 13
        xor     dx, dx
        div     cx                      ; AX = AX / 13
        mov     [data+40], ax
        cmp     ax, dx
        jb      .small
        neg     ax
.small: pop     cx
        ret

data:   dw      1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 610, 987, 1597
        dw      2584, 4181, 6765, 10946, 17711, 28657, 46368, 9999
buf:    times 32 db 0
%if REPEAT > 1
rounds: dw      0
%endif
