; The drive as a disk: the FAT-info calls (36h, 1Ch), the DPB (32h, 1Fh), absolute reads
; (INT 25h: boot sector, FAT, root folder, a subfolder's cluster, file data, DOS 4's packet
; form) and the first clusters FCB searches and opens give all tell one story, computed from
; the drive folder (disk_setup: A.TXT, LONG.TXT of two clusters, SUB\B.TXT, and this
; program); absolute writes (INT 26h) are write-protected. Clusters are given out in sorted
; order: A.TXT 2, DISK.COM 3, LONG.TXT 4-5, SUB 6, SUB\B.TXT 7.
        cpu     8086
        org     0x100
%include "dos.inc"

main:
        PRINT   "36h"
        mov     ah, 0x36
        mov     dl, 3
        int     0x21
        call    show4
        PRINT   "1Ch"
        mov     ah, 0x1C
        mov     dl, 0
        int     0x21
        mov     si, bx
        mov     dx, [si]                ; DS:BX: the FAT, its media byte first
        mov     bl, [si + 2]
        push    cs
        pop     ds
        xor     ah, ah
        call    space
        call    hex8
        mov     ax, cx
        call    space
        call    hex16
        PRINT   " FAT "
        mov     ax, dx
        call    hex16
        mov     al, bl
        call    hex8
        call    crlf

        PRINT   "32h"
        mov     ah, 0x32
        mov     dl, 3
        int     0x21
        call    show_dpb
        PRINT   "1Fh"
        mov     ah, 0x1F
        int     0x21
        call    show_dpb

        PRINT   "boot"
        mov     dx, 0
        mov     cx, 1
        call    read
        mov     ax, [buf + 0x0B]
        call    space
        call    hex16
        mov     al, [buf + 0x0D]
        call    space
        call    hex8
        mov     ax, [buf + 0x11]
        call    space
        call    hex16
        mov     ax, [buf + 0x13]
        call    space
        call    hex16
        mov     al, [buf + 0x15]
        call    space
        call    hex8
        mov     ax, [buf + 0x16]
        call    space
        call    hex16
        mov     ax, [buf + 0x1FE]
        call    space
        call    hex16
        call    crlf

        PRINT   "FAT"
        mov     dx, [dpb_fat]
        mov     cx, 1
        call    read
        mov     si, buf
        mov     cx, 12
        call    bytes
        call    crlf
        PRINT   "FAT copy"
        mov     dx, [dpb_fat]
        add     dx, [dpb_fatsize]
        mov     cx, 1
        call    read
        mov     si, buf
        mov     cx, 12
        call    bytes
        call    crlf

        PRINT   "root", 13, 10
        mov     dx, [dpb_dir]
        mov     cx, 1
        call    read
        mov     si, buf
        mov     cx, 5
        call    entries

        PRINT   "SUB's cluster", 13, 10
        mov     ax, 6 - 2               ; cluster 6
        call    cluster_sector
        mov     cx, 1
        call    read
        mov     si, buf
        mov     cx, 4
        call    entries

        PRINT   "A.TXT data: "
        mov     ax, 2 - 2
        call    cluster_sector
        mov     cx, 1
        call    read
        mov     si, buf
        mov     cx, 10
        call    chars
        call    crlf
        PRINT   "LONG.TXT's second cluster: "
        mov     ax, 5 - 2
        call    cluster_sector
        mov     cx, 1
        call    read
        mov     si, buf
        mov     cx, 9
        call    chars
        call    crlf

        PRINT   "packet form"
        mov     word [packet], 0
        mov     word [packet + 2], 0
        mov     word [packet + 4], 1
        mov     word [packet + 6], buf
        mov     [packet + 8], cs
        mov     word [buf + 0x1FE], 0
        mov     al, 2
        mov     cx, 0xFFFF
        mov     bx, packet
        int     0x25
        pop     dx
        SHOWCF
        mov     ax, [buf + 0x1FE]
        call    hex16
        call    crlf

        PRINT   "write"
        mov     al, 2
        mov     cx, 1
        mov     dx, 0
        mov     bx, buf
        int     0x26
        pop     dx
        SHOWCF
        PRINT   "past the end"
        mov     al, 2
        mov     cx, 2
        mov     dx, 0xFFFF
        mov     bx, buf
        int     0x25
        pop     dx
        SHOWCF
        PRINT   "no such drive"
        mov     al, 20
        mov     cx, 1
        mov     dx, 0
        mov     bx, buf
        int     0x25
        pop     dx
        SHOWCF

        PRINT   "FCB search", 13, 10
        mov     ah, 0x1A
        mov     dx, dta
        int     0x21
        mov     ah, 0x11
.next:  mov     dx, xfcb
        int     0x21
        test    al, al
        jnz     .done
        mov     si, dta + 8
        mov     cx, 1
        call    entries
        mov     ah, 0x12
        jmp     .next
.done:
        PRINT   "FCB open A.TXT"
        mov     ah, 0x0F
        mov     dx, ofcb
        int     0x21
        call    space
        call    hex8
        PRINT   " device "
        mov     al, [ofcb + 0x18]
        call    hex8
        PRINT   " first cluster "
        mov     ax, [ofcb + 0x19]
        call    hex16
        call    crlf
        mov     ah, 0x10
        mov     dx, ofcb
        int     0x21
        EXIT    0

; show4: AX BX CX DX
show4:  push    dx
        push    cx
        push    bx
        call    space
        call    hex16
        pop     ax
        call    space
        call    hex16
        pop     ax
        call    space
        call    hex16
        pop     ax
        call    space
        call    hex16
        call    crlf
        ret

; show_dpb: AL, then the DPB at DS:BX (DS restored); keeps what the reads need
show_dpb:
        call    space
        call    hex8
        mov     si, bx
        mov     di, dpb
        push    cs
        pop     es
        mov     cx, 0x20
        rep     movsb
        push    cs
        pop     ds
        mov     ax, [dpb + 0x06]
        mov     [dpb_fat], ax
        mov     al, [dpb + 0x0F]
        xor     ah, ah
        mov     [dpb_fatsize], ax
        mov     ax, [dpb + 0x10]
        mov     [dpb_dir], ax
        mov     ax, [dpb + 0x0B]
        mov     [dpb_data], ax
        mov     si, dpb
        mov     cx, 0x20
        call    bytes
        call    crlf
        ret

; cluster_sector: DX = the first sector of cluster AX + 2 (16 sectors a cluster)
cluster_sector:
        mov     cl, 4
        shl     ax, cl
        add     ax, [dpb_data]
        mov     dx, ax
        ret

; read: CX sectors from DX into buf (drive C:); prints CF and AX if it failed
read:   mov     al, 2
        mov     bx, buf
        int     0x25
        pop     bx                      ; the flags INT 25h leaves on the stack
        jnc     .ok
        SHOWCF
.ok:    ret

; bytes: CX bytes at SI in hex
bytes:  lodsb
        call    space
        call    hex8
        loop    bytes
        ret

; chars: CX characters at SI
chars:  lodsb
        call    putc
        loop    chars
        ret

; entries: CX 32-byte directory entries at SI: name, attribute, first cluster, size
entries:
        push    cx
        cmp     byte [si], 0
        je      .skip
        PRINT   "  "
        mov     cx, 11
        push    si
        call    chars
        pop     si
        mov     al, [si + 11]
        call    space
        call    hex8
        mov     ax, [si + 26]
        call    space
        call    hex16
        mov     ax, [si + 30]
        call    space
        call    hex16
        mov     ax, [si + 28]
        call    hex16
        call    crlf
.skip:  add     si, 32
        pop     cx
        loop    entries
        ret

xfcb:   db      0xFF, 0, 0, 0, 0, 0, 0x16, 0, '???????????'
        times   32 db 0
ofcb:   db      0, 'A       TXT'
        times   25 db 0
dpb_fat: dw     0
dpb_fatsize: dw 0
dpb_dir: dw     0
dpb_data: dw    0
packet: times   10 db 0
dpb:    times   0x20 db 0
dta:    times   64 db 0
buf:
