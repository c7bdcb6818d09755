/* `emu86 report FILE.PRF [--map FILE] [--format text|csv|json] [-o OUT] ...` */
#include "util.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { EXIT_BAD_INPUT = 1, EXIT_BAD_USAGE = 2 };
enum { O_MAP = 256, O_FORMAT, O_PLOT, O_ALL, O_MAP_ORIGIN, O_HELP };

static const struct option longopts[] = {
    {"map", required_argument, 0, O_MAP},
    {"format", required_argument, 0, O_FORMAT},
    {"output", required_argument, 0, 'o'},
    {"plot", required_argument, 0, O_PLOT},
    {"all", no_argument, 0, O_ALL},
    {"map-origin", required_argument, 0, O_MAP_ORIGIN},
    {"help", no_argument, 0, O_HELP},
    {0, 0, 0, 0},
};

static void usage(FILE *f) {
    fputs("usage: emu86 report FILE.PRF [--map FILE] [--format text|csv|json] [-o OUT]\n"
          "                  [--plot FILE.svg] [--all] [--map-origin HEX]\n"
          "Lists a PROFIL histogram (.PRF) as PROHST did, with the bugs fixed: hits per bucket,\n"
          "address from the program start, symbol+offset (with a map), cumulative %, %, a bar;\n"
          "then the DOS, I/O and high hits and the totals.\n"
          "  --map FILE          Microsoft LINK .MAP or NASM map ([map all FILE]) for symbols\n"
          "  --format F          text (default), csv or json\n"
          "  -o, --output OUT    write the listing to OUT (default: standard output)\n"
          "  --plot FILE.svg     also draw the histogram as an SVG plot\n"
          "  --all               list empty buckets too\n"
          "  --map-origin HEX    bytes to subtract from the map's addresses (a LINK-made .COM\n"
          "                      linked at 100h: --map-origin 100)\n"
          "  -h, --help          this help\n"
          "Exit status: 0 done, 1 unreadable or invalid input or unwritable output, 2 bad usage.\n",
          f);
}

static int bad_usage(const char *fmt, const char *a, const char *b) {
    fputs("emu86 report: ", stderr);
    fprintf(stderr, fmt, a, b);
    fputs(" (see emu86 report --help)\n", stderr);
    return EXIT_BAD_USAGE;
}

static bool parse_hex(const char *s, uint32_t *v) {
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

int prof_report_main(int argc, char **argv) {
    const char *map_path = NULL, *out_path = "-", *plot_path = NULL;
    ProfReportOptions ro = {PROF_FMT_TEXT, false, NULL};
    uint32_t map_origin = 0;
#ifdef __GLIBC__
    optind = 0; /* full re-initialisation: the caller may have used getopt already */
#else
    optind = 1;
#endif
    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, ":o:h", longopts, NULL)) != -1) {
        switch (c) {
        case O_MAP: map_path = optarg; break;
        case O_FORMAT:
            if (!prof_format_parse(optarg, &ro.format))
                return bad_usage("--format: expected text, csv or json, got '%s'%s", optarg, "");
            break;
        case 'o': out_path = optarg; break;
        case O_PLOT: plot_path = optarg; break;
        case O_ALL: ro.all_buckets = true; break;
        case O_MAP_ORIGIN:
            if (!parse_hex(optarg, &map_origin))
                return bad_usage("--map-origin: expected a hex number up to FFFFF, got '%s'%s", optarg, "");
            break;
        case 'h':
        case O_HELP: usage(stdout); return 0;
        case ':': return bad_usage("%s needs a value%s", argv[optind - 1], "");
        default: return bad_usage("unknown option '%s'%s", argv[optind - 1], "");
        }
    }
    if (optind >= argc) return bad_usage("missing FILE.PRF%s%s", "", "");
    if (optind + 1 < argc) return bad_usage("one FILE.PRF only; unexpected '%s'%s", argv[optind + 1], "");
    const char *prf_path = argv[optind];
    if (!*out_path) return bad_usage("-o: empty file name%s%s", "", "");

    char err[512];
    ProfPrf p;
    if (!prof_prf_read(&p, prf_path, err, sizeof err)) {
        fprintf(stderr, "emu86 report: %s\n", err);
        return EXIT_BAD_INPUT;
    }
    ProfMap map = {0};
    if (map_path) {
        if (!prof_map_read(&map, map_path, err, sizeof err)) {
            fprintf(stderr, "emu86 report: %s\n", err);
            prof_prf_free(&p);
            return EXIT_BAD_INPUT;
        }
        if (map_origin) prof_map_rebase(&map, map_origin);
    }
    ro.title = prf_path;
    int status = 0;
    ProfBuf out = {0}, svg = {0};
    if (!prof_report_render(&p, map_path ? &map : NULL, &ro, &out)) {
        fprintf(stderr, "emu86 report: out of memory\n");
        status = EXIT_BAD_INPUT;
    } else if (plot_path && !prof_plot_svg(&p, map_path ? &map : NULL, prf_path, &svg)) {
        fprintf(stderr, "emu86 report: out of memory\n");
        status = EXIT_BAD_INPUT;
    } else if (!prof_write_file(out_path, out.data ? out.data : "", out.len, err, sizeof err) ||
               (plot_path && !prof_write_file(plot_path, svg.data, svg.len, err, sizeof err))) {
        fprintf(stderr, "emu86 report: %s\n", err);
        status = EXIT_BAD_INPUT;
    }
    prof_buf_free(&out);
    prof_buf_free(&svg);
    prof_map_free(&map);
    prof_prf_free(&p);
    return status;
}
