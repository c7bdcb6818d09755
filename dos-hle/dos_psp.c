/* PSPs, command tails and their FCBs, environments, and starting a loaded program with the
 * registers DOS leaves: what the first program's boot and EXEC share. */
#include "dos_psp.h"
#include "dos_errors.h"
#include "dos_guest_mem.h"
#include "dos_main.h"

#include <string.h>

#define FLAGS_START 0xF202u /* IF set; bits 1 and 12-15 read as 1 on the 8086 */

void dos_set_vector(Dos *d, uint8_t n, uint16_t seg, uint16_t off) {
    wr16(d, (uint32_t)n * 4u, off);
    wr16(d, (uint32_t)n * 4u + 2, seg);
}

/* Parse the command tail into the FCBs at 5Ch and 6Ch as COMMAND.COM does (AH=29h, skipping
 * leading separators); returns AX's drive validity (AL first FCB, AH second). */
uint16_t dos_parse_tail_fcbs(Dos *d, uint16_t psp) {
    uint8_t tail[128], fcb[16];
    uint8_t len = rd8(d, lin(psp, 0x80));
    if (len > 126) len = 126;
    dos_read_mem(d, psp, 0x81, tail, len);
    size_t used = 0, pos = 0;
    uint16_t ax = 0;
    for (int k = 0; k < 2; k++) {
        memset(fcb, 0, sizeof fcb);
        uint8_t r = dos_parse_fcb_name(tail + pos, len - pos, 1, fcb, &used, dos_fcb_drive_ok, d);
        pos += used;
        dos_write_mem(d, psp, (uint16_t)(0x5C + 16 * k), fcb, 12);
        if (r == 0xFF) ax |= (uint16_t)(0xFF << (8 * k));
    }
    return ax;
}

uint16_t dos_fcb_drive_validity(Dos *d, uint16_t psp) {
    uint16_t ax = 0;
    for (int k = 0; k < 2; k++) {
        uint8_t drv = rd8(d, lin(psp, (uint16_t)(0x5C + 16 * k)));
        if (drv != 0 && drv != 0xFF && !dos_drive_valid(d, drv - 1)) ax |= (uint16_t)(0xFF << (8 * k));
    }
    return ax;
}

/* The CALL 5 far address at 6 as MS-DOS's SETMEM writes it: the word at 6 is the bytes the
 * segment has (CP/M's memory size), paragraphs to the top at most 0FFFh, less 100h bytes; the
 * segment at 8 makes the address 0000:00C0 (F01D:FEF0 when the block is 64 KiB or more). */
void dos_psp_call5(Dos *d, uint16_t psp, uint16_t top) {
    uint16_t paras = (uint16_t)(top - psp);
    if (paras > 0x0FFF) paras = 0x0FFF;
    paras = (uint16_t)(paras - 0x10);
    wr16(d, lin(psp, 6), (uint16_t)(paras << 4));
    wr16(d, lin(psp, 8), (uint16_t)(0x0C - paras));
}

/* A PSP at psp for a block ending at top. */
void dos_build_psp(Dos *d, uint16_t psp, uint16_t top, uint16_t parent, uint16_t env) {
    uint32_t a = lin(psp, 0);
    for (uint32_t i = 0; i < 0x100; i++) wr8(d, a + i, 0);
    wr8(d, a + 0, 0xCD);
    wr8(d, a + 1, 0x20);
    wr16(d, a + 2, top);
    wr8(d, a + 5, 0x9A);
    dos_psp_call5(d, psp, top);
    for (int v = 0; v < 3; v++) {
        wr16(d, a + 0x0A + 4u * (uint32_t)v, rd16(d, (0x22u + (uint32_t)v) * 4u));
        wr16(d, a + 0x0C + 4u * (uint32_t)v, rd16(d, (0x22u + (uint32_t)v) * 4u + 2));
    }
    wr16(d, a + 0x16, parent);
    for (int i = 0; i < DOS_JFT_DEFAULT; i++) wr8(d, a + 0x18 + (uint32_t)i, 0xFF);
    wr16(d, a + 0x2C, env);
    wr16(d, a + 0x32, DOS_JFT_DEFAULT);
    wr16(d, a + 0x34, 0x18);
    wr16(d, a + 0x36, psp);
    wr16(d, a + 0x38, 0xFFFF);
    wr16(d, a + 0x3A, 0xFFFF);
    wr8(d, a + 0x50, 0xCD);
    wr8(d, a + 0x51, 0x21);
    wr8(d, a + 0x52, 0xCB);
    for (int k = 0; k < 2; k++)
        for (int i = 1; i < 12; i++) wr8(d, a + 0x5C + 16u * (uint32_t)k + (uint32_t)i, ' ');
    wr8(d, a + 0x81, 0x0D);
}

void dos_set_tail(Dos *d, uint16_t psp, const uint8_t *tail, uint8_t len) {
    if (len > 126) len = 126;
    wr8(d, lin(psp, 0x80), len);
    dos_write_mem(d, psp, 0x81, tail, len);
    wr8(d, lin(psp, (uint16_t)(0x81 + len)), 0x0D);
}

/* Environment strings (src: NAME=value strings up to an empty one) then 0001h and the
 * program's full path. Returns the bytes used, or 0 if they do not fit. */
uint16_t dos_build_env(Dos *d, uint16_t seg, uint16_t paras, const uint8_t *src, size_t srclen,
                       const char *prog) {
    size_t cap = (size_t)paras * 16u, k = 0, plen = strlen(prog) + 1;
    if (srclen + 3 + plen > cap) return 0;
    dos_write_mem(d, seg, 0, src, srclen);
    k = srclen;
    if (k == 0) wr8(d, lin(seg, (uint16_t)k++), 0); /* an empty environment is one 00h */
    wr8(d, lin(seg, (uint16_t)k++), 0);
    wr16(d, lin(seg, (uint16_t)k), 1);
    k += 2;
    dos_write_mem(d, seg, (uint16_t)k, prog, plen);
    return (uint16_t)(k + plen);
}

/* Start a loaded program: registers as DOS leaves them. */
void dos_start_program(Dos *d, uint16_t psp, const DosImage *img, uint16_t load_seg,
                          uint16_t top, uint16_t ax) {
    EmuCpu *c = emu_machine_cpu(d->m);
    uint16_t cs, ip, ss, sp;
    if (img->is_exe) {
        cs = (uint16_t)(img->mz.cs + load_seg);
        ip = img->mz.ip;
        ss = (uint16_t)(img->mz.ss + load_seg);
        sp = img->mz.sp;
    } else {
        cs = ss = psp;
        ip = 0x100;
        uint32_t room = ((uint32_t)top - psp) * 16u;
        sp = room >= 0x10000 ? 0xFFFE : (uint16_t)(room - 2);
        wr16(d, lin(ss, sp), 0); /* the zero word: RET ends the program through PSP:0000 */
    }
    c->r.w[EMU_AX] = ax;
    c->r.w[EMU_BX] = 0;
    c->r.w[EMU_CX] = 0x00FF;
    c->r.w[EMU_DX] = psp;
    c->r.w[EMU_SI] = ip;
    c->r.w[EMU_DI] = sp;
    c->r.w[EMU_BP] = 0x091C;
    c->r.w[EMU_SP] = sp;
    c->sreg[EMU_DS] = c->sreg[EMU_ES] = psp;
    c->sreg[EMU_SS] = ss;
    c->flags = FLAGS_START;
    emu_cpu_jump(c, cs, ip);
}

/* Allocate the program's block: as much as it asks for (max alloc), at least its minimum. */
uint16_t dos_alloc_program(Dos *d, const DosImage *img, uint16_t owner, uint16_t *seg,
                              uint16_t *size) {
    uint32_t want = dos_image_max_paras(img), least = dos_image_min_paras(img);
    uint16_t largest = dos_arena_largest(&d->arena);
    if (largest < least) return DOSERR_NO_MEMORY;
    uint16_t paras = (uint16_t)(want < largest ? want : largest);
    uint16_t lg;
    uint16_t e = dos_arena_alloc(&d->arena, paras, owner, DOS_FIT_FIRST, seg, &lg);
    if (e) return e;
    dos_arena_set_owner(&d->arena, *seg, *seg);
    *size = paras;
    return 0;
}
