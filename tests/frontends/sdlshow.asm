; SDL frontend test guest: a text screen that uses every colour, the blink attribute, code page
; 437 glyphs, BIOS and DOS output and the cursor; then work in three routines of different
; weights, so that the window's profile panel has a histogram and hot symbols. Exits with 0.
        cpu     8086
        org     0x100
        [map all sdlshow.map]

start:  mov     ax, 0x0003              ; 80x25 colour text (clears the screen)
        int     0x10
        mov     ax, 0xB800
        mov     es, ax
        cld
        ; row 0: a title bar (white on blue) across the screen
        xor     di, di
        mov     ax, 0x1F20
        mov     cx, 80
        rep     stosw
        mov     si, title
        mov     di, 2*2
        mov     ah, 0x1F
        call    puts
        ; rows 2-9: 8 backgrounds x 16 foregrounds, each cell its hex digit
        xor     bx, bx                  ; bh = background, bl = foreground
.grid:  mov     al, 2
        add     al, bh
        mov     dl, 160
        mul     dl
        mov     di, ax
        mov     al, bl
        mov     ah, 3
        mul     ah
        add     al, 2
        xor     ah, ah
        shl     ax, 1
        add     di, ax
        mov     ah, bh
        mov     cl, 4
        shl     ah, cl
        or      ah, bl                  ; attribute
        mov     al, ' '
        stosw
        mov     al, bl
        call    hexdigit
        stosw
        mov     al, ' '
        stosw
        inc     bl
        cmp     bl, 16
        jb      .grid
        xor     bl, bl
        inc     bh
        cmp     bh, 8
        jb      .grid
        ; row 11: code page 437 01h-1Fh; row 12: B0h-DFh (boxes and blocks); row 13: E0h-FEh
        mov     di, 11*160 + 4
        mov     al, 1
        mov     cx, 31
        mov     ah, 0x0E
        call    run
        mov     di, 12*160 + 4
        mov     al, 0xB0
        mov     cx, 48
        mov     ah, 0x0B
        call    run
        mov     di, 13*160 + 4
        mov     al, 0xE0
        mov     cx, 31
        mov     ah, 0x0D
        call    run
        ; row 15: blinking text (bit 7: blink, as the BIOS sets the CGA up)
        mov     si, blinkmsg
        mov     di, 15*160 + 4
        mov     ah, 0x8C
        call    puts
        ; rows 17-19: a double-line box by INT 10h AH=09h (character and attribute)
        mov     dx, 0x1102              ; row 17, column 2
        mov     si, boxtop
        call    biosline
        mov     dx, 0x1202
        mov     si, boxmid
        call    biosline
        mov     dx, 0x1302
        mov     si, boxbot
        call    biosline
        ; row 21: DOS console output (AH=09h) at the BIOS cursor
        mov     ah, 2
        xor     bh, bh
        mov     dx, 0x1502
        int     0x10
        mov     dx, dosmsg
        mov     ah, 9
        int     0x21
        ; the work the profile shows: the same loop, hot 8 times, warm 3, cold 1
        mov     bp, 12
.work:  mov     cx, 8
.h:     call    hot
        loop    .h
        mov     cx, 3
.w:     call    warm
        loop    .w
        call    cold
        dec     bp
        jnz     .work
        ; cursor at row 23, column 2, after "done"
        mov     ah, 2
        xor     bh, bh
        mov     dx, 0x1702
        int     0x10
        mov     dx, donemsg
        mov     ah, 9
        int     0x21
        mov     ax, 0x4C00
        int     0x21

; ES:DI <- the string at SI (NUL-terminated) with attribute AH
puts:   lodsb
        test    al, al
        jz      .e
        stosw
        jmp     puts
.e:     ret

; ES:DI <- CX characters from AL upwards with attribute AH
run:    stosw
        inc     al
        loop    run
        ret

; AL <- hex digit of AL's low nibble
hexdigit:
        and     al, 15
        add     al, '0'
        cmp     al, '9'
        jbe     .d
        add     al, 7
.d:     ret

; the string at SI by INT 10h AH=09h from row DH, column DL, attribute 0x1E
biosline:
        mov     ah, 2
        xor     bh, bh
        int     0x10
        lodsb
        test    al, al
        jz      .e
        mov     ah, 9
        mov     bx, 0x001E
        mov     cx, 1
        int     0x10
        inc     dl
        jmp     biosline
.e:     ret

        align   16, db 0x90      ; a paragraph of its own: one PROFIL bucket
hot:    push    cx
        mov     cx, 400
.l:     mul     cx
        loop    .l
        pop     cx
        ret

        align   16, db 0x90
warm:   push    cx
        mov     cx, 400
.l:     mul     cx
        loop    .l
        pop     cx
        ret

        align   16, db 0x90
cold:   push    cx
        mov     cx, 400
.l:     mul     cx
        loop    .l
        pop     cx
        ret

title:  db      "emu86 ", 0xC4, " SDL frontend test: colours, blink, code page 437, cursor", 0
blinkmsg: db    "blinking (attribute 8Ch)", 0
boxtop: db      0xC9, 0xCD, 0xCD, 0xCD, 0xCD, 0xCD, 0xCD, 0xCD, 0xCD, 0xCD, 0xCD, 0xCD, 0xCD, 0xCD, 0xCD, 0xCD, 0xBB, 0
boxmid: db      0xBA, " INT 10h AH=09 ", 0xBA, 0
boxbot: db      0xC8, 0xCD, 0xCD, 0xCD, 0xCD, 0xCD, 0xCD, 0xCD, 0xCD, 0xCD, 0xCD, 0xCD, 0xCD, 0xCD, 0xCD, 0xCD, 0xBC, 0
dosmsg: db      "DOS says hello (INT 21h AH=09h)$"
donemsg: db     "done$"
