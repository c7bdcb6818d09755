/* The .PRF histogram as an SVG plot. Integer geometry (hundredths of a pixel): same bytes on
 * every host. */
#include "report_rows.h"

#include <stdlib.h>
#include <string.h>

enum {
    W = 960, H = 420, LEFT = 70, RIGHT = 20, TOP = 40, BOTTOM = 140,
    PW = W - LEFT - RIGHT, PH = H - TOP - BOTTOM, MAX_LABELS = 40, LABEL_GAP = 12,
};

/* hundredths of a pixel as "123.45" */
static void put_px(ProfBuf *b, uint64_t v100) {
    prof_buf_printf(b, "%llu.%02llu", (unsigned long long)(v100 / 100), (unsigned long long)(v100 % 100));
}

/* A tick step of 1, 2 or 5 x 10^k giving at most 5 steps up to max. */
static uint64_t tick_step(uint64_t max) {
    uint64_t step = 1;
    for (;;) {
        for (int m = 0; m < 3; m++) {
            uint64_t s = step * (m == 0 ? 1 : m == 1 ? 2 : 5);
            if (max / s <= 5) return s;
        }
        step *= 10;
    }
}

typedef struct Label {
    uint32_t addr;
    const char *name;
    uint64_t hits;
} Label;

static int by_hits(const void *a, const void *b) {
    const Label *x = a, *y = b;
    if (x->hits != y->hits) return x->hits > y->hits ? -1 : 1;
    return x->addr < y->addr ? -1 : x->addr > y->addr;
}

static int by_addr(const void *a, const void *b) {
    const Label *x = a, *y = b;
    if (x->addr != y->addr) return x->addr < y->addr ? -1 : 1;
    return strcmp(x->name, y->name);
}

/* The symbols inside the program, at most MAX_LABELS: those with the most hits. */
static size_t pick_labels(const ProfPrf *p, const ProfMap *map, Label **out) {
    *out = NULL;
    if (!map || !map->nsym) return 0;
    uint64_t span = (uint64_t)p->h.bucket_num * p->h.bucket_siz * 16;
    Label *l = calloc(map->nsym, sizeof *l);
    if (!l) return 0;
    size_t n = 0;
    for (size_t i = 0; i < map->nsym; i++) {
        if (map->sym[i].addr >= span) break;
        uint64_t end = i + 1 < map->nsym && map->sym[i + 1].addr < span ? map->sym[i + 1].addr : span;
        uint64_t hits = 0;
        for (uint64_t bi = map->sym[i].addr / 16 / p->h.bucket_siz;
             bi < p->h.bucket_num && bi * p->h.bucket_siz * 16 < end; bi++)
            hits += p->bucket[bi];
        l[n++] = (Label){map->sym[i].addr, map->sym[i].name, hits};
    }
    if (n > MAX_LABELS) {
        qsort(l, n, sizeof *l, by_hits);
        n = MAX_LABELS;
    }
    qsort(l, n, sizeof *l, by_addr);
    *out = l;
    return n;
}

bool prof_plot_svg(const ProfPrf *p, const ProfMap *map, const char *title, ProfBuf *b) {
    const ProfPrfHeader *h = &p->h;
    uint64_t max = 0, program = 0;
    for (size_t i = 0; i < h->bucket_num; i++) {
        program += p->bucket[i];
        if (p->bucket[i] > max) max = p->bucket[i];
    }
    uint64_t total = program + h->hit_io + h->hit_dos + h->hit_high;
    uint64_t step = tick_step(max ? max : 1);
    uint64_t top = max ? (max + step - 1) / step * step : step; /* y axis top, a whole step */
    uint64_t n = h->bucket_num;

    prof_buf_printf(b, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                    "viewBox=\"0 0 %d %d\" font-family=\"monospace\" font-size=\"11\">\n", W, H, W, H);
    prof_buf_printf(b, "<rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n", W, H);
    prof_buf_printf(b, "<text x=\"%d\" y=\"20\" font-size=\"13\">", LEFT);
    if (title) {
        prof_buf_put_xml_text(b, title);
        prof_buf_puts(b, ": ");
    }
    char pct[16];
    prof_percent(pct, sizeof pct, program, total);
    prof_buf_printf(b, "%llu samples, %llu in the program (%s%%), DOS %u, I/O %u, high %u</text>\n",
                    (unsigned long long)total, (unsigned long long)program, pct, h->hit_dos,
                    h->hit_io, h->hit_high);

    /* y axis: grid lines and hit counts */
    for (uint64_t v = 0; v <= top; v += step) {
        uint64_t y = (uint64_t)(TOP + PH) * 100 - v * PH * 100 / top;
        prof_buf_printf(b, "<line x1=\"%d\" x2=\"%d\" y1=\"", LEFT, LEFT + PW);
        put_px(b, y);
        prof_buf_puts(b, "\" y2=\"");
        put_px(b, y);
        prof_buf_printf(b, "\" stroke=\"#dddddd\"/>\n<text x=\"%d\" y=\"", LEFT - 6);
        put_px(b, y + 350);
        prof_buf_printf(b, "\" text-anchor=\"end\">%llu</text>\n", (unsigned long long)v);
    }
    prof_buf_printf(b, "<text x=\"14\" y=\"%d\" transform=\"rotate(-90 14 %d)\" "
                    "text-anchor=\"middle\">hits</text>\n", TOP + PH / 2, TOP + PH / 2);

    /* bars */
    prof_buf_puts(b, "<g fill=\"#3a6ea5\">\n");
    for (uint64_t i = 0; i < n; i++) {
        if (!p->bucket[i]) continue;
        uint64_t x0 = (uint64_t)LEFT * 100 + i * PW * 100 / n;
        uint64_t x1 = (uint64_t)LEFT * 100 + (i + 1) * PW * 100 / n;
        uint64_t hh = p->bucket[i] * (uint64_t)PH * 100 / top;
        prof_buf_puts(b, "<rect x=\"");
        put_px(b, x0);
        prof_buf_puts(b, "\" y=\"");
        put_px(b, (uint64_t)(TOP + PH) * 100 - hh);
        prof_buf_puts(b, "\" width=\"");
        put_px(b, x1 > x0 ? x1 - x0 : 1);
        prof_buf_puts(b, "\" height=\"");
        put_px(b, hh);
        prof_buf_printf(b, "\"><title>bucket %llu: %u hits</title></rect>\n", (unsigned long long)i,
                        p->bucket[i]);
    }
    prof_buf_puts(b, "</g>\n");

    /* x axis: program-relative addresses at five places */
    prof_buf_printf(b, "<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" stroke=\"#000000\"/>\n", LEFT,
                    LEFT + PW, TOP + PH, TOP + PH);
    prof_buf_printf(b, "<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" stroke=\"#000000\"/>\n", LEFT,
                    LEFT, TOP, TOP + PH);
    for (int k = 0; k <= 4; k++) {
        uint64_t i = n * (uint64_t)k / 4;
        char addr[16];
        report_format_address(addr, sizeof addr, (uint32_t)(i * h->bucket_siz * 16));
        uint64_t x = (uint64_t)LEFT * 100 + i * PW * 100 / n;
        prof_buf_puts(b, "<text x=\"");
        put_px(b, x);
        prof_buf_printf(b, "\" y=\"%d\" text-anchor=\"%s\">%s</text>\n", TOP + PH + 14,
                        k == 0 ? "start" : k == 4 ? "end" : "middle", addr);
    }

    /* symbols: a mark on the axis and the name below */
    Label *l;
    size_t nl = pick_labels(p, map, &l);
    uint64_t span = n * h->bucket_siz * 16, last_x = 0;
    for (size_t k = 0; k < nl; k++) {
        uint64_t x = (uint64_t)LEFT * 100 + (uint64_t)l[k].addr * PW * 100 / span;
        if (k && x < last_x + LABEL_GAP * 100) continue; /* names would overlap: keep the first */
        last_x = x;
        prof_buf_puts(b, "<line x1=\"");
        put_px(b, x);
        prof_buf_puts(b, "\" x2=\"");
        put_px(b, x);
        prof_buf_printf(b, "\" y1=\"%d\" y2=\"%d\" stroke=\"#aa3333\" stroke-dasharray=\"2,3\"/>\n",
                        TOP, TOP + PH + 4);
        prof_buf_puts(b, "<text x=\"");
        put_px(b, x + 400);
        prof_buf_printf(b, "\" y=\"%d\" transform=\"rotate(-60 ", TOP + PH + 30);
        put_px(b, x + 400);
        prof_buf_printf(b, " %d)\" text-anchor=\"end\" fill=\"#aa3333\">", TOP + PH + 30);
        prof_buf_put_xml_text(b, l[k].name);
        prof_buf_puts(b, "</text>\n");
    }
    free(l);
    prof_buf_puts(b, "</svg>\n");
    return !b->oom;
}
