/* Without libFuzzer, a fuzz target is a regression test: it runs every file (or every file of
 * every folder) given on the command line through LLVMFuzzerTestOneInput. The seed corpus and
 * the crashes found so far live in tests/fuzz/corpus/<target>/. With --random N SEED it runs N
 * inputs of random bytes instead (28 to 2075 long, from a fixed generator: the same N inputs
 * for the same SEED). */
#include "fuzz.h"
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>


static int run_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return 1;
    }
    uint8_t *buf = malloc(1 << 20);
    size_t n = fread(buf, 1, 1 << 20, f);
    fclose(f);
    LLVMFuzzerTestOneInput(buf, n);
    free(buf);
    return 0;
}

static int cmp(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* N inputs of random bytes. */
static int run_random(long n, unsigned long long seed) {
    uint64_t x = seed ? seed : 1;
    uint8_t *buf = malloc(2076);
    for (long k = 0; k < n; k++) {
        x ^= x << 13; x ^= x >> 7; x ^= x << 17;
        size_t len = 28 + (size_t)(x % 2048);
        for (size_t i = 0; i < len; i++) {
            x ^= x << 13; x ^= x >> 7; x ^= x << 17;
            buf[i] = (uint8_t)(x >> 24);
        }
        LLVMFuzzerTestOneInput(buf, len);
    }
    free(buf);
    printf("%ld random inputs ran\n", n);
    return 0;
}

int main(int argc, char **argv) {
    int runs = 0, bad = 0;
    if (argc == 4 && !strcmp(argv[1], "--random")) return run_random(atol(argv[2]), strtoull(argv[3], NULL, 0));
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) != 0) {
            perror(argv[i]);
            return 1;
        }
        if (!S_ISDIR(st.st_mode)) {
            bad |= run_file(argv[i]);
            runs++;
            continue;
        }
        DIR *d = opendir(argv[i]);
        struct dirent *e;
        char **names = NULL;
        int n = 0;
        while ((e = readdir(d))) {
            if (e->d_name[0] == '.') continue;
            names = realloc(names, sizeof *names * (size_t)(n + 1));
            names[n++] = strdup(e->d_name);
        }
        closedir(d);
        qsort(names, (size_t)n, sizeof *names, cmp);
        for (int k = 0; k < n; k++) {
            char p[4096];
            snprintf(p, sizeof p, "%s/%s", argv[i], names[k]);
            bad |= run_file(p);
            runs++;
            free(names[k]);
        }
        free(names);
    }
    printf("%d inputs ran\n", runs);
    return bad;
}
