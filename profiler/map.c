/* Map files: the symbol table, its lookup, and the common parsing helpers. */
#include "map_internal.h"

#include <stdlib.h>
#include <string.h>

void map_lines_init(MapLines *it, const char *text, size_t len) {
    it->p = text;
    it->end = text + len;
    it->lineno = 0;
}

bool map_lines_next(MapLines *it, const char **line, size_t *len) {
    if (it->p >= it->end) return false;
    const char *nl = memchr(it->p, '\n', (size_t)(it->end - it->p));
    const char *stop = nl ? nl : it->end;
    *line = it->p;
    *len = (size_t)(stop - it->p);
    if (*len && (*line)[*len - 1] == '\r') (*len)--;
    it->p = nl ? nl + 1 : it->end;
    it->lineno++;
    return true;
}

size_t map_skip_spaces(const char *s, size_t len, size_t i) {
    while (i < len && (s[i] == ' ' || s[i] == '\t')) i++;
    return i;
}

static int hexval(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
}

bool map_hex(const char *s, size_t len, size_t *i, int max, uint32_t *v) {
    uint64_t x = 0;
    int n = 0;
    while (*i < len && n < max && hexval(s[*i]) >= 0) {
        x = x * 16 + (uint64_t)hexval(s[*i]);
        if (x > 0xFFFFFFFFu) return false;
        (*i)++;
        n++;
    }
    *v = (uint32_t)x;
    return n > 0;
}

bool map_starts_with(const char *s, size_t len, const char *prefix) {
    size_t n = strlen(prefix);
    return len >= n && !memcmp(s, prefix, n);
}

bool map_contains(const char *s, size_t len, const char *needle) {
    size_t n = strlen(needle);
    for (size_t i = 0; i + n <= len; i++)
        if (!memcmp(s + i, needle, n)) return true;
    return false;
}

bool map_add_symbol(ProfMap *m, uint32_t addr, const char *name, size_t len) {
    if (len > 255) len = 255;
    if ((m->nsym & (m->nsym - 1)) == 0) { /* grow at powers of two */
        size_t cap = m->nsym ? m->nsym * 2 : 16;
        ProfSymbol *s = realloc(m->sym, cap * sizeof *s);
        if (!s) return false;
        m->sym = s;
    }
    char *copy = malloc(len + 1);
    if (!copy) return false;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)name[i];
        copy[i] = (c > 0x20 && c < 0x7F) ? (char)c : '?';
    }
    copy[len] = 0;
    m->sym[m->nsym].addr = addr;
    m->sym[m->nsym].name = copy;
    m->nsym++;
    return true;
}

static int cmp_symbol(const void *a, const void *b) {
    const ProfSymbol *x = a, *y = b;
    if (x->addr != y->addr) return x->addr < y->addr ? -1 : 1;
    return strcmp(x->name, y->name);
}

void map_finish(ProfMap *m) {
    if (!m->nsym) return;
    if (m->nsym) qsort(m->sym, m->nsym, sizeof *m->sym, cmp_symbol);
    size_t out = 1;
    for (size_t i = 1; i < m->nsym; i++) {
        if (!cmp_symbol(&m->sym[i], &m->sym[out - 1])) {
            free(m->sym[i].name);
            continue;
        }
        m->sym[out++] = m->sym[i];
    }
    m->nsym = out;
}

void prof_map_free(ProfMap *m) {
    for (size_t i = 0; i < m->nsym; i++) free(m->sym[i].name);
    free(m->sym);
    m->sym = NULL;
    m->nsym = 0;
}

const ProfSymbol *prof_map_lookup(const ProfMap *m, uint32_t addr) {
    if (!m || !m->nsym || m->sym[0].addr > addr) return NULL;
    size_t lo = 0, hi = m->nsym; /* last index with sym.addr <= addr */
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (m->sym[mid].addr <= addr) lo = mid;
        else hi = mid;
    }
    return &m->sym[lo];
}

void prof_map_rebase(ProfMap *m, uint32_t delta) {
    size_t out = 0;
    for (size_t i = 0; i < m->nsym; i++) {
        if (m->sym[i].addr < delta) {
            free(m->sym[i].name);
            continue;
        }
        m->sym[out] = m->sym[i];
        m->sym[out].addr -= delta;
        out++;
    }
    m->nsym = out;
}

bool prof_map_merge(ProfMap *into, const ProfMap *from) {
    if (!from) return true;
    const size_t n = into->nsym;
    for (size_t i = 0; i < from->nsym; i++) {
        /* look among into's own (sorted) symbols only; the table may have moved */
        const ProfMap own = {into->sym, n, into->kind};
        const ProfSymbol *at = prof_map_lookup(&own, from->sym[i].addr);
        if (at && at->addr == from->sym[i].addr) continue;
        if (!map_add_symbol(into, from->sym[i].addr, from->sym[i].name, strlen(from->sym[i].name))) return false;
    }
    map_finish(into);
    return true;
}

bool prof_map_parse(ProfMap *m, const char *text, size_t len, const char *name, char *err,
                    size_t errlen) {
    MapLines it;
    map_lines_init(&it, text, len);
    const char *line;
    size_t n;
    bool ok;
    /* NASM's map starts with a blank line and its banner */
    bool nasm = false;
    for (int i = 0; i < 3 && !nasm && map_lines_next(&it, &line, &n); i++)
        nasm = map_starts_with(line, n, "- NASM Map file");
    if (nasm) ok = prof_map_parse_nasm(m, text, len, name, err, errlen);
    else if (map_is_nasm_listing(text, len)) ok = prof_map_parse_nasm_listing(m, text, len, name, err, errlen);
    else ok = prof_map_parse_link(m, text, len, name, err, errlen);
    if (!ok) prof_map_free(m); /* a map that failed keeps nothing */
    return ok;
}

bool prof_map_read(ProfMap *m, const char *path, char *err, size_t errlen) {
    memset(m, 0, sizeof *m);
    ProfBuf b = {0};
    if (!prof_read_file(path, 64u << 20, &b, err, errlen)) {
        prof_buf_free(&b);
        return false;
    }
    bool ok = prof_map_parse(m, b.data ? b.data : "", b.len, path, err, errlen);
    prof_buf_free(&b);
    return ok;
}
