; A hostile guest that tries to change host files it never opened for writing: absolute disk
; writes (INT 26h), writes and truncations through a handle opened for reading (also after 45h
; and 46h), 57h on such a handle, opening, creating and deleting a read-only file, and FCB
; tricks: an FCB whose size field and "dirty" bit are changed before the close, block writes of
; no records (which set a file's size) on a read-only file, and a forged FCB naming the system
; file table entry of a handle. Every attempt must fail or change nothing; run.sh compares the
; folder (contents, sizes, times, permissions) before and after. The exit code is the number
; of attempts that succeeded where they must not.
;   VICTIM.TXT: a writable file; RO.TXT: a read-only one (no write permission on the host).
        cpu     8086
        org     0x100
%include "dos.inc"

; REFUSED "what": carry must be set after the call
%macro REFUSED 1
        jc      %%ok
        PRINT   "FAIL: ", %1, 13, 10
        inc     byte [fails]
%%ok:
%endmacro
; FCB_REFUSED "what": AL must not be 0 after an FCB call
%macro FCB_REFUSED 1
        test    al, al
        jnz     %%ok
        PRINT   "FAIL: ", %1, 13, 10
        inc     byte [fails]
%%ok:
%endmacro

main:
        ; ---- absolute writes: the boot sector, the FAT, a file's data
        mov     dx, 0
        call    int26
        REFUSED "INT 26h boot sector"
        mov     dx, 1
        call    int26
        REFUSED "INT 26h FAT"
        mov     dx, 100
        call    int26
        REFUSED "INT 26h data"

        ; ---- a handle opened for reading
        mov     ax, 0x3D00
        mov     dx, victim
        int     0x21
        jnc     .opened
        PRINT   "FAIL: cannot open VICTIM.TXT", 13, 10
        EXIT    99
.opened:
        mov     [h], ax
        mov     bx, ax
        mov     ah, 0x40
        xor     cx, cx
        int     0x21
        REFUSED "write of 0 bytes (truncate) on a read handle"
        mov     ax, 0x4200
        mov     bx, [h]
        xor     cx, cx
        mov     dx, 5
        int     0x21
        mov     ah, 0x40
        mov     bx, [h]
        xor     cx, cx
        int     0x21
        REFUSED "truncate at 5 on a read handle"
        mov     ah, 0x40
        mov     bx, [h]
        mov     cx, 4
        mov     dx, junk
        int     0x21
        REFUSED "write on a read handle"
        mov     ah, 0x45
        mov     bx, [h]
        int     0x21
        mov     [h2], ax
        mov     bx, ax
        mov     ah, 0x40
        xor     cx, cx
        int     0x21
        REFUSED "truncate through a duplicate (45h)"
        ; the read handle made standard output (46h), then written to
        mov     ah, 0x45
        mov     bx, 1
        int     0x21
        mov     [saved1], ax
        mov     ah, 0x46
        mov     bx, [h]
        mov     cx, 1
        int     0x21
        mov     ah, 0x40
        mov     bx, 1
        mov     cx, 4
        mov     dx, junk
        int     0x21
        pushf
        mov     ah, 0x46
        mov     bx, [saved1]
        mov     cx, 1
        int     0x21
        popf
        REFUSED "write through 46h onto standard output"
        ; 57h on a read handle: the guest sees the time it set, the host file keeps its own
        mov     ax, 0x5701
        mov     bx, [h]
        mov     cx, 0
        mov     dx, 0x0021
        int     0x21
        mov     ax, 0x5700
        mov     bx, [h]
        int     0x21
        cmp     dx, 0x0021
        je      .time_ok
        PRINT   "FAIL: 57h does not give back the time set", 13, 10
        inc     byte [fails]
.time_ok:
        mov     ah, 0x3E
        mov     bx, [h2]
        int     0x21

        ; ---- the read-only file
        mov     ax, 0x3D01
        mov     dx, ro
        int     0x21
        REFUSED "open RO.TXT for writing"
        mov     ax, 0x3D02
        mov     dx, ro
        int     0x21
        REFUSED "open RO.TXT for reading and writing"
        mov     ah, 0x3C
        xor     cx, cx
        mov     dx, ro
        int     0x21
        REFUSED "create over RO.TXT"
        mov     ah, 0x5B
        xor     cx, cx
        mov     dx, victim
        int     0x21
        REFUSED "create new over VICTIM.TXT"
        mov     ah, 0x41
        mov     dx, ro
        int     0x21
        REFUSED "delete RO.TXT"

        ; ---- FCBs
        ; opened, never written: its size field 0, its first cluster 0, marked dirty, closed
        mov     dx, fcb_victim
        mov     ah, 0x0F
        int     0x21
        test    al, al
        jz      .fcb_open
        PRINT   "FAIL: FCB open of VICTIM.TXT", 13, 10
        EXIT    98
.fcb_open:
        mov     word [fcb_victim + 0x10], 0
        mov     word [fcb_victim + 0x12], 0
        and     byte [fcb_victim + 0x18], 0xBF
        mov     word [fcb_victim + 0x19], 0
        mov     ah, 0x10
        mov     dx, fcb_victim
        int     0x21
        ; the read-only file through an FCB: no writes, no size set by a block write of none
        mov     ah, 0x0F
        mov     dx, fcb_ro
        int     0x21
        mov     word [fcb_ro + 0x21], 0
        mov     word [fcb_ro + 0x23], 0
        mov     ah, 0x28
        xor     cx, cx
        mov     dx, fcb_ro
        int     0x21
        FCB_REFUSED "FCB block write of 0 records (truncate) on RO.TXT"
        mov     byte [fcb_ro + 0x20], 0
        mov     ah, 0x15
        mov     dx, fcb_ro
        int     0x21
        FCB_REFUSED "FCB sequential write on RO.TXT"
        mov     ah, 0x22
        mov     dx, fcb_ro
        int     0x21
        FCB_REFUSED "FCB random write on RO.TXT"
        mov     word [fcb_ro + 0x10], 1
        mov     ah, 0x10
        mov     dx, fcb_ro
        int     0x21
        mov     ah, 0x16
        mov     dx, fcb_ro2
        int     0x21
        FCB_REFUSED "FCB create over RO.TXT"
        mov     ah, 0x13
        mov     dx, fcb_ro3
        int     0x21
        FCB_REFUSED "FCB delete of RO.TXT"
        ; a forged FCB naming each system file table entry (the read handle's among them)
        mov     cx, 40
        mov     byte [forged + 0x1D], 1
.forge: push    cx
        mov     byte [forged + 0x1E], 'H'
        mov     word [forged + 0x21], 0
        mov     word [forged + 0x23], 0
        mov     ah, 0x28
        xor     cx, cx
        mov     dx, forged
        int     0x21
        FCB_REFUSED "forged FCB: block write of 0 records"
        mov     byte [forged + 0x20], 0
        mov     ah, 0x15
        mov     dx, forged
        int     0x21
        FCB_REFUSED "forged FCB: sequential write"
        mov     ah, 0x10
        mov     dx, forged
        int     0x21
        FCB_REFUSED "forged FCB: close"
        inc     byte [forged + 0x1D]
        pop     cx
        dec     cx
        jz      .forged
        jmp     .forge
.forged:
        mov     ah, 0x3E
        mov     bx, [h]
        int     0x21

        ; ---- absolute reads out of bounds: refused, nothing else happens
        mov     word [packet + 4], 0xFFFF
        mov     al, 2
        mov     cx, 0xFFFF
        mov     bx, packet
        int     0x25
        pop     dx
        REFUSED "INT 25h of 65,535 sectors"

        cmp     byte [fails], 0
        jne     .end
        PRINT   "tamper: all refused", 13, 10
.end:   mov     al, [fails]
        mov     ah, 0x4C
        int     0x21

; int26: write one sector at DX of drive C: from junk
int26:  mov     al, 2
        mov     cx, 1
        mov     bx, junk
        int     0x26
        pop     bx                      ; the flags INT 26h leaves on the stack
        ret

fails:  db      0
h:      dw      0
h2:     dw      0
saved1: dw      0
victim: db      'VICTIM.TXT', 0
ro:     db      'RO.TXT', 0
fcb_victim: db  0, 'VICTIM  TXT'
        times   25 db 0
fcb_ro: db      0, 'RO      TXT'
        times   25 db 0
fcb_ro2: db     0, 'RO      TXT'
        times   25 db 0
fcb_ro3: db     0, 'RO      TXT'
        times   25 db 0
forged: db      3, 'VICTIM  TXT'
        dw      0, 128
        times   21 db 0
packet: dd      0
        dw      0
        dw      junk
        dw      0
junk:   times   512 db 'X'
