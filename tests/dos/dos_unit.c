/* Unit tests of dos-hle's machine-free parts: MZ checks, .COM limits, names and AH=29h,
 * canonical paths, the MCB arena, calendar arithmetic, the host-folder sandbox, cost files,
 * guest memory blocks (wrapping in the segment and at 1 MiB, the ROM left alone). */
#include "dos_cost.h"
#include "dos_errors.h"
#include "dos_guest_mem.h"
#include "dos_image.h"
#include "dos_memory.h"
#include "dos_names.h"
#include "dos_sandbox.h"
#include "dos_time.h"
#include "dos.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int passed, failed;

#define CHECK(cond)                                                                     \
    do {                                                                                \
        if (cond) passed++;                                                             \
        else { failed++; fprintf(stderr, "%s:%d: FAILED: %s\n", __FILE__, __LINE__, #cond); } \
    } while (0)

static void put16(uint8_t *p, uint16_t v) { p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); }

/* An MZ file of `len` bytes whose header claims the given fields. */
static uint8_t *mz(size_t len, uint16_t last, uint16_t pages, uint16_t nrel, uint16_t hdr,
                   uint16_t reloff) {
    uint8_t *f = calloc(1, len < 64 ? 64 : len);
    f[0] = 'M';
    f[1] = 'Z';
    put16(f + 2, last);
    put16(f + 4, pages);
    put16(f + 6, nrel);
    put16(f + 8, hdr);
    put16(f + 24, reloff);
    return f;
}

static bool check_mz(uint8_t *f, size_t len, const char *want) {
    DosImage img;
    char err[200] = "";
    bool ok = dos_image_check(f, len, &img, err, sizeof err);
    free(f);
    if (!want) return ok;
    if (ok) return false;
    if (!strstr(err, want)) {
        fprintf(stderr, "  message: %s (wanted '%s')\n", err, want);
        return false;
    }
    return true;
}

static void test_image(void) {
    DosImage img;
    char err[200];
    uint8_t small[3] = {0x90, 0xCD, 0x20};
    CHECK(dos_image_check(small, 3, &img, err, sizeof err) && !img.is_exe);
    /* a 0-byte .COM is valid, as it was for DOS */
    CHECK(dos_image_check(small, 0, &img, err, sizeof err) && !img.is_exe && img.size == 0);
    uint8_t *big = calloc(1, 70000);
    CHECK(dos_image_check(big, 65280, &img, err, sizeof err));
    CHECK(!dos_image_check(big, 65281, &img, err, sizeof err) && strstr(err, "65,280"));
    free(big);
    /* "ZM" is an MZ signature too; the name of the file does not matter */
    uint8_t zm[2] = {'Z', 'M'};
    CHECK(!dos_image_check(zm, 2, &img, err, sizeof err) && strstr(err, "truncated MZ header"));
    CHECK(check_mz(mz(20, 0, 1, 0, 2, 0), 20, "truncated MZ header"));
    /* a good one: 2 pages, last page 100 bytes, header 2 paragraphs, one relocation */
    CHECK(check_mz(mz(612, 100, 2, 1, 2, 0x1C), 612, NULL));
    CHECK(check_mz(mz(612, 100, 0, 0, 2, 0), 612, "zero pages"));
    CHECK(check_mz(mz(612, 100, 2, 0, 100, 0), 612, "header size"));
    CHECK(check_mz(mz(612, 100, 2, 0, 1, 0), 612, "too small"));
    CHECK(check_mz(mz(612, 100, 2, 3, 2, 0x1C), 612, "relocation table"));
    CHECK(check_mz(mz(612, 100, 2, 65535, 2, 0x1C), 612, "relocation table"));
    /* a file shorter than its header says by less than 512 bytes loads, as under MS-DOS (its
     * EXEC reads the header's whole pages and fails only when 512 bytes or more are missing;
     * MS-DOS 2.0's SORT.EXE is 2 bytes short): the load module is still pages * 512 - header */
    CHECK(check_mz(mz(600, 100, 2, 0, 2, 0), 600, NULL));
    uint8_t *shortf = mz(600, 100, 2, 0, 2, 0);
    CHECK(dos_image_check(shortf, 600, &img, err, sizeof err) && img.mz.image_size == 992 &&
          img.mz.file_bytes == 568);
    free(shortf);
    CHECK(check_mz(mz(512, 100, 2, 0, 2, 0), 512, "the header says 612 bytes"));
    CHECK(check_mz(mz(612, 600, 2, 0, 2, 0), 612, "last 512-byte page"));
    /* 65,535 relocations that really are in a big header are fine */
    size_t hl = 0x1C + 65535u * 4u, total = (hl + 15) / 16 * 16 + 16;
    uint8_t *h = mz(total, (uint16_t)(total % 512), (uint16_t)((total + 511) / 512), 65535,
                    (uint16_t)((hl + 15) / 16), 0x1C);
    CHECK(check_mz(h, total, NULL));
    /* an image larger than memory */
    size_t huge = 0xB0000;
    uint8_t *hu = mz(huge, 0, (uint16_t)(huge / 512), 0, 2, 0);
    CHECK(check_mz(hu, huge, "larger than memory"));

    /* placing: relocations add the load segment */
    uint8_t *f = mz(612, 100, 2, 1, 2, 0x1C);
    put16(f + 0x1C, 4); /* at image offset 0004h */
    put16(f + 0x1E, 0);
    put16(f + 32 + 4, 0x0010);
    uint8_t *mem = calloc(1, 0x100010);
    CHECK(dos_image_check(f, 612, &img, err, sizeof err) && img.mz.image_size == 992 &&
          img.mz.file_bytes == 580);
    CHECK(dos_image_place(f, &img, mem, 0x1000, 0x1000, 0x2000, err, sizeof err));
    CHECK(mem[0x10004] == 0x10 && mem[0x10005] == 0x10);
    CHECK(dos_image_min_paras(&img) == 0x10 + 992 / 16);
    put16(f + 0x1E, 0x1000); /* far outside the block */
    CHECK(!dos_image_place(f, &img, mem, 0x1000, 0x1000, 0x1100, err, sizeof err) &&
          strstr(err, "outside"));
    free(f);
    free(mem);
}

static bool drive_ok(void *ctx, int d) { (void)ctx; return d == 0 || d == 3; }

static uint8_t parse(const char *s, uint8_t ctl, uint8_t *fcb, size_t *used) {
    return dos_parse_fcb_name((const uint8_t *)s, strlen(s) + 1, ctl, fcb, used, drive_ok, NULL);
}

static void test_names(void) {
    uint8_t f[12];
    size_t used;
    memset(f, 'x', sizeof f);
    CHECK(parse("  b:foo.txt rest", 1, f, &used) == 0xFF); /* B: does not exist here */
    CHECK(f[0] == 2 && !memcmp(f + 1, "FOO     TXT", 11) && used == 11);
    CHECK(parse("*.c", 0, f, &used) == 1 && !memcmp(f + 1, "????????C  ", 11) && f[0] == 0);
    CHECK(parse(";ab?", 1, f, &used) == 1 && !memcmp(f + 1, "AB?        ", 11));
    /* without bit 0 a separator stops the parse at once */
    CHECK(parse(";ab", 0, f, &used) == 0 && used == 0 && !memcmp(f + 1, "           ", 11));
    /* names longer than 8.3 are cut */
    CHECK(parse("verylongname.text", 0, f, &used) == 0 && !memcmp(f + 1, "VERYLONGTEX", 11) && used == 17);
    /* bits 1-3 keep the drive, name, extension that are not given */
    memcpy(f, "\x04OLDNAME EXT", 12);
    CHECK(parse(".new", 0x0E, f, &used) == 0 && f[0] == 4 && !memcmp(f + 1, "OLDNAME NEW", 11));
    memcpy(f, "\x04OLDNAME EXT", 12);
    CHECK(parse("abc", 0x0E, f, &used) == 0 && !memcmp(f + 1, "ABC     EXT", 11));
    CHECK(parse("c:", 0, f, &used) == 0 && f[0] == 3 && used == 2);

    uint8_t pat[11], nm[11];
    dos_name_to_fcb("????????.???", pat);
    dos_name_to_fcb("README", nm);
    CHECK(dos_fcb_match(pat, nm));
    dos_name_to_fcb("????????", pat); /* "*" matches only names without an extension */
    CHECK(dos_fcb_match(pat, nm));
    dos_name_to_fcb("A.TXT", nm);
    CHECK(!dos_fcb_match(pat, nm));
    char out[13];
    CHECK(dos_host_name_83("readme.txt", out) && !strcmp(out, "README.TXT"));
    CHECK(!dos_host_name_83("long_filename.txt", out));
    CHECK(!dos_host_name_83("a.tar.gz", out));
    CHECK(!dos_host_name_83(".hidden", out));
    CHECK(!dos_host_name_83("sp ace", out));
    CHECK(dos_device_of_name("NUL") == DOS_DEV_NUL && dos_device_of_name("CON.TXT") == DOS_DEV_CON);
    CHECK(dos_device_of_name("CLOCK$") == DOS_DEV_CLOCK && dos_device_of_name("CONS") == 0);

    const char *cwd[26] = {0};
    cwd[2] = "SUB";
    DosPath p;
    CHECK(dos_path_resolve("file.txt", 2, cwd, false, &p) == 0 && p.n == 2 &&
          !strcmp(p.comp[0], "SUB") && !strcmp(p.comp[1], "FILE.TXT"));
    CHECK(dos_path_resolve("..\\..\\etc\\passwd", 2, cwd, false, &p) == DOSERR_PATH_NOT_FOUND);
    CHECK(dos_path_resolve("C:/../x", 2, cwd, false, &p) == DOSERR_PATH_NOT_FOUND);
    CHECK(dos_path_resolve("\\a\\.\\b\\..\\c.txt", 2, cwd, false, &p) == 0 && p.n == 2 &&
          !strcmp(p.comp[1], "C.TXT"));
    CHECK(dos_path_resolve("D:\\x", 2, cwd, false, &p) == DOSERR_PATH_NOT_FOUND);
    CHECK(dos_path_resolve("*.txt", 2, cwd, false, &p) == DOSERR_FILE_NOT_FOUND);
    CHECK(dos_path_resolve("*.txt", 2, cwd, true, &p) == 0 && p.wild && !strcmp(p.comp[1], "????????.TXT"));
    CHECK(dos_path_resolve("\\dir\\nul.txt", 2, cwd, false, &p) == 0 && p.device == DOS_DEV_NUL);
    CHECK(dos_path_resolve("a\"b", 2, cwd, false, &p) == DOSERR_FILE_NOT_FOUND);
    char s[80];
    dos_path_resolve("\\one\\two", 2, cwd, false, &p);
    dos_path_format(&p, p.n, s, sizeof s);
    CHECK(!strcmp(s, "C:\\ONE\\TWO"));
}

static uint16_t mcb_size(uint8_t *mem, uint16_t seg) { return (uint16_t)(mem[seg * 16 + 3] | mem[seg * 16 + 4] << 8); }

static void test_arena(void) {
    uint8_t *mem = calloc(1, 0x100010);
    DosArena a;
    dos_arena_init(&a, mem, NULL, 0x1000, 0xA000);
    CHECK(dos_arena_valid(&a) && dos_arena_largest(&a) == 0x8FFF);
    uint16_t s1, s2, s3, lg;
    CHECK(dos_arena_alloc(&a, 0x100, 0x2000, DOS_FIT_FIRST, &s1, &lg) == 0 && s1 == 0x1001);
    CHECK(dos_arena_alloc(&a, 0x200, 0x2000, DOS_FIT_FIRST, &s2, &lg) == 0 && s2 == 0x1102);
    CHECK(dos_arena_alloc(&a, 0x100, 0x2000, DOS_FIT_FIRST, &s3, &lg) == 0 && s3 == 0x1303);
    CHECK(dos_arena_valid(&a));
    CHECK(dos_arena_alloc(&a, 0xF000, 0x2000, DOS_FIT_FIRST, &s3, &lg) == DOSERR_NO_MEMORY &&
          lg == 0xA000 - 0x1403 - 1);
    CHECK(dos_arena_free(&a, s2) == 0 && dos_arena_valid(&a));
    CHECK(dos_arena_free(&a, 0x1500) == DOSERR_BAD_BLOCK);
    /* best fit takes the 200h hole, last fit the top */
    uint16_t b, l;
    CHECK(dos_arena_alloc(&a, 0x80, 0x2000, DOS_FIT_BEST, &b, &lg) == 0 && b == s2);
    CHECK(dos_arena_alloc(&a, 0x80, 0x2000, DOS_FIT_LAST, &l, &lg) == 0 && l == 0xA000 - 0x80);
    CHECK(dos_arena_valid(&a));
    /* shrink and grow in place; growing too far makes the block as large as it can be */
    CHECK(dos_arena_resize(&a, s1, 0x10, &lg) == 0 && mcb_size(mem, s1 - 1) == 0x10);
    CHECK(dos_arena_resize(&a, s1, 0x100, &lg) == 0 && dos_arena_valid(&a));
    CHECK(dos_arena_resize(&a, s1, 0x3000, &lg) == DOSERR_NO_MEMORY && lg == 0x100 &&
          mcb_size(mem, s1 - 1) == 0x100);
    CHECK(dos_arena_resize(&a, b, 0x300, &lg) == DOSERR_NO_MEMORY && lg == 0x200 && dos_arena_valid(&a));
    dos_arena_free_owned(&a, 0x2000);
    CHECK(dos_arena_valid(&a) && dos_arena_largest(&a) == 0x8FFF);
    /* a destroyed chain is reported, not followed */
    mem[0x1000 * 16] = 'X';
    CHECK(dos_arena_alloc(&a, 0x10, 1, DOS_FIT_FIRST, &b, &lg) == DOSERR_MCB_DESTROYED);
    CHECK(!dos_arena_valid(&a));
    free(mem);
}

static void test_time(void) {
    DosDateTime t;
    dos_time_from_centis(0, &t);
    CHECK(t.year == 1980 && t.month == 1 && t.day == 1 && t.wday == 2 && t.hour == 0);
    uint64_t c;
    DosDateTime x = {2000, 2, 29, 0, 23, 59, 59, 99};
    CHECK(dos_time_to_centis(&x, &c));
    dos_time_from_centis(c, &t);
    CHECK(t.year == 2000 && t.month == 2 && t.day == 29 && t.hour == 23 && t.hund == 99 && t.wday == 2);
    DosDateTime bad = {1999, 2, 29, 0, 0, 0, 0, 0};
    CHECK(!dos_time_to_centis(&bad, &c));
    DosDateTime nl = {2100, 1, 1, 0, 0, 0, 0, 0};
    CHECK(!dos_time_to_centis(&nl, &c));
    CHECK(dos_master_to_centis(14318180) == 100);
    CHECK(dos_master_to_centis(143181800000ull) == 1000000);
    int64_t e;
    CHECK(dos_parse_epoch("1980-01-01", &e) && e == 0);
    CHECK(dos_parse_epoch("1985-07-04 12:30:14", &e) && e == dos_unpack_seconds(0x0AE4, 0x63C7));
    CHECK(dos_parse_epoch("1985-07-04T12:30", &e));
    CHECK(!dos_parse_epoch("1979-12-31", &e) && !dos_parse_epoch("1985-02-30", &e) &&
          !dos_parse_epoch("x", &e));
    x = (DosDateTime){1985, 7, 4, 0, 12, 30, 15, 0};
    CHECK(dos_pack_date(&x) == 0x0AE4 && dos_pack_time(&x) == 0x63C7);
}

/* ---- sandbox on a real folder ---- */

static char base[256];

static void mkfile(const char *rel, const char *text) {
    char p[512];
    snprintf(p, sizeof p, "%s/%s", base, rel);
    FILE *f = fopen(p, "w");
    if (f) { fputs(text, f); fclose(f); }
}

static void test_sandbox(void) {
    snprintf(base, sizeof base, "/tmp/dos_unit_%d", (int)getpid());
    char p[600];
    mkdir(base, 0777);
    snprintf(p, sizeof p, "%s/drive", base); mkdir(p, 0777);
    snprintf(p, sizeof p, "%s/drive/Sub", base); mkdir(p, 0777);
    mkfile("outside.txt", "secret");
    mkfile("drive/b.txt", "b");
    mkfile("drive/A.TXT", "A");
    mkfile("drive/a.txt", "a");
    mkfile("drive/long_name.text", "x");
    mkfile("drive/Sub/In.Dat", "in");
    snprintf(p, sizeof p, "%s/outside.txt", base);
    char l[600];
    snprintf(l, sizeof l, "%s/drive/link.txt", base);
    CHECK(symlink(p, l) == 0);
    snprintf(l, sizeof l, "%s/drive/up", base);
    CHECK(symlink(base, l) == 0);
    char err[200];
    snprintf(p, sizeof p, "%s/drive", base);
    int root = dos_sb_open_root(p, err, sizeof err);
    CHECK(root >= 0);
    DosDirEntry *v;
    int n = dos_sb_list(root, &v);
    /* visible: A.TXT (the upper-case host name wins), B.TXT, SUB; not the long name, not links */
    CHECK(n == 3);
    if (n == 3) {
        CHECK(!strcmp(v[0].name, "A.TXT") && !strcmp(v[0].host, "A.TXT"));
        CHECK(!strcmp(v[1].name, "B.TXT") && !strcmp(v[2].name, "SUB") && v[2].is_dir);
    }
    free(v);
    DosDirEntry e;
    CHECK(dos_sb_find(root, "B.TXT", &e) && !strcmp(e.host, "b.txt"));
    CHECK(!dos_sb_find(root, "LINK.TXT", &e));
    CHECK(!dos_sb_find(root, "UP", &e));
    char comps[2][13] = {"SUB", "X"};
    int fd = dos_sb_open_dir(root, (const char (*)[13])comps, 1);
    CHECK(fd >= 0 && dos_sb_find(fd, "IN.DAT", &e));
    if (fd >= 0) close(fd);
    char up[1][13] = {"UP"};
    CHECK(dos_sb_open_dir(root, (const char (*)[13])up, 1) < 0);
    close(root);
    CHECK(dos_sb_open_root("/nonexistent/folder", err, sizeof err) < 0 && strstr(err, "/nonexistent"));
}

static void test_costs(void) {
    DosCosts c;
    dos_costs_default(&c);
    CHECK(c.call > 0 && c.fn[0x3D] > c.fn[0x30] && c.bios_disk == 1);
    char path[300], err[200];
    snprintf(path, sizeof path, "%s/costs.txt", base);
    FILE *f = fopen(path, "w");
    fputs("# test\ncall 99\nfn.3d 1234\nio.char 7  # per char\n", f);
    fclose(f);
    CHECK(dos_costs_load(&c, path, err, sizeof err) && c.call == 99 && c.fn[0x3D] == 1234 && c.io_char == 7);
    f = fopen(path, "w");
    fputs("call 1\nbogus 3\n", f);
    fclose(f);
    CHECK(!dos_costs_load(&c, path, err, sizeof err) && strstr(err, ":2:"));
    CHECK(!strcmp(dos_error_name(DOSERR_FILE_NOT_FOUND), "file not found"));
    uint8_t cl, ac, lo;
    dos_error_info(DOSERR_NO_MEMORY, &cl, &ac, &lo);
    CHECK(cl == 1 && lo == 5);
}

/* dos_read_mem and dos_write_mem against byte-by-byte copies (rd8, wr8): offsets that wrap in
 * their segment, addresses past 1 MiB, writes reaching the ROM, seeded pseudo-random blocks. */
static void test_guest_mem(void) {
    static uint8_t a[EMU_MEM_SIZE + 16], b[EMU_MEM_SIZE + 16];
    static Dos da, db;
    static uint8_t src[0x12000], got[0x12000], want[0x12000];
    da.mem = a;
    db.mem = b;
    uint32_t x = 12345;
    for (size_t i = 0; i < sizeof a; i++) a[i] = b[i] = (uint8_t)(i * 7 + (i >> 11));
    for (size_t i = 0; i < sizeof src; i++) src[i] = (uint8_t)(i * 13 + 5);
    const struct { uint16_t seg, off; size_t n; } fixed[] = {
        {0x1000, 0xFFFE, 4}, {0xEFFF, 0x000E, 4}, {0xFFFF, 0x0010, 8}, {0xF000, 0x0000, 3},
        {0xFFFF, 0xFFF0, 0x20}, {0x0000, 0x0000, 0x11000}, {0x2345, 0x8000, 0x12000}, {0x0100, 0x0000, 0},
    };
    int mismatches = 0;
    for (int t = 0; t < 8 + 400; t++) {
        uint16_t seg, off;
        size_t n;
        if (t < 8) {
            seg = fixed[t].seg, off = fixed[t].off, n = fixed[t].n;
        } else {
            x = x * 1103515245u + 12345u;
            seg = (uint16_t)(x >> 8);
            x = x * 1103515245u + 12345u;
            off = (uint16_t)(x >> 8);
            x = x * 1103515245u + 12345u;
            n = (x >> 8) % (t % 4 ? 300 : sizeof src);
        }
        dos_write_mem(&da, seg, off, src, n);
        for (size_t i = 0; i < n; i++) wr8(&db, lin(seg, (uint16_t)(off + i)), src[i]);
        dos_read_mem(&da, seg, (uint16_t)(off - 3), got, n);
        for (size_t i = 0; i < n; i++) want[i] = rd8(&db, lin(seg, (uint16_t)(off - 3 + i)));
        if (memcmp(a, b, sizeof a) || memcmp(got, want, n)) mismatches++;
    }
    CHECK(mismatches == 0);
    CHECK(a[0xF0000] == (uint8_t)(0xF0000 * 7 + (0xF0000 >> 11))); /* the ROM as it was */
}

int main(void) {
    test_image();
    test_names();
    test_arena();
    test_time();
    test_sandbox();
    test_costs();
    test_guest_mem();
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", base);
    if (system(cmd)) { /* leave it */ }
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
