/* The .PRF histogram as an SVG plot. Integer geometry (hundredths of a pixel): same bytes on
 * every host. Only what every SVG renderer draws (ImageMagick's own, librsvg, browsers): rects,
 * lines and horizontal text; no transforms. The x axis is marked at round image offsets
 * (evenly spaced), the y axis in steps of 1, 2 or 5 x 10^k; the names of the routines with
 * samples stand horizontally below the axis, each joined to its start by a line, in up to four
 * rows, those with the most samples first. */
#include "report_rows.h"

#include <stdlib.h>
#include <string.h>

enum {
    W = 960, H = 440, LEFT = 70, RIGHT = 20, TOP = 40, BOTTOM = 160,
    PW = W - LEFT - RIGHT, PH = H - TOP - BOTTOM, MAX_LABELS = 40, LABEL_ROWS = 4,
    CHAR_W100 = 660,          /* a character of the 11-pixel monospace font: 6.6 pixels */
    ROW_H = 15, LABEL_GAP100 = 800,
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

/* The names inside the program whose buckets have samples, most first. */
static size_t pick_labels(const ProfPrf *p, const ProfPrfTally *t, const ProfMap *map, Label **out) {
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
            hits += report_bucket_hits(p, t, (uint32_t)bi);
        if (hits) l[n++] = (Label){map->sym[i].addr, map->sym[i].name, hits};
    }
    if (n) qsort(l, n, sizeof *l, by_hits);
    *out = l;
    return n;
}

/* x (hundredths) of image offset a */
static uint64_t x_of(uint64_t a, uint64_t span) { return (uint64_t)LEFT * 100 + a * PW * 100 / span; }

/* the names below the axis: each at its mark, in the first row where it fits */
static void labels(ProfBuf *b, const ProfPrf *p, const ProfPrfTally *t, const ProfMap *map, uint64_t span) {
    Label *l;
    size_t nl = pick_labels(p, t, map, &l);
    /* the extent taken in each row so far: [from, to) in hundredths, several per row */
    uint64_t used[LABEL_ROWS][MAX_LABELS][2];
    size_t nused[LABEL_ROWS] = {0};
    size_t placed = 0;
    for (size_t k = 0; k < nl && placed < MAX_LABELS; k++) {
        uint64_t x = x_of(l[k].addr, span);
        uint64_t w = strlen(l[k].name) * CHAR_W100;
        /* the text starts at its mark, or ends there when it would pass the right edge */
        bool at_end = x + w > (uint64_t)(W - 4) * 100;
        uint64_t from = at_end ? (x > w ? x - w : 0) : x, to = at_end ? x : x + w;
        int row = -1;
        for (int r = 0; r < LABEL_ROWS && row < 0; r++) {
            bool free_here = true;
            for (size_t i = 0; i < nused[r] && free_here; i++)
                free_here = to + LABEL_GAP100 <= used[r][i][0] || from >= used[r][i][1] + LABEL_GAP100;
            if (free_here) row = r;
        }
        if (row < 0) continue;
        used[row][nused[row]][0] = from;
        used[row][nused[row]][1] = to;
        nused[row]++;
        placed++;
        int y = TOP + PH + 34 + row * ROW_H;
        prof_buf_puts(b, "<line x1=\"");
        put_px(b, x);
        prof_buf_puts(b, "\" x2=\"");
        put_px(b, x);
        prof_buf_printf(b, "\" y1=\"%d\" y2=\"%d\" stroke=\"#aa3333\"/>\n", TOP + PH + 1, y - 10);
        prof_buf_puts(b, "<text x=\"");
        put_px(b, x);
        prof_buf_printf(b, "\" y=\"%d\"%s fill=\"#aa3333\">", y, at_end ? " text-anchor=\"end\"" : "");
        prof_buf_put_xml_text(b, l[k].name);
        prof_buf_puts(b, "</text>\n");
    }
    free(l);
}

bool prof_plot_svg(const ProfPrf *p, const ProfPrfTally *t, const ProfMap *map, const char *title, ProfBuf *b) {
    const ProfPrfHeader *h = &p->h;
    uint64_t max = 0, program = 0;
    for (uint32_t i = 0; i < h->bucket_num; i++) {
        uint64_t v = report_bucket_hits(p, t, i);
        program += v;
        if (v > max) max = v;
    }
    uint64_t io = t ? t->io : h->hit_io, dos = t ? t->dos : h->hit_dos, high = t ? t->high : h->hit_high;
    uint64_t total = program + io + dos + high;
    uint64_t step = tick_step(max ? max : 1);
    uint64_t top = max ? (max + step - 1) / step * step : step; /* y axis top, a whole step */
    uint64_t n = h->bucket_num, span = n * h->bucket_siz * 16;

    prof_buf_printf(b, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                    "viewBox=\"0 0 %d %d\" font-family=\"monospace\" font-size=\"11\">\n", W, H, W, H);
    prof_buf_printf(b, "<rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n", W, H);
    prof_buf_printf(b, "<text x=\"%d\" y=\"18\" font-size=\"13\">", LEFT);
    if (title) {
        prof_buf_put_xml_text(b, title);
        prof_buf_puts(b, ": ");
    }
    char pct[16];
    prof_percent(pct, sizeof pct, program, total);
    prof_buf_printf(b, "%llu samples, %llu in the program (%s%%), DOS %llu, I/O %llu, high %llu</text>\n",
                    (unsigned long long)total, (unsigned long long)program, pct, (unsigned long long)dos,
                    (unsigned long long)io, (unsigned long long)high);
    prof_buf_printf(b, "<text x=\"%d\" y=\"%d\">samples per bucket of %u paragraph%s</text>\n", 4, TOP - 8,
                    h->bucket_siz, h->bucket_siz == 1 ? "" : "s");

    /* y axis: grid lines and counts */
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

    /* bars */
    prof_buf_puts(b, "<g fill=\"#3a6ea5\" stroke=\"none\">\n");
    for (uint64_t i = 0; i < n; i++) {
        uint64_t v = report_bucket_hits(p, t, (uint32_t)i);
        if (!v) continue;
        uint64_t x0 = (uint64_t)LEFT * 100 + i * PW * 100 / n;
        uint64_t x1 = (uint64_t)LEFT * 100 + (i + 1) * PW * 100 / n;
        uint64_t hh = v * (uint64_t)PH * 100 / top;
        prof_buf_puts(b, "<rect x=\"");
        put_px(b, x0);
        prof_buf_puts(b, "\" y=\"");
        put_px(b, (uint64_t)(TOP + PH) * 100 - hh);
        prof_buf_puts(b, "\" width=\"");
        put_px(b, x1 - x0 > 100 ? x1 - x0 : 100); /* at least a pixel, or renderers fade it out */
        prof_buf_puts(b, "\" height=\"");
        put_px(b, hh);
        char at[16];
        report_format_address(at, sizeof at, (uint32_t)(i * h->bucket_siz * 16));
        prof_buf_printf(b, "\"><title>bucket %llu (offset %s): %llu samples</title></rect>\n", (unsigned long long)i,
                        at, (unsigned long long)v);
    }
    prof_buf_puts(b, "</g>\n");

    /* axes; x marks every xstep bytes (a power of two, at most 8 steps), evenly spaced */
    prof_buf_printf(b, "<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" stroke=\"#000000\"/>\n", LEFT, LEFT + PW,
                    TOP + PH, TOP + PH);
    prof_buf_printf(b, "<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" stroke=\"#000000\"/>\n", LEFT, LEFT, TOP,
                    TOP + PH);
    uint64_t xstep = 16;
    while (span / xstep > 8) xstep *= 2;
    for (uint64_t a = 0; a <= span; a += xstep) {
        uint64_t x = x_of(a, span);
        char addr[16];
        report_format_address(addr, sizeof addr, (uint32_t)a);
        prof_buf_puts(b, "<line x1=\"");
        put_px(b, x);
        prof_buf_puts(b, "\" x2=\"");
        put_px(b, x);
        prof_buf_printf(b, "\" y1=\"%d\" y2=\"%d\" stroke=\"#000000\"/>\n<text x=\"", TOP + PH, TOP + PH + 4);
        put_px(b, x);
        prof_buf_printf(b, "\" y=\"%d\" text-anchor=\"middle\">%s</text>\n", TOP + PH + 15, addr);
    }
    prof_buf_printf(b, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">offset from %04X:0000</text>\n", W - RIGHT,
                    H - 6, h->prog_low_pa);
    labels(b, p, t, map, span);
    prof_buf_puts(b, "</svg>\n");
    return !b->oom;
}
