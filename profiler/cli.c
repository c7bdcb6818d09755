/* What emu86 report, annotate and diff share: option helpers, and a .PRF opened with its
 * sidecar, a map and the program for the routines' names. */
#include "cli.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void cli_getopt_reset(void) {
#ifdef __GLIBC__
    optind = 0; /* full re-initialisation: the caller may have used getopt already */
#else
    optind = 1;
#endif
    opterr = 0;
}

int cli_bad_usage(const char *cmd, const char *fmt, const char *arg) {
    fprintf(stderr, "emu86 %s: ", cmd);
    fprintf(stderr, fmt, arg);
    fprintf(stderr, " (see emu86 %s --help)\n", cmd);
    return CLI_EXIT_USAGE;
}

bool cli_parse_hex(const char *s, uint32_t *v) {
    if (!strncmp(s, "0x", 2) || !strncmp(s, "0X", 2)) s += 2;
    size_t n = strlen(s);
    if (n && (s[n - 1] == 'h' || s[n - 1] == 'H')) n--;
    if (!n || n > 5) return false;
    uint32_t x = 0;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
              : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (d < 0) return false;
        x = x * 16 + (uint32_t)d;
    }
    *v = x;
    return true;
}

bool cli_parse_count(const char *s, size_t *v) {
    size_t x = 0, n = 0;
    for (; s[n]; n++) {
        if (s[n] < '0' || s[n] > '9' || n >= 10) return false;
        x = x * 10 + (size_t)(s[n] - '0');
    }
    if (!n || x > 1000000000u) return false;
    *v = x;
    return true;
}

bool cli_is_callgrind(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return false;
    char line[64] = "";
    bool yes = fgets(line, sizeof line, f) && (!strncmp(line, "# callgrind format", 18) || !strncmp(line, "version:", 8));
    fclose(f);
    return yes;
}

bool cli_prf_open(CliPrf *in, const char *cmd, const char *path, bool use_sidecar, const char *map_path,
                  uint32_t map_origin, const char *program, bool want_image) {
    memset(in, 0, sizeof *in);
    char err[600], note[9000];
    if (!prof_prf_read(&in->prf, path, err, sizeof err)) {
        fprintf(stderr, "emu86 %s: %s\n", cmd, err);
        return false;
    }
    if (use_sidecar) {
        in->have_sidecar = prof_sidecar_read_for(&in->sidecar, path, &in->prf, note, sizeof note);
        if (in->have_sidecar) prof_sidecar_path(path, in->sidecar_path, sizeof in->sidecar_path);
        else if (*note) fprintf(stderr, "emu86 %s: warning: %s\n", cmd, note);
    }
    ProfMap map = {0};
    if (map_path) {
        if (!prof_map_read(&map, map_path, err, sizeof err)) {
            fprintf(stderr, "emu86 %s: %s\n", cmd, err);
            cli_prf_close(in);
            return false;
        }
        if (map_origin) prof_map_rebase(&map, map_origin);
    }
    const char *from_sidecar = in->have_sidecar ? in->sidecar.program : NULL;
    const char *prog = program ? program : want_image ? from_sidecar : NULL;
    if (prog) {
        if (prof_image_read(&in->image, prog, in->prf.h.prog_low_pa, err, sizeof err)) {
            in->have_image = true;
        } else if (program) {
            fprintf(stderr, "emu86 %s: %s\n", cmd, err);
            prof_map_free(&map);
            cli_prf_close(in);
            return false;
        } else {
            fprintf(stderr, "emu86 %s: warning: %s (the program named in %s; give --program)\n", cmd, err,
                    in->sidecar_path);
        }
    }
    ProfMap found = {0};
    bool ok = prof_map_merge(&in->names, &map) && (!in->have_sidecar || prof_map_merge(&in->names, &in->sidecar.names)) &&
              (!in->have_image || !program || (prof_discover(&in->image, NULL, 0, &found) &&
                                               prof_map_merge(&in->names, &found)));
    prof_map_free(&map);
    prof_map_free(&found);
    if (!ok) {
        fprintf(stderr, "emu86 %s: out of memory\n", cmd);
        cli_prf_close(in);
        return false;
    }
    return true;
}

void cli_prf_close(CliPrf *in) {
    prof_prf_free(&in->prf);
    if (in->have_sidecar) prof_sidecar_free(&in->sidecar);
    prof_map_free(&in->names);
    prof_image_free(&in->image);
    in->have_sidecar = in->have_image = false;
}
