/* The sidecar of a .PRF (NAME.PRF.emu86): what PROFIL's format cannot hold, beside the file
 * that stays byte for byte PROFIL's. Text, one fact a line:
 *
 *   emu86 sidecar 1
 *   program SORT.EXE                  the program as given to emu86 (for emu86 annotate)
 *   sample irq                        the sampling rule (--sample irq or exact)
 *   header 1000 97 1 0410 0470 0100   clock_grain bucket_num bucket_siz prog_low_pa
 *                                     prog_high_pa dos_pa of the .PRF it goes with
 *   ticks 182153                      every sample
 *   io 1127 / dos 77 / high 2         the classes' counts in full
 *   at 00E4 12                        samples at an image offset (hex), in full; ascending
 *   name 0000 start                   the routines' names the run used (image offset, name)
 *
 * Lines starting with '#' are comments. A reader checks that it goes with the .PRF: the same
 * header, and every 16-bit counter of the .PRF equal to its full count modulo 65536. */
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "map_internal.h"

void prof_sidecar_path(const char *prf_path, char *out, size_t len) { snprintf(out, len, "%s.emu86", prf_path); }

void prof_sidecar_free(ProfSidecar *s) {
    prof_tally_free(&s->tally);
    prof_map_free(&s->names);
    free(s->program);
    memset(s, 0, sizeof *s);
}

bool prof_sidecar_encode(const ProfSidecar *s, ProfBuf *b) {
    const ProfPrfHeader *h = &s->h;
    prof_buf_puts(b, "emu86 sidecar 1\n# beside a PROFIL .PRF: its counters in full, its samples by address, the "
                     "routines' names (emu86's docs/profiler.md)\n");
    if (s->program && !strpbrk(s->program, "\r\n")) prof_buf_printf(b, "program %s\n", s->program);
    if (s->rule) prof_buf_printf(b, "sample %s\n", s->rule == 'e' ? "exact" : "irq");
    prof_buf_printf(b, "header %u %u %u %04X %04X %04X\n", h->clock_grain, h->bucket_num, h->bucket_siz,
                    h->prog_low_pa, h->prog_high_pa, h->dos_pa);
    prof_buf_printf(b, "ticks %llu\nio %llu\ndos %llu\nhigh %llu\n", (unsigned long long)s->ticks,
                    (unsigned long long)s->tally.io, (unsigned long long)s->tally.dos,
                    (unsigned long long)s->tally.high);
    /* (lines as "at %04X %lu" and "name %04X %s" print them, without printf: MASM 5.10's
     * sidecar has 7,000, and printf cost 1,200 host instructions a line) */
    for (uint32_t i = 0; i < s->tally.nat; i++)
        if (s->tally.at[i]) {
            prof_buf_puts(b, "at ");
            prof_buf_put_hex(b, i, 4);
            prof_buf_puts(b, " ");
            prof_buf_put_dec(b, s->tally.at[i]);
            prof_buf_puts(b, "\n");
        }
    for (size_t i = 0; i < s->names.nsym; i++) {
        prof_buf_puts(b, "name ");
        prof_buf_put_hex(b, s->names.sym[i].addr, 4);
        prof_buf_puts(b, " ");
        prof_buf_puts(b, s->names.sym[i].name);
        prof_buf_puts(b, "\n");
    }
    return !b->oom;
}

/* A decimal number at s[*i] (at most 20 digits, no overflow). */
static bool dec(const char *s, size_t n, size_t *i, uint64_t *v) {
    uint64_t x = 0;
    size_t start = *i;
    while (*i < n && s[*i] >= '0' && s[*i] <= '9') {
        unsigned d = (unsigned)(s[*i] - '0');
        if (x > (UINT64_MAX - d) / 10) return false;
        x = x * 10 + d;
        (*i)++;
    }
    *v = x;
    return *i > start;
}

static bool word_is(const char *s, size_t n, const char *w, size_t *i) {
    size_t k = strlen(w);
    if (n < k + 1 || memcmp(s, w, k) || s[k] != ' ') return false;
    *i = k + 1;
    return true;
}

static bool at_end(const char *s, size_t n, size_t i) { return map_skip_spaces(s, n, i) == n; }

bool prof_sidecar_decode(ProfSidecar *sc, const char *text, size_t len, const char *name, char *err,
                         size_t errlen) {
    memset(sc, 0, sizeof *sc);
    MapLines it;
    map_lines_init(&it, text, len);
    const char *s;
    size_t n;
    bool have_header = false, ok = true;
    uint32_t last_at = 0;
    bool any_at = false;
    if (!map_lines_next(&it, &s, &n) || n != 15 || memcmp(s, "emu86 sidecar 1", 15))
        return prof_fail(err, errlen, "%s: not an emu86 sidecar (no 'emu86 sidecar 1' line)", name);
    while (ok && map_lines_next(&it, &s, &n)) {
        size_t i = 0;
        uint64_t v = 0;
        uint32_t x[6];
        if (!n || s[0] == '#') continue;
        if (word_is(s, n, "program", &i)) {
            free(sc->program);
            sc->program = malloc(n - i + 1);
            if (!sc->program) return prof_fail(err, errlen, "%s: out of memory", name);
            memcpy(sc->program, s + i, n - i);
            sc->program[n - i] = 0;
            continue;
        }
        if (word_is(s, n, "sample", &i)) {
            if (n - i == 3 && !memcmp(s + i, "irq", 3)) sc->rule = 'i';
            else if (n - i == 5 && !memcmp(s + i, "exact", 5)) sc->rule = 'e';
            else ok = false;
            continue;
        }
        if (word_is(s, n, "header", &i)) {
            bool good = true;
            for (int k = 0; k < 6 && good; k++) {
                i = map_skip_spaces(s, n, i);
                if (k < 3) {
                    good = dec(s, n, &i, &v) && v <= 0xFFFF;
                    x[k] = (uint32_t)v;
                } else {
                    good = map_hex(s, n, &i, 4, &x[k]);
                }
            }
            if (!good || !at_end(s, n, i) || !x[2]) {
                ok = false;
                break;
            }
            sc->h = (ProfPrfHeader){(uint16_t)x[0], (uint16_t)x[1], (uint16_t)x[2], (uint16_t)x[3],
                                    (uint16_t)x[4], (uint16_t)x[5], 0, 0, 0};
            prof_tally_free(&sc->tally);
            if (!prof_tally_init(&sc->tally, &sc->h)) return prof_fail(err, errlen, "%s: out of memory", name);
            have_header = true;
            continue;
        }
        uint64_t *cls = NULL;
        if (word_is(s, n, "ticks", &i)) cls = &sc->ticks;
        else if (word_is(s, n, "io", &i)) cls = &sc->tally.io;
        else if (word_is(s, n, "dos", &i)) cls = &sc->tally.dos;
        else if (word_is(s, n, "high", &i)) cls = &sc->tally.high;
        if (cls) {
            ok = (cls == &sc->ticks || have_header) && dec(s, n, &i, cls) && at_end(s, n, i);
            continue;
        }
        if (word_is(s, n, "at", &i)) {
            uint32_t off;
            ok = have_header && map_hex(s, n, &i, 5, &off) && i < n && s[i] == ' ' && off < sc->tally.nat &&
                 (!any_at || off > last_at);
            if (ok) {
                i++;
                ok = dec(s, n, &i, &v) && v <= 0xFFFFFFFFu && at_end(s, n, i);
                sc->tally.at[off] = (uint32_t)v;
                last_at = off;
                any_at = true;
            }
            continue;
        }
        if (word_is(s, n, "name", &i)) {
            uint32_t off;
            ok = map_hex(s, n, &i, 5, &off) && i < n && s[i] == ' ';
            if (ok) {
                size_t from = i + 1, to = from;
                while (to < n && s[to] != ' ' && s[to] != '\t') to++;
                ok = to > from && at_end(s, n, to);
                if (ok && !map_add_symbol(&sc->names, off, s + from, to - from))
                    return prof_fail(err, errlen, "%s: out of memory", name);
            }
            continue;
        }
        ok = false;
    }
    if (!ok) {
        unsigned long line = it.lineno;
        prof_sidecar_free(sc);
        return prof_fail(err, errlen, "%s:%lu: not a line of an emu86 sidecar", name, line);
    }
    if (!have_header) {
        prof_sidecar_free(sc);
        return prof_fail(err, errlen, "%s: no header line", name);
    }
    sc->names.kind = "sidecar";
    map_finish(&sc->names);
    return true;
}

bool prof_sidecar_matches(const ProfSidecar *sc, const ProfPrf *p, char *why, size_t len) {
    const ProfPrfHeader *a = &sc->h, *b = &p->h;
    if (a->clock_grain != b->clock_grain || a->bucket_num != b->bucket_num || a->bucket_siz != b->bucket_siz ||
        a->prog_low_pa != b->prog_low_pa || a->prog_high_pa != b->prog_high_pa || a->dos_pa != b->dos_pa)
        return prof_fail(why, len, "its header is not the .PRF's");
    if ((uint16_t)sc->tally.io != b->hit_io || (uint16_t)sc->tally.dos != b->hit_dos ||
        (uint16_t)sc->tally.high != b->hit_high)
        return prof_fail(why, len, "its DOS, I/O or high count is not the .PRF's");
    for (uint32_t i = 0; i < b->bucket_num; i++)
        if ((uint16_t)prof_tally_bucket(&sc->tally, b, i) != p->bucket[i])
            return prof_fail(why, len, "its count of bucket %lu is not the .PRF's", (unsigned long)i);
    return true;
}

bool prof_sidecar_read_for(ProfSidecar *sc, const char *prf_path, const ProfPrf *p, char *note, size_t notelen) {
    char path[4200];
    prof_sidecar_path(prf_path, path, sizeof path);
    note[0] = 0;
    FILE *f = fopen(path, "rb");
    if (!f) return false; /* none: a .PRF of PROFIL's, or one whose sidecar was not kept */
    fclose(f);
    ProfBuf b = {0};
    char err[600], why[200];
    bool ok = prof_read_file(path, 64u << 20, &b, err, sizeof err) &&
              prof_sidecar_decode(sc, b.data ? b.data : "", b.len, path, err, sizeof err);
    prof_buf_free(&b);
    if (!ok) {
        snprintf(note, notelen, "%s (ignored)", err);
        return false;
    }
    if (!prof_sidecar_matches(sc, p, why, sizeof why)) {
        snprintf(note, notelen, "%s ignored: %s (written by another run?)", path, why);
        prof_sidecar_free(sc);
        return false;
    }
    return true;
}
