/* Program images and the routines found in them: a .COM and an .EXE rebuilt from their bytes
 * (the relocations applied at the load segment, the entry point), and the scan's routines:
 * CALL targets near and far, jumps and branches followed, INT 21h/4Ch and INT 20h ending a
 * path (the data after them is not read as code), the entries given (vectors, calls through a
 * pointer), the prologue of a routine no call reaches, the names' precedence, and any bytes
 * scanned without a crash. */
#include "check.h"
#include "profiler.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *name_at(const ProfMap *m, uint32_t off) {
    const ProfSymbol *s = prof_map_lookup(m, off);
    return s && s->addr == off ? s->name : "";
}

static void test_com(void) {
    /* 0000 call 0010; 0003 jmp short 0007; 0005 data (E8 xx: not code: never reached)
     * 0007 mov ah,4Ch; 0009 int 21h; 000B E8 F2 0F (data after the end: not a call)
     * 0010 jz 0014; 0012 call 0018; 0014 ret
     * 0018 ret; 0019 data; 0020 push bp; mov bp,sp; ret (reached by no call: a prologue)
     * 0024 data: 55 8B EC inside ... */
    uint8_t code[0x30] = {0};
    const uint8_t prog[] = {0xE8, 0x0D, 0x00, 0xEB, 0x02, 0xE8, 0x50, 0xB4, 0x4C, 0xCD, 0x21, 0xE8, 0xF2, 0x0F};
    memcpy(code, prog, sizeof prog);
    const uint8_t sub[] = {0x74, 0x02, 0xE8, 0x03, 0x00, 0xC3};
    memcpy(code + 0x10, sub, sizeof sub);
    code[0x18] = 0xC3;
    const uint8_t pro[] = {0x55, 0x8B, 0xEC, 0xC3};
    memcpy(code + 0x20, pro, sizeof pro);
    /* a prologue inside an instruction read before is no routine: mov ax, 8B55h; db 0ECh */
    const uint8_t inside[] = {0xB8, 0x55, 0x8B, 0xEC};
    memcpy(code + 0x24, inside, sizeof inside);
    code[0x28] = 0xC3;
    ProfImage im;
    char err[200];
    CHECK(prof_image_load(&im, code, sizeof code, 0x0410, "t.com", err, sizeof err));
    CHECK(!im.is_exe);
    CHECK_EQ(im.entry_cs, 0x0400);
    CHECK_EQ(im.entry_ip, 0x0100);
    CHECK_EQ(im.size, sizeof code);
    /* the routine at 0024 is given as the handler of INT 1Ch (it then reads mov ax,...) */
    ProfEntryPoint more[] = {{0x0400, 0x0124, PROF_ROUTINE_VECTOR, 0x1C}};
    ProfMap m;
    CHECK(prof_discover(&im, more, 1, &m));
    CHECK(!strcmp(name_at(&m, 0x00), "start"));
    CHECK(!strcmp(name_at(&m, 0x10), "sub_0010"));
    CHECK(!strcmp(name_at(&m, 0x18), "sub_0018"));
    CHECK(!strcmp(name_at(&m, 0x20), "sub_0020"));
    CHECK(!strcmp(name_at(&m, 0x24), "isr_1Ch"));
    CHECK_EQ(m.nsym, 5); /* not 0005's nor 000B's E8 (data), not 0025's 55 8B EC (inside) */
    prof_map_free(&m);
    /* a map's name wins at its address; the others stay */
    ProfMap user = {0}, found;
    const char *nasm = "- NASM Map file\n\n-- Program origin\n\n00000100\n\n-- Symbols\n\n---- Section .text\n\n"
                       "Real              Virtual           Name\n             110               110  helper\n";
    CHECK(prof_map_parse(&user, nasm, strlen(nasm), "u.map", err, sizeof err));
    CHECK(prof_discover(&im, NULL, 0, &found));
    CHECK(prof_map_merge(&user, &found));
    CHECK(!strcmp(name_at(&user, 0x10), "helper"));
    CHECK(!strcmp(name_at(&user, 0x18), "sub_0018"));
    CHECK(!strcmp(name_at(&user, 0x00), "start"));
    prof_map_free(&user);
    prof_map_free(&found);
    prof_image_free(&im);
}

static void put16(uint8_t *p, uint16_t v) {
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
}

static void test_exe(void) {
    /* header of 2 paragraphs, 1 relocation; code: entry at 0001:0000 (image 0010):
     * call far 0002:0000 (the segment relocated), int 20h; 0002:0000 (image 0020): ret far */
    uint8_t f[0x20 + 0x30] = {0};
    f[0] = 'M';
    f[1] = 'Z';
    put16(f + 2, sizeof f);     /* bytes in the last page */
    put16(f + 4, 1);            /* pages */
    put16(f + 6, 1);            /* relocations */
    put16(f + 8, 2);            /* header paragraphs */
    put16(f + 20, 0x0000);      /* IP */
    put16(f + 22, 0x0001);      /* CS */
    put16(f + 24, 0x1C);        /* relocation table */
    put16(f + 0x1C, 0x0013);    /* the far call's segment word: 0000:0013 */
    put16(f + 0x1E, 0x0000);
    const uint8_t code[] = {0x9A, 0x00, 0x00, 0x02, 0x00, 0xCD, 0x20};
    memcpy(f + 0x20 + 0x10, code, sizeof code);
    f[0x20 + 0x20] = 0xCB;
    ProfImage im;
    char err[200];
    CHECK(prof_image_load(&im, f, sizeof f, 0x1000, "t.exe", err, sizeof err));
    CHECK(im.is_exe);
    CHECK_EQ(im.entry_cs, 0x1001);
    CHECK_EQ(im.entry_ip, 0);
    CHECK_EQ(im.size, 512 - 0x20);
    CHECK_EQ(im.bytes[0x13] | im.bytes[0x14] << 8, 0x1002); /* relocated */
    ProfMap m;
    CHECK(prof_discover(&im, NULL, 0, &m));
    CHECK(!strcmp(name_at(&m, 0x10), "start"));
    CHECK(!strcmp(name_at(&m, 0x20), "sub_0020"));
    CHECK_EQ(m.nsym, 2);
    prof_map_free(&m);
    prof_image_free(&im);
    /* a lying header is refused, with the file's name */
    put16(f + 8, 0x40);
    CHECK(!prof_image_load(&im, f, sizeof f, 0x1000, "t.exe", err, sizeof err));
    CHECK_STR_CONTAINS(err, "t.exe");
}

/* Any bytes, as a .COM or an .EXE at any load segment: a scan that ends, names in the image. */
static void test_garbage(void) {
    uint8_t buf[600];
    uint32_t x = 99;
    for (int round = 0; round < 3000; round++) {
        size_t len = 1 + (size_t)round % sizeof buf;
        for (size_t i = 0; i < len; i++) {
            x = x * 1103515245u + 12345u;
            buf[i] = (uint8_t)(x >> 16);
        }
        if (round % 3 == 0 && len > 0x40) { /* an MZ header that holds together */
            buf[0] = 'M';
            buf[1] = 'Z';
            put16(buf + 4, 1);
            put16(buf + 6, 4);
            put16(buf + 8, 4);
            put16(buf + 24, 0x1C);
        }
        ProfImage im;
        char err[200];
        if (!prof_image_load(&im, buf, len, (uint16_t)(x >> 8), "g", err, sizeof err)) continue;
        ProfMap m;
        CHECK(prof_discover(&im, NULL, 0, &m));
        for (size_t i = 0; i < m.nsym; i++) CHECK(m.sym[i].addr < im.size);
        prof_map_free(&m);
        prof_image_free(&im);
    }
}

/* The names as snprintf writes them ("start", "isr_%02Xh", "sub_%04X"), cut to every length. */
static void test_names_as_printf(void) {
    static const uint32_t offs[] = {0, 0x1A66, 0xFFFF, 0x10000, 0xABCDE, 0x123456, 0xFFFFFFFF};
    for (unsigned kind = PROF_ROUTINE_START; kind <= PROF_ROUTINE_CALL; kind++) {
        for (size_t i = 0; i < sizeof offs / sizeof offs[0]; i++) {
            for (size_t len = 0; len <= 16; len++) {
                const uint8_t vec = (uint8_t)(offs[i] * 7 + len);
                char want[16] = "", got[16] = "";
                if (kind == PROF_ROUTINE_START) snprintf(want, len, "start");
                else if (kind == PROF_ROUTINE_VECTOR) snprintf(want, len, "isr_%02Xh", vec);
                else snprintf(want, len, "sub_%04X", (unsigned)offs[i]);
                prof_routine_name((ProfRoutineKind)kind, vec, offs[i], got, len);
                CHECK(!memcmp(want, got, sizeof want));
            }
        }
    }
}

int main(void) {
    test_names_as_printf();
    test_com();
    test_exe();
    test_garbage();
    return check_done("profiler.discover");
}
