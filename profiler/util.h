/* Internal helpers of the profiler library: buffer appends, error messages, little-endian. */
#ifndef EMU86_PROFILER_UTIL_H
#define EMU86_PROFILER_UTIL_H

#include "profiler.h"

#include <stdarg.h>

#if defined(__GNUC__)
#define PROF_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define PROF_PRINTF(a, b)
#endif

/* Append bytes / a string / formatted text (printf rules; integers and strings only). */
void prof_buf_put(ProfBuf *b, const void *data, size_t n);
void prof_buf_puts(ProfBuf *b, const char *s);
void prof_buf_printf(ProfBuf *b, const char *fmt, ...) PROF_PRINTF(2, 3);
/* Append v in upper-case hex, at least `digits` digits (printf's "%0*llX"), or in decimal
 * ("%llu"): without printf, for the sidecar's thousands of lines. */
void prof_buf_put_hex(ProfBuf *b, uint64_t v, unsigned digits);
void prof_buf_put_dec(ProfBuf *b, uint64_t v);
/* Make room for n more bytes; false when out of memory. */
bool prof_buf_reserve(ProfBuf *b, size_t n);

/* Write a message into err[errlen] (if err is not NULL); returns false for `return` chains. */
bool prof_fail(char *err, size_t errlen, const char *fmt, ...) PROF_PRINTF(3, 4);

static inline void prof_put_le16(uint8_t *p, uint16_t v) {
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
}
static inline uint16_t prof_get_le16(const uint8_t *p) { return (uint16_t)(p[0] | (p[1] << 8)); }
static inline void prof_put_le32(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

/* "12.3": n / d as a percentage with one decimal, rounded half up, in integers (d > 0). */
void prof_percent(char *out, size_t outlen, uint64_t n, uint64_t d);

/* "1,234,567" */
void prof_commas(char *out, size_t outlen, uint64_t v);

/* "once", "twice", "3 times" */
void prof_times(char *out, size_t outlen, uint64_t n);

/* Text escaping for the writers. */
void prof_buf_put_csv_field(ProfBuf *b, const char *s);
void prof_buf_put_xml_text(ProfBuf *b, const char *s);

#endif
