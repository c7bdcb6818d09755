/* Fuzz target: arbitrary bytes as the inputs of `emu86 report`, annotate and diff. The first
 * byte chooses: F1h, a .PRF's sidecar (decoded; when valid, a .PRF of its header is reported
 * with its full counts and names); F3h, an exact profile in callgrind format (read back); F5h,
 * a program's file (loaded as a .COM or an .EXE, its routines found); F7h, code (disassembled
 * from every offset); otherwise even, a .PRF (decoded, then, when valid, rendered in every
 * format and plotted); odd, a map file (parsed as detected, as LINK and as NASM, then looked
 * up and rebased). A refusal must say why; nothing may crash or read out of bounds. */
#include "callgrind.h"
#include "disasm.h"
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

static void sidecar(const char *text, size_t len) {
    ProfSidecar sc;
    char err[300] = "";
    if (!prof_sidecar_decode(&sc, text, len, "FUZZ.PRF.emu86", err, sizeof err)) {
        if (!err[0]) abort();
        return;
    }
    ProfPrf p;
    p.h = sc.h;
    p.bucket = calloc(sc.h.bucket_num ? sc.h.bucket_num : 1, sizeof *p.bucket);
    if (p.bucket && sc.h.bucket_siz) {
        for (uint32_t i = 0; i < sc.h.bucket_num; i++) p.bucket[i] = (uint16_t)prof_tally_bucket(&sc.tally, &sc.h, i);
        (void)prof_sidecar_matches(&sc, &p, err, sizeof err);
        ProfReportOptions o = {PROF_FMT_TEXT, false, "FUZZ.PRF", PROF_SORT_TIME, 5, &sc.tally, "sidecar"};
        ProfBuf b = {0};
        prof_report_render(&p, &sc.names, &o, &b);
        prof_buf_free(&b);
    }
    free(p.bucket);
    ProfBuf b = {0};
    prof_sidecar_encode(&sc, &b);
    prof_buf_free(&b);
    prof_sidecar_free(&sc);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1) return 0;
    char err[300];
    err[0] = 0;
    if (data[0] == 0xF1) {
        sidecar((const char *)data + 1, size - 1);
        return 0;
    }
    if (data[0] == 0xF3) {
        CgProfile p;
        if (cg_parse(&p, (const char *)data + 1, size - 1, "FUZZ.cg", err, sizeof err)) cg_free(&p);
        else if (!err[0]) abort();
        return 0;
    }
    if (data[0] == 0xF5) {
        ProfImage im;
        if (prof_image_load(&im, data + 1, size - 1, 0x0410, "FUZZ.EXE", err, sizeof err)) {
            ProfMap m;
            if (prof_discover(&im, NULL, 0, &m)) prof_map_free(&m);
            prof_image_free(&im);
        } else if (!err[0]) {
            abort();
        }
        return 0;
    }
    if (data[0] == 0xF7) {
        DisInsn in;
        for (size_t at = 1; at < size; at++) dis_decode(data + at, size - at, (uint16_t)at, NULL, &in);
        return 0;
    }
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
