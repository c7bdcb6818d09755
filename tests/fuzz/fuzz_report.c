/* Fuzz target: arbitrary bytes as the inputs of `emu86 report`. The first byte chooses: even, a
 * .PRF (decoded, then, when valid, rendered in every format and plotted); odd, a map file
 * (parsed as detected, as LINK and as NASM, then looked up and rebased). A refusal must say
 * why; nothing may crash or read out of bounds. */
#include "fuzz.h"
#include "profiler.h"

#include <stdlib.h>

static void render_all(const ProfPrf *p, const ProfMap *map) {
    for (int f = PROF_FMT_TEXT; f <= PROF_FMT_JSON; f++) {
        ProfReportOptions o = {(ProfFormat)f, (f & 1) != 0, "FUZZ.PRF", (ProfSort)(f & 1), (size_t)f, NULL, NULL};
        ProfBuf b = {0};
        prof_report_render(p, map, &o, &b);
        prof_buf_free(&b);
    }
    ProfBuf b = {0};
    prof_plot_svg(p, NULL, map, "fuzz", &b);
    prof_buf_free(&b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1) return 0;
    char err[300];
    err[0] = 0;
    if (!(data[0] & 1)) {
        ProfPrf p;
        if (prof_prf_decode(&p, data + 1, size - 1, "FUZZ.PRF", err, sizeof err)) {
            render_all(&p, NULL);
            prof_prf_free(&p);
        } else if (!err[0]) {
            abort();
        }
        return 0;
    }
    const char *text = (const char *)data + 1;
    size_t len = size - 1;
    bool (*parsers[])(ProfMap *, const char *, size_t, const char *, char *, size_t) = {
        prof_map_parse, prof_map_parse_link, prof_map_parse_nasm};
    for (int i = 0; i < 3; i++) {
        ProfMap m = {0};
        err[0] = 0;
        if (parsers[i](&m, text, len, "FUZZ.MAP", err, sizeof err)) {
            for (uint32_t a = 0; a < 0x10000; a += 0x1111) prof_map_lookup(&m, a);
            prof_map_rebase(&m, (uint32_t)len & 0xFF);
            prof_map_free(&m);
        } else if (!err[0]) {
            abort();
        }
    }
    return 0;
}
