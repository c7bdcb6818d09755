/* NASM listing files (nasm -l FILE): the labels of the code, for names as a map gives them.
 *
 *       11 00000000 B9C800                  main:   mov     cx, 200
 *       12 00000003 51                      .outer: push    cx
 *       48                                  landing:
 *       49 00000060 C3                              ret
 *
 * Each line: its source line number (6 columns), the offset in its section (8 hex digits, when
 * it makes bytes), the bytes, and from column 40 the source. A label is a name followed by ':'
 * at the start of the source; it is at its line's offset, or (alone on its line) at the next
 * offset listed. Local labels (.x), macros' (in a %macro's definition, ..@, and every line a
 * macro expands, marked <n>) and labels past a section other than .text are left out. For a .COM made with org 100h
 * (NASM's -f bin) the offsets are the image's, as a map's Real - origin is. */
#include "map_internal.h"

#include <string.h>

enum { SOURCE_COL = 40, OFFSET_COL = 7 };

/* The right-aligned line number: up to 6 columns of decimal digits ending at column 6. */
static bool line_number(const char *s, size_t n) {
    size_t i = map_skip_spaces(s, n, 0);
    if (i >= 6 || n < 6) return false;
    for (; i < 6; i++)
        if (s[i] < '0' || s[i] > '9') return false;
    return true;
}

static bool is_name_char(char c, bool first) {
    if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_' || c == '?' || c == '$' || c == '@')
        return true;
    return !first && ((c >= '0' && c <= '9') || c == '.' || c == '#' || c == '~');
}

/* Does the text look like a NASM listing: a line number, then an offset of 8 hex digits? */
bool map_is_nasm_listing(const char *text, size_t len) {
    MapLines it;
    map_lines_init(&it, text, len);
    const char *s;
    size_t n;
    for (int k = 0; k < 200 && map_lines_next(&it, &s, &n); k++) {
        uint32_t v;
        if (map_skip_spaces(s, n, 0) == n) continue;
        if (!line_number(s, n)) return false;
        if (n > OFFSET_COL + 8 && s[6] == ' ') {
            size_t j = OFFSET_COL;
            if (map_hex(s, n, &j, 8, &v) && j == OFFSET_COL + 8 && s[j] == ' ') return true;
        }
    }
    return false;
}

bool prof_map_parse_nasm_listing(ProfMap *m, const char *text, size_t len, const char *name, char *err,
                                 size_t errlen) {
    memset(m, 0, sizeof *m);
    m->kind = "nasm-listing";
    MapLines it;
    map_lines_init(&it, text, len);
    const char *s;
    size_t n;
    bool in_text = true, in_macro = false, any = false;
    /* labels alone on their line wait for the next offset */
    const char *pending[16];
    size_t pending_len[16], npending = 0;
    while (map_lines_next(&it, &s, &n)) {
        if (map_skip_spaces(s, n, 0) == n) continue;
        if (!line_number(s, n))
            return prof_fail(err, errlen, "%s:%lu: expected a NASM listing line (a line number in 6 columns)", name,
                             it.lineno);
        any = true;
        bool has_offset = false;
        uint32_t off = 0;
        if (n > OFFSET_COL + 8) {
            size_t j = OFFSET_COL;
            has_offset = map_hex(s, n, &j, 8, &off) && j == OFFSET_COL + 8;
        }
        if (has_offset && npending) {
            for (size_t k = 0; k < npending; k++)
                if (in_text && !map_add_symbol(m, off, pending[k], pending_len[k]))
                    return prof_fail(err, errlen, "%s: out of memory", name);
            npending = 0;
        }
        if (n <= SOURCE_COL || (n > 38 && s[36] == '<')) continue; /* no source, or a macro's line */
        const char *src = s + SOURCE_COL;
        size_t sn = n - SOURCE_COL, a = map_skip_spaces(src, sn, 0);
        /* a macro's definition: its labels are its expansions' (listed with <n>, left out) */
        if ((sn - a >= 6 && !memcmp(src + a, "%macro", 6)) || (sn - a >= 7 && !memcmp(src + a, "%imacro", 7)))
            in_macro = true;
        if (sn - a >= 9 && !memcmp(src + a, "%endmacro", 9)) in_macro = false;
        if (in_macro) continue;
        /* section .data / segment code: labels only in .text (or before any section) */
        if ((sn - a >= 8 && !memcmp(src + a, "section ", 8)) || (sn - a >= 8 && !memcmp(src + a, "segment ", 8))) {
            size_t b = map_skip_spaces(src, sn, a + 8), e = b;
            while (e < sn && src[e] != ' ' && src[e] != '\t') e++;
            in_text = e - b == 5 && !memcmp(src + b, ".text", 5);
            continue;
        }
        if (a != 0 || !is_name_char(src[0], true)) continue; /* (a local label starts with '.') */
        size_t e = 1;
        while (e < sn && is_name_char(src[e], false)) e++;
        if (e >= sn || src[e] != ':') continue;
        if (e >= 3 && !memcmp(src, "..@", 3)) continue;
        if (has_offset) {
            if (in_text && !map_add_symbol(m, off, src, e)) return prof_fail(err, errlen, "%s: out of memory", name);
        } else if (npending < 16) {
            pending[npending] = src;
            pending_len[npending++] = e;
        }
    }
    if (!any) return prof_fail(err, errlen, "%s: an empty NASM listing", name);
    map_finish(m);
    return true;
}
