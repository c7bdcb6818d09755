/* Internal to the map parsers: line iteration over untrusted text, symbol list building. */
#ifndef EMU86_PROFILER_MAP_INTERNAL_H
#define EMU86_PROFILER_MAP_INTERNAL_H

#include "util.h"

/* One line at a time; the line excludes "\n" and a trailing "\r". Any bytes (NUL included). */
typedef struct MapLines {
    const char *p, *end;
    unsigned long lineno; /* of the line last returned, from 1 */
} MapLines;

void map_lines_init(MapLines *it, const char *text, size_t len);
bool map_lines_next(MapLines *it, const char **line, size_t *len);

/* Parsing helpers on a (line, len) cursor. */
size_t map_skip_spaces(const char *s, size_t len, size_t i);
/* Up to max hex digits (at least one) at s[*i]; false if none or the value overflows 32 bits. */
bool map_hex(const char *s, size_t len, size_t *i, int max, uint32_t *v);
bool map_starts_with(const char *s, size_t len, const char *prefix);
bool map_contains(const char *s, size_t len, const char *needle);

/* Does the text look like a NASM listing (nasm -l): line numbers, then 8-digit offsets? */
bool map_is_nasm_listing(const char *text, size_t len);

/* Symbol list under construction: names are copied with bytes outside printable ASCII
 * replaced by '?', and cut at 255 bytes. */
bool map_add_symbol(ProfMap *m, uint32_t addr, const char *name, size_t len);
/* Sort by address then name; drop exact duplicates. */
void map_finish(ProfMap *m);

#endif
