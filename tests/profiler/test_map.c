/* Map parsers: real-looking LINK and NASM maps, errors with line numbers, and garbage that
 * must never crash (a deterministic mutation loop; the fuzz target comes later). */
#include "check.h"
#include "profiler.h"

#include <stdlib.h>

static char *slurp(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "cannot open %s\n", path);
        exit(1);
    }
    char *buf = malloc(1 << 20);
    *len = fread(buf, 1, (1 << 20) - 1, f);
    buf[*len] = 0;
    fclose(f);
    return buf;
}

static bool parse(ProfMap *m, const char *text, char *err, size_t errlen) {
    return prof_map_parse(m, text, strlen(text), "t.map", err, errlen);
}

static void test_link(const char *dir) {
    char path[1024], err[512];
    snprintf(path, sizeof path, "%s/sample_exe.map", dir);
    ProfMap m;
    CHECK(prof_map_read(&m, path, err, sizeof err));
    CHECK(!strcmp(m.kind, "link"));
    CHECK_EQ(m.nsym, 6); /* Abs __acrtused skipped */
    CHECK(!strcmp(m.sym[0].name, "_main"));
    CHECK_EQ(m.sym[0].addr, 0x10);
    CHECK_EQ(m.sym[1].addr, 0x120);
    CHECK(!strcmp(m.sym[4].name, "__acrtused_data"));
    CHECK_EQ(m.sym[4].addr, 0x2A0);   /* 002A:0000 */
    CHECK_EQ(m.sym[5].addr, 0x2B0);
    CHECK(prof_map_lookup(&m, 0x0F) == NULL);
    CHECK(!strcmp(prof_map_lookup(&m, 0x10)->name, "_main"));
    CHECK(!strcmp(prof_map_lookup(&m, 0x11F)->name, "_main"));
    CHECK(!strcmp(prof_map_lookup(&m, 0x120)->name, "_compute"));
    CHECK(!strcmp(prof_map_lookup(&m, 0xFFFFF)->name, "_buffer"));
    prof_map_rebase(&m, 0x100);
    CHECK_EQ(m.nsym, 5);               /* _main (0010h) fell below */
    CHECK_EQ(m.sym[0].addr, 0x20);
    prof_map_free(&m);

    /* segments only: they are the symbols */
    CHECK(parse(&m, "\n Start  Stop   Length Name                   Class\n"
                    " 00000H 0001FH 00020H CODE                   CODE\n"
                    " 00020H 0002FH 00010H DATA                   DATA\n\nProgram entry point at 0000:0000\n",
                err, sizeof err));
    CHECK_EQ(m.nsym, 2);
    CHECK(!strcmp(m.sym[1].name, "DATA"));
    CHECK_EQ(m.sym[1].addr, 0x20);
    prof_map_free(&m);

    /* by name only */
    CHECK(parse(&m, "  Address         Publics by Name\n\n 0001:0004       _z\n 0000:0002       _a\n", err, sizeof err));
    CHECK_EQ(m.nsym, 2);
    CHECK(!strcmp(m.sym[0].name, "_a"));
    CHECK_EQ(m.sym[1].addr, 0x14);
    prof_map_free(&m);

    /* 32-bit offsets and extra columns (later LINKs) */
    CHECK(parse(&m, "  Address         Publics by Value              Rva+Base     Lib:Object\n\n"
                    " 0001:00000010       _main                      00401010 f   main.obj\n", err, sizeof err));
    CHECK_EQ(m.nsym, 1);
    CHECK_EQ(m.sym[0].addr, 0x20);
    CHECK(!strcmp(m.sym[0].name, "_main"));
    prof_map_free(&m);

    /* errors name the file and line */
    CHECK(!parse(&m, "  Address         Publics by Value\n\n 0000:0010       _main\n 00x0:0020  _bad\n", err, sizeof err));
    CHECK_STR_CONTAINS(err, "t.map:4: expected 'SSSS:OOOO NAME' in the Publics by Value list");
    CHECK(!parse(&m, "\n Start  Stop   Length Name  Class\n 00000H 0001F CODE\n", err, sizeof err));
    CHECK_STR_CONTAINS(err, "t.map:3: expected 'START STOP LENGTH NAME'");
    CHECK(!parse(&m, "hello\nworld\n", err, sizeof err));
    CHECK_STR_CONTAINS(err, "t.map: not a LINK map");
    CHECK(!prof_map_read(&m, "/nonexistent/x.map", err, sizeof err));
    CHECK_STR_CONTAINS(err, "cannot read '/nonexistent/x.map'");
}

static void test_nasm(const char *dir) {
    char path[1024], err[512];
    snprintf(path, sizeof path, "%s/sample.map", dir);
    ProfMap m;
    CHECK(prof_map_read(&m, path, err, sizeof err));
    CHECK(!strcmp(m.kind, "nasm"));
    CHECK_EQ(m.nsym, 7); /* compute.inner is a local label */
    CHECK(!strcmp(m.sym[0].name, "start"));
    CHECK_EQ(m.sym[0].addr, 0);        /* Real 100h - origin 100h */
    CHECK_EQ(m.sym[2].addr, 0x10);
    CHECK(!strcmp(m.sym[2].name, "compute"));
    CHECK(!strcmp(m.sym[6].name, "table"));
    CHECK_EQ(m.sym[6].addr, 0x279);
    prof_map_free(&m);

    const char *head = "\n- NASM Map file ---\n\n-- Program origin ---\n\n00000000\n\n-- Symbols ---\n\n";
    char text[2048];
    snprintf(text, sizeof text, "%s---- No Section ---\n\nValue     Name\n00001234  CONST\n\n\n"
             "---- Section .text ---\n\nReal              Virtual           Name\n"
             "               0                 0  a\n              10              1000  b\n"
             "              12                12  ..@5.x\n", head);
    CHECK(parse(&m, text, err, sizeof err));
    CHECK_EQ(m.nsym, 2);              /* CONST and the macro label skipped */
    CHECK_EQ(m.sym[1].addr, 0x10);    /* Real, not Virtual */
    prof_map_free(&m);

    snprintf(text, sizeof text, "%s---- Section .text ---\n\nReal              Virtual           Name\n"
             "             100               100  start\n             1x4               104  bad\n", head);
    CHECK(!parse(&m, text, err, sizeof err));
    CHECK_STR_CONTAINS(err, "t.map:14: expected 'REAL VIRTUAL NAME'");
    snprintf(text, sizeof text, "\n- NASM Map file ---\n\n-- Program origin ---\n\nzz\n");
    CHECK(!parse(&m, text, err, sizeof err));
    CHECK_STR_CONTAINS(err, "t.map:6: expected the program origin");
    snprintf(text, sizeof text, "%s---- Section .text ---\n\nWhat\n", head);
    CHECK(!parse(&m, text, err, sizeof err));
    CHECK_STR_CONTAINS(err, "t.map:12: expected a 'Real  Virtual  Name' heading");
    /* CRLF and a map with no symbols at all */
    CHECK(parse(&m, "\r\n- NASM Map file ---\r\n\r\n-- Program origin ---\r\n\r\n00000100\r\n", err, sizeof err));
    CHECK_EQ(m.nsym, 0);
    prof_map_free(&m);
}

/* Every prefix, and deterministic byte mutations, of both samples: no crash, no leak, and
 * either a map or an error with the file name. */
static void test_garbage(const char *dir) {
    const char *names[2] = {"sample.map", "sample_exe.map"};
    uint32_t seed = 1;
    for (int f = 0; f < 2; f++) {
        char path[1024], err[512];
        snprintf(path, sizeof path, "%s/%s", dir, names[f]);
        size_t len;
        char *orig = slurp(path, &len);
        char *buf = malloc(len + 1);
        for (size_t cut = 0; cut <= len; cut += 7) {
            ProfMap m;
            memcpy(buf, orig, cut);
            if (prof_map_parse(&m, buf, cut, "g.map", err, sizeof err)) prof_map_free(&m);
            else CHECK(!strncmp(err, "g.map", 5));
        }
        for (int round = 0; round < 3000; round++) {
            memcpy(buf, orig, len);
            for (int k = 0; k < 1 + round % 8; k++) {
                seed = seed * 1103515245u + 12345u;
                size_t at = (seed >> 8) % len;
                seed = seed * 1103515245u + 12345u;
                buf[at] = (char)(seed >> 16);
            }
            ProfMap m;
            if (prof_map_parse(&m, buf, len, "g.map", err, sizeof err)) {
                for (size_t i = 0; i < m.nsym; i++) CHECK(m.sym[i].name[0] != 0);
                prof_map_free(&m);
            } else {
                CHECK(!strncmp(err, "g.map", 5));
            }
        }
        free(buf);
        free(orig);
    }
}

/* A NASM listing: labels at their offsets (one alone on its line takes the next offset), not
 * local ones, macro lines, a continuation line's, nor those past section .data; detected by
 * prof_map_parse; damaged lines refused with the line; mutations never crash. */
static void test_nasm_listing(void) {
    const char *lst =
        "     1                                  section .text\n"
        "     2 00000000 E80100                  start: call f\n"
        "     3                                  %macro M 0\n"
        "     4                                  mac: nop\n"
        "     5                                  %endmacro\n"
        "     6                                  M\n"
        "     4 00000003 90                  <1> mac: nop\n"
        "     7 00000004 010203040506070809-     f: db 1,2,3,4,5,6,7,8,9,10,11,12\n"
        "     7 0000000D 0A0B0C              \n"
        "     8 00000010 90                      .loc: nop\n"
        "     9                                  alone:\n"
        "    10                                  \n"
        "    11 00000011 C3                              ret\n"
        "    12                                  section .data\n"
        "    13 00000000 0100                    var: dw 1\n";
    ProfMap m;
    char err[300];
    CHECK(prof_map_parse(&m, lst, strlen(lst), "t.lst", err, sizeof err));
    CHECK(!strcmp(m.kind, "nasm-listing"));
    CHECK_EQ(m.nsym, 3);
    if (m.nsym == 3) {
        CHECK(!strcmp(m.sym[0].name, "start") && m.sym[0].addr == 0);
        CHECK(!strcmp(m.sym[1].name, "f") && m.sym[1].addr == 4);
        CHECK(!strcmp(m.sym[2].name, "alone") && m.sym[2].addr == 0x11);
    }
    prof_map_free(&m);
    const char *bad = "     1 00000000 90                      nop\nnot a listing line\n";
    CHECK(!prof_map_parse_nasm_listing(&m, bad, strlen(bad), "b.lst", err, sizeof err));
    CHECK_STR_CONTAINS(err, "b.lst:2:");
    uint32_t x = 11;
    size_t n = strlen(lst);
    for (int round = 0; round < 6000; round++) {
        char *c = malloc(n);
        memcpy(c, lst, n);
        for (int k = 0; k < 2; k++) {
            x = x * 1103515245u + 12345u;
            c[(x >> 8) % n] = (char)(x >> 20);
        }
        if (prof_map_parse(&m, c, (x >> 4) % (n + 1), "m.lst", err, sizeof err)) prof_map_free(&m);
        free(c);
    }
}

int main(int argc, char **argv) {
    const char *dir = argc > 1 ? argv[1] : "data";
    test_link(dir);
    test_nasm(dir);
    test_garbage(dir);
    test_nasm_listing();
    return check_done("test_map");
}
