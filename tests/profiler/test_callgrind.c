/* Reading an exact profile back from its callgrind file: emu86's own (names compressed, the
 * inclusive comments, the load segment, calls), one in valgrind's manner (line positions,
 * relative positions, fl=/fi=, jump lines), and garbage refused with the line. */
#include "callgrind.h"
#include "check.h"

#include <stdlib.h>

static const CgFn *fn(const CgProfile *p, const char *name) {
    long i = cg_find(p, name);
    CHECK(i >= 0);
    return i >= 0 ? &p->fn[i] : NULL;
}

static void test_own(void) {
    const char *t = "# callgrind format\nversion: 1\ncreator: emu86\ncmd: PROG.EXE A B\n\npositions: instr\n"
                    "events: Cycles Instructions\n"
                    "# positions: offsets from the load segment 0410 for the program's code, ...\n"
                    "summary: 1000 100\n\nob=(1) PROG.EXE\nfl=(1) ???\n\n"
                    "fn=(1) main\n# emu86 inclusive: 1000 100\n0x00000 100 10\n0x00003 50 5\n"
                    "cfn=(2) work\ncalls=3 0x00020\n0x00003 800 80\n"
                    "cfn=(3) INT_21h\ncalls=1 0x100700\n0x00006 50 5\n\n"
                    "fn=(2)\n# emu86 inclusive: 800 80\n0x00020 700 70\n0x00022 100 10\n\n"
                    "fn=(3)\n0x100700 50 5\n\ntotals: 1000 100\n";
    CgProfile p;
    char err[300];
    CHECK(cg_parse(&p, t, strlen(t), "t.cg", err, sizeof err));
    CHECK(p.positions_are_offsets);
    CHECK_EQ(p.load_seg, 0x0410);
    CHECK(!strcmp(p.cmd, "PROG.EXE A B"));
    CHECK(!strcmp(p.events[0], "Cycles"));
    CHECK_EQ(p.total[0], 1000);
    CHECK_EQ(p.nfn, 3);
    const CgFn *m = fn(&p, "main"), *w = fn(&p, "work"), *d = fn(&p, "INT_21h");
    if (m && w && d) {
        CHECK_EQ(m->self[0], 150);
        CHECK_EQ(m->incl[0], 1000);
        CHECK_EQ(w->self[0], 800);
        CHECK_EQ(w->self[1], 80);
        CHECK_EQ(w->called, 3);
        CHECK_EQ(w->min_pos, 0x20);
        CHECK_EQ(d->incl[0], 50); /* no comment: its own and its calls' */
    }
    CHECK_EQ(p.narc, 2);
    CHECK_EQ(p.ncost, 5);
    cg_free(&p);
}

static void test_valgrind_style(void) {
    const char *t = "version: 1\npositions: line\nevents: Ir\n\nfl=(1) a.c\nfn=(1) f\n10 5\n+2 7\n* 1\n"
                    "jump=2 12\n12\nfi=(2) b.h\n-1 3\nfe=(1)\ncfl=(1)\ncfn=(2) g\ncalls=2 40\n14 9\n"
                    "fn=(2)\n40 9\n";
    CgProfile p;
    char err[300];
    CHECK(cg_parse(&p, t, strlen(t), "v.out", err, sizeof err));
    CHECK(!p.positions_are_offsets);
    CHECK_EQ(p.total[0], 5 + 7 + 1 + 3 + 9);
    const CgFn *f = fn(&p, "f"), *g = fn(&p, "g");
    if (f && g) {
        CHECK_EQ(f->self[0], 16);
        CHECK_EQ(f->incl[0], 25);
        CHECK_EQ(g->called, 2);
        CHECK_EQ(f->min_pos, 10);
    }
    cg_free(&p);
}

static void test_bad(void) {
    CgProfile p;
    char err[300];
    const char *bad[] = {"positions: instr\n0x0 1\n", "events: A\nfn=(1) f\nzz 1\n", "events: A\nfn=(7)\n0 1\n",
                         "events: A\ncalls=1 0\n", "version: 1\n"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        CHECK(!cg_parse(&p, bad[i], strlen(bad[i]), "bad.cg", err, sizeof err));
        CHECK_STR_CONTAINS(err, "bad.cg");
    }
    /* mutations of a good file: parsed or refused */
    const char *good = "events: Cycles Instructions\nfn=(1) main\n0x10 5 1\ncfn=(2) f\ncalls=2 0x20\n0x10 9 2\n"
                       "fn=(2)\n+16 9 2\n";
    uint32_t x = 3;
    size_t n = strlen(good);
    for (int round = 0; round < 20000; round++) {
        char *c = malloc(n);
        memcpy(c, good, n);
        for (int k = 0; k < 2; k++) {
            x = x * 1103515245u + 12345u;
            c[(x >> 8) % n] = (char)(x >> 20);
        }
        if (cg_parse(&p, c, (x >> 4) % (n + 1), "m", err, sizeof err)) cg_free(&p);
        free(c);
    }
}

int main(void) {
    test_own();
    test_valgrind_style();
    test_bad();
    return check_done("profiler.callgrind");
}
