; Escape attempts: every way out of the drive folder fails with the DOS error and touches
; nothing outside (run_guest.cmake checks the folder beside the drive and the file above it;
; OUTDIR and LINK.TXT are symbolic links that lead out, invisible to the guest).
        cpu     8086
        org     0x100
%include "dos.inc"

main:
        mov     si, opens
.open:  cmp     byte [si], 0
        je      .opened
        call    puts
        mov     dx, si
        mov     ax, 0x3D02
        int     0x21
        SHOWCF
.skip:  lodsb
        test    al, al
        jnz     .skip
        jmp     .open
.opened:
        PRINT   "create ..\NEW.TXT"
        mov     ah, 0x3C
        xor     cx, cx
        mov     dx, newout
        int     0x21
        SHOWCF
        PRINT   "create OUTDIR\NEW.TXT"
        mov     ah, 0x3C
        xor     cx, cx
        mov     dx, newlink
        int     0x21
        SHOWCF
        PRINT   "create LINK.TXT (over the link)"
        mov     ah, 0x5B
        xor     cx, cx
        mov     dx, link
        int     0x21
        SHOWCF
        mov     bx, ax
        mov     ah, 0x3E
        int     0x21
        mov     ah, 0x41                ; and delete what we made: it is ours, inside
        mov     dx, link
        int     0x21
        PRINT   "mkdir ..\X"
        mov     ah, 0x39
        mov     dx, dirout
        int     0x21
        SHOWCF
        PRINT   "chdir .."
        mov     ah, 0x3B
        mov     dx, dotdot
        int     0x21
        SHOWCF
        PRINT   "chdir OUTDIR"
        mov     ah, 0x3B
        mov     dx, outdir
        int     0x21
        SHOWCF
        PRINT   "rmdir OUTDIR"
        mov     ah, 0x3A
        mov     dx, outdir
        int     0x21
        SHOWCF
        PRINT   "delete ..\SECRET.TXT"
        mov     ah, 0x41
        mov     dx, secret_up
        int     0x21
        SHOWCF
        PRINT   "rename GUEST to ..\GUEST"
        mov     ah, 0x3C
        xor     cx, cx
        mov     dx, mine
        int     0x21
        mov     bx, ax
        mov     ah, 0x3E
        int     0x21
        mov     ah, 0x56
        mov     dx, mine
        mov     di, mine_up
        int     0x21
        SHOWCF
        mov     ah, 0x41
        mov     dx, mine
        int     0x21
        PRINT   "attrib ..\SECRET.TXT"
        mov     ax, 0x4301
        mov     cx, 1
        mov     dx, secret_up
        int     0x21
        SHOWCF
        PRINT   "find ..\*.*"
        mov     ah, 0x4E
        mov     cx, 0x37
        mov     dx, findup
        int     0x21
        SHOWCF
        PRINT   "find *.* sees:"
        mov     ah, 0x4E
        mov     cx, 0x37
        mov     dx, findall
        int     0x21
.f:     jc      .fdone
        call    space
        mov     si, 0x80 + 0x1E
        call    puts
        mov     ah, 0x4F
        int     0x21
        jmp     .f
.fdone: call    crlf
        PRINT   "FCB open LINK.TXT"
        mov     ah, 0x0F
        mov     dx, fcb
        int     0x21
        call    hex8
        call    crlf
        PRINT   "exec ..\SECRET.TXT"
        mov     ax, 0x4B00
        mov     dx, secret_up
        mov     bx, pblock
        int     0x21
        SHOWCF
        PRINT   "NUL in a missing folder"
        mov     ax, 0x3D01
        mov     dx, nuldir
        int     0x21
        SHOWCF
        PRINT   "NUL in an existing folder"
        mov     ah, 0x39
        mov     dx, subdir
        int     0x21
        mov     ax, 0x3D01
        mov     dx, nulsub
        int     0x21
        SHOWCF
        mov     ah, 0x3A
        mov     dx, subdir
        int     0x21
        EXIT    0

opens:  db      "..\SECRET.TXT", 0
        db      "\..\SECRET.TXT", 0
        db      "C:..\SECRET.TXT", 0
        db      "C:\..\..\SECRET.TXT", 0
        db      "OUTDIR\SECRET.TXT", 0
        db      "LINK.TXT", 0
        db      "/etc/passwd", 0
        db      "\\server\share\x", 0
        db      "C:\SUB\..\..\SECRET.TXT", 0
        db      "outdir/../SECRET.TXT", 0
        db      0
newout: db      "..\NEW.TXT", 0
newlink: db     "OUTDIR\NEW.TXT", 0
link:   db      "LINK.TXT", 0
dirout: db      "..\X", 0
dotdot: db      "..", 0
outdir: db      "OUTDIR", 0
secret_up: db   "..\SECRET.TXT", 0
mine:   db      "GUEST", 0
mine_up: db     "..\GUEST", 0
findup: db      "..\*.*", 0
findall: db     "*.*", 0
nuldir: db      "C:\NOWHERE\NUL.TXT", 0
subdir: db      "SUB", 0
nulsub: db      "SUB\NUL", 0
fcb:    db      0, "LINK    TXT"
        times   25 db 0
pblock: dw      0, 0x80, 0, 0x5C, 0, 0x6C, 0
