; Searches as MS-DOS does them:
; - FCB search next (12h) continues in the folder of its search first (11h), whatever the
;   current folder is by then: COMMAND.COM 2.0's DIR SUB changes to SUB, searches first,
;   changes back and then searches next (MS-DOS keeps the folder's cluster in the FCB);
;   likewise 4Fh after 4Eh.
; - A device name is found, by 4Eh and by 11h, in any folder that exists (MS-DOS's BUILDFCB
;   entry: the device's name, a blank extension, attribute 0, the date and time of the search,
;   size 0), with no next entry; COMMAND.COM 2.0's COPY CON FILE searches CON with 11h first.
        cpu     8086
        org     0x100
%include "dos.inc"

main:   mov     ah, 0x39
        mov     dx, subname
        int     0x21
        mov     dx, subfile1
        call    create
        mov     dx, subfile2
        call    create
        mov     dx, rootfile
        call    create

        PRINT   "11h in SUB, 12h after CD \:"
        mov     ah, 0x3B
        mov     dx, subname
        int     0x21
        mov     ah, 0x1A
        mov     dx, dta
        int     0x21
        mov     ah, 0x11
        mov     dx, fcball
        int     0x21
        push    ax
        mov     ah, 0x3B
        mov     dx, rootname
        int     0x21
        pop     ax
.next:  test    al, al
        jnz     .done
        call    space
        mov     si, dta + 1
        mov     cx, 11
        call    putn
        mov     ah, 0x12
        mov     dx, fcball
        int     0x21
        jmp     .next
.done:  call    crlf

        PRINT   "4Eh SUB\*.TXT, 4Fh after CD SUB:"
        mov     ah, 0x4E
        xor     cx, cx
        mov     dx, subpat
        int     0x21
        push    ax
        mov     ah, 0x3B
        mov     dx, subname
        int     0x21
        pop     ax
.next2: jc      .done2
        call    space
        mov     si, dta + 0x1E
        call    puts
        mov     ah, 0x4F
        int     0x21
        jmp     .next2
.done2: call    crlf
        mov     ah, 0x3B
        mov     dx, rootname
        int     0x21

        mov     dx, con
        call    find_dev
        mov     dx, subnul
        call    find_dev
        PRINT   "4Eh NOSUCH\CON"
        mov     ah, 0x4E
        xor     cx, cx
        mov     dx, nosuch
        int     0x21
        SHOWCF

        mov     dx, fcbcon
        call    fcb_dev
        mov     dx, fcbprn
        call    fcb_dev
        EXIT    0

; 4Eh on the device path at DX, then 4Fh
find_dev:
        PRINT   "4Eh "
        mov     si, dx
        call    puts
        mov     ah, 0x4E
        mov     cx, 0x16
        int     0x21
        pushf
        PRINT   ": CF="
        popf
        mov     al, '0'
        adc     al, 0
        call    putc
        PRINT   " attr "
        mov     al, [dta + 0x15]
        call    hex8
        PRINT   " date "
        mov     ax, [dta + 0x18]
        call    hex16
        PRINT   " size "
        mov     ax, [dta + 0x1A]
        call    hex16
        mov     ax, [dta + 0x1C]
        call    hex16
        PRINT   " name "
        mov     si, dta + 0x1E
        call    puts
        PRINT   "; 4Fh"
        mov     ah, 0x4F
        int     0x21
        SHOWCF
        ret

; 11h on the FCB at DX, then 12h
fcb_dev:
        PRINT   "11h "
        mov     si, dx
        inc     si
        mov     cx, 11
        call    putn
        push    dx
        mov     ah, 0x11
        int     0x21
        PRINT   ": AL="
        call    hex8
        PRINT   " drive "
        mov     al, [dta]
        call    hex8
        PRINT   " entry ["
        mov     si, dta + 1
        mov     cx, 11
        call    putn
        PRINT   "] attr "
        mov     al, [dta + 12]
        call    hex8
        PRINT   " date "
        mov     ax, [dta + 1 + 24]
        call    hex16
        PRINT   " size "
        mov     ax, [dta + 1 + 28]
        call    hex16
        pop     dx
        mov     ah, 0x12
        int     0x21
        PRINT   "; 12h AL="
        call    hex8
        call    crlf
        ret

create: mov     ah, 0x3C
        xor     cx, cx
        int     0x21
        mov     bx, ax
        mov     ah, 0x3E
        int     0x21
        ret

; putn: CX characters at DS:SI
putn:   lodsb
        call    putc
        loop    putn
        ret

subname: db     "SUB", 0
rootname: db    "\", 0
subfile1: db    "SUB\A.TXT", 0
subfile2: db    "SUB\B.TXT", 0
rootfile: db    "X.TXT", 0
subpat: db      "SUB\*.TXT", 0
con:    db      "CON", 0
subnul: db      "SUB\NUL.TXT", 0
nosuch: db      "NOSUCH\CON", 0
fcball: db      0, "???????????"
        times   25 db 0
fcbcon: db      0, "CON        "
        times   25 db 0
fcbprn: db      0, "PRN     XYZ"
        times   25 db 0
dta:    times   128 db 0
