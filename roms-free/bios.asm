; emu86 free BIOS ROM — 64 KiB, mapped at F000:0000, reset entry at FFFF:0000.
;
; Written for emu86 (no code from any other BIOS). The power-on code, the timer interrupt
; (INT 08h) and the hardware IRQ handlers are real 8086 code, so their clocks are counted and a
; profiler sees them. The services (INT 10h-1Ah) are short stubs that trap into the emulator
; (the HLE trap, opcode F1h followed by a service number, which acts only inside this ROM and
; the other stub regions the emulator registers) and then return with IRET.
;
; Service numbers 00h-3Fh belong to this ROM; see emu/pc/bios.c.

        cpu     8086
        org     0

%define BDA_SEG         0x0040

%macro  HLE 1
        db      0xF1, %1
%endmacro

; Place the following code at a fixed offset (the IBM PC's entry points, which some programs
; call directly); fill the gap with FFh.
%macro  AT 1
        times   (%1) - ($ - $$) db 0xFF
%endmacro

; HLE service numbers (keep in sync with emu/pc/bios.c)
SVC_VIDEO       equ 0x10
SVC_EQUIP       equ 0x11
SVC_MEMSIZE     equ 0x12
SVC_DISK        equ 0x13
SVC_SERIAL      equ 0x14
SVC_SYSTEM      equ 0x15
SVC_KEYBOARD    equ 0x16
SVC_PRINTER     equ 0x17
SVC_BASIC       equ 0x18
SVC_BOOT        equ 0x19
SVC_TIME        equ 0x1A
SVC_POST        equ 0x20        ; fills the BIOS data area, sets the video mode
SVC_NO_BOOT     equ 0x21        ; the boot hook returned: nothing to run
SVC_TELETYPE_RUN equ 0x22       ; emu86's teletype run (see teletype_run)

; ------------------------------------------------------------------------------------------
; Power-on self test (what is needed of it).
        AT      0xE05B
post:
        cli
        cld
        mov     ax, 0x0030              ; stack at 0030:0100, as the IBM BIOS has it
        mov     ss, ax
        mov     sp, 0x0100
        xor     ax, ax
        mov     ds, ax
        mov     es, ax

        ; Every vector points at an IRET first.
        xor     di, di
        mov     cx, 256
.ivt:   mov     ax, dummy_iret
        stosw
        mov     ax, 0xF000
        stosw
        loop    .ivt

        ; Hardware interrupts and BIOS services.
        mov     si, vectors
        mov     cx, (vectors_end - vectors) / 4
.vec:   cs lodsw                        ; vector number
        mov     di, ax
        shl     di, 1
        shl     di, 1
        cs lodsw                        ; handler offset
        stosw
        mov     ax, 0xF000
        stosw
        loop    .vec

        ; 8259A: edge triggered, single, ICW4; vectors 08h-0Fh; 8086 mode, buffered.
        mov     al, 0x13
        out     0x20, al
        mov     al, 0x08
        out     0x21, al
        mov     al, 0x09
        out     0x21, al
        mov     al, 0xFC                ; timer and keyboard enabled
        out     0x21, al

        ; 8253: channel 0 mode 3, count 65536 (18.2 Hz); channel 1 mode 2, count 18 (refresh).
        mov     al, 0x36
        out     0x43, al
        xor     al, al
        out     0x40, al
        out     0x40, al
        mov     al, 0x54
        out     0x43, al
        mov     al, 18
        out     0x41, al

        HLE     SVC_POST                ; BIOS data area, video mode 3
        sti
        int     0x19                    ; boot
        HLE     SVC_NO_BOOT
.halt:  cli
        hlt
        jmp     .halt

vectors:
        dw      0x08, int08
        dw      0x09, int09
        dw      0x0A, irq_other
        dw      0x0B, irq_other
        dw      0x0C, irq_other
        dw      0x0D, irq_other
        dw      0x0E, irq_other
        dw      0x0F, irq_other
        dw      0x10, int10
        dw      0x11, int11
        dw      0x12, int12
        dw      0x13, int13
        dw      0x14, int14
        dw      0x15, int15
        dw      0x16, int16
        dw      0x17, int17
        dw      0x18, int18
        dw      0x19, int19
        dw      0x1A, int1a
vectors_end:

; ------------------------------------------------------------------------------------------
; Services: trap, then return. Results in flags are written into the caller's flags image on
; the stack by the emulator.
        AT      0xE2C3
int15:  HLE     SVC_SYSTEM
        iret
int14:  HLE     SVC_SERIAL
        iret
int18:  HLE     SVC_BASIC
        iret

        AT      0xE3FE
int13:  HLE     SVC_DISK
        iret

        AT      0xE6F2
int19:  HLE     SVC_BOOT
        iret

        AT      0xE82E
int16:  sti
        HLE     SVC_KEYBOARD
        iret

        AT      0xE987
; IRQ1: the keyboard. Keys reach guests through INT 16h; this acknowledges the controller.
int09:  push    ax
        in      al, 0x60
        mov     al, 0x20
        out     0x20, al
        pop     ax
        iret

        AT      0xEFD2
int17:  HLE     SVC_PRINTER
        iret

        AT      0xF065
int10:  sti
        HLE     SVC_VIDEO
        iret

; emu86's teletype run, not an IBM entry point (EMU_ROM_TELETYPE_RUN in emu/include/emu.h): a far call
; that draws CX characters from DS:SI as CX calls of INT 10h AH=0Eh would, in one trap whose
; clocks are spent here. DOS's CON driver calls it while INT 10h's vector is the ROM's own.
        AT      0xF070
teletype_run:
        HLE     SVC_TELETYPE_RUN
        retf

        AT      0xF841
int12:  HLE     SVC_MEMSIZE
        iret

        AT      0xF84D
int11:  HLE     SVC_EQUIP
        iret

        AT      0xFE6E
int1a:  sti
        HLE     SVC_TIME
        iret

; ------------------------------------------------------------------------------------------
; IRQ0: the timer tick. Counts ticks in the BIOS data area (0040:006C), sets the midnight flag
; at 24 hours (1800B0h ticks), calls the user hook INT 1Ch, then ends the interrupt at the PIC.
        AT      0xFEA5
int08:  sti
        push    ds
        push    ax
        mov     ax, BDA_SEG
        mov     ds, ax
        inc     word [0x6C]
        jnz     .noc
        inc     word [0x6E]
.noc:   cmp     word [0x6E], 0x18
        jne     .hook
        cmp     word [0x6C], 0xB0
        jne     .hook
        xor     ax, ax
        mov     [0x6C], ax
        mov     [0x6E], ax
        mov     byte [0x70], 1
.hook:  int     0x1C
        cli
        mov     al, 0x20
        out     0x20, al
        pop     ax
        pop     ds
        iret

; IRQ2-7: nothing attached; acknowledge and return.
irq_other:
        push    ax
        mov     al, 0x20
        out     0x20, al
        pop     ax
        iret

        AT      0xFF53
dummy_iret:
        iret

; ------------------------------------------------------------------------------------------
        AT      0xFFF0
reset:  jmp     0xF000:post
        db      "11/22/26"              ; ROM date (FFF5h)
        AT      0xFFFE
        db      0xFF                    ; model byte: PC
        db      0x00
