/* Terminal frontend: the guest's 80x25 text screen drawn in the terminal with ANSI sequences
 * (colours, cursor), keys from the terminal to the guest, the terminal restored on exit and on
 * crash signals. Ctrl-] stops the emulator (Ctrl-C goes to the guest, as on a PC). */
#include "tty.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#define ROWS 25
#define MAXCOLS 80

struct Tty {
    EmuMachine *m;
    int in;                         /* the terminal's keys: stdin, or /dev/tty when stdin is
                                     * redirected (-1: none) */
    int own_in;                     /* in was opened here */
    struct termios saved;
    int raw;
    uint16_t shadow[ROWS][MAXCOLS]; /* what the terminal shows (char | attr << 8) */
    int shadow_valid;
    int cur_attr;                   /* attribute of the last SGR sent, -1 unknown */
    int cur_row, cur_col, cur_visible;
    uint16_t keys[64];
    int nkeys;
    uint8_t pending[16];            /* bytes of an incomplete escape sequence */
    int npending;
    char out[65536];
    size_t olen;
};

static Tty *active; /* for the signal handlers */

static void flush_out(Tty *t) {
    size_t o = 0;
    while (o < t->olen) {
        ssize_t n = write(1, t->out + o, t->olen - o);
        if (n < 0) {
            if (errno == EINTR) continue;
            break;
        }
        o += (size_t)n;
    }
    t->olen = 0;
}

static void emit(Tty *t, const char *s, size_t n) {
    if (t->olen + n > sizeof t->out) flush_out(t);
    if (n > sizeof t->out) n = sizeof t->out;
    memcpy(t->out + t->olen, s, n);
    t->olen += n;
}
static void emits(Tty *t, const char *s) { emit(t, s, strlen(s)); }

static void restore_terminal(Tty *t) {
    static const char bye[] = "\033[0m\033[?25h\033[?1049l";
    if (write(1, bye, sizeof bye - 1) < 0) { /* nothing more can be done */ }
    if (t->raw) tcsetattr(t->in, TCSAFLUSH, &t->saved);
    t->raw = 0;
}

static void on_crash(int sig) {
    if (active) restore_terminal(active);
    signal(sig, SIG_DFL);
    raise(sig);
}

/* CGA colour order -> ANSI colour order */
static const int ansi[8] = {0, 4, 2, 6, 1, 5, 3, 7};

static void set_attr(Tty *t, int attr, int mono) {
    if (attr == t->cur_attr) return;
    char buf[48];
    if (mono) {
        int fg = attr & 7, bg = (attr >> 4) & 7;
        snprintf(buf, sizeof buf, "\033[0%s%s%sm", (attr & 8) ? ";1" : "", fg == 1 ? ";4" : "",
                 (bg == 7 && fg == 0) ? ";7" : "");
    } else {
        int fg = attr & 15, bg = (attr >> 4) & 15; /* blink bit shown as a bright background */
        snprintf(buf, sizeof buf, "\033[0;%d;%dm", fg >= 8 ? 90 + ansi[fg - 8] : 30 + ansi[fg],
                 bg >= 8 ? 100 + ansi[bg - 8] : 40 + ansi[bg]);
    }
    emits(t, buf);
    t->cur_attr = attr;
}

void tty_draw(Tty *t) {
    const uint8_t *mem = emu_machine_mem(t->m);
    const uint8_t *bda = mem + 0x400;
    int mode = bda[0x49];
    int mono = mode == 7;
    int cols = bda[0x4A] | bda[0x4B] << 8;
    if (cols <= 0 || cols > MAXCOLS) cols = 80;
    uint32_t base = (mono ? 0xB0000u : 0xB8000u) + (uint32_t)(bda[0x4E] | bda[0x4F] << 8);
    char pos[32];
    int last_r = -1, last_c = -1;
    emits(t, "\033[?25l");
    for (int r = 0; r < ROWS; r++) {
        for (int c = 0; c < cols; c++) {
            uint32_t a = (base + (uint32_t)(r * cols + c) * 2) & 0xFFFFF;
            uint16_t v = (uint16_t)(mem[a] | mem[(a + 1) & 0xFFFFF] << 8);
            if (t->shadow_valid && t->shadow[r][c] == v) continue;
            t->shadow[r][c] = v;
            if (r != last_r || c != last_c) {
                snprintf(pos, sizeof pos, "\033[%d;%dH", r + 1, c + 1);
                emits(t, pos);
            }
            set_attr(t, v >> 8, mono);
            emits(t, emu_cp437_utf8((uint8_t)v));
            last_r = r;
            last_c = c + 1;
        }
    }
    t->shadow_valid = 1;
    int page = bda[0x62] & 7;
    int crow = bda[0x51 + 2 * page], ccol = bda[0x50 + 2 * page];
    int shape = bda[0x61] << 8 | bda[0x60];
    int visible = !(shape & 0x2000) && crow < ROWS && ccol < cols;
    if (visible) {
        snprintf(pos, sizeof pos, "\033[%d;%dH\033[?25h", crow + 1, ccol + 1);
        emits(t, pos);
    }
    flush_out(t);
}

/* ---- keys ---- */

static void push_key(Tty *t, uint16_t k) {
    if (t->nkeys < 64) t->keys[t->nkeys++] = k;
}

/* Translate what the terminal sent; an escape sequence cut short waits for its end. */
static void parse_input(Tty *t, int flush_lone_esc) {
    static const struct { const char *seq; uint16_t key; } seqs[] = {
        {"[A", 0x4800}, {"[B", 0x5000}, {"[C", 0x4D00}, {"[D", 0x4B00}, {"[H", 0x4700},
        {"[F", 0x4F00}, {"OH", 0x4700}, {"OF", 0x4F00}, {"[1~", 0x4700}, {"[4~", 0x4F00},
        {"[2~", 0x5200}, {"[3~", 0x5300}, {"[5~", 0x4900}, {"[6~", 0x5100}, {"OP", 0x3B00},
        {"OQ", 0x3C00}, {"OR", 0x3D00}, {"OS", 0x3E00}, {"[11~", 0x3B00}, {"[12~", 0x3C00},
        {"[13~", 0x3D00}, {"[14~", 0x3E00}, {"[15~", 0x3F00}, {"[17~", 0x4000}, {"[18~", 0x4100},
        {"[19~", 0x4200}, {"[20~", 0x4300}, {"[21~", 0x4400},
    };
    int i = 0;
    while (i < t->npending) {
        uint8_t b = t->pending[i];
        if (b == 0x1B) {
            int rest = t->npending - i - 1;
            if (rest == 0) {
                if (!flush_lone_esc) break;
                push_key(t, 0x011B);
                i++;
                continue;
            }
            int matched = 0, prefix = 0;
            for (size_t k = 0; k < sizeof seqs / sizeof seqs[0]; k++) {
                size_t l = strlen(seqs[k].seq);
                if ((size_t)rest >= l && !memcmp(t->pending + i + 1, seqs[k].seq, l)) {
                    push_key(t, seqs[k].key);
                    i += 1 + (int)l;
                    matched = 1;
                    break;
                }
                if ((size_t)rest < l && !memcmp(t->pending + i + 1, seqs[k].seq, (size_t)rest)) prefix = 1;
            }
            if (matched) continue;
            if (prefix && !flush_lone_esc) break;
            push_key(t, 0x011B);
            i++;
            continue;
        }
        if (b == 0x1D) { /* Ctrl-]: stop the emulator */
            emu_machine_interrupt(t->m);
        } else if (b == 0x7F || b == 0x08) {
            push_key(t, 0x0E08);
        } else if (b == '\r' || b == '\n') {
            push_key(t, 0x1C0D);
        } else {
            push_key(t, emu_key_of_char(b));
        }
        i++;
    }
    memmove(t->pending, t->pending + i, (size_t)(t->npending - i));
    t->npending -= i;
}

static void read_terminal(Tty *t, int timeout_ms) {
    struct pollfd p = {t->in, POLLIN, 0};
    int r = poll(&p, 1, timeout_ms);
    if (r > 0 && (p.revents & POLLIN)) {
        uint8_t buf[16];
        ssize_t n = read(t->in, buf, sizeof buf - (size_t)t->npending);
        if (n > 0) {
            memcpy(t->pending + t->npending, buf, (size_t)n);
            t->npending += (int)n;
        }
    }
    parse_input(t, r == 0);
}

int tty_key_source(void *ctx, bool wait) {
    Tty *t = ctx;
    if (!t->nkeys) read_terminal(t, 0);
    while (wait && !t->nkeys) {
        tty_draw(t); /* the guest waits for a key: show what it shows */
        read_terminal(t, 50);
        if (emu_machine_end_pending(t->m)) return -1;
    }
    if (!t->nkeys) return -1;
    uint16_t k = t->keys[0];
    memmove(t->keys, t->keys + 1, (size_t)(--t->nkeys) * sizeof t->keys[0]);
    return k;
}

Tty *tty_open(EmuMachine *m) {
    Tty *t = calloc(1, sizeof *t);
    if (!t) return NULL;
    t->m = m;
    t->cur_attr = -1;
    t->in = isatty(0) ? 0 : open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC);
    t->own_in = t->in > 0;
    /* raw keys, without flushing what was typed ahead */
    if (t->in >= 0 && tcgetattr(t->in, &t->saved) == 0) {
        struct termios raw = t->saved;
        raw.c_iflag &= (tcflag_t) ~(ICRNL | IXON | INLCR | ISTRIP | BRKINT);
        raw.c_lflag &= (tcflag_t) ~(ICANON | ECHO | ISIG | IEXTEN);
        raw.c_cc[VMIN] = 0;
        raw.c_cc[VTIME] = 0;
        if (tcsetattr(t->in, TCSANOW, &raw) == 0) t->raw = 1;
    }
    if (!t->raw && t->own_in) {
        close(t->in);
        t->own_in = 0;
    }
    if (!t->raw) t->in = -1;
    active = t;
    static const int crash[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGHUP, SIGQUIT};
    for (size_t i = 0; i < sizeof crash / sizeof crash[0]; i++) signal(crash[i], on_crash);
    emits(t, "\033[?1049h\033[2J");
    flush_out(t);
    return t;
}

bool tty_reads_keys(const Tty *t) { return t && t->in >= 0; }

void tty_close(Tty *t) {
    if (!t) return;
    restore_terminal(t);
    if (t->own_in) close(t->in);
    active = NULL;
    free(t);
}
