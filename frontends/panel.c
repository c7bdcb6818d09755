/* The live profile panel (see panel.h). */
#include "panel.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define C_BG 0x181820u
#define C_TITLE_BG 0xAAAAAAu
#define C_TEXT 0xAAAAAAu
#define C_BRIGHT 0xFFFFFFu
#define C_DIM 0x555555u
#define C_GRAPH_BG 0x000000u
#define C_HOT_BAR 0x203820u
#define C_PROG 0x55FF55u
#define C_DOS 0xFFFF55u
#define C_IO 0x55FFFFu
#define C_HIGH 0xFF55FFu

enum {
    M = 8,                            /* left margin */
    GRAPH_W = PANEL_W - 2 * M, GRAPH_Y = 40, GRAPH_H = 120,
    AXIS_Y = 164, SHARE_Y = 186, SHARE_H = 12, LEGEND_Y = 202,
    HOT_Y = 242, HOT_LINES = 8,
    NAME_CHARS = 22,
};

void panel_free(Panel *p) {
    free(p->per_symbol);
    memset(p, 0, sizeof *p);
}

void panel_set(Panel *p, const SdlProfileView *v) {
    panel_free(p);
    if (!v || !v->buckets) return;
    p->v = *v;
    if (!p->v.bucket_paras) p->v.bucket_paras = 1;
    if (p->v.map && p->v.map->nsym) p->per_symbol = calloc(p->v.map->nsym + 1, sizeof *p->per_symbol);
    if (!p->per_symbol) p->v.map = NULL;
    p->has = true;
}

/* "12.3%" of total, rounded half up, in integers. */
static void percent(char *buf, size_t len, uint64_t n, uint64_t total) {
    uint64_t pm = total ? (n * 2000 + total) / (2 * total) : 0;
    snprintf(buf, len, "%llu.%llu%%", (unsigned long long)(pm / 10), (unsigned long long)(pm % 10));
}

static void text(Fb *fb, int x, int y, uint32_t rgb, const char *fmt, const char *s) {
    char buf[128];
    snprintf(buf, sizeof buf, fmt, s);
    fb_text(fb, x, y, buf, rgb, (PANEL_W - M) / 8);
}

static uint16_t rd(const uint16_t *p) { return p ? *p : 0; }

/* The histogram: one bar per column of pixels, each the sum of the buckets it covers (or, with
 * fewer buckets than columns, each bucket several columns wide); heights relative to the top. */
static void draw_histogram(const Panel *p, Fb *fb, int x, int y) {
    fb_fill(fb, x - 1, y - 1, GRAPH_W + 2, GRAPH_H + 2, C_DIM);
    fb_fill(fb, x, y, GRAPH_W, GRAPH_H, C_GRAPH_BG);
    unsigned nb = p->v.nbuckets;
    if (!nb) return;
    uint32_t col[GRAPH_W], top = 0;
    for (unsigned c = 0; c < GRAPH_W; c++) {
        unsigned b0 = (unsigned)((uint64_t)c * nb / GRAPH_W), b1 = (unsigned)((uint64_t)(c + 1) * nb / GRAPH_W);
        if (b1 <= b0) b1 = b0 + 1;
        uint32_t sum = 0;
        for (unsigned b = b0; b < b1; b++) sum += p->v.buckets[b];
        col[c] = sum;
        if (sum > top) top = sum;
    }
    if (!top) return;
    for (int c = 0; c < GRAPH_W; c++) {
        int h = (int)((uint64_t)col[c] * GRAPH_H / top);
        if (col[c] && !h) h = 1;
        fb_fill(fb, x + c, y + GRAPH_H - h, 1, h, C_PROG);
    }
}

typedef struct Hot {
    size_t idx[HOT_LINES];
    uint64_t n[HOT_LINES];
    int count;
} Hot;

/* Keeps the HOT_LINES largest; candidates come in index order, so ties go to the lower index. */
static void hot_offer(Hot *h, size_t idx, uint64_t n) {
    if (!n || (h->count == HOT_LINES && n <= h->n[HOT_LINES - 1])) return;
    int at = h->count < HOT_LINES ? h->count++ : HOT_LINES - 1;
    while (at > 0 && h->n[at - 1] < n) {
        h->idx[at] = h->idx[at - 1];
        h->n[at] = h->n[at - 1];
        at--;
    }
    h->idx[at] = idx;
    h->n[at] = n;
}

static void draw_hot(Panel *p, Fb *fb, int x, int y, uint64_t total) {
    Hot h = {{0}, {0}, 0};
    const ProfMap *map = p->v.map;
    if (map) {
        memset(p->per_symbol, 0, (map->nsym + 1) * sizeof *p->per_symbol);
        for (unsigned b = 0; b < p->v.nbuckets; b++) {
            uint16_t n = p->v.buckets[b];
            if (!n) continue;
            const ProfSymbol *s = prof_map_lookup(map, (uint32_t)b * p->v.bucket_paras * 16u);
            p->per_symbol[s ? (size_t)(s - map->sym) : map->nsym] += n;
        }
        for (size_t i = 0; i <= map->nsym; i++) hot_offer(&h, i, p->per_symbol[i]);
    } else {
        for (unsigned b = 0; b < p->v.nbuckets; b++) hot_offer(&h, b, p->v.buckets[b]);
    }
    char line[128], pct[48], name[40];
    snprintf(line, sizeof line, "%-*s %7s %6s", NAME_CHARS, map ? "hot symbols" : "hot buckets (para)", "ticks", "share");
    text(fb, x, y, C_BRIGHT, "%s", line);
    for (int i = 0; i < h.count; i++) {
        int ly = y + 18 + i * FB_CELL_H;
        fb_fill(fb, x, ly, (int)(h.n[i] * GRAPH_W / h.n[0]), FB_CELL_H, C_HOT_BAR);
        if (map) {
            snprintf(name, sizeof name, "%s", h.idx[i] < map->nsym ? map->sym[h.idx[i]].name : "(before 1st symbol)");
        } else {
            unsigned para = p->v.low_para + (unsigned)h.idx[i] * p->v.bucket_paras;
            if (p->v.bucket_paras == 1) snprintf(name, sizeof name, "%04Xh", para & 0xFFFF);
            else snprintf(name, sizeof name, "%04Xh-%04Xh", para & 0xFFFF, (para + p->v.bucket_paras - 1) & 0xFFFF);
        }
        name[NAME_CHARS] = 0;
        percent(pct, sizeof pct, h.n[i], total);
        snprintf(line, sizeof line, "%-*s %7llu %6s", NAME_CHARS, name, (unsigned long long)h.n[i], pct);
        text(fb, x, ly, C_TEXT, "%s", line);
    }
}

static void draw_shares(Fb *fb, int x, int y, const uint64_t part[4], uint64_t total) {
    static const uint32_t rgb[4] = {C_PROG, C_DOS, C_IO, C_HIGH};
    static const char *const name[4] = {"program", "DOS", "I/O", "high"};
    fb_fill(fb, x, y, GRAPH_W, SHARE_H, C_GRAPH_BG);
    uint64_t cum = 0;
    for (int i = 0; i < 4 && total; i++) {
        int x0 = (int)(cum * GRAPH_W / total);
        cum += part[i];
        int x1 = (int)(cum * GRAPH_W / total);
        fb_fill(fb, x + x0, y, x1 - x0, SHARE_H, rgb[i]);
    }
    for (int i = 0; i < 4; i++) {
        char pct[48], line[96];
        int lx = x + (i % 2) * (GRAPH_W / 2), ly = y + (LEGEND_Y - SHARE_Y) + (i / 2) * FB_CELL_H;
        percent(pct, sizeof pct, part[i], total);
        fb_glyph(fb, lx, ly, 0xFE, rgb[i], C_BG, 1);
        snprintf(line, sizeof line, "%-8s %6s", name[i], pct);
        text(fb, lx + 16, ly, C_TEXT, "%s", line);
    }
}

void panel_draw(Panel *p, Fb *fb, int x, int y, uint64_t master_now) {
    fb_fill(fb, x, y, PANEL_W, PANEL_H, C_BG);
    fb_fill(fb, x, y, PANEL_W, FB_CELL_H, C_TITLE_BG);
    text(fb, x + M, y, 0x000000, "%s", "emu86 live profile");
    char line[96];
    uint64_t ms = master_now * 100ull / 1431818ull; /* 14.31818 MHz periods -> ms */
    if (!p->has) {
        snprintf(line, sizeof line, "%llu.%03llu s emulated", (unsigned long long)(ms / 1000), (unsigned long long)(ms % 1000));
        text(fb, x + M, y + 18, C_TEXT, "%s", line);
        text(fb, x + M, y + GRAPH_Y, C_DIM, "%s", "no profile");
        return;
    }
    uint64_t part[4] = {0, rd(p->v.hit_dos), rd(p->v.hit_io), rd(p->v.hit_high)};
    for (unsigned b = 0; b < p->v.nbuckets; b++) part[0] += p->v.buckets[b];
    uint64_t total = part[0] + part[1] + part[2] + part[3];
    snprintf(line, sizeof line, "%llu ticks  %llu.%03llu s emulated", (unsigned long long)total,
             (unsigned long long)(ms / 1000), (unsigned long long)(ms % 1000));
    text(fb, x + M, y + 18, C_TEXT, "%s", line);
    draw_histogram(p, fb, x + M, y + GRAPH_Y);
    unsigned end = p->v.low_para + p->v.nbuckets * p->v.bucket_paras;
    char lo[8], hi[8], mid[24];
    snprintf(lo, sizeof lo, "%04Xh", p->v.low_para);
    snprintf(hi, sizeof hi, "%04Xh", end & 0xFFFF);
    snprintf(mid, sizeof mid, "%u para/bucket", p->v.bucket_paras);
    text(fb, x + M, y + AXIS_Y, C_DIM, "%s", lo);
    text(fb, x + M + GRAPH_W - 5 * 8, y + AXIS_Y, C_DIM, "%s", hi);
    text(fb, x + M + (GRAPH_W - (int)strlen(mid) * 8) / 2, y + AXIS_Y, C_DIM, "%s", mid);
    draw_shares(fb, x + M, y + SHARE_Y, part, total);
    draw_hot(p, fb, x + M, y + HOT_Y, total);
}
