/* Reading a callgrind file: its header (events, positions, summary, cmd), the functions
 * (fn=, with name compression "(id) name" / "(id)"), the cost lines (positions in hex, decimal
 * or relative "+n", "-n", "*"), and the calls (cfn=, calls=, then the call's cost line). Lines
 * of other kinds (fl=, ob=, jump=, ...) are skipped, as are comments, except emu86's own
 * "# emu86 inclusive:" after a fn= line and "# positions: offsets from the load segment". */
#include "callgrind.h"

#include "map_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Reader {
    CgProfile *p;
    size_t fn_cap, arc_cap, cost_cap;
    uint32_t *byname;        /* hash of names -> fn index + 1 */
    size_t byname_cap;
    long *byid;              /* compressed id -> fn index (-1 none) */
    size_t byid_cap;
    bool *have_incl;
    bool oom;
} Reader;

static uint64_t hash(const char *s, size_t n) {
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++) h = (h ^ (uint8_t)s[i]) * 1099511628211ull;
    return h;
}

static bool rehash(Reader *r) {
    size_t cap = r->byname_cap ? r->byname_cap * 2 : 256;
    uint32_t *t = calloc(cap, sizeof *t);
    if (!t) return false;
    for (size_t i = 0; i < r->p->nfn; i++) {
        const char *nm = r->p->fn[i].name;
        size_t h = hash(nm, strlen(nm)) & (cap - 1);
        while (t[h]) h = (h + 1) & (cap - 1);
        t[h] = (uint32_t)i + 1;
    }
    free(r->byname);
    r->byname = t;
    r->byname_cap = cap;
    return true;
}

/* The function of this name, made on first use; -1 when out of memory. */
static long intern(Reader *r, const char *name, size_t n) {
    CgProfile *p = r->p;
    if ((p->nfn + 1) * 2 > r->byname_cap && !rehash(r)) return -1;
    size_t h = hash(name, n) & (r->byname_cap - 1);
    while (r->byname[h]) {
        const char *x = p->fn[r->byname[h] - 1].name;
        if (strlen(x) == n && !memcmp(x, name, n)) return r->byname[h] - 1;
        h = (h + 1) & (r->byname_cap - 1);
    }
    if (p->nfn == r->fn_cap) {
        size_t cap = r->fn_cap ? r->fn_cap * 2 : 64;
        CgFn *f = realloc(p->fn, cap * sizeof *f);
        bool *hi = realloc(r->have_incl, cap * sizeof *hi);
        if (hi) r->have_incl = hi;
        if (!f || !hi) {
            if (f) p->fn = f;
            return -1;
        }
        p->fn = f;
        r->fn_cap = cap;
    }
    CgFn *f = &p->fn[p->nfn];
    memset(f, 0, sizeof *f);
    f->name = malloc(n + 1);
    if (!f->name) return -1;
    memcpy(f->name, name, n);
    f->name[n] = 0;
    r->have_incl[p->nfn] = false;
    r->byname[h] = (uint32_t)p->nfn + 1;
    return (long)p->nfn++;
}

/* "(id) name", "(id)" or "name": the function. -1 on a bad or unknown reference. */
static long fn_ref(Reader *r, const char *s, size_t n) {
    size_t i = 0;
    if (n && s[0] == '(') {
        uint64_t id = 0;
        i = 1;
        while (i < n && s[i] >= '0' && s[i] <= '9' && id < 100000000) id = id * 10 + (uint64_t)(s[i++] - '0');
        if (i >= n || s[i] != ')' || i == 1) return -1;
        i = map_skip_spaces(s, n, i + 1);
        if (i == n) return id < r->byid_cap ? r->byid[id] : -1;
        long f = intern(r, s + i, n - i);
        if (f < 0) return -1;
        if (id >= r->byid_cap) {
            size_t cap = r->byid_cap ? r->byid_cap : 64;
            while (cap <= id) cap *= 2;
            long *t = realloc(r->byid, cap * sizeof *t);
            if (!t) return -1;
            for (size_t k = r->byid_cap; k < cap; k++) t[k] = -1;
            r->byid = t;
            r->byid_cap = cap;
        }
        r->byid[id] = f;
        return f;
    }
    return n ? intern(r, s, n) : -1;
}

/* One position column: hex "0x..", decimal, or relative to prev. */
static bool position(const char *s, size_t n, size_t *i, uint64_t prev, uint64_t *v) {
    if (*i < n && s[*i] == '*') {
        (*i)++;
        *v = prev;
        return true;
    }
    int sign = 0;
    if (*i < n && (s[*i] == '+' || s[*i] == '-')) sign = s[(*i)++] == '+' ? 1 : -1;
    uint64_t x = 0;
    size_t start = *i;
    if (*i + 1 < n && s[*i] == '0' && (s[*i + 1] == 'x' || s[*i + 1] == 'X')) {
        *i += 2;
        uint32_t h;
        if (!map_hex(s, n, i, 16, &h)) return false;
        x = h;
    } else {
        while (*i < n && s[*i] >= '0' && s[*i] <= '9') x = x * 10 + (uint64_t)(s[(*i)++] - '0');
        if (*i == start) return false;
    }
    *v = sign > 0 ? prev + x : sign < 0 ? prev - x : x;
    return true;
}

static bool add_cost(Reader *r, uint32_t fn, uint32_t pos, const uint64_t *c) {
    CgProfile *p = r->p;
    if (p->ncost == r->cost_cap) {
        size_t cap = r->cost_cap ? r->cost_cap * 2 : 1024;
        CgCost *t = realloc(p->cost, cap * sizeof *t);
        if (!t) return false;
        p->cost = t;
        r->cost_cap = cap;
    }
    p->cost[p->ncost++] = (CgCost){fn, pos, {c[0], c[1]}};
    return true;
}

static bool add_arc(Reader *r, uint32_t caller, uint32_t callee, uint64_t calls, const uint64_t *c) {
    CgProfile *p = r->p;
    if (p->narc == r->arc_cap) {
        size_t cap = r->arc_cap ? r->arc_cap * 2 : 256;
        CgArc *t = realloc(p->arc, cap * sizeof *t);
        if (!t) return false;
        p->arc = t;
        r->arc_cap = cap;
    }
    p->arc[p->narc++] = (CgArc){caller, callee, calls, {c[0], c[1]}};
    return true;
}

static int cmp_cost(const void *a, const void *b) {
    const CgCost *x = a, *y = b;
    if (x->fn != y->fn) return x->fn < y->fn ? -1 : 1;
    return x->pos < y->pos ? -1 : x->pos > y->pos;
}

static int cmp_arc(const void *a, const void *b) {
    const CgArc *x = a, *y = b;
    if (x->caller != y->caller) return x->caller < y->caller ? -1 : 1;
    return x->callee < y->callee ? -1 : x->callee > y->callee;
}

/* "word: rest" / "word=rest": the rest, or NULL */
static const char *after(const char *s, size_t n, const char *word, size_t *rest) {
    size_t k = strlen(word);
    if (n < k || memcmp(s, word, k)) return NULL;
    size_t i = map_skip_spaces(s, n, k);
    *rest = n - i;
    return s + i;
}

static char *copy(const char *s, size_t n) {
    char *c = malloc(n + 1);
    if (c) {
        memcpy(c, s, n);
        c[n] = 0;
    }
    return c;
}

/* Decimal costs after the positions (missing ones are 0). */
static bool costs(const char *s, size_t n, size_t i, int nev, uint64_t *c) {
    c[0] = c[1] = 0;
    for (int k = 0; k < nev; k++) {
        i = map_skip_spaces(s, n, i);
        if (i == n) return true;
        uint64_t x = 0;
        size_t start = i;
        while (i < n && s[i] >= '0' && s[i] <= '9') x = x * 10 + (uint64_t)(s[i++] - '0');
        if (i == start) return false;
        if (k < CG_EV) c[k] = x;
    }
    return true;
}

bool cg_parse(CgProfile *p, const char *text, size_t len, const char *name, char *err, size_t errlen) {
    memset(p, 0, sizeof *p);
    Reader r = {0};
    r.p = p;
    MapLines it;
    map_lines_init(&it, text, len);
    const char *s;
    size_t n, rn;
    const char *rest;
    int npos = 1, nev = 0;
    long cur = -1, cfn = -1;
    uint64_t prev[4] = {0}, calls = 0;
    bool in_call = false, skip_next = false, have_summary = false, ok = true;
    uint64_t sum[CG_EV] = {0};
    while (ok && map_lines_next(&it, &s, &n)) {
        if (skip_next) {
            skip_next = false;
            continue;
        }
        if (!n) continue;
        if (s[0] == '#') {
            if ((rest = after(s, n, "# emu86 inclusive:", &rn)) && cur >= 0) {
                uint64_t c[CG_EV];
                if (costs(rest, rn, 0, CG_EV, c)) {
                    p->fn[cur].incl[0] = c[0];
                    p->fn[cur].incl[1] = c[1];
                    r.have_incl[cur] = true;
                }
            } else if ((rest = after(s, n, "# positions: offsets from the load segment", &rn))) {
                size_t i = 0;
                uint32_t seg;
                if (map_hex(rest, rn, &i, 4, &seg)) {
                    p->positions_are_offsets = true;
                    p->load_seg = (uint16_t)seg;
                }
            }
            continue;
        }
        if ((rest = after(s, n, "events:", &rn))) {
            size_t i = 0;
            while (i < rn) {
                size_t e = i;
                while (e < rn && rest[e] != ' ') e++;
                if (nev < CG_EV && !(p->events[nev] = copy(rest + i, e - i))) ok = false;
                nev++;
                i = map_skip_spaces(rest, rn, e);
            }
            p->nev = nev < CG_EV ? nev : CG_EV;
        } else if ((rest = after(s, n, "positions:", &rn))) {
            npos = 0;
            for (size_t i = 0; i < rn; i++)
                if (rest[i] != ' ' && (i == 0 || rest[i - 1] == ' ')) npos++;
            if (npos < 1 || npos > 4) ok = false;
        } else if ((rest = after(s, n, "summary:", &rn)) || (rest = after(s, n, "totals:", &rn))) {
            if (!have_summary) ok = costs(rest, rn, 0, nev, p->total);
            have_summary = true;
        } else if ((rest = after(s, n, "cmd:", &rn))) {
            free(p->cmd);
            ok = (p->cmd = copy(rest, rn)) != NULL;
        } else if ((rest = after(s, n, "fn=", &rn))) {
            ok = (cur = fn_ref(&r, rest, rn)) >= 0;
        } else if ((rest = after(s, n, "cfn=", &rn))) {
            ok = (cfn = fn_ref(&r, rest, rn)) >= 0;
        } else if ((rest = after(s, n, "calls=", &rn))) {
            size_t i = 0;
            calls = 0;
            while (i < rn && rest[i] >= '0' && rest[i] <= '9') calls = calls * 10 + (uint64_t)(rest[i++] - '0');
            ok = i > 0 && cfn >= 0;
            in_call = true;
        } else if (after(s, n, "jump=", &rn) || after(s, n, "jcnd=", &rn)) {
            skip_next = true;
        } else if ((s[0] >= '0' && s[0] <= '9') || s[0] == '+' || s[0] == '-' || s[0] == '*') {
            if (!nev || cur < 0) {
                ok = false;
                break;
            }
            size_t i = 0;
            uint64_t pos[4] = {0}, c[CG_EV];
            for (int k = 0; k < npos && ok; k++) {
                i = map_skip_spaces(s, n, i);
                ok = position(s, n, &i, prev[k], &pos[k]);
                prev[k] = pos[k];
            }
            if (!ok || !costs(s, n, i, nev, c)) {
                ok = false;
                break;
            }
            if (in_call) {
                ok = add_arc(&r, (uint32_t)cur, (uint32_t)cfn, calls, c);
                in_call = false;
            } else {
                CgFn *f = &p->fn[cur];
                f->self[0] += c[0];
                f->self[1] += c[1];
                sum[0] += c[0];
                sum[1] += c[1];
                if (!f->any_pos || pos[0] < f->min_pos) f->min_pos = (uint32_t)pos[0];
                f->any_pos = true;
                ok = add_cost(&r, (uint32_t)cur, (uint32_t)pos[0], c);
            }
        }
        else if (!memchr(s, '=', n) && !memchr(s, ':', n)) {
            ok = false; /* neither a header, a specification nor costs */
        }
        /* other lines (version, creator, pid, part, fl=, fi=, fe=, ob=, cob=, cfi=, ...): skipped */
    }
    if (!ok) {
        unsigned long line = it.lineno;
        bool oom_only = r.oom;
        free(r.byname);
        free(r.byid);
        free(r.have_incl);
        cg_free(p);
        return prof_fail(err, errlen, oom_only ? "%s: out of memory" : "%s:%lu: not a line of a callgrind file", name,
                         line);
    }
    if (!nev) {
        free(r.byname);
        free(r.byid);
        free(r.have_incl);
        cg_free(p);
        return prof_fail(err, errlen, "%s: no events: line (not a callgrind file?)", name);
    }
    if (!have_summary) {
        p->total[0] = sum[0];
        p->total[1] = sum[1];
    }
    /* merge the costs and the calls; the inclusive costs and call counts */
    if (p->ncost) qsort(p->cost, p->ncost, sizeof *p->cost, cmp_cost);
    size_t m = 0;
    for (size_t i = 0; i < p->ncost; i++) {
        if (m && !cmp_cost(&p->cost[m - 1], &p->cost[i])) {
            p->cost[m - 1].c[0] += p->cost[i].c[0];
            p->cost[m - 1].c[1] += p->cost[i].c[1];
        } else {
            p->cost[m++] = p->cost[i];
        }
    }
    p->ncost = m;
    if (p->narc) qsort(p->arc, p->narc, sizeof *p->arc, cmp_arc);
    m = 0;
    for (size_t i = 0; i < p->narc; i++) {
        if (m && !cmp_arc(&p->arc[m - 1], &p->arc[i])) {
            p->arc[m - 1].calls += p->arc[i].calls;
            p->arc[m - 1].incl[0] += p->arc[i].incl[0];
            p->arc[m - 1].incl[1] += p->arc[i].incl[1];
        } else {
            p->arc[m++] = p->arc[i];
        }
    }
    p->narc = m;
    for (size_t i = 0; i < p->nfn; i++)
        if (!r.have_incl[i]) {
            p->fn[i].incl[0] = p->fn[i].self[0];
            p->fn[i].incl[1] = p->fn[i].self[1];
        }
    for (size_t i = 0; i < p->narc; i++) {
        const CgArc *a = &p->arc[i];
        p->fn[a->callee].called += a->calls;
        if (!r.have_incl[a->caller] && a->caller != a->callee) {
            p->fn[a->caller].incl[0] += a->incl[0];
            p->fn[a->caller].incl[1] += a->incl[1];
        }
    }
    free(r.byname);
    free(r.byid);
    free(r.have_incl);
    return true;
}

bool cg_read(CgProfile *p, const char *path, char *err, size_t errlen) {
    memset(p, 0, sizeof *p);
    ProfBuf b = {0};
    bool ok = prof_read_file(path, 256u << 20, &b, err, errlen) &&
              cg_parse(p, b.data ? b.data : "", b.len, path, err, errlen);
    prof_buf_free(&b);
    return ok;
}

void cg_free(CgProfile *p) {
    for (size_t i = 0; i < p->nfn; i++) free(p->fn[i].name);
    for (int k = 0; k < CG_EV; k++) free(p->events[k]);
    free(p->fn);
    free(p->arc);
    free(p->cost);
    free(p->cmd);
    memset(p, 0, sizeof *p);
}

long cg_find(const CgProfile *p, const char *name) {
    for (size_t i = 0; i < p->nfn; i++)
        if (!strcmp(p->fn[i].name, name)) return (long)i;
    return -1;
}
