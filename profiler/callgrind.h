/* Internal: an exact profile read back from its callgrind file (emu86's own, or any in the
 * format), for emu86 report (flat profile, call graph), annotate (clocks per instruction) and
 * diff. Functions are merged by name; the first two events are kept. */
#ifndef EMU86_PROFILER_CALLGRIND_H
#define EMU86_PROFILER_CALLGRIND_H

#include "util.h"

enum { CG_EV = 2 };

typedef struct CgFn {
    char *name;
    uint64_t self[CG_EV];
    uint64_t incl[CG_EV];    /* emu86's "# emu86 inclusive:" (recursion once), else self + calls out */
    uint64_t called;         /* calls into it */
    uint32_t min_pos;        /* its lowest position (for --sort address) */
    bool any_pos;
} CgFn;

typedef struct CgArc {
    uint32_t caller, callee; /* function indexes */
    uint64_t calls;
    uint64_t incl[CG_EV];    /* the callee's cost through these calls */
} CgArc;

typedef struct CgCost {
    uint32_t fn, pos;        /* the first position column (an address with positions: instr) */
    uint64_t c[CG_EV];
} CgCost;

typedef struct CgProfile {
    char *events[CG_EV];
    int nev;
    char *cmd;
    uint64_t total[CG_EV];   /* summary: (or totals:, or the sum) */
    bool positions_are_offsets; /* emu86's: program code at its image offset */
    uint16_t load_seg;
    CgFn *fn;
    size_t nfn;
    CgArc *arc;              /* merged per (caller, callee), sorted */
    size_t narc;
    CgCost *cost;            /* merged per (fn, pos), sorted */
    size_t ncost;
} CgProfile;

bool cg_read(CgProfile *p, const char *path, char *err, size_t errlen);
bool cg_parse(CgProfile *p, const char *text, size_t len, const char *name, char *err, size_t errlen);
void cg_free(CgProfile *p);
/* The index of a function by name, or -1. */
long cg_find(const CgProfile *p, const char *name);

#endif
