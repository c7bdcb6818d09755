/* Microsoft LINK .MAP: the segment table and the "Publics by Value" list.
 *
 *   Start  Stop   Length Name                   Class
 *   00000H 0012FH 00130H _TEXT                  CODE
 *   ...
 *    Address         Publics by Value
 *
 *   0000:0000  Abs  __acrtused
 *   0000:0010       _main
 *
 * A public at SSSS:OOOO is SSSS x 16 + OOOO bytes from the start of the load image. Absolute
 * ("Abs") and imported ("Imp") names are constants, not code: they are skipped. Without a
 * publics list the segments are the symbols (as PROHST used them). */
#include "map_internal.h"

#include <stdlib.h>
#include <string.h>

enum { S_NONE, S_SEGMENTS, S_BY_VALUE, S_BY_NAME };

static size_t token_end(const char *s, size_t len, size_t i) {
    while (i < len && s[i] != ' ' && s[i] != '\t') i++;
    return i;
}

/* " 00000H 0012FH 00130H _TEXT   CODE": start and name. */
static bool parse_segment(const char *s, size_t len, uint32_t *start, size_t *name, size_t *nlen) {
    size_t i = map_skip_spaces(s, len, 0);
    uint32_t v[3];
    for (int k = 0; k < 3; k++) {
        if (!map_hex(s, len, &i, 8, &v[k]) || i >= len || (s[i] != 'H' && s[i] != 'h')) return false;
        i = map_skip_spaces(s, len, i + 1);
    }
    size_t e = token_end(s, len, i);
    if (e == i) return false;
    *start = v[0];
    *name = i;
    *nlen = e - i;
    return true;
}

/* " 0000:0010       _main" (or "Abs"/"Imp" before the name): address and name; *skip for
 * absolute and imported names. */
static bool parse_public(const char *s, size_t len, uint32_t *addr, size_t *name, size_t *nlen,
                         bool *skip) {
    size_t i = map_skip_spaces(s, len, 0);
    uint32_t seg, off;
    if (!map_hex(s, len, &i, 4, &seg) || i >= len || s[i] != ':') return false;
    i++;
    if (!map_hex(s, len, &i, 8, &off)) return false;
    if (i < len && s[i] != ' ' && s[i] != '\t') return false;
    i = map_skip_spaces(s, len, i);
    size_t e = token_end(s, len, i);
    if (e == i) return false;
    *skip = false;
    if ((e - i == 3) && (!memcmp(s + i, "Abs", 3) || !memcmp(s + i, "Imp", 3))) {
        size_t j = map_skip_spaces(s, len, e);
        if (j < len) { /* a marker, then the name */
            *skip = true;
            i = j;
            e = token_end(s, len, i);
        }
    }
    *addr = seg * 16u + off;
    *name = i;
    *nlen = e - i;
    return true;
}

static bool blank(const char *s, size_t len) { return map_skip_spaces(s, len, 0) == len; }

bool prof_map_parse_link(ProfMap *m, const char *text, size_t len, const char *name, char *err,
                         size_t errlen) {
    memset(m, 0, sizeof *m);
    m->kind = "link";
    ProfMap segs = {0}, by_name = {0};
    bool have_value = false, have_name = false, have_segs = false, ok = true;
    int state = S_NONE;
    size_t in_section = 0; /* entries read in the current list */
    MapLines it;
    map_lines_init(&it, text, len);
    const char *s;
    size_t n;
    while (ok && map_lines_next(&it, &s, &n)) {
        if (map_contains(s, n, "Publics by Value")) {
            state = S_BY_VALUE;
            have_value = true;
            in_section = 0;
            continue;
        }
        if (map_contains(s, n, "Publics by Name")) {
            state = S_BY_NAME;
            have_name = true;
            in_section = 0;
            continue;
        }
        if (map_contains(s, n, "Start") && map_contains(s, n, "Stop") && map_contains(s, n, "Length")) {
            state = S_SEGMENTS;
            have_segs = true;
            in_section = 0;
            continue;
        }
        if (state == S_NONE) continue;
        if (blank(s, n)) {
            if (in_section) state = S_NONE; /* the blank line after a list ends it */
            continue;
        }
        if (s[0] != ' ' && s[0] != '\t') { /* a new heading ("Program entry point", ...) */
            state = S_NONE;
            continue;
        }
        uint32_t addr;
        size_t at, nl;
        bool skip = false;
        if (state == S_SEGMENTS) {
            if (!parse_segment(s, n, &addr, &at, &nl)) {
                ok = prof_fail(err, errlen, "%s:%lu: expected 'START STOP LENGTH NAME' (hex "
                               "numbers ending in H) in the segment table", name, it.lineno);
                break;
            }
            ok = map_add_symbol(&segs, addr, s + at, nl);
        } else {
            if (!parse_public(s, n, &addr, &at, &nl, &skip)) {
                ok = prof_fail(err, errlen, "%s:%lu: expected 'SSSS:OOOO NAME' in the Publics by "
                               "%s list", name, it.lineno, state == S_BY_VALUE ? "Value" : "Name");
                break;
            }
            if (!skip) ok = map_add_symbol(state == S_BY_VALUE ? m : &by_name, addr, s + at, nl);
        }
        if (!ok && err) prof_fail(err, errlen, "%s: out of memory", name);
        in_section++;
    }
    if (ok && !have_value && !have_name && !have_segs)
        ok = prof_fail(err, errlen, "%s: not a LINK map: no 'Publics by Value' list and no "
                       "segment table", name);
    if (ok && !have_value) { /* fall back: publics by name, else the segments */
        ProfMap *use = have_name ? &by_name : &segs;
        ProfMap tmp = *m;
        *m = *use;
        *use = tmp;
        m->kind = "link";
    }
    prof_map_free(&segs);
    prof_map_free(&by_name);
    if (!ok) {
        prof_map_free(m);
        return false;
    }
    map_finish(m);
    return true;
}
