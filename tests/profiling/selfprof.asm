; The guest-callable profil service at work: a program that profiles itself through emu86's
; INT 2Fh service (profiler/guest/emu86prof.inc) and prints its own histogram, as a UNIX
; program reads the buffer profil(2) filled. System V rule, pc = IP, scale 1000h (1/16): each
; 16-bit counter covers 32 bytes of code from the offset "work".
        cpu     8086
        org     0x100
%include "emu86prof.inc"

main:   EMU86PROF_CHECK
        jne     .absent
        call    pre                     ; (before profil: not counted)
        mov     dx, msg_inst
        call    puts
        ; profil(hist, sizeof hist, work, 0x1000)
        mov     word [args + profil_args.buf_off], hist
        mov     [args + profil_args.buf_seg], ds
        mov     word [args + profil_args.bufsiz], HIST_BYTES
        mov     word [args + profil_args.offset], work
        mov     word [args + profil_args.scale], 0x1000
        mov     byte [args + profil_args.flavour], EMU86PROF_SYSV
        mov     byte [args + profil_args.pc_mode], EMU86PROF_PC_IP
        mov     bx, args
        EMU86PROF_PROFIL
        jc      .failed
        call    work
        EMU86PROF_TICKS                 ; DX:AX = ticks counted in hist
        push    ax
        ; profil(0, 0, 0, 0): stop
        mov     di, args
        mov     cx, profil_args_size
        xor     al, al
        rep     stosb
        mov     bx, args
        EMU86PROF_PROFIL
        mov     dx, msg_ticks
        call    puts
        pop     ax
        call    putdec
        call    crlf
        call    show
        mov     ax, 0x4C00
        int     0x21
.absent:
        mov     dx, msg_absent
        call    puts
        mov     ax, 0x4C01
        int     0x21
.failed:
        mov     dx, msg_failed
        call    puts
        mov     ax, 0x4C02
        int     0x21

; The profiled code: three routines 32 bytes apart, busy 4:2:1.
        align   32
work:   mov     si, 25
.again: mov     cx, 1009
        call    busy_a
        mov     cx, 503
        call    busy_b
        mov     cx, 251
        call    busy_c
        dec     si
        jnz     .again
        ret
        align   32
busy_a: add     ax, bx
        loop    busy_a
        ret
        align   32
busy_b: add     ax, bx
        loop    busy_b
        ret
        align   32
busy_c: add     ax, bx
        loop    busy_c
        ret
; Run before the profil call, inside the profiled range: its counter must stay 0 (the host's
; own --profil samples of it, taken before, are not the guest's).
        align   32
pre:    mov     cx, 20000
.again: add     ax, bx
        loop    .again
        ret
work_end:

; show: one line per non-empty counter: its code range, count and a bar (a '*' per 4 ticks)
show:   xor     si, si
.next:  cmp     si, HIST_BYTES
        jae     .done
        mov     ax, [hist + si]
        or      ax, ax
        jz      .skip
        push    ax
        mov     ax, si                  ; counter i covers work + 32 i .. + 31
        shl     ax, 1
        shl     ax, 1
        shl     ax, 1
        shl     ax, 1
        add     ax, work
        call    puthex
        mov     dl, '-'
        call    putc
        add     ax, 31
        call    puthex
        mov     dl, ' '
        call    putc
        pop     ax
        push    ax
        call    putdec
        mov     dl, ' '
        call    putc
        pop     cx
        shr     cx, 1
        shr     cx, 1
        jcxz    .nl
.bar:   mov     dl, '*'
        call    putc
        loop    .bar
.nl:    call    crlf
.skip:  add     si, 2
        jmp     .next
.done:  ret

puts:   mov     ah, 0x09
        int     0x21
        ret
putc:   push    ax
        mov     ah, 0x02
        int     0x21
        pop     ax
        ret
crlf:   mov     dx, msg_crlf
        jmp     puts
; putdec: AX in decimal
putdec: push    ax
        push    bx
        push    cx
        push    dx
        mov     bx, 10
        xor     cx, cx
.div:   xor     dx, dx
        div     bx
        push    dx
        inc     cx
        or      ax, ax
        jnz     .div
.out:   pop     dx
        add     dl, '0'
        call    putc
        loop    .out
        pop     dx
        pop     cx
        pop     bx
        pop     ax
        ret
; puthex: AX as 4 hex digits
puthex: push    ax
        push    cx
        push    dx
        mov     cx, 4
.dig:   rol     ax, 1
        rol     ax, 1
        rol     ax, 1
        rol     ax, 1
        mov     dl, al
        and     dl, 0x0F
        add     dl, '0'
        cmp     dl, '9'
        jbe     .pr
        add     dl, 'A' - '9' - 1
.pr:    call    putc
        loop    .dig
        pop     dx
        pop     cx
        pop     ax
        ret

msg_inst:   db  'emu86 profil service installed', 13, 10, '$'
msg_absent: db  'no emu86 profil service', 13, 10, '$'
msg_failed: db  'profil failed', 13, 10, '$'
msg_ticks:  db  'ticks counted: $'
msg_crlf:   db  13, 10, '$'

HIST_BYTES equ ((work_end - work + 31) / 32) * 2
args:   istruc profil_args
        iend
hist:   times HIST_BYTES db 0
