/* BIOS INT 10h text services: modes 0-3 and 7, cursor, scrolling, characters, teletype.
 * State lives in the BIOS data area, where programs also read it. */
#include "cpu/internal.h"
#include "pc/machine_internal.h"

#include <string.h>

/* Clocks charged (in the ROM, so profiling ticks count as hit_high). Documented in
 * docs/machine.md; emu.h says those of the teletype run (EMU_ROM_TELETYPE_RUN). */
#define COST_VIDEO_CALL 150
#define COST_TELETYPE 600
#define COST_SCROLL_LINE 700
#define COST_SET_MODE 20000

#define B_MODE (BDA + 0x49)
#define B_COLS (BDA + 0x4A)
#define B_PAGESIZE (BDA + 0x4C)
#define B_PAGEOFF (BDA + 0x4E)
#define B_CURSOR (BDA + 0x50)
#define B_SHAPE (BDA + 0x60)
#define B_PAGE (BDA + 0x62)
#define B_CRTC (BDA + 0x63)
#define B_MODESEL (BDA + 0x65)
#define B_ROWS (BDA + 0x84)

static int rows(const EmuMachine *m) { return m_rd8(m, B_ROWS) + 1; }
static int cols(const EmuMachine *m) { return m_rd16(m, B_COLS) ? m_rd16(m, B_COLS) : 80; }
static uint32_t vbase(const EmuMachine *m) { return m_rd8(m, B_MODE) == 7 ? 0xB0000 : 0xB8000; }
static uint32_t cell(const EmuMachine *m, int page, int row, int col) {
    return vbase(m) + (uint32_t)page * m_rd16(m, B_PAGESIZE) + (uint32_t)(row * cols(m) + col) * 2;
}
static void get_cursor(const EmuMachine *m, int page, int *row, int *col) {
    uint16_t v = m_rd16(m, B_CURSOR + 2 * (page & 7));
    *row = v >> 8;
    *col = v & 0xFF;
}
static void set_cursor(EmuMachine *m, int page, int row, int col) {
    m_wr16(m, B_CURSOR + 2 * (page & 7), (uint16_t)(row << 8 | col));
    if ((page & 7) == m_rd8(m, B_PAGE)) {
        /* the 6845's cursor address registers follow, as the BIOS programs them */
        uint16_t a = (uint16_t)(m_rd16(m, B_PAGEOFF) / 2 + row * cols(m) + col);
        int crt = m_rd8(m, B_MODE) == 7 ? 1 : 0;
        m->crtc[crt][14] = (uint8_t)(a >> 8);
        m->crtc[crt][15] = (uint8_t)a;
    }
}

static void set_mode(EmuMachine *m, uint8_t al) {
    uint8_t mode = al & 0x7F;
    int c = (mode <= 1) ? 40 : 80;
    m_wr8(m, B_MODE, mode);
    m_wr16(m, B_COLS, (uint16_t)c);
    m_wr16(m, B_PAGESIZE, (uint16_t)(c == 40 ? 0x800 : 0x1000));
    m_wr16(m, B_PAGEOFF, 0);
    m_wr8(m, B_PAGE, 0);
    m_wr8(m, B_ROWS, 24);
    m_wr16(m, B_CRTC, mode == 7 ? 0x3B4 : 0x3D4);
    m_wr8(m, B_MODESEL, 0x29);
    m_wr16(m, B_SHAPE, 0x0607);
    for (int p = 0; p < 8; p++) m_wr16(m, B_CURSOR + 2 * p, 0);
    if (!(al & 0x80)) {
        uint32_t base = mode == 7 ? 0xB0000 : 0xB8000;
        uint32_t size = mode == 7 ? 0x1000 : 0x4000;
        for (uint32_t a = 0; a < size; a += 2) m_wr16(m, base + a, (mode >= 4 && mode <= 6) ? 0 : 0x0720);
    }
    set_cursor(m, 0, 0, 0);
}

void bios_video_init(EmuMachine *m) { set_mode(m, 3); }

/* One row's cells left..right: copied from row src (src >= 0) or filled with attr:blank. A row
 * that lies whole in RAM is moved at once; one that wraps past 1 MiB or reaches the ROM (the
 * BIOS data area's mode, width and page size are the guest's to spoil) goes cell by cell. */
static void scroll_row(EmuMachine *m, int page, int dst, int src, int left, int right, uint8_t attr) {
    uint32_t to = cell(m, page, dst, left), from = src >= 0 ? cell(m, page, src, left) : 0;
    uint32_t bytes = (uint32_t)(right - left + 1) * 2;
    if (to + bytes <= m->cpu.rom_start && from + bytes <= m->cpu.rom_start) {
        if (src >= 0) {
            memmove(m->mem + to, m->mem + from, bytes);
        } else {
            for (uint32_t i = 0; i < bytes; i += 2) {
                m->mem[to + i] = ' ';
                m->mem[to + i + 1] = attr;
            }
        }
        emu_cpu_mem_written(&m->cpu.cpu, to, bytes);
        return;
    }
    for (int col = left; col <= right; col++) {
        uint16_t v = src >= 0 ? m_rd16(m, cell(m, page, src, col)) : (uint16_t)(attr << 8 | ' ');
        m_wr16(m, cell(m, page, dst, col), v);
    }
}

/* Scroll a window up (n > 0) or down (n < 0); n = 0 clears it. */
static void scroll(EmuMachine *m, int page, int top, int left, int bottom, int right, int n, int up, uint8_t attr) {
    int h = bottom - top + 1;
    if (h <= 0 || right < left) return;
    if (n <= 0 || n > h) n = h;
    const uint32_t row_bytes = (uint32_t)(right - left + 1) * 2, first = cell(m, page, top, left);
    if (left == 0 && right == cols(m) - 1 && first + (uint32_t)h * row_bytes <= m->cpu.rom_start) {
        /* whole rows, one after another in RAM: the rows that stay move at once (FIND's output
         * scrolled row by row was a tenth of its host time), then the blank ones */
        const uint32_t keep = (uint32_t)(h - n) * row_bytes, gap = (uint32_t)n * row_bytes;
        memmove(m->mem + first + (up ? 0 : gap), m->mem + first + (up ? gap : 0), keep);
        uint8_t *blank = m->mem + first + (up ? keep : 0);
        for (uint32_t i = 0; i < gap; i += 2) {
            blank[i] = ' ';
            blank[i + 1] = attr;
        }
        emu_cpu_mem_written(&m->cpu.cpu, first, (uint32_t)h * row_bytes);
        return;
    }
    for (int i = 0; i < h; i++) {
        int dst = up ? top + i : bottom - i;
        int src = up ? dst + n : dst - n;
        scroll_row(m, page, dst, i < h - n ? src : -1, left, right, attr);
    }
}

static int clampi(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

/* Teletype output of one character on `page`; attr < 0 keeps the cell's attribute. */
static void teletype_attr(EmuMachine *m, int page, uint8_t ch, int attr) {
    int row, col, r = rows(m), c = cols(m);
    get_cursor(m, page, &row, &col);
    switch (ch) {
    case 7: return; /* bell */
    case 8: if (col > 0) col--; break;
    case 10: row++; break;
    case 13: col = 0; break;
    default:
        m_wr8(m, cell(m, page, row, col), ch);
        if (attr >= 0) m_wr8(m, cell(m, page, row, col) + 1, (uint8_t)attr);
        if (++col >= c) {
            col = 0;
            row++;
        }
        break;
    }
    if (row >= r) {
        uint8_t fill = m_rd8(m, cell(m, page, r - 1, 0) + 1);
        scroll(m, page, 0, 0, r - 1, c - 1, 1, 1, fill ? fill : 0x07);
        row = r - 1;
    }
    set_cursor(m, page, row, col);
}

static void teletype(EmuMachine *m, int page, uint8_t ch) { teletype_attr(m, page, ch, -1); }

void emu_bios_teletype(EmuMachine *m, uint8_t ch) { teletype(m, m_rd8(m, B_PAGE), ch); }

/* emu86's teletype run (EMU_ROM_TELETYPE_RUN, a far call, for DOS's CON): CX characters from
 * DS:SI, each drawn as AH=0Eh draws it; nothing to the output sink (DOS puts the bytes in their
 * stream), registers unchanged. A teletype's clocks per character, as CX calls of AH=0Eh take
 * in the ROM (the call itself: its instructions). */
/* The run of bios_teletype_run with the cursor kept in locals and stored once at the end, as
 * the last teletype call would store it: 0 (nothing done) unless that is the same as a call per
 * character, i.e. the characters lie outside the BIOS data area and video memory and the
 * page's cells (whatever the data area says of its mode, width and page size) inside video
 * memory, so that nothing drawn changes what is read. FIND's output went through a cursor
 * read and store per character. */
static int teletype_run_fast(EmuMachine *m, uint32_t src, uint16_t n) {
    const int page = m_rd8(m, B_PAGE), r = rows(m), c = cols(m);
    const uint32_t from = cell(m, page, 0, 0), to = cell(m, page, r - 1, c - 1) + 2;
    if (c > 256 || from < 0xB0000u || to > 0xC0000u || src + n > 0xB0000u || (src < 0x500u && src + n > 0x400u))
        return 0;
    int row, col, moved = 0;
    uint32_t lo = to, hi = from; /* (the cells written, from lo to hi) */
    get_cursor(m, page, &row, &col);
    for (uint32_t i = 0; i < n; i++) {
        const uint8_t ch = m->mem[src + i];
        switch (ch) {
        case 7: continue; /* bell: the cursor is not stored */
        case 8: if (col > 0) col--; break;
        case 10: row++; break;
        case 13: col = 0; break;
        default: {
            const uint32_t at = from + (uint32_t)(row * c + col) * 2;
            m->mem[at] = ch;
            lo = at < lo ? at : lo;
            hi = at >= hi ? at + 1 : hi;
            if (++col >= c) {
                col = 0;
                row++;
            }
            break;
        }
        }
        moved = 1;
        if (row >= r) {
            const uint8_t fill = m->mem[from + (uint32_t)((r - 1) * c) * 2 + 1];
            scroll(m, page, 0, 0, r - 1, c - 1, 1, 1, fill ? fill : 0x07);
            row = r - 1;
        }
    }
    if (hi > lo) emu_cpu_mem_written(&m->cpu.cpu, lo, hi - lo); /* (and scroll's: its own) */
    if (moved) set_cursor(m, page, row, col);
    return 1;
}

uint32_t bios_teletype_run(EmuMachine *m) {
    EmuCore *c = &m->cpu;
    uint16_t n = CX, ds = DS, si = SI;
    const uint32_t src = lin_addr(ds, si);
    if ((uint32_t)si + n > 0x10000u || !teletype_run_fast(m, src, n))
        for (uint16_t i = 0; i < n; i++)
            teletype(m, m_rd8(m, B_PAGE), m_rd8(m, lin_addr(ds, (uint16_t)(si + i))));
    return COST_TELETYPE * (uint32_t)n;
}

uint32_t bios_video(EmuMachine *m) {
    EmuCore *c = &m->cpu;
    uint8_t ah = AH, al = AL;
    /* byte registers in r.b: AL AH CL CH DL DH BL BH */
    uint8_t bl = c->r.b[6], bh = c->r.b[7];
    uint8_t cl = c->r.b[2], ch = c->r.b[3], dl = c->r.b[4], dh = c->r.b[5];
    int page = bh & 7;
    int r = rows(m), w = cols(m);
    switch (ah) {
    case 0x00:
        set_mode(m, al);
        return COST_SET_MODE;
    case 0x01:
        m_wr16(m, B_SHAPE, CX);
        break;
    case 0x02:
        set_cursor(m, page, dh, dl);
        break;
    case 0x03: {
        int row, col;
        get_cursor(m, page, &row, &col);
        DX = (uint16_t)(row << 8 | col);
        CX = m_rd16(m, B_SHAPE);
        break;
    }
    case 0x04: /* light pen: not triggered */
        AH = 0;
        break;
    case 0x05:
        m_wr8(m, B_PAGE, al & 7);
        m_wr16(m, B_PAGEOFF, (uint16_t)((al & 7) * m_rd16(m, B_PAGESIZE)));
        break;
    case 0x06:
    case 0x07: {
        int top = clampi(ch, 0, r - 1), bottom = clampi(dh, 0, r - 1);
        int left = clampi(cl, 0, w - 1), right = clampi(dl, 0, w - 1);
        scroll(m, m_rd8(m, B_PAGE), top, left, bottom, right, al, ah == 6, bh);
        return COST_VIDEO_CALL + COST_SCROLL_LINE * (uint32_t)(bottom >= top ? bottom - top + 1 : 0);
    }
    case 0x08: {
        int row, col;
        get_cursor(m, page, &row, &col);
        AX = m_rd16(m, cell(m, page, row, col));
        break;
    }
    case 0x09:
    case 0x0A: {
        int row, col;
        get_cursor(m, page, &row, &col);
        uint32_t n = CX, max = (uint32_t)(r * w - (row * w + col));
        if (n > max) n = max;
        for (uint32_t i = 0; i < n; i++) {
            uint32_t a = cell(m, page, row, col) + 2 * i;
            m_wr8(m, a, al);
            if (ah == 0x09) m_wr8(m, a + 1, bl);
        }
        return COST_VIDEO_CALL + 20 * n;
    }
    case 0x0E: {
        uint8_t b = al;
        if (m->teletype_quiet) m->teletype_quiet = 0; /* DOS's console: its stream is DOS's */
        else emu_machine_output(m, &b, 1);
        teletype(m, m_rd8(m, B_PAGE), al);
        return COST_TELETYPE;
    }
    case 0x0F:
        AL = m_rd8(m, B_MODE);
        AH = (uint8_t)w;
        c->r.b[7] = m_rd8(m, B_PAGE);
        break;
    case 0x13: { /* write string (ES:BP, CX chars, at DH:DL; AL bit 0 moves the cursor) */
        int save_r, save_c;
        get_cursor(m, page, &save_r, &save_c);
        set_cursor(m, page, dh, dl);
        uint32_t p = lin_addr(ES, BP);
        for (uint16_t i = 0; i < CX; i++) {
            uint8_t chr = m_rd8(m, p++), attr = bl;
            if (al & 2) attr = m_rd8(m, p++);
            teletype_attr(m, page, chr, attr);
            emu_machine_output(m, &chr, 1);
        }
        if (!(al & 1)) set_cursor(m, page, save_r, save_c);
        return COST_VIDEO_CALL + COST_TELETYPE * (uint32_t)CX;
    }
    default: /* palette, pixels, EGA/VGA queries: nothing here, registers unchanged */
        emu_machine_unknown_call(m, 0x10, ah, -1, "registers unchanged");
        break;
    }
    return COST_VIDEO_CALL;
}

void emu_machine_screen_text(const EmuMachine *m, char *buf, size_t len) {
    size_t o = 0;
    int r = rows(m), w = cols(m), page = m_rd8(m, B_PAGE);
    if (!len) return;
    for (int row = 0; row < r; row++) {
        size_t last_nonblank = o;
        for (int col = 0; col < w; col++) {
            uint8_t ch = m_rd8(m, cell(m, page, row, col));
            const char *u = emu_cp437_utf8(ch);
            size_t ul = strlen(u);
            if (o + ul + 2 >= len) break;
            memcpy(buf + o, u, ul);
            o += ul;
            if (ch != ' ' && ch != 0) last_nonblank = o;
        }
        o = last_nonblank;
        if (o + 2 < len) buf[o++] = '\n';
    }
    buf[o < len ? o : len - 1] = 0;
}
