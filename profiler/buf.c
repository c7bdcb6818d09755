/* ProfBuf: the growable byte buffer every renderer writes into. */
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void prof_buf_free(ProfBuf *b) {
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
    b->oom = false;
}

bool prof_buf_reserve(ProfBuf *b, size_t n) {
    if (b->oom) return false;
    if (b->cap - b->len > n) return true; /* keep one byte for a NUL */
    size_t cap = b->cap ? b->cap : 256;
    while (cap - b->len <= n) {
        if (cap > SIZE_MAX / 2) {
            b->oom = true;
            return false;
        }
        cap *= 2;
    }
    char *d = realloc(b->data, cap);
    if (!d) {
        b->oom = true;
        return false;
    }
    b->data = d;
    b->cap = cap;
    return true;
}

void prof_buf_put(ProfBuf *b, const void *data, size_t n) {
    if (!prof_buf_reserve(b, n)) return;
    if (n) memcpy(b->data + b->len, data, n);
    b->len += n;
    b->data[b->len] = 0;
}

void prof_buf_puts(ProfBuf *b, const char *s) { prof_buf_put(b, s, strlen(s)); }

void prof_buf_put_hex(ProfBuf *b, uint64_t v, unsigned digits) {
    char t[16];
    unsigned n = 0;
    do {
        t[15 - n++] = "0123456789ABCDEF"[v & 15];
        v >>= 4;
    } while (v);
    while (n < digits && n < sizeof t) t[15 - n++] = '0';
    prof_buf_put(b, t + 16 - n, n);
}

void prof_buf_put_dec(ProfBuf *b, uint64_t v) {
    char t[20];
    unsigned n = 0;
    do {
        t[19 - n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    prof_buf_put(b, t + 20 - n, n);
}

void prof_buf_printf(ProfBuf *b, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    char small[256];
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    if ((size_t)n < sizeof small) {
        prof_buf_put(b, small, (size_t)n);
        return;
    }
    if (!prof_buf_reserve(b, (size_t)n + 1)) return;
    va_start(ap, fmt);
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

bool prof_fail(char *err, size_t errlen, const char *fmt, ...) {
    if (err && errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return false;
}

void prof_percent(char *out, size_t outlen, uint64_t n, uint64_t d) {
    if (d == 0) {
        snprintf(out, outlen, "0.0");
        return;
    }
    /* tenths of a percent, rounded half up: (n * 1000 + d/2) / d, without overflow for any
     * counts a run can produce (n <= d < 2^53) */
    uint64_t t = (n * 1000u + d / 2) / d;
    snprintf(out, outlen, "%llu.%llu", (unsigned long long)(t / 10), (unsigned long long)(t % 10));
}

void prof_commas(char *out, size_t outlen, uint64_t v) {
    char d[32];
    int n = snprintf(d, sizeof d, "%llu", (unsigned long long)v);
    size_t o = 0;
    for (int i = 0; i < n && o + 2 < outlen; i++) {
        if (i && (n - i) % 3 == 0) out[o++] = ',';
        out[o++] = d[i];
    }
    out[o] = 0;
}

void prof_times(char *out, size_t outlen, uint64_t n) {
    if (n == 1) snprintf(out, outlen, "once");
    else if (n == 2) snprintf(out, outlen, "twice");
    else snprintf(out, outlen, "%llu times", (unsigned long long)n);
}

void prof_buf_put_csv_field(ProfBuf *b, const char *s) {
    if (!strpbrk(s, ",\"\r\n")) {
        prof_buf_puts(b, s);
        return;
    }
    prof_buf_put(b, "\"", 1);
    for (const char *p = s; *p; p++) {
        if (*p == '"') prof_buf_put(b, "\"", 1);
        prof_buf_put(b, p, 1);
    }
    prof_buf_put(b, "\"", 1);
}

void prof_buf_put_xml_text(ProfBuf *b, const char *s) {
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        switch (*p) {
        case '<': prof_buf_puts(b, "&lt;"); break;
        case '>': prof_buf_puts(b, "&gt;"); break;
        case '&': prof_buf_puts(b, "&amp;"); break;
        case '"': prof_buf_puts(b, "&quot;"); break;
        default:
            if (*p < 0x20 || *p >= 0x7F) prof_buf_printf(b, "&#%u;", *p);
            else prof_buf_put(b, p, 1);
        }
    }
}
