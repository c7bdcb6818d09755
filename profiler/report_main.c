/* `emu86 report FILE [--map FILE] [--program FILE] [--sort time|address] [--top N] ...`: a .PRF
 * (with its sidecar's full counts and names) or an exact profile (callgrind format). */
#include "cli.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { O_MAP = 256, O_FORMAT, O_PLOT, O_ALL, O_MAP_ORIGIN, O_HELP, O_SORT, O_TOP, O_PROGRAM, O_NO_SIDECAR };

static const struct option longopts[] = {
    {"map", required_argument, 0, O_MAP},
    {"format", required_argument, 0, O_FORMAT},
    {"output", required_argument, 0, 'o'},
    {"plot", required_argument, 0, O_PLOT},
    {"all", no_argument, 0, O_ALL},
    {"map-origin", required_argument, 0, O_MAP_ORIGIN},
    {"sort", required_argument, 0, O_SORT},
    {"top", required_argument, 0, O_TOP},
    {"program", required_argument, 0, O_PROGRAM},
    {"no-sidecar", no_argument, 0, O_NO_SIDECAR},
    {"help", no_argument, 0, O_HELP},
    {0, 0, 0, 0},
};

static void usage(FILE *f) {
    fputs("usage: emu86 report FILE [--sort time|address] [--top N] [--map FILE] [--program FILE]\n"
          "                  [--format text|csv|json] [-o OUT] [--plot FILE.svg] [--all]\n"
          "FILE.PRF: PROFIL's histogram, listed as PROHST did (with its bugs fixed): the routines\n"
          "with their samples, then hits per bucket with the names each covers; the counts in full\n"
          "from FILE.PRF.emu86 (written beside it by emu86 --profil), where the routines' names of\n"
          "the run are kept too. FILE in callgrind format (emu86 --exact-profile): the flat profile\n"
          "and the call graph, in clocks. Addresses are offsets from the program's load segment.\n"
          "  --sort S            time: most samples first; address (default for a .PRF): in order\n"
          "  --top N             at most N rows in each table\n"
          "  --map FILE          LINK .MAP, NASM map ([map all FILE]) or listing (-l) for names (they win\n"
          "                      over the names found in the code)\n"
          "  --map-origin HEX    bytes to subtract from the map's addresses (a LINK-made .COM\n"
          "                      linked at 100h: --map-origin 100)\n"
          "  --program FILE      the program: its routines found in its code name what is left\n"
          "  --no-sidecar        the .PRF alone: its 16-bit counters, no names from the run\n"
          "  --format F          text (default), csv or json\n"
          "  -o, --output OUT    write the listing to OUT (default: standard output)\n"
          "  --plot FILE.svg     also draw the histogram as an SVG plot\n"
          "  --all               list empty buckets too\n"
          "  -h, --help          this help\n"
          "Exit status: 0 done, 1 unreadable or invalid input or unwritable output, 2 bad usage.\n",
          f);
}

int prof_report_main(int argc, char **argv) {
    const char *map_path = NULL, *out_path = "-", *plot_path = NULL, *program = NULL;
    ProfReportOptions ro = {PROF_FMT_TEXT, false, NULL, PROF_SORT_ADDRESS, 0, NULL, NULL};
    uint32_t map_origin = 0;
    bool sidecar = true, sort_given = false;
    cli_getopt_reset();
    int c;
    while ((c = getopt_long(argc, argv, ":o:h", longopts, NULL)) != -1) {
        switch (c) {
        case O_MAP: map_path = optarg; break;
        case O_FORMAT:
            if (!prof_format_parse(optarg, &ro.format))
                return cli_bad_usage("report", "--format: expected text, csv or json, got '%s'", optarg);
            break;
        case 'o': out_path = optarg; break;
        case O_PLOT: plot_path = optarg; break;
        case O_ALL: ro.all_buckets = true; break;
        case O_MAP_ORIGIN:
            if (!cli_parse_hex(optarg, &map_origin))
                return cli_bad_usage("report", "--map-origin: expected a hex number up to FFFFF, got '%s'", optarg);
            break;
        case O_SORT:
            if (!strcmp(optarg, "time")) ro.sort = PROF_SORT_TIME;
            else if (!strcmp(optarg, "address")) ro.sort = PROF_SORT_ADDRESS;
            else return cli_bad_usage("report", "--sort: expected time or address, got '%s'", optarg);
            sort_given = true;
            break;
        case O_TOP:
            if (!cli_parse_count(optarg, &ro.top) || !ro.top)
                return cli_bad_usage("report", "--top: expected a number of rows from 1, got '%s'", optarg);
            break;
        case O_PROGRAM: program = optarg; break;
        case O_NO_SIDECAR: sidecar = false; break;
        case 'h':
        case O_HELP: usage(stdout); return 0;
        case ':': return cli_bad_usage("report", "%s needs a value", argv[optind - 1]);
        default: return cli_bad_usage("report", "unknown option '%s'", argv[optind - 1]);
        }
    }
    if (optind >= argc) return cli_bad_usage("report", "missing FILE.PRF (or an exact profile)%s", "");
    if (optind + 1 < argc) return cli_bad_usage("report", "one FILE.PRF only; unexpected '%s'", argv[optind + 1]);
    const char *path = argv[optind];
    if (!*out_path) return cli_bad_usage("report", "-o: empty file name%s", "");

    if (cli_is_callgrind(path)) {
        if (plot_path || map_path || program || ro.all_buckets)
            return cli_bad_usage("report", "%s is an exact profile: --plot, --map, --program and --all are "
                                 "for a .PRF", path);
        return cli_report_exact(path, ro.format, sort_given ? ro.sort : PROF_SORT_TIME, ro.top, out_path);
    }

    CliPrf in;
    if (!cli_prf_open(&in, "report", path, sidecar, map_path, map_origin, program, false)) return CLI_EXIT_INPUT;
    ro.title = path;
    ro.tally = in.have_sidecar ? &in.sidecar.tally : NULL;
    ro.counts_from = in.sidecar_path;
    const ProfMap *names = in.names.nsym ? &in.names : NULL;
    int status = 0;
    char err[600];
    ProfBuf out = {0}, svg = {0};
    if (!prof_report_render(&in.prf, names, &ro, &out) ||
        (plot_path && !prof_plot_svg(&in.prf, ro.tally, names, path, &svg))) {
        fprintf(stderr, "emu86 report: out of memory\n");
        status = CLI_EXIT_INPUT;
    } else if (!prof_write_file(out_path, out.data ? out.data : "", out.len, err, sizeof err) ||
               (plot_path && !prof_write_file(plot_path, svg.data, svg.len, err, sizeof err))) {
        fprintf(stderr, "emu86 report: %s\n", err);
        status = CLI_EXIT_INPUT;
    }
    prof_buf_free(&out);
    prof_buf_free(&svg);
    cli_prf_close(&in);
    return status;
}
