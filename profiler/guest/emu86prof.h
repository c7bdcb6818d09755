/* emu86prof.h: profil(2) for DOS programs running under emu86, in C.
 *
 * emu86 answers INT 2Fh with AH=C0h (docs/profiler.md, "The guest-callable profil service"). On
 * each profiling tick (every --grain microseconds of emulated time, 1000 by default) it adds 1
 * to the 16-bit counter of the program's own buffer that the chosen UNIX flavour's rule selects
 * for the sampled pc, as a UNIX kernel does for profil(2).
 *
 *   emu86prof_installed()      1 when the service answers
 *   profil(buf, bufsiz, offset, scale)
 *                              the System V call for a small-model program: pc = IP, counter
 *                              (((pc - offset) * scale) >> 16) / 2 of buf; scale 0 or 1 stops
 *   emu86prof_call(&args)      the general form (any flavour, pc mode, 32-bit values)
 *   emu86prof_ticks()          ticks counted in the buffer since the last call
 * Both calls return 0, or -1 with emu86prof_errno set (22 EINVAL, 14 EFAULT).
 *
 * Compilers: bcc (dev86: `bcc -ansi -Md`, a .COM; tested by emu86's ctest), and the int86x()
 * of <dos.h> for Turbo C, Microsoft C and Open Watcom in the tiny and small models (data in
 * DS). Public domain: copy it into your programs. */
#ifndef EMU86PROF_H
#define EMU86PROF_H

#define EMU86PROF_MUX 0xC0
#define EMU86PROF_SYSV 0      /* counter (((pc - offset) * scale) >> 16) / 2 */
#define EMU86PROF_OSF 1       /* the same; scale 2: every pc in counter 0 */
#define EMU86PROF_BSD 2       /* counter ((pc - offset) / 2) * scale / 65536 */
#define EMU86PROF_LINUX 3     /* the same; scale below 2 is off */
#define EMU86PROF_PC_LINEAR 0 /* pc = CS * 16 + IP */
#define EMU86PROF_PC_IP 1     /* pc = IP */

/* The 18-byte block of AL=01h, little-endian as the 8086 stores it. */
struct emu86prof_args {
    unsigned short buf_off, buf_seg; /* the buffer of 16-bit counters */
    unsigned long bufsiz;            /* its size in bytes */
    unsigned long offset;            /* pc offset */
    unsigned long scale;             /* 16.16 fraction: 0x10000 = 1 (System V: 0xFFFF at most) */
    unsigned char flavour;           /* EMU86PROF_SYSV ... EMU86PROF_LINUX */
    unsigned char pc_mode;           /* EMU86PROF_PC_LINEAR or EMU86PROF_PC_IP */
};

static int emu86prof_errno;

/* INT 2Fh with AX and ES:BX = DS:bx; out[0..3] = BX, CX, DX, carry (nonzero when set). */
#ifdef __BCC__
static unsigned emu86prof_int2f(ax, bx, out)
unsigned ax; unsigned bx; unsigned *out;
{
#asm
        push    bp
        mov     bp, sp
        push    si
        push    di
        push    es
        push    ds
        pop     es
        mov     ax, [bp+4]
        mov     bx, [bp+6]
        int     0x2F
        mov     si, [bp+8]
        mov     [si], bx
        mov     [si+2], cx
        mov     [si+4], dx
        sbb     cx, cx
        mov     [si+6], cx
        pop     es
        pop     di
        pop     si
        pop     bp
#endasm
}
static unsigned emu86prof_ds()
{
#asm
        mov     ax, ds
#endasm
}
#else
#include <dos.h>
static unsigned emu86prof_int2f(unsigned ax, unsigned bx, unsigned *out)
{
    union REGS r;
    struct SREGS s;
    segread(&s);
    s.es = s.ds;
    r.x.ax = ax;
    r.x.bx = bx;
    int86x(0x2F, &r, &r, &s);
    out[0] = r.x.bx;
    out[1] = r.x.cx;
    out[2] = r.x.dx;
    out[3] = r.x.cflag;
    return r.x.ax;
}
static unsigned emu86prof_ds(void)
{
    struct SREGS s;
    segread(&s);
    return s.ds;
}
#endif

static int emu86prof_installed()
{
    unsigned out[4];
    unsigned ax = emu86prof_int2f(EMU86PROF_MUX << 8, 0, out);
    return (ax & 0xFF) == 0xFF && out[0] == 0x4650;
}

static int emu86prof_call(a)
struct emu86prof_args *a;
{
    unsigned out[4];
    unsigned ax = emu86prof_int2f((EMU86PROF_MUX << 8) | 1, (unsigned)a, out);
    if (out[3]) {
        emu86prof_errno = (int)ax;
        return -1;
    }
    return 0;
}

static unsigned long emu86prof_ticks()
{
    unsigned out[4];
    unsigned ax = emu86prof_int2f((EMU86PROF_MUX << 8) | 2, 0, out);
    return ((unsigned long)out[2] << 16) | ax;
}

static int profil(buf, bufsiz, offset, scale)
unsigned short *buf; unsigned bufsiz; unsigned offset; unsigned scale;
{
    struct emu86prof_args a;
    a.buf_off = (unsigned short)(unsigned)buf;
    a.buf_seg = (unsigned short)emu86prof_ds();
    a.bufsiz = bufsiz;
    a.offset = offset;
    a.scale = scale;
    a.flavour = EMU86PROF_SYSV;
    a.pc_mode = EMU86PROF_PC_IP;
    return emu86prof_call(&a);
}

#endif
