/* DOS file names, FCB-form names, wildcards, device names, AH=29h and canonical paths. */
#include "dos_names.h"
#include "dos_errors.h"

#include <stdio.h>
#include <string.h>

static const char *const devices[] = {
    NULL, "CON     ", "AUX     ", "PRN     ", "NUL     ", "CLOCK$  ",
    "COM1    ", "LPT1    ", "LPT2    ", "LPT3    ", "COM2    ",
};

const char *dos_device_name(int dev) {
    return dev > 0 && dev < (int)(sizeof devices / sizeof devices[0]) ? devices[dev] : NULL;
}

void dos_device_name83(int dev, char out[13]) {
    uint8_t f[11];
    memset(f, ' ', 11);
    const char *n = dos_device_name(dev);
    if (n) memcpy(f, n, 8);
    dos_fcb_to_name(f, out);
}

int dos_device_of_fcb(const uint8_t f[11]) {
    for (int d = 1; d < (int)(sizeof devices / sizeof devices[0]); d++)
        if (!memcmp(devices[d], f, 8)) return d;
    return DOS_DEV_NONE;
}

int dos_device_of_name(const char *name83) {
    uint8_t f[11];
    dos_name_to_fcb(name83, f);
    return dos_device_of_fcb(f);
}

static uint8_t upper(uint8_t c) { return c >= 'a' && c <= 'z' ? (uint8_t)(c - 32) : c; }

bool dos_name_char(uint8_t c) {
    if (c < 0x20 || c == 0x7F) return false;
    return !strchr(" \"*+,./:;<=>?[\\]|", c);
}

void dos_name_to_fcb(const char *s, uint8_t f[11]) {
    memset(f, ' ', 11);
    int i = 0;
    while (*s && *s != '.' && i < 8) f[i++] = (uint8_t)*s++;
    while (*s && *s != '.') s++;
    if (*s == '.') s++;
    for (i = 8; *s && i < 11; s++) f[i++] = (uint8_t)*s;
}

void dos_fcb_to_name(const uint8_t f[11], char out[13]) {
    int n = 0;
    for (int i = 0; i < 8 && f[i] != ' '; i++) out[n++] = (char)f[i];
    if (f[8] != ' ') {
        out[n++] = '.';
        for (int i = 8; i < 11 && f[i] != ' '; i++) out[n++] = (char)f[i];
    }
    out[n] = 0;
}

bool dos_fcb_match(const uint8_t p[11], const uint8_t n[11]) {
    for (int i = 0; i < 11; i++)
        if (p[i] != '?' && upper(p[i]) != upper(n[i])) return false;
    return true;
}

bool dos_host_name_83(const char *h, char out[13]) {
    size_t len = strlen(h);
    if (!len || len > 12 || !strcmp(h, ".") || !strcmp(h, "..")) return false;
    const char *dot = strchr(h, '.');
    size_t base = dot ? (size_t)(dot - h) : len;
    if (base == 0 || base > 8) return false;
    if (dot && (strchr(dot + 1, '.') || len - base - 1 > 3 || len - base - 1 == 0)) return false;
    for (size_t i = 0; i < len; i++) {
        uint8_t c = (uint8_t)h[i];
        if (c != '.' && (c >= 0x80 || !dos_name_char(upper(c)))) return false;
        out[i] = (char)upper(c);
    }
    out[len] = 0;
    return true;
}

/* ---- AH=29h ---- */

static bool is_sep(uint8_t c) { return c && strchr(":.;,=+", c); }
static bool is_blank(uint8_t c) { return c == ' ' || c == '\t'; }
static bool is_term(uint8_t c) {
    return c < 0x20 || strchr(" \t\"./:;<=>[\\]|+,", c) || c == 0x7F;
}

uint8_t dos_parse_fcb_name(const uint8_t *s, size_t n, uint8_t ctl, uint8_t *fcb, size_t *used,
                           bool (*valid_drive)(void *ctx, int drive), void *ctx) {
    size_t i = 0;
    uint8_t ret = 0;
#define AT(k) ((k) < n ? s[k] : 0)
    while (is_blank(AT(i))) i++;
    if ((ctl & 1) && is_sep(AT(i))) {
        i++;
        while (is_blank(AT(i))) i++;
    }
    /* drive */
    uint8_t c0 = upper(AT(i));
    if (AT(i + 1) == ':' && c0 >= 'A' && c0 <= 'Z') {
        int d = c0 - 'A' + 1;
        fcb[0] = (uint8_t)d;
        if (!valid_drive(ctx, d)) ret = 0xFF;
        i += 2;
    } else if (!(ctl & 2)) {
        fcb[0] = 0;
    }
    /* name: up to 8 characters, '*' fills with '?', the rest up to a terminator is skipped */
    uint8_t field[11];
    int got_name = 0, got_ext = 0;
    memset(field, ' ', 11);
    int k = 0;
    while (!is_term(AT(i)) || AT(i) == '*' || AT(i) == '?') {
        uint8_t c = upper(AT(i));
        if (c == '*') {
            while (k < 8) field[k++] = '?';
        } else if (k < 8) {
            field[k++] = c;
        }
        got_name = 1;
        i++;
    }
    if (AT(i) == '.') {
        i++;
        k = 8;
        got_ext = 1;
        while (!is_term(AT(i)) || AT(i) == '*' || AT(i) == '?') {
            uint8_t c = upper(AT(i));
            if (c == '*') {
                while (k < 11) field[k++] = '?';
            } else if (k < 11) {
                field[k++] = c;
            }
            i++;
        }
    }
#undef AT
    if (got_name || !(ctl & 4)) memcpy(fcb + 1, field, 8);
    if (got_ext || !(ctl & 8)) memcpy(fcb + 9, field + 8, 3);
    for (int j = 1; j < 12; j++)
        if (fcb[j] == '?' && ret != 0xFF) ret = 1;
    *used = i;
    return ret;
}

/* ---- canonical paths ---- */

/* Parse one component [s, e) into canonical form. Returns 0, or 1 for '.', 2 for '..', -1 bad. */
static int component(const char *s, const char *e, bool wild_ok, char out[13], bool *wild) {
    size_t len = (size_t)(e - s);
    if (len == 1 && s[0] == '.') return 1;
    if (len == 2 && s[0] == '.' && s[1] == '.') return 2;
    uint8_t f[11];
    memset(f, ' ', 11);
    int k = 0, part = 0;
    for (const char *p = s; p < e; p++) {
        uint8_t c = upper((uint8_t)*p);
        if (c == '.') {
            if (part) return -1;
            part = 1;
            k = 8;
            continue;
        }
        int lim = part ? 11 : 8;
        if (c == '*' || c == '?') {
            if (!wild_ok) return -1;
            *wild = true;
            if (c == '*') {
                while (k < lim) f[k++] = '?';
                continue;
            }
        } else if (!dos_name_char(c)) {
            return -1;
        }
        if (k < lim) f[k++] = c; /* longer names are cut to 8.3, as DOS did */
    }
    if (f[0] == ' ') return -1;
    dos_fcb_to_name(f, out);
    return 0;
}

uint16_t dos_path_resolve(const char *path, int cur_drive, const char *cwd_of_drive[26],
                          bool allow_wild, DosPath *out) {
    memset(out, 0, sizeof *out);
    const char *p = path;
    int drive = cur_drive;
    if (p[0] && p[1] == ':') {
        uint8_t c = upper((uint8_t)p[0]);
        if (c < 'A' || c > 'Z') return DOSERR_PATH_NOT_FOUND;
        drive = c - 'A';
        p += 2;
    }
    if (drive < 0 || drive > 25 || !cwd_of_drive[drive]) return DOSERR_PATH_NOT_FOUND;
    out->drive = drive;
    if (strlen(path) >= DOS_MAX_PATH) return DOSERR_PATH_NOT_FOUND;
    char buf[DOS_MAX_CWD + DOS_MAX_PATH + 4];
    if (*p == '\\' || *p == '/') {
        snprintf(buf, sizeof buf, "%s", p);
    } else {
        snprintf(buf, sizeof buf, "%s\\%s", cwd_of_drive[drive], p);
    }
    if (!*p) return DOSERR_PATH_NOT_FOUND; /* "C:" alone names no file */
    const char *s = buf;
    for (;;) {
        while (*s == '\\' || *s == '/') s++;
        if (!*s) break;
        const char *e = s;
        while (*e && *e != '\\' && *e != '/') e++;
        bool last = true;
        for (const char *q = e; *q; q++)
            if (*q != '\\' && *q != '/') { last = false; break; }
        bool wild = false;
        char name[13];
        int r = component(s, e, allow_wild && last, name, &wild);
        if (r < 0) return last ? DOSERR_FILE_NOT_FOUND : DOSERR_PATH_NOT_FOUND;
        if (r == 1) {
            /* '.' */
        } else if (r == 2) {
            if (out->n == 0) return DOSERR_PATH_NOT_FOUND;
            out->n--;
        } else {
            if (out->n >= DOS_MAX_DEPTH) return DOSERR_PATH_NOT_FOUND;
            memcpy(out->comp[out->n++], name, 13);
            out->wild = wild;
        }
        s = e;
    }
    if (out->n) out->device = dos_device_of_name(out->comp[out->n - 1]);
    return DOSERR_NONE;
}

void dos_path_format(const DosPath *p, int n, char *out, size_t len) {
    size_t k = (size_t)snprintf(out, len, "%c:\\", 'A' + p->drive);
    for (int i = 0; i < n && k < len; i++)
        k += (size_t)snprintf(out + k, len - k, "%s%s", i ? "\\" : "", p->comp[i]);
}
