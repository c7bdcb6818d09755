/* Routines of a program without its map: a recursive-descent scan of its relocated image from
 * the entry point (and from every entry the run saw: CALL targets, interrupt handlers the
 * program installed), following jumps, branches and calls; each CALL target and entry is a
 * routine; then, in what was not reached, each compiler prologue (PUSH BP; MOV BP,SP). Named
 * after their image offsets: start, sub_1A66, isr_1Ch. */
#include "map_internal.h"

#include "disasm.h"

#include <stdlib.h>
#include <string.h>

typedef struct Found {
    uint32_t off;
    uint8_t kind, vector;
} Found;

typedef struct Scan {
    const ProfImage *im;
    uint8_t *seen;           /* a bit per image byte: an instruction starts there */
    uint8_t *covered;        /* a bit per image byte: part of an instruction followed */
    uint8_t *called;         /* a bit per image byte: found as a CALL's target already */
    uint32_t *work;          /* CS << 16 | IP still to follow */
    size_t nwork, work_cap;
    Found *found;
    size_t nfound, found_cap;
    bool oom;
} Scan;

/* The image offset of cs:ip, or false when it is outside the image. */
static bool offset_of(const ProfImage *im, uint16_t cs, uint16_t ip, uint32_t *off) {
    uint32_t lin = (uint32_t)cs * 16u + ip, base = (uint32_t)im->load_seg * 16u;
    if (lin < base || lin - base >= im->size) return false;
    *off = lin - base;
    return true;
}

static void push_work(Scan *s, uint16_t cs, uint16_t ip) {
    if (s->nwork == s->work_cap) {
        size_t cap = s->work_cap ? s->work_cap * 2 : 256;
        uint32_t *w = realloc(s->work, cap * sizeof *w);
        if (!w) {
            s->oom = true;
            return;
        }
        s->work = w;
        s->work_cap = cap;
    }
    s->work[s->nwork++] = (uint32_t)cs << 16 | ip;
}

static void add_found(Scan *s, uint32_t off, ProfRoutineKind kind, uint8_t vector) {
    if (s->nfound == s->found_cap) {
        size_t cap = s->found_cap ? s->found_cap * 2 : 256;
        Found *f = realloc(s->found, cap * sizeof *f);
        if (!f) {
            s->oom = true;
            return;
        }
        s->found = f;
        s->found_cap = cap;
    }
    s->found[s->nfound++] = (Found){off, (uint8_t)kind, vector};
}

/* A routine's entry: named, and followed. */
static void entry(Scan *s, uint16_t cs, uint16_t ip, ProfRoutineKind kind, uint8_t vector) {
    uint32_t off;
    if (!offset_of(s->im, cs, ip, &off)) return;
    if (kind != PROF_ROUTINE_CALL || !(s->called[off >> 3] >> (off & 7) & 1)) add_found(s, off, kind, vector);
    if (kind == PROF_ROUTINE_CALL) s->called[off >> 3] |= (uint8_t)(1u << (off & 7)); /* the same again: no name */
    push_work(s, cs, ip);
}

/* Does INT n end the program here? INT 20h and 27h; INT 21h with AH = 00h, 31h or 4Ch as last
 * set by MOV AH or MOV AX on this path. */
static bool ends_program(uint8_t vector, int ah) {
    return vector == 0x20 || vector == 0x27 || (vector == 0x21 && (ah == 0x00 || ah == 0x31 || ah == 0x4C));
}

_Static_assert(DIS_MAX_PREFIXES + 6 <= 24, "an instruction's bytes fit mark_covered's mask");

/* Set the bits [from, from + n) of a bit per byte map, n at most 24 (an instruction's bytes):
 * one mask, a byte of it at a time. */
static void mark_covered(uint8_t *bits, uint32_t from, uint32_t n) {
    for (uint32_t mask = ((1u << n) - 1u) << (from & 7), at = from >> 3; mask; mask >>= 8) bits[at++] |= (uint8_t)mask;
}

/* Follow the code from cs:ip until it leaves (a jump, a return, data, code seen before). */
static void follow(Scan *s, uint16_t cs, uint16_t ip) {
    /* in locals: a store to the bit maps could otherwise be a store to any of them */
    const ProfImage image = *s->im, *im = &image;
    uint8_t *const seen = s->seen, *const covered = s->covered;
    int ah = -1;
    for (;;) {
        uint32_t off;
        if (!offset_of(im, cs, ip, &off) || (seen[off >> 3] >> (off & 7) & 1)) return;
        seen[off >> 3] |= (uint8_t)(1u << (off & 7));
        size_t avail = im->size - off;
        if (avail > 0x10000u - ip) avail = 0x10000u - ip;
        const uint8_t *code = im->bytes + off;
        DisInsn in;
        dis_flow(code, avail, ip, &in);
        mark_covered(covered, off, in.len < im->size - off ? in.len : im->size - off);
        if (code[0] == 0xB4 && in.len == 2) ah = code[1];
        else if (code[0] == 0xB8 && in.len == 3) ah = code[2];
        switch (in.flow) {
        case DIS_FLOW_INVALID:
        case DIS_FLOW_RETURN: return;
        case DIS_FLOW_JUMP:
            if (in.has_target) push_work(s, in.far ? in.target_seg : cs, in.target_off);
            return;
        case DIS_FLOW_BRANCH: push_work(s, cs, in.target_off); break;
        case DIS_FLOW_CALL:
            if (in.has_target) entry(s, in.far ? in.target_seg : cs, in.target_off, PROF_ROUTINE_CALL, 0);
            break;
        case DIS_FLOW_INT:
            if (ends_program(in.vector, ah)) return;
            break;
        default: break;
        }
        ip = (uint16_t)(ip + in.len);
    }
}

static void drain(Scan *s) {
    while (s->nwork && !s->oom) {
        uint32_t w = s->work[--s->nwork];
        follow(s, (uint16_t)(w >> 16), (uint16_t)w);
    }
}

static int cmp_found(const void *a, const void *b) {
    const Found *x = a, *y = b;
    if (x->off != y->off) return x->off < y->off ? -1 : 1;
    if (x->kind != y->kind) return x->kind < y->kind ? -1 : 1;
    return x->vector < y->vector ? -1 : x->vector > y->vector;
}

/* "sub_1A66" (4 hex digits, 5 past 64 KiB), "start", "isr_1Ch": as snprintf would write them
 * (cut to len - 1 characters), without its cost on each of hundreds of names. */
void prof_routine_name(ProfRoutineKind kind, uint8_t vector, uint32_t off, char *out, size_t len) {
    static const char hex[] = "0123456789ABCDEF";
    char s[16];
    size_t n;
    if (kind == PROF_ROUTINE_START) {
        memcpy(s, "start", n = 5);
    } else if (kind == PROF_ROUTINE_VECTOR) {
        memcpy(s, "isr_", 4);
        s[4] = hex[vector >> 4];
        s[5] = hex[vector & 15];
        s[6] = 'h';
        n = 7;
    } else {
        memcpy(s, "sub_", n = 4);
        unsigned digits = 4;
        while (digits < 8 && off >> 4 * digits) digits++;
        while (digits--) s[n++] = hex[off >> 4 * digits & 15];
    }
    if (!len) return;
    if (n > len - 1) n = len - 1;
    memcpy(out, s, n);
    out[n] = 0;
}

bool prof_discover(const ProfImage *im, const ProfEntryPoint *more, size_t nmore, ProfMap *names) {
    memset(names, 0, sizeof *names);
    names->kind = "found";
    Scan s = {0};
    s.im = im;
    s.seen = calloc(im->size / 8 + 1, 1);
    s.covered = calloc(im->size / 8 + 1, 1);
    s.called = calloc(im->size / 8 + 1, 1);
    if (!s.seen || !s.covered || !s.called) {
        free(s.seen);
        free(s.covered);
        free(s.called);
        return false;
    }
    entry(&s, im->entry_cs, im->entry_ip, PROF_ROUTINE_START, 0);
    for (size_t i = 0; i < nmore; i++) entry(&s, more[i].cs, more[i].ip, (ProfRoutineKind)more[i].kind, more[i].vector);
    drain(&s);
    /* what no jump or call reached (called through a pointer, as C's qsort calls its compare
     * function): a compiler's prologue PUSH BP; MOV BP,SP (55 8B EC or 55 89 E5) not inside code
     * already read starts a routine, in the segment of the entry point (the scan reads on from
     * each, so a later one may be inside one found before: checked again) */
    for (uint32_t off = 0; off + 3 <= im->size && !s.oom; off++) {
        const uint8_t *c = memchr(im->bytes + off, 0x55, im->size - 2 - off); /* PUSH BP */
        if (!c) break;
        off = (uint32_t)(c - im->bytes);
        if (!((c[1] == 0x8B && c[2] == 0xEC) || (c[1] == 0x89 && c[2] == 0xE5))) continue;
        if (s.covered[off >> 3] >> (off & 7) & 1) continue;
        uint32_t lin = (uint32_t)im->load_seg * 16u + off, cs_base = (uint32_t)im->entry_cs * 16u;
        uint16_t cs = lin >= cs_base && lin - cs_base < 0x10000u ? im->entry_cs : (uint16_t)(lin >> 4);
        entry(&s, cs, (uint16_t)(lin - (uint32_t)cs * 16u), PROF_ROUTINE_CALL, 0);
        drain(&s);
    }
    /* one name an address: the start, else the lowest vector, else sub_ */
    if (s.nfound) qsort(s.found, s.nfound, sizeof *s.found, cmp_found);
    bool ok = !s.oom;
    for (size_t i = 0; i < s.nfound && ok; i++) {
        if (i && s.found[i].off == s.found[i - 1].off) continue;
        char name[32];
        prof_routine_name((ProfRoutineKind)s.found[i].kind, s.found[i].vector, s.found[i].off, name, sizeof name);
        ok = map_add_symbol(names, s.found[i].off, name, strlen(name));
    }
    free(s.seen);
    free(s.covered);
    free(s.called);
    free(s.work);
    free(s.found);
    if (!ok) {
        prof_map_free(names);
        return false;
    }
    map_finish(names);
    return true;
}
