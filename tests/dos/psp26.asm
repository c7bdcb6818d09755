; 26h (create PSP) and the ends of a process made with it, as MS-DOS 2.0-4.0 do them (their
; $CREATE_PROCESS_DATA_BLOCK, $ABORT, $EXIT and reset_environment):
; - 26h copies the caller's PSP, its parent included (the new PSP is not a new process: its
;   parent is the caller's parent), and its handle table (no file gains a reference); INT 22h-24h
;   in the copy are the current vectors; its CALL 5 address is computed for its own segment.
;   The source is the caller's CS whatever it holds: COMMAND.COM 1.x calls 26h from its transient
;   segment, where it put the command tail at 80h (the copy carries it to the program's PSP).
; - INT 20h from it while its maker is the current process (DEBUG's G command): the PSP at the
;   caller's CS gives INT 22h-24h back, nothing is freed or closed, the maker stays current and
;   gets, at INT 22h, the stack and registers of its last INT 21h as that call returned them.
; - Surprising but true: after 50h makes it current, INT 20h ends it as a process. Its parent,
;   copied from its maker, is the maker's parent (here the shell), which becomes current, and its
;   handle table, a copy of the maker's, is closed: the maker's file is closed with it.
; - 4Ch always ends the current process: from the 26h PSP with its maker current, it ends the
;   maker (here the first program: the run ends with the code).
        cpu     8086
        org     0x100
%include "dos.inc"

main:   mov     ah, 0x4A
        mov     bx, 0x1000
        int     0x21
        mov     ah, 0x3C
        xor     cx, cx
        mov     dx, fname
        int     0x21
        mov     [fh], ax
        mov     ah, 0x48
        mov     bx, 0x20
        int     0x21
        mov     [kid], ax

        mov     dx, back1
        call    make_kid
        PRINT   "26h copy: parent "
        mov     es, [kid]
        mov     ax, [es:0x16]
        sub     ax, [0x16]
        call    hex16                   ; 0000: the caller's parent
        PRINT   " file handle "
        mov     bx, [fh]
        mov     al, [es:bx + 0x18]
        sub     al, [bx + 0x18]
        call    hex8                    ; 00: the same file-table entry
        PRINT   " INT 22h "
        mov     ax, [es:0x0A]
        sub     ax, back1
        call    hex16                   ; 0000
        PRINT   " top "
        mov     ax, [es:2]
        sub     ax, [2]
        call    hex16                   ; 0000: the caller's
        PRINT   " CALL 5 "
        mov     ax, [es:6]
        call    hex16                   ; FEF0: 64 KiB or more to the top
        mov     ah, 0x26
        mov     dx, 0x9F00              ; 100h paragraphs below the top (free memory)
        int     0x21
        mov     es, dx
        call    space
        mov     ax, [es:6]
        call    hex16                   ; 0F00: (100h - 10h) paragraphs in bytes
        mov     al, ':'
        call    putc
        mov     ax, [es:8]
        call    hex16                   ; FF1C: the far address is still 0000:00C0
        call    crlf
        ; 26h called from a segment that is not a PSP (as COMMAND.COM 1.x calls it from its
        ; transient part): the 256 bytes at the caller's CS are copied, its tail at 80h too
        mov     ax, cs
        add     ax, 0x0800              ; a segment in our block, 32 KiB up (not a PSP)
        mov     es, ax
        mov     di, 0x80
        mov     si, faketail
        mov     cx, faketail_end - faketail
        rep     movsb
        mov     di, 0x100
        mov     si, stub26
        mov     cx, stub26_end - stub26
        rep     movsb
        mov     dx, [kid]
        push    cs
        mov     bx, .back
        push    bx
        push    es
        mov     bx, 0x100
        push    bx
        retf                            ; to the stub: 26h, then RETF here
.back:  PRINT   "26h from a non-PSP segment: tail ["
        mov     es, [kid]
        mov     cl, [es:0x80]
        xor     ch, ch
        mov     si, 0x81
.tail:  mov     al, [es:si]
        call    putc
        inc     si
        loop    .tail
        PRINT   "]", 13, 10
        mov     es, [kid]

        mov     word [es:0x100], 0x20CD ; the kid: INT 20h
        mov     si, 0x1111
        mov     di, 0x2222
        mov     bp, 0x3333
        mov     [savesp], sp
        mov     ah, 0x19                ; the last INT 21h before the jump: AL = 2 (C:)
        int     0x21
        mov     ax, 0xFFFF
        mov     si, ax
        mov     di, ax
        mov     bp, ax
        call    jump_kid
back1:  mov     [cs:r_ax], ax
        mov     [cs:r_si], si
        mov     [cs:r_di], di
        mov     [cs:r_bp], bp
        mov     [cs:r_sp], sp
        mov     ax, cs
        mov     ds, ax
        PRINT   "INT 20h, maker current: AX SI DI BP "
        mov     ax, [r_ax]
        call    hex16                   ; 1902: the results of the 19h call
        call    space
        mov     ax, [r_si]
        call    hex16
        call    space
        mov     ax, [r_di]
        call    hex16
        call    space
        mov     ax, [r_bp]
        call    hex16
        PRINT   " SP "
        mov     ax, [r_sp]
        sub     ax, [savesp]
        call    hex16                   ; 0000: the stack of that call, its frame popped
        call    current
        PRINT   13, 10, "  maker's file"
        call    write_file              ; still open
        mov     ah, 0x4D
        int     0x21
        PRINT   "  4Dh "
        call    hex16                   ; 0000
        call    crlf

        mov     dx, back2
        call    make_kid
        mov     es, [kid]
        mov     word [es:0x100], 0x20CD
        mov     ah, 0x50
        mov     bx, es
        int     0x21
        call    jump_kid
back2:  mov     ax, cs
        mov     ds, ax
        mov     ss, ax
        mov     sp, 0xFFF0
        PRINT   "INT 20h, kid current:"
        call    current                 ; the shell (the maker's parent): 0301h - 0400h
        mov     ah, 0x50
        mov     bx, cs
        int     0x21
        PRINT   13, 10, "  maker's file"
        call    write_file              ; closed with the kid's handles: 6
        mov     ah, 0x4D
        int     0x21
        PRINT   "  4Dh "
        call    hex16
        call    crlf

        PRINT   "4Ch from the kid, maker current: the maker ends", 13, 10
        mov     dx, back3
        call    make_kid
        mov     es, [kid]
        mov     word [es:0x100], 0x09B8 ; mov ax, 4C09h
        mov     word [es:0x102], 0xCD4C
        mov     byte [es:0x104], 0x21   ; int 21h
        call    jump_kid
back3:  mov     ax, cs
        mov     ds, ax
        PRINT   "not reached", 13, 10
        EXIT    1

; the kid's PSP with INT 22h = DX
make_kid:
        mov     ax, 0x2522
        int     0x21
        mov     ah, 0x26
        mov     dx, [kid]
        int     0x21
        ret

jump_kid:
        push    word [kid]
        mov     ax, 0x100
        push    ax
        retf

current:
        PRINT   " current PSP - me "
        mov     ah, 0x62
        int     0x21
        mov     ax, bx
        mov     bx, cs
        sub     ax, bx
        call    hex16
        ret

write_file:
        mov     ah, 0x40
        mov     bx, [fh]
        mov     cx, 4
        mov     dx, fname
        int     0x21
        SHOWCF
        ret

faketail: db    5, " tail", 13
faketail_end:
stub26: mov     ah, 0x26                ; at the fake segment's 100h
        int     0x21
        retf
stub26_end:
fname:  db      "KEPT.TXT", 0
fh:     dw      0
kid:    dw      0
savesp: dw      0
r_ax:   dw      0
r_si:   dw      0
r_di:   dw      0
r_bp:   dw      0
r_sp:   dw      0
