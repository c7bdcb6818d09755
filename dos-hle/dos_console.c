/* The console: INT 21h 01h-0Ch, and the CON device (screen through the ROM's INT 10h, keys from
 * the machine's deterministic input). Console functions use handles 0 and 1, so they follow
 * redirection: as a UNIX filter, standard input is the host's stdin (a file to the guest; its
 * end reads as Ctrl-Z) and standard output goes unchanged to the machine's output. */
#include "dos_console.h"
#include "dos_call.h"
#include "dos_files.h"
#include "dos_guest_mem.h"

#include <string.h>

/* ---- CON output ---- */

/* INT 10h's vector is the ROM's handler: no program or TSR hooked it to see the characters. */
static bool video_is_rom(const Dos *d) {
    return rd16(d, 0x10 * 4) == EMU_ROM_INT10 && rd16(d, 0x10 * 4 + 2) == EMU_ROM_SEG;
}

/* A character on the screen: through the ROM, as DOS's CON driver does it, its clocks the
 * ROM's. While INT 10h's vector is the ROM's, the characters of a call go in runs to the ROM's
 * teletype run (one device step and one ROM call for up to 256, drawn by the same teletype as
 * AH=0Eh); when a program hooked INT 10h, one INT 10h AH=0Eh per character, so that the hook
 * sees each as under MS-DOS. From C while a console read echoes keys (so that a person typing
 * sees each key at once) and with the cost model off. */
static void con_char_screen(Dos *d, uint8_t ch) {
    if (!d->costs.off && !d->echo_now) {
        if (video_is_rom(d)) dos_step_con_char(d, ch);
        else dos_step(d, STEP_INT10, (uint16_t)(0x0E00 | ch), 0x0007, 0, 0, d->costs.io_char);
        return;
    }
    emu_bios_teletype(d->m, ch);
    if (!d->costs.off) dos_step(d, STEP_NONE, 0, 0, 0, 0, d->costs.io_char);
}

/* The bytes of CON output also go, unchanged (tabs as tabs), to the stream they belong to: the
 * machine's output for the guest's standard output, DosConfig.con_out for the rest of the
 * console. The streams are what a frontend may show; the screen path is the same for both. */
static void con_stream(Dos *d, const uint8_t *b, size_t n, bool to_stdout) {
    if (to_stdout) emu_machine_output(d->m, b, n);
    else if (d->cfg.con_out) d->cfg.con_out(d->cfg.con_ctx, b, n);
}

/* The column after a character drawn (for tabs). */
static void column_after(Dos *d, uint8_t ch) {
    if (ch == '\r') d->column = 0;
    else if (ch == '\b') { if (d->column) d->column--; }
    else if (ch >= 0x20) d->column++;
}

void dos_con_write(Dos *d, const uint8_t *b, size_t n, bool cooked, bool to_stdout) {
    con_stream(d, b, n, to_stdout);
    /* (in runs while the characters go to the ROM's teletype run: as con_char_screen does
     * each, without asking for each whether INT 10h is the ROM's) */
    const bool runs = !d->costs.off && !d->echo_now && video_is_rom(d);
    for (size_t i = 0; i < n; i++) {
        if (runs) {
            size_t k = i;
            while (k < n && !(cooked && b[k] == '\t')) {
                column_after(d, b[k++]);
            }
            dos_step_con_text(d, b + i, k - i);
            if (k == n) break;
            i = k; /* a tab, below */
        }
        uint8_t ch = b[i];
        if (cooked && ch == '\t') {
            do {
                con_char_screen(d, ' ');
                d->column++;
            } while (d->column % 8);
            continue;
        }
        con_char_screen(d, ch);
        column_after(d, ch);
    }
}

/* Write to standard output (handle 1), as the console functions do. */
static void out_bytes(Dos *d, const uint8_t *b, size_t n) {
    uint16_t put;
    while (n) {
        uint16_t k = n > 0xFFFF ? 0xFFFF : (uint16_t)n;
        dos_handle_write_bytes(d, 1, b, k, &put);
        b += k;
        n -= k;
    }
}

static void out_char(Dos *d, uint8_t ch) { out_bytes(d, &ch, 1); }

/* Echo of a typed character: control characters as ^X, as DOS showed them. */
static void echo_char(Dos *d, uint8_t ch) {
    if (ch < 0x20 && ch != '\r' && ch != '\n' && ch != '\t' && ch != 7 && ch != 8) {
        uint8_t two[2] = {'^', (uint8_t)(ch + '@')};
        out_bytes(d, two, 2);
    } else {
        out_char(d, ch);
    }
}

/* ---- input ---- */



int dos_con_read_key(Dos *d) {
    if (d->pending_scan >= 0) {
        int s = d->pending_scan;
        d->pending_scan = -1;
        return s;
    }
    int k = emu_input_key(d->m);
    if (!d->costs.off) dos_step(d, STEP_INT16, 0x0100, 0, 0, 0, d->costs.io_char);
    d->con_eof = k < 0;
    if (k < 0) {
        emu_input_exhausted(d->m);
        return 0x1A;
    }
    if ((k & 0xFF) == 0 || (k & 0xFF) == 0xE0) {
        if ((k & 0xFF) == 0) {
            d->pending_scan = k >> 8;
            return 0;
        }
    }
    return k & 0xFF;
}

/* A guest's look at CON input (0Bh, 06h, 44h 06h): a poll of the keyboard. */
bool dos_con_ready(Dos *d) { return d->pending_scan >= 0 || emu_input_poll(d->m) >= 0; }

/* One character of standard input (handle 0); at its end Ctrl-Z (1Ah). *end tells that the
 * end was reached. */
static int std_in_char(Dos *d, bool *end) {
    *end = false;
    int idx = dos_handle_sft(d, 0);
    if (idx < 0) {
        *end = true;
        return 0x1A;
    }
    DosSft *s = &d->sft[idx];
    if (s->kind == SFT_DEVICE && s->device == DOS_DEV_CON) {
        int c = dos_con_read_key(d);
        *end = d->con_eof;
        return c;
    }
    if (s->kind == SFT_STDIN) {
        for (;;) {
            int b = emu_stdin_byte(d->m);
            if (b < 0) {
                emu_input_exhausted(d->m);
                *end = true;
                return 0x1A;
            }
            if (d->swallow_lf) {
                d->swallow_lf = false;
                if (b == '\n') continue;
            }
            s->pos++;
            if (!d->costs.off) dos_step(d, STEP_NONE, 0, 0, 0, 0, d->costs.io_char);
            return b;
        }
    }
    uint8_t b;
    uint16_t got = 0;
    dos_handle_read_bytes(d, 0, &b, 1, &got);
    if (!got) {
        *end = true;
        return 0x1A;
    }
    return b;
}

static bool std_in_ready(Dos *d) {
    int idx = dos_handle_sft(d, 0);
    if (idx < 0) return false;
    DosSft *s = &d->sft[idx];
    if (s->kind == SFT_DEVICE && s->device == DOS_DEV_CON) return dos_con_ready(d);
    if (s->kind == SFT_STDIN) return dos_stdin_ready(d);
    return s->kind == SFT_FILE;
}

static bool stdin_is_con(Dos *d) {
    int idx = dos_handle_sft(d, 0);
    return idx >= 0 && d->sft[idx].kind == SFT_DEVICE && d->sft[idx].device == DOS_DEV_CON;
}

/* Ctrl-C: "^C", a new line, then INT 23h (after the device steps). */
bool dos_stdin_ready(Dos *d) {
    if (emu_stdin_peek(d->m) >= 0) return true;
    emu_input_idle_poll(d->m); /* at its end: nothing more will come */
    return false;
}

static void ctrl_c(Dos *d) {
    out_bytes(d, (const uint8_t *)"^C\r\n", 4);
    d->call->ctrl_c = true;
}

/* Console output functions look at the keyboard for a Ctrl-C typed meanwhile (the console
 * device, as MS-DOS does, also when standard input is redirected). */
static bool check_break(Dos *d) {
    if (d->pending_scan >= 0) return false;
    int k = emu_input_peek(d->m);
    if (k >= 0 && (k & 0xFF) == 0x03) {
        emu_input_key(d->m);
        ctrl_c(d);
        return true;
    }
    return false;
}

/* While a console function reads keys, its echo is written at once (not through the ROM
 * afterwards), so that someone typing at a terminal sees each key as it is read. */
static void echo_begin(Dos *d) { d->echo_now = d->cfg.stdin_console; }
static void echo_end(Dos *d) { d->echo_now = false; }

/* Line input with DOS's editing (backspace, full-buffer beep); CR ends it (echoed alone).
 * Returns the characters stored (the CR is stored after them, not counted); -1 on Ctrl-C. */
static int edit_line_keys(Dos *d, uint8_t *buf, int max);

static int edit_line(Dos *d, uint8_t *buf, int max) {
    echo_begin(d);
    int n = edit_line_keys(d, buf, max);
    echo_end(d);
    return n;
}

static int edit_line_keys(Dos *d, uint8_t *buf, int max) {
    int n = 0;
    for (;;) {
        bool end;
        int c = std_in_char(d, &end);
        if (c == 0 && stdin_is_con(d)) { /* an extended key: its scan code follows; ignored */
            std_in_char(d, &end);
            continue;
        }
        if (c == 0x03) {
            ctrl_c(d);
            return -1;
        }
        if (c == '\r' || (c == '\n' && !stdin_is_con(d))) {
            if (c == '\r' && !stdin_is_con(d)) d->swallow_lf = true;
            buf[n] = '\r';
            out_char(d, '\r');
            return n;
        }
        if (c == 8 || c == 0x7F) {
            if (n > 0) {
                uint8_t last = buf[--n];
                int w = last < 0x20 && last != '\t' ? 2 : 1;
                for (int i = 0; i < w; i++) out_bytes(d, (const uint8_t *)"\b \b", 3);
            }
            continue;
        }
        if (n >= max - 1) {
            out_char(d, 7);
            if (end) { /* nothing more will come: end the line */
                buf[n] = '\r';
                return n;
            }
            continue;
        }
        buf[n++] = (uint8_t)c;
        echo_char(d, (uint8_t)c);
        if (end) { /* the input ended: the line ends with its Ctrl-Z */
            buf[n] = '\r';
            out_char(d, '\r');
            return n;
        }
    }
}

size_t dos_con_read_line(Dos *d, uint8_t *dst, size_t max) {
    if (d->line_pos >= d->line_len) {
        uint8_t buf[130];
        int n = edit_line(d, buf, 128);
        if (n < 0) return 0;
        out_char(d, '\n');
        if (n > 0 && buf[0] == 0x1A) { /* Ctrl-Z at the start of a line: end of file */
            d->line_len = d->line_pos = 0;
            return 0;
        }
        memcpy(d->line, buf, (size_t)n);
        d->line[n] = '\r';
        d->line[n + 1] = '\n';
        d->line_len = (unsigned)n + 2;
        d->line_pos = 0;
    }
    size_t k = 0;
    while (k < max && d->line_pos < d->line_len) dst[k++] = d->line[d->line_pos++];
    return k;
}

/* ---- the functions ---- */

void dos_fn_console(Dos *d, uint8_t ah) {
    bool end;
    switch (ah) {
    case 0x01: { /* read with echo, Ctrl-C checked */
        int c = std_in_char(d, &end);
        if (c == 0x03) { ctrl_c(d); return; }
        setAL(d, (uint8_t)c);
        echo_begin(d);
        if (c) echo_char(d, (uint8_t)c);
        echo_end(d);
        return;
    }
    case 0x02:
        if (check_break(d)) return;
        out_char(d, rDL(d));
        setAL(d, rDL(d) == '\t' ? ' ' : rDL(d));
        return;
    case 0x03: /* AUX input: no port, end of file */
        setAL(d, 0x1A);
        return;
    case 0x04: case 0x05: /* AUX / PRN output: no port, accepted */
        if (!d->costs.off) dos_step(d, STEP_NONE, 0, 0, 0, 0, d->costs.io_char);
        return;
    case 0x06:
        if (rDL(d) != 0xFF) {
            out_char(d, rDL(d));
            setAL(d, rDL(d));
            return;
        }
        if (!std_in_ready(d)) {
            setAL(d, 0);
            dos_set_zf(d, true);
            return;
        }
        setAL(d, (uint8_t)std_in_char(d, &end));
        dos_set_zf(d, false);
        return;
    case 0x07: case 0x08: {
        int c = std_in_char(d, &end);
        if (ah == 0x08 && c == 0x03) { ctrl_c(d); return; }
        setAL(d, (uint8_t)c);
        return;
    }
    case 0x09: {
        uint8_t buf[0x10000];
        uint32_t n = 0;
        uint16_t off = rDX(d);
        while (n < 0xFFFF) {
            uint8_t c = rd8(d, lin(rDS(d), (uint16_t)(off + n)));
            if (c == '$') break;
            buf[n++] = c;
        }
        if (check_break(d)) return;
        out_bytes(d, buf, n);
        if (!d->costs.off) d->call_extra += d->costs.per_byte * n;
        setAL(d, '$');
        return;
    }
    case 0x0A: {
        uint32_t a = lin(rDS(d), rDX(d));
        uint8_t max = rd8(d, a);
        if (max == 0) return;
        uint8_t buf[260];
        int n = edit_line(d, buf, max);
        if (n < 0) return;
        wr8(d, a + 1, (uint8_t)n);
        dos_write_mem(d, rDS(d), (uint16_t)(rDX(d) + 2), buf, (size_t)n + 1);
        return;
    }
    case 0x0B:
        if (check_break(d)) return;
        setAL(d, std_in_ready(d) ? 0xFF : 0x00);
        return;
    case 0x0C: {
        /* flush the type-ahead: with a deterministic input stream there is none to lose */
        uint8_t fn = rAL(d);
        if (fn == 0x01 || fn == 0x06 || fn == 0x07 || fn == 0x08 || fn == 0x0A) {
            setAH(d, fn);
            dos_fn_console(d, fn);
            setAH(d, 0x0C);
        } else {
            setAL(d, 0);
        }
        return;
    }
    }
}
