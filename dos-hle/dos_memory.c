/* MCB chain in guest memory: allocate (first, best or last fit), free, resize, merge. */
#include "dos_memory.h"
#include "dos_errors.h"

#include <string.h>

static uint8_t *mcb(const DosArena *a, uint16_t seg) { return a->mem + (uint32_t)seg * 16u; }
static uint8_t sig(const DosArena *a, uint16_t s) { return mcb(a, s)[0]; }
static uint16_t owner(const DosArena *a, uint16_t s) { return (uint16_t)(mcb(a, s)[1] | mcb(a, s)[2] << 8); }
static uint16_t size(const DosArena *a, uint16_t s) { return (uint16_t)(mcb(a, s)[3] | mcb(a, s)[4] << 8); }

static void wrote(DosArena *a, uint16_t s) {
    if (a->cpu) emu_cpu_mem_written(a->cpu, (uint32_t)s * 16u, 16);
}

static void put(DosArena *a, uint16_t s, uint8_t sg, uint16_t own, uint16_t sz) {
    uint8_t *p = mcb(a, s);
    wrote(a, s);
    p[0] = sg;
    p[1] = (uint8_t)own;
    p[2] = (uint8_t)(own >> 8);
    p[3] = (uint8_t)sz;
    p[4] = (uint8_t)(sz >> 8);
    memset(p + 5, 0, 11);
}

void dos_arena_init(DosArena *a, uint8_t *mem, EmuCpu *cpu, uint16_t first, uint16_t top) {
    a->mem = mem;
    a->cpu = cpu;
    a->first = first;
    a->top = top;
    put(a, first, 'Z', DOS_MCB_FREE, (uint16_t)(top - first - 1));
}

void dos_arena_set_owner(DosArena *a, uint16_t seg, uint16_t own) {
    uint8_t *p = mcb(a, (uint16_t)(seg - 1));
    wrote(a, (uint16_t)(seg - 1));
    p[1] = (uint8_t)own;
    p[2] = (uint8_t)(own >> 8);
}

/* Next MCB after s, or 0 when s is the last; sets *bad on a broken chain. */
static uint16_t next(const DosArena *a, uint16_t s, int *bad) {
    uint8_t g = sig(a, s);
    uint32_t n = (uint32_t)s + size(a, s) + 1u;
    if (g == 'Z') {
        if (n != a->top) *bad = 1;
        return 0;
    }
    if (g != 'M' || n >= a->top) {
        *bad = 1;
        return 0;
    }
    return (uint16_t)n;
}

int dos_arena_valid(const DosArena *a) {
    int bad = 0;
    uint16_t s = a->first;
    for (int guard = 0; s && guard < 0x10000 && !bad; guard++) s = next(a, s, &bad);
    return !bad && !s;
}

/* Merge free neighbours following the free block s. */
static void merge(DosArena *a, uint16_t s) {
    while (sig(a, s) == 'M') {
        uint16_t n = (uint16_t)(s + size(a, s) + 1);
        if (n >= a->top || owner(a, n) != DOS_MCB_FREE || (sig(a, n) != 'M' && sig(a, n) != 'Z')) return;
        put(a, s, sig(a, n), DOS_MCB_FREE, (uint16_t)(size(a, s) + size(a, n) + 1));
    }
}

/* Give `paras` of the free block s (at its start, or its end) to owner; returns the block. */
static uint16_t carve(DosArena *a, uint16_t s, uint16_t paras, uint16_t own, int at_end) {
    uint16_t sz = size(a, s);
    uint8_t g = sig(a, s);
    if (sz == paras) {
        put(a, s, g, own, sz);
        return (uint16_t)(s + 1);
    }
    if (at_end) {
        uint16_t t = (uint16_t)(s + sz - paras);
        put(a, s, 'M', DOS_MCB_FREE, (uint16_t)(sz - paras - 1));
        put(a, t, g, own, paras);
        return (uint16_t)(t + 1);
    }
    put(a, s, 'M', own, paras);
    put(a, (uint16_t)(s + paras + 1), g, DOS_MCB_FREE, (uint16_t)(sz - paras - 1));
    return (uint16_t)(s + 1);
}

uint16_t dos_arena_alloc(DosArena *a, uint16_t paras, uint16_t own, int strategy, uint16_t *seg,
                         uint16_t *largest) {
    int bad = 0;
    uint16_t best = 0, biggest = 0, found = 0;
    for (uint16_t s = a->first; s; s = next(a, s, &bad)) {
        if (owner(a, s) != DOS_MCB_FREE) continue;
        merge(a, s);
        uint16_t sz = size(a, s);
        if (sz > biggest) biggest = sz;
        if (sz < paras) continue;
        if (strategy == DOS_FIT_FIRST) {
            if (!found) found = s;
        } else if (strategy == DOS_FIT_BEST) {
            if (!found || sz < best) { found = s; best = sz; }
        } else {
            found = s; /* last fit: the highest block that fits */
        }
    }
    if (bad) return DOSERR_MCB_DESTROYED;
    if (!found) {
        *largest = biggest;
        return DOSERR_NO_MEMORY;
    }
    *seg = carve(a, found, paras, own, strategy == DOS_FIT_LAST);
    return DOSERR_NONE;
}

/* Is seg-1 an MCB of the chain? */
static int in_chain(const DosArena *a, uint16_t m, int *bad) {
    for (uint16_t s = a->first; s; s = next(a, s, bad))
        if (s == m) return 1;
    return 0;
}

uint16_t dos_arena_free(DosArena *a, uint16_t seg) {
    int bad = 0;
    uint16_t m = (uint16_t)(seg - 1);
    if (!in_chain(a, m, &bad)) return bad ? DOSERR_MCB_DESTROYED : DOSERR_BAD_BLOCK;
    put(a, m, sig(a, m), DOS_MCB_FREE, size(a, m));
    return DOSERR_NONE;
}

uint16_t dos_arena_resize(DosArena *a, uint16_t seg, uint16_t paras, uint16_t *largest) {
    int bad = 0;
    uint16_t m = (uint16_t)(seg - 1);
    if (!in_chain(a, m, &bad)) return bad ? DOSERR_MCB_DESTROYED : DOSERR_BAD_BLOCK;
    uint16_t own = owner(a, m), sz = size(a, m);
    if (paras <= sz) {
        if (paras < sz) {
            uint8_t g = sig(a, m);
            put(a, m, 'M', own, paras);
            uint16_t rest = (uint16_t)(m + paras + 1);
            put(a, rest, g, DOS_MCB_FREE, (uint16_t)(sz - paras - 1));
            merge(a, rest);
        }
        return DOSERR_NONE;
    }
    /* grow into the free blocks that follow */
    uint32_t avail = sz;
    uint8_t g = sig(a, m);
    if (g == 'M') {
        uint16_t n = (uint16_t)(m + sz + 1);
        if (owner(a, n) == DOS_MCB_FREE) {
            merge(a, n);
            avail = (uint32_t)sz + size(a, n) + 1;
            g = sig(a, n);
        }
    }
    if (avail >= paras) {
        put(a, m, g, own, (uint16_t)avail);
        if (avail > paras) {
            put(a, m, 'M', own, paras);
            put(a, (uint16_t)(m + paras + 1), g, DOS_MCB_FREE, (uint16_t)(avail - paras - 1));
        }
        return DOSERR_NONE;
    }
    put(a, m, g, own, (uint16_t)avail); /* as large as it can be */
    *largest = (uint16_t)avail;
    return DOSERR_NO_MEMORY;
}

void dos_arena_free_owned(DosArena *a, uint16_t psp) {
    int bad = 0;
    for (uint16_t s = a->first; s; s = next(a, s, &bad))
        if (owner(a, s) == psp) put(a, s, sig(a, s), DOS_MCB_FREE, size(a, s));
}

uint16_t dos_arena_largest(DosArena *a) {
    int bad = 0;
    uint16_t biggest = 0;
    for (uint16_t s = a->first; s; s = next(a, s, &bad)) {
        if (owner(a, s) != DOS_MCB_FREE) continue;
        merge(a, s);
        if (size(a, s) > biggest) biggest = size(a, s);
    }
    return biggest;
}
