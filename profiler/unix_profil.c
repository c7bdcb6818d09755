/* UNIX profil(2): the index rules of System V, OSF/1, 4.4BSD and Linux, and the buffers. */
#include "util.h"

#include <stdlib.h>
#include <string.h>

static const char *const flavour_names[] = {"sysv", "osf", "bsd", "linux"};

bool prof_unix_flavour_parse(const char *name, ProfUnixFlavour *f) {
    for (int i = 0; i < 4; i++) {
        if (!strcmp(name, flavour_names[i])) {
            *f = (ProfUnixFlavour)i;
            return true;
        }
    }
    return false;
}

const char *prof_unix_flavour_name(ProfUnixFlavour f) {
    return (unsigned)f < 4 ? flavour_names[f] : "?";
}

/* System V reads scale as an unsigned 16-bit fraction. */
static uint32_t effective_scale(ProfUnixFlavour f, uint32_t scale) {
    return f == PROF_UNIX_SYSV ? (scale & 0xFFFFu) : scale;
}

bool prof_unix_enabled(ProfUnixFlavour f, uint32_t scale, uint32_t bufsiz) {
    if (bufsiz == 0) return false;
    scale = effective_scale(f, scale);
    switch (f) {
    case PROF_UNIX_BSD: return scale != 0;
    default: return scale >= 2; /* sysv, osf: 0 or 1 off; linux: below 2 off */
    }
}

int64_t prof_unix_counter_offset(ProfUnixFlavour f, uint32_t pc, uint32_t offset, uint32_t scale,
                                 uint32_t bufsiz) {
    if (!prof_unix_enabled(f, scale, bufsiz) || pc < offset) return -1;
    scale = effective_scale(f, scale);
    uint64_t d = (uint64_t)pc - offset, index;
    switch (f) {
    case PROF_UNIX_OSF:
        if (scale == 2) { /* "maps all instructions onto the beginning of the short_buffer" */
            index = 0;
            break;
        }
        /* fall through */
    case PROF_UNIX_SYSV: index = ((d * scale) >> 16) / 2; break;
    default: index = (d / 2) * scale / 65536u; break; /* bsd, linux */
    }
    if (index >= bufsiz / 2) return -1; /* the whole counter must lie inside the buffer */
    return (int64_t)(index * 2);
}

/* ---- extended (OSF/1) ranges: 32-bit counters, byte r of the buffer, counter r / 4 ---- */

static uint64_t range_counter(const ProfUnixRange *r, uint32_t pc) {
    if (r->scale == 2) return 0;
    return ((((uint64_t)pc - r->offset) * r->scale) >> 16) / 4;
}

static bool range_on(const ProfUnixRange *r) { return r->scale >= 2; }

bool prof_unix_check(ProfUnixFlavour f, uint32_t bufsiz, uint32_t scale, char *err, size_t errlen) {
    if ((unsigned)f > PROF_UNIX_LINUX) return prof_fail(err, errlen, "unknown profil flavour %d", (int)f);
    if (f == PROF_UNIX_SYSV && scale > 0xFFFF)
        return prof_fail(err, errlen, "profil scale 0x%lX: System V's scale is an unsigned 16-bit "
                         "fraction (0..0xFFFF; 0xFFFF maps 2 bytes to a counter)",
                         (unsigned long)scale);
    if (scale > 0x10000)
        return prof_fail(err, errlen, "profil scale 0x%lX: at most 0x10000 (2 bytes per counter)",
                         (unsigned long)scale);
    if (bufsiz > 0x1000000)
        return prof_fail(err, errlen, "profil bufsiz %lu: at most 16 MiB", (unsigned long)bufsiz);
    return true;
}

bool prof_unix_init(ProfUnix *u, ProfUnixFlavour f, uint32_t bufsiz, uint32_t offset,
                    uint32_t scale, char *err, size_t errlen) {
    memset(u, 0, sizeof *u);
    u->flavour = f;
    if (!prof_unix_check(f, bufsiz, scale, err, errlen)) return false;
    u->bufsiz = bufsiz;
    u->offset = offset;
    u->scale = scale;
    u->buf = calloc(bufsiz ? bufsiz : 1, 1);
    if (!u->buf) return prof_fail(err, errlen, "out of memory for a %lu-byte profil buffer",
                                  (unsigned long)bufsiz);
    return true;
}

static bool init_ranges(ProfUnix *u, const ProfUnixRange *r, int n, char *err, size_t errlen);

/* On failure nothing stays allocated. */
bool prof_unix_init_ranges(ProfUnix *u, const ProfUnixRange *r, int n, char *err, size_t errlen) {
    if (init_ranges(u, r, n, err, errlen)) return true;
    prof_unix_free(u);
    return false;
}

/* The number of counters of a range (lowpc < highpc): up to the one of highpc - 1. */
static uint64_t range_ncount(const ProfUnixRange *x) {
    return range_on(x) ? range_counter(x, x->highpc - 1) + 1 : 0;
}

bool prof_unix_check_ranges(const ProfUnixRange *r, int n, char *err, size_t errlen) {
    if (n < 1 || n > PROF_OSF_MAX_RANGES)
        return prof_fail(err, errlen, "profil ranges: %d given, OSF/1 takes 1 to %d", n,
                         PROF_OSF_MAX_RANGES);
    for (int i = 0; i < n; i++) {
        const ProfUnixRange *x = &r[i];
        if (x->lowpc >= x->highpc)
            return prof_fail(err, errlen, "profil range %d: lowpc 0x%lX is not below highpc 0x%lX",
                             i + 1, (unsigned long)x->lowpc, (unsigned long)x->highpc);
        if (x->offset > x->lowpc)
            return prof_fail(err, errlen, "profil range %d: offset 0x%lX is above lowpc 0x%lX", i + 1,
                             (unsigned long)x->offset, (unsigned long)x->lowpc);
        if (x->scale > 0x10000)
            return prof_fail(err, errlen, "profil range %d: scale 0x%lX is above 0x10000", i + 1,
                             (unsigned long)x->scale);
        if (i > 0) {
            const ProfUnixRange *prev = &r[i - 1];
            if (x->lowpc >= prev->lowpc)
                return prof_fail(err, errlen, "profil range %d: lowpc 0x%lX is not below range %d's "
                                 "lowpc 0x%lX (OSF/1 wants ranges in decreasing lowpc order)",
                                 i + 1, (unsigned long)x->lowpc, i, (unsigned long)prev->lowpc);
            if (x->highpc > prev->lowpc)
                return prof_fail(err, errlen, "profil range %d (0x%lX-0x%lX) overlaps range %d "
                                 "(0x%lX-0x%lX)", i + 1, (unsigned long)x->lowpc,
                                 (unsigned long)x->highpc, i, (unsigned long)prev->lowpc,
                                 (unsigned long)prev->highpc);
        }
        if (range_ncount(x) > 0x400000)
            return prof_fail(err, errlen, "profil range %d: more than 4M counters", i + 1);
    }
    return true;
}

static bool init_ranges(ProfUnix *u, const ProfUnixRange *r, int n, char *err, size_t errlen) {
    memset(u, 0, sizeof *u);
    u->flavour = PROF_UNIX_OSF;
    u->extended = true;
    if (!prof_unix_check_ranges(r, n, err, errlen)) return false;
    for (int i = 0; i < n; i++) {
        uint32_t nc = (uint32_t)range_ncount(&r[i]); /* at most 4M: checked */
        u->range[i] = r[i];
        u->ncount[i] = nc;
        u->count[i] = calloc(nc ? nc : 1, sizeof(uint32_t));
        u->nranges = i + 1;
        if (!u->count[i]) return prof_fail(err, errlen, "out of memory for profil range %d", i + 1);
    }
    return true;
}

void prof_unix_free(ProfUnix *u) {
    free(u->buf);
    u->buf = NULL;
    for (int i = 0; i < u->nranges; i++) {
        free(u->count[i]);
        u->count[i] = NULL;
    }
    u->nranges = 0;
}

void prof_unix_tick(ProfUnix *u, uint32_t pc) {
    u->ticks++;
    if (!u->extended) {
        int64_t at = prof_unix_counter_offset(u->flavour, pc, u->offset, u->scale, u->bufsiz);
        if (at < 0) return;
        uint8_t *c = u->buf + at;
        prof_put_le16(c, (uint16_t)(prof_get_le16(c) + 1));
        u->counted++;
        return;
    }
    /* ranges are in decreasing lowpc order: find the first with lowpc <= pc (binary search) */
    int lo = 0, hi = u->nranges;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (u->range[mid].lowpc <= pc) hi = mid;
        else lo = mid + 1;
    }
    if (lo == u->nranges) return;
    const ProfUnixRange *r = &u->range[lo];
    if (pc >= r->highpc || !range_on(r)) return;
    uint64_t i = range_counter(r, pc);
    if (i >= u->ncount[lo]) return;
    u->count[lo][i]++;
    u->counted++;
}

static bool host_is_le(void) {
    const uint32_t one = 1;
    uint8_t first;
    memcpy(&first, &one, 1);
    return first == 1;
}

bool prof_unix_encode(const ProfUnix *u, ProfBuf *out) {
    if (!u->extended) {
        prof_buf_put(out, u->buf, u->bufsiz);
        return !out->oom;
    }
    for (int r = 0; r < u->nranges; r++) {
        if (!prof_buf_reserve(out, (size_t)u->ncount[r] * 4)) return false;
        uint8_t *d = (uint8_t *)out->data + out->len;
        const uint32_t *c = u->count[r];
        if (host_is_le()) memcpy(d, c, (size_t)u->ncount[r] * 4); /* the file's byte order already */
        else
            for (uint32_t i = 0; i < u->ncount[r]; i++) prof_put_le32(d + 4 * (size_t)i, c[i]);
        out->len += (size_t)u->ncount[r] * 4;
        out->data[out->len] = 0;
    }
    return !out->oom;
}

bool prof_unix_write(const ProfUnix *u, const char *path, char *err, size_t errlen) {
    /* the traditional buffer is the file already: written as it is, not copied (up to 16 MiB) */
    if (!u->extended) return prof_write_file(path, u->buf, u->bufsiz, err, errlen);
    ProfBuf b = {0};
    if (!prof_unix_encode(u, &b)) {
        prof_buf_free(&b);
        return prof_fail(err, errlen, "cannot write '%s': out of memory", path);
    }
    bool ok = prof_write_file(path, b.data ? b.data : "", b.len, err, errlen);
    prof_buf_free(&b);
    return ok;
}
