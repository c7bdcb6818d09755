/* NASM map files ([map all file.map]): the program origin and the "Symbols" sections.
 *
 *   -- Program origin ---------
 *
 *   00000100
 *   ...
 *   -- Symbols ----------------
 *
 *   ---- Section .text --------
 *
 *   Real              Virtual           Name
 *                100               100  start
 *
 * A symbol is Real - origin bytes from the start of the image. "No Section" values are
 * constants (skipped), as are local labels (NAME.x right after NAME) and macro labels (..@). */
#include "map_internal.h"

#include <string.h>

enum { N_NONE, N_ORIGIN, N_SYMBOLS, N_TABLE, N_VALUES };

static bool blank(const char *s, size_t len) { return map_skip_spaces(s, len, 0) == len; }

static bool is_local(const char *name, size_t nlen, const char *parent, size_t plen) {
    if (nlen >= 3 && !memcmp(name, "..@", 3)) return true;
    return plen && nlen > plen && name[plen] == '.' && !memcmp(name, parent, plen);
}

bool prof_map_parse_nasm(ProfMap *m, const char *text, size_t len, const char *name, char *err,
                         size_t errlen) {
    memset(m, 0, sizeof *m);
    m->kind = "nasm";
    uint32_t origin = 0;
    int state = N_NONE;
    bool banner = false, ok = true;
    char parent[256];
    size_t plen = 0;
    MapLines it;
    map_lines_init(&it, text, len);
    const char *s;
    size_t n;
    while (ok && map_lines_next(&it, &s, &n)) {
        if (map_starts_with(s, n, "- NASM Map file")) {
            banner = true;
            continue;
        }
        if (map_starts_with(s, n, "---- ")) { /* a subsection of Symbols (or of Sections) */
            if (state == N_SYMBOLS || state == N_TABLE || state == N_VALUES)
                state = map_contains(s, n, "No Section") ? N_VALUES : N_SYMBOLS;
            plen = 0;
            continue;
        }
        if (map_starts_with(s, n, "-- ")) {
            if (map_starts_with(s, n, "-- Program origin")) state = N_ORIGIN;
            else if (map_starts_with(s, n, "-- Symbols")) state = N_SYMBOLS;
            else state = N_NONE;
            continue;
        }
        if (blank(s, n)) {
            if (state == N_TABLE) state = N_SYMBOLS;
            continue;
        }
        if (state == N_ORIGIN) {
            size_t i = map_skip_spaces(s, n, 0);
            if (!map_hex(s, n, &i, 8, &origin) || map_skip_spaces(s, n, i) != n) {
                ok = prof_fail(err, errlen, "%s:%lu: expected the program origin (hex digits)",
                               name, it.lineno);
                break;
            }
            state = N_NONE;
            continue;
        }
        if (state == N_SYMBOLS) {
            if (map_starts_with(s, n, "Real") && map_contains(s, n, "Name")) state = N_TABLE;
            else if (map_starts_with(s, n, "Value") && map_contains(s, n, "Name")) state = N_VALUES;
            else {
                ok = prof_fail(err, errlen, "%s:%lu: expected a 'Real  Virtual  Name' heading in "
                               "the Symbols section", name, it.lineno);
                break;
            }
            continue;
        }
        if (state != N_TABLE) continue;
        size_t i = map_skip_spaces(s, n, 0);
        uint32_t real, virt;
        bool good = map_hex(s, n, &i, 8, &real) && i < n && (s[i] == ' ' || s[i] == '\t');
        if (good) {
            i = map_skip_spaces(s, n, i);
            good = map_hex(s, n, &i, 8, &virt) && i < n && (s[i] == ' ' || s[i] == '\t');
        }
        size_t at = map_skip_spaces(s, n, i), e = at;
        while (e < n && s[e] != ' ' && s[e] != '\t') e++;
        if (!good || e == at) {
            ok = prof_fail(err, errlen, "%s:%lu: expected 'REAL VIRTUAL NAME' (hex, hex, name) in "
                           "the Symbols section", name, it.lineno);
            break;
        }
        if (is_local(s + at, e - at, parent, plen)) continue;
        plen = e - at < sizeof parent ? e - at : 0;
        memcpy(parent, s + at, plen);
        if (real < origin) continue;
        if (!map_add_symbol(m, real - origin, s + at, e - at))
            ok = prof_fail(err, errlen, "%s: out of memory", name);
    }
    if (ok && !banner) ok = prof_fail(err, errlen, "%s: not a NASM map: no '- NASM Map file' banner", name);
    if (!ok) {
        prof_map_free(m);
        return false;
    }
    map_finish(m);
    return true;
}
