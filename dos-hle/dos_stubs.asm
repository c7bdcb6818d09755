; emu86 DOS: the guest-side code of the I/O layer (segment 0070h, the IO.SYS place) and of the
; DOS layer (segment 0100h, whose INT 20h entry makes it PROFIL's dos_pa). Written for emu86.
;
; The work of a service is done in C, reached through the HLE trap (F1h xx, active only inside
; the registered stub regions). A trap's clocks are spent at the trap's own address, so a
; profiling tick during a service lands in the layer whose stub is running: the DOS layer
; here, the device layer in the I/O area, the ROM BIOS when the device layer calls it (real
; INT 10h/16h/1Ah calls, as IO.SYS made them, and the far call of the ROM's teletype run that
; draws a run of CON output while INT 10h is the ROM's).
;
; Each area begins with a table of entry offsets that dos_boot.c reads, in the order of the IO_*
; and DE_* enums of dos_state.h. Service numbers 40h-4Fh: DOS layer; 50h-5Fh: device layer
; (SVC_* there). Keep the two in step.

        cpu     8086

%macro  HLE 1
        db      0xF1, %1
%endmacro

IO_SEG          equ 0x0070
DOS_SEG         equ 0x0100

; ------------------------------------------------------------------------------------------
; Device layer, loaded at 0070:0000 (linear 00700h); at most 0900h bytes.
        section io start=0 vstart=0
io_table:
        dw      io_run, io_call10, io_call16, io_call1a, io_call13, io_call17, io_call14
        dw      int29, dev_retf, io_call_run, rom_run, con_buf, con_buf_end

; Run the device-layer steps of the current DOS call: each trap charges the step's device
; cost; ZF=1 when no step is left, else DI is where to go (a ROM call, or io_run again).
io_run: HLE     0x50
        jz      .done
        jmp     di
.done:  retf

io_call10:
        int     0x10
        jmp     io_run
io_call16:
        int     0x16
        jmp     io_run
io_call1a:
        int     0x1A
        jmp     io_run
io_call13:
        int     0x13
        jmp     io_run
io_call17:
        int     0x17
        jmp     io_run
io_call14:
        int     0x14
        jmp     io_run

; A run of CON output for the screen: CX characters at DS:SI (con_buf), drawn by the ROM's
; teletype run in one call (the step is made only while INT 10h's vector is the ROM's).
io_call_run:
        call    far [cs:rom_run]
        jmp     io_run
rom_run:
        dw      0, 0            ; the ROM's teletype run (EMU_ROM_TELETYPE_RUN): set at boot

; INT 29h: fast console output (CON's own entry). The trap charges the device cost and sets
; ZF when it wrote the character itself (console output not on the screen path).
int29:  sti
        HLE     0x51
        jz      .done
        push    ax
        push    bx
        mov     ah, 0x0E
        mov     bx, 0x0007
        int     0x10
        pop     bx
        pop     ax
.done:  iret

; Device headers' strategy and interrupt entries: nothing to do.
dev_retf:
        retf

; CON's buffer: the characters of a run of output, copied here by the step that hands them to
; the ROM (at most its size: 256).
        times   0x800 - ($ - $$) db 0
con_buf:
        times   0x100 db 0
con_buf_end:
        times   0x900 - ($ - $$) db 0

; ------------------------------------------------------------------------------------------
; DOS layer, loaded at 0100:0000 (linear 01000h).
        section dos start=0x900 vstart=0
dos_table:
        dw      int20, int21, int21_finish, ctrlc, int22_root, int23_default, int24_default
        dw      int25, int26, int27, int28, int2f, iret_only, call5

; DOS enables interrupts at once (as MS-DOS does), so the timer and profiling ticks are taken
; while a service's clocks pass.
int20:  sti
        HLE     0x40            ; terminate the current process
        iret

; INT 21h: the service (C does the work; DOS-layer clocks), the device steps (if any), then
; the results (registers, carry in the caller's flags) and return.
int21:  sti
        HLE     0x41
        call    IO_SEG:io_run
int21_finish:
        HLE     0x42
        iret

; Ctrl-C: the caller's registers as they were at the INT 21h, then INT 23h. If the handler
; returns (IRET, or RETF with carry clear), the function is restarted; RETF with carry set
; aborts the program.
ctrlc:  HLE     0x43
        int     0x23
        HLE     0x44
        iret

; INT 22h of the first program: its end is the end of the run.
int22_root:
        HLE     0x45
        iret

; The default INT 23h (COMMAND.COM's): abort the program.
int23_default:
        HLE     0x46
        iret

; The default INT 24h: fail the call (AL = 3).
int24_default:
        mov     al, 3
        iret

; INT 25h/26h absolute disk read/write of the drive's read-only FAT view (writes: write
; protected); the flags stay on the stack as with the real calls.
int25:  sti
        HLE     0x4B
        retf
int26:  sti
        HLE     0x4C
        retf

int27:  sti
        HLE     0x48            ; terminate and stay resident (DX bytes from CS)
        iret

int28:  iret

int2f:  sti
        HLE     0x49            ; multiplex: the registered handlers, else "not installed"
        iret

iret_only:
        iret

; CALL 5 (the CP/M entry at PSP:0005, reached through the far jump at 0000:00C0): the trap turns
; the two return addresses on the stack into an INT 21h frame and goes to INT 21h with AH=CL.
call5:  HLE     0x4A
        iret
