/* Guest input: the keyboard (the --keys text, then an interactive source) and, apart from it,
 * standard input (the bytes of the host's redirected stdin). */
#include "pc/machine_internal.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

/* Scan codes of the US keyboard for printable ASCII (set 1, make codes). */
static uint8_t scan_of(uint8_t ch) {
    static const char *rows[] = {"1234567890-=", "qwertyuiop[]", "asdfghjkl;'`", "\\zxcvbnm,./"};
    static const char *srows[] = {"!@#$%^&*()_+", "QWERTYUIOP{}", "ASDFGHJKL:\"~", "|ZXCVBNM<>?"};
    static const uint8_t base[] = {0x02, 0x10, 0x1E, 0x2B};
    if (ch == ' ') return 0x39;
    if (ch == '\r') return 0x1C;
    if (ch == '\t') return 0x0F;
    if (ch == 8) return 0x0E;
    if (ch == 27) return 0x01;
    if (ch >= 1 && ch <= 26) return scan_of((uint8_t)('a' + ch - 1)); /* Ctrl-letter */
    for (int r = 0; r < 4; r++) {
        const char *p = strchr(rows[r], ch);
        if (p && ch) return (uint8_t)(base[r] + (p - rows[r]));
        p = strchr(srows[r], ch);
        if (p && ch) return (uint8_t)(base[r] + (p - srows[r]));
    }
    return 0;
}

uint16_t emu_key_of_char(uint8_t ch) { return (uint16_t)(scan_of(ch) << 8 | ch); }
#define key_of_char emu_key_of_char

void input_init(Input *in) {
    memset(in, 0, sizeof *in);
    in->fd = -1;
    in->held = -1;
}

void emu_machine_set_key_source(EmuMachine *m, EmuKeySource fn, void *ctx) {
    m->in.source = fn;
    m->in.source_ctx = ctx;
}

/* A key from the interactive source, kept until consumed. */
static int source_key(Input *in, bool wait) {
    if (in->held < 0) in->held = in->source(in->source_ctx, wait);
    return in->held;
}

void input_free(Input *in) { free(in->keys); }

static void push_key(Input *in, uint16_t k) {
    if (in->nkeys == in->cap) {
        in->cap = in->cap ? in->cap * 2 : 64;
        uint16_t *n = realloc(in->keys, in->cap * sizeof *n);
        if (!n) abort();
        in->keys = n;
    }
    in->keys[in->nkeys++] = k;
}

static const struct { const char *name; uint16_t key; } named[] = {
    {"Enter", 0x1C0D}, {"Esc", 0x011B}, {"Tab", 0x0F09}, {"Bksp", 0x0E08}, {"Backspace", 0x0E08},
    {"Space", 0x3920}, {"Up", 0x4800}, {"Down", 0x5000}, {"Left", 0x4B00}, {"Right", 0x4D00},
    {"Home", 0x4700}, {"End", 0x4F00}, {"PgUp", 0x4900}, {"PgDn", 0x5100}, {"Ins", 0x5200},
    {"Del", 0x5300}, {"F1", 0x3B00}, {"F2", 0x3C00}, {"F3", 0x3D00}, {"F4", 0x3E00},
    {"F5", 0x3F00}, {"F6", 0x4000}, {"F7", 0x4100}, {"F8", 0x4200}, {"F9", 0x4300},
    {"F10", 0x4400},
};

bool emu_machine_keys(EmuMachine *m, const char *s, char *err, size_t errlen) {
    Input *in = &m->in;
    for (size_t i = 0; s[i]; i++) {
        uint8_t ch = (uint8_t)s[i];
        if (ch == '\\') {
            char e = s[++i];
            switch (e) {
            case 'n': case 'r': push_key(in, 0x1C0D); break;
            case 't': push_key(in, 0x0F09); break;
            case 'e': push_key(in, 0x011B); break;
            case '\\': push_key(in, key_of_char('\\')); break;
            default:
                snprintf(err, errlen, "--keys: unknown escape '\\%c' (use \\n \\r \\t \\e \\\\)", e ? e : ' ');
                return false;
            }
            continue;
        }
        if (ch == '{') {
            if (s[i + 1] == '{') {
                push_key(in, key_of_char('{'));
                i++;
                continue;
            }
            const char *end = strchr(s + i, '}');
            if (!end) {
                snprintf(err, errlen, "--keys: '{' without a closing '}' (write {{ for a brace)");
                return false;
            }
            char name[32];
            size_t n = (size_t)(end - (s + i + 1));
            if (n >= sizeof name) n = sizeof name - 1;
            memcpy(name, s + i + 1, n);
            name[n] = 0;
            i = (size_t)(end - s);
            int found = 0;
            for (size_t k = 0; k < sizeof named / sizeof named[0]; k++) {
                if (!strcasecmp(name, named[k].name)) {
                    push_key(in, named[k].key);
                    found = 1;
                    break;
                }
            }
            if (!found && !strncasecmp(name, "Ctrl-", 5) && isalpha((unsigned char)name[5]) && !name[6]) {
                uint8_t c = (uint8_t)(tolower((unsigned char)name[5]) - 'a' + 1);
                push_key(in, (uint16_t)(scan_of((uint8_t)tolower((unsigned char)name[5])) << 8 | c));
                found = 1;
            }
            if (!found) {
                snprintf(err, errlen, "--keys: unknown key name {%s}", name);
                return false;
            }
            continue;
        }
        if (ch == '}') {
            push_key(in, key_of_char('}'));
            continue;
        }
        push_key(in, key_of_char(ch));
    }
    return true;
}

void emu_machine_set_input_fd(EmuMachine *m, int fd) { m->in.fd = fd; }

/* ---- standard input: the host's redirected stdin ---- */

void emu_machine_set_stdin_crlf(EmuMachine *m, bool on) { m->in.crlf = on; }

/* The next byte of the file itself. */
static int raw_peek(Input *in) {
    if (in->fd < 0 || in->eof) return -1;
    if (in->bpos == in->blen) {
        ssize_t n;
        do n = read(in->fd, in->buf, sizeof in->buf);
        while (n < 0 && errno == EINTR);
        if (n <= 0) {
            in->eof = 1;
            return -1;
        }
        in->blen = (size_t)n;
        in->bpos = 0;
    }
    return in->buf[in->bpos];
}

int emu_stdin_peek(EmuMachine *m) {
    Input *in = &m->in;
    if (in->pending_lf) return '\n';
    int b = raw_peek(in);
    return in->crlf && b == '\n' && !in->last_cr ? '\r' : b;
}

int emu_stdin_byte(EmuMachine *m) {
    Input *in = &m->in;
    if (in->pending_lf) {
        in->pending_lf = 0;
        in->last_cr = 0;
        return '\n';
    }
    int b = raw_peek(in);
    if (b < 0) return b;
    in->bpos++;
    if (in->crlf && b == '\n' && !in->last_cr) { /* an LF of UNIX text: CR first */
        in->pending_lf = 1;
        return '\r';
    }
    in->last_cr = b == '\r';
    return b;
}

/* ---- the keyboard: the --keys text, then the interactive source ---- */

int emu_input_peek(EmuMachine *m) {
    Input *in = &m->in;
    if (in->pos < in->nkeys) return in->keys[in->pos];
    if (in->source && !in->source_closed) return source_key(in, false);
    return -1;
}

int emu_input_key(EmuMachine *m) {
    Input *in = &m->in;
    int k = -1;
    if (in->pos < in->nkeys) {
        k = in->keys[in->pos++];
    } else if (in->source && !in->source_closed) {
        k = source_key(in, true);
        in->held = -1;
        if (k < 0) in->source_closed = 1;
    }
    if (k >= 0) {
        m->last_scan = (uint8_t)(k >> 8);
        in->idle_polls = 0;
    }
    return k;
}

void emu_input_idle_poll(EmuMachine *m) {
    Input *in = &m->in;
    uint64_t now = m->cpu.instructions;
    in->idle_polls = now - in->last_poll <= EMU_IDLE_POLL_GAP ? in->idle_polls + 1 : 1;
    in->last_poll = now;
    if (in->idle_polls >= 64u * m->input_limit) {
        char msg[200];
        snprintf(msg, sizeof msg,
                 "the program kept polling for input after its end (%u polls in a row, doing "
                 "nothing else); stopped", in->idle_polls);
        emu_machine_end(m, EMU_END_INPUT, 0, msg);
    }
}

int emu_input_poll(EmuMachine *m) {
    int k = emu_input_peek(m);
    Input *in = &m->in;
    if (k >= 0) in->idle_polls = 0;
    else if (!in->source || in->source_closed) emu_input_idle_poll(m); /* nothing can come */
    return k;
}

void emu_input_exhausted(EmuMachine *m) {
    if (++m->exhausted >= m->input_limit) {
        char msg[160];
        snprintf(msg, sizeof msg,
                 "the program kept reading input after its end (%u reads); stopped", m->exhausted);
        emu_machine_end(m, EMU_END_INPUT, 0, msg);
    }
}
