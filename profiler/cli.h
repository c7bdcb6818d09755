/* Internal: what the subcommands (emu86 report, annotate, diff) share: option parsing helpers,
 * and a .PRF opened with its sidecar, map and program for names. */
#ifndef EMU86_PROFILER_CLI_H
#define EMU86_PROFILER_CLI_H

#include "util.h"

enum { CLI_EXIT_INPUT = 1, CLI_EXIT_USAGE = 2 };

/* getopt from the start again (the caller may have used it). */
void cli_getopt_reset(void);
/* "emu86 CMD: <fmt with arg> (see emu86 CMD --help)" on stderr; returns CLI_EXIT_USAGE. */
int cli_bad_usage(const char *cmd, const char *fmt, const char *arg);
bool cli_parse_hex(const char *s, uint32_t *v);   /* up to FFFFF, "0x" or "h" allowed */
bool cli_parse_count(const char *s, size_t *v);   /* decimal, up to 10^9 */
/* Is the file an exact profile in callgrind format (its first line "# callgrind format" or
 * "version: 1")? False for anything else, unreadable files included. */
bool cli_is_callgrind(const char *path);

/* A .PRF with what names its code: the map's names, then the sidecar's (the run's), then
 * those found in the program's code (loaded at the .PRF's prog_low_pa). */
typedef struct CliPrf {
    ProfPrf prf;
    ProfSidecar sidecar;
    bool have_sidecar;
    char sidecar_path[4200];  /* when there is one */
    ProfMap names;
    ProfImage image;          /* the program's, when it was given or the sidecar names it */
    bool have_image;
} CliPrf;

/* Open path; errors and warnings (a sidecar of another run, a program that cannot be read
 * when it is only the sidecar's guess) on stderr as "emu86 CMD: ...". want_image: load the
 * program even without --program (from the sidecar's name). False: the input is unusable. */
bool cli_prf_open(CliPrf *in, const char *cmd, const char *path, bool use_sidecar, const char *map_path,
                  uint32_t map_origin, const char *program, bool want_image);
void cli_prf_close(CliPrf *in);

/* emu86 report on an exact profile: the flat profile and the call graph (report_exact.c). */
int cli_report_exact(const char *path, ProfFormat format, ProfSort sort, size_t top, const char *out_path);

#endif
