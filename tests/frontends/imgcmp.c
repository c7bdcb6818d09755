/* imgcmp A B [N]: compares two images pixel by pixel (PNG: 8-bit RGB or RGBA, not interlaced;
 * BMP: 24 or 32 bits, uncompressed or bit fields); with N, A against B scaled up N times (each
 * pixel of B an N x N square). Exit 0 when the size and every pixel's RGB are the same; else 1,
 * with the number of differing pixels and the first one; 2 when an image cannot be read. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

typedef struct Img {
    int w, h;
    uint32_t *px; /* 0xRRGGBB */
} Img;

static uint8_t *slurp(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 1 << 20, n = 0;
    uint8_t *b = malloc(cap);
    size_t k;
    while (b && (k = fread(b + n, 1, cap - n, f)) > 0) {
        n += k;
        if (n == cap) {
            uint8_t *nb = realloc(b, cap *= 2);
            if (!nb) free(b);
            b = nb;
        }
    }
    fclose(f);
    *len = n;
    return b;
}

static uint32_t be32(const uint8_t *p) { return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]; }
static uint32_t le32(const uint8_t *p) { return (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 | (uint32_t)p[1] << 8 | p[0]; }
static uint16_t le16(const uint8_t *p) { return (uint16_t)(p[1] << 8 | p[0]); }

static int paeth(int a, int b, int c) {
    int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
    return (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c);
}

static const char *read_png(const uint8_t *d, size_t n, Img *img) {
    if (n < 8 || memcmp(d, "\x89PNG\r\n\x1a\n", 8)) return "not a PNG";
    size_t at = 8, zlen = 0;
    uint8_t *z = NULL;
    int bpp = 0;
    while (at + 12 <= n) {
        uint32_t len = be32(d + at);
        const uint8_t *type = d + at + 4, *data = d + at + 8;
        if (at + 12 + len > n) return "truncated chunk";
        if (!memcmp(type, "IHDR", 4)) {
            img->w = (int)be32(data);
            img->h = (int)be32(data + 4);
            if (data[8] != 8 || (data[9] != 2 && data[9] != 6) || data[12]) return "unsupported PNG kind";
            bpp = data[9] == 2 ? 3 : 4;
        } else if (!memcmp(type, "IDAT", 4)) {
            uint8_t *nz = realloc(z, zlen + len);
            if (!nz) return "out of memory";
            z = nz;
            memcpy(z + zlen, data, len);
            zlen += len;
        }
        at += 12 + len;
    }
    if (!bpp || !z) return "no IHDR or IDAT";
    size_t stride = 1 + (size_t)img->w * (size_t)bpp;
    uLongf rawlen = (uLongf)(stride * (size_t)img->h);
    uint8_t *raw = malloc(rawlen);
    if (!raw || uncompress(raw, &rawlen, z, (uLong)zlen) != Z_OK || rawlen != stride * (size_t)img->h) return "bad image data";
    free(z);
    img->px = malloc((size_t)img->w * (size_t)img->h * sizeof *img->px);
    for (int y = 0; y < img->h; y++) {
        uint8_t *row = raw + (size_t)y * stride + 1, *up = y ? row - stride : NULL;
        int f = row[-1];
        for (size_t i = 0; i < stride - 1; i++) {
            int a = i >= (size_t)bpp ? row[i - (size_t)bpp] : 0, b = up ? up[i] : 0,
                c = (up && i >= (size_t)bpp) ? up[i - (size_t)bpp] : 0;
            int add = f == 1 ? a : f == 2 ? b : f == 3 ? (a + b) / 2 : f == 4 ? paeth(a, b, c) : 0;
            row[i] = (uint8_t)(row[i] + add);
        }
        for (int x = 0; x < img->w; x++) {
            const uint8_t *p = row + x * bpp;
            img->px[(size_t)y * (size_t)img->w + (size_t)x] = (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
        }
    }
    free(raw);
    return NULL;
}

static int shift_of(uint32_t mask) {
    int s = 0;
    while (mask && !(mask & 1)) {
        mask >>= 1;
        s++;
    }
    return s;
}

static const char *read_bmp(const uint8_t *d, size_t n, Img *img) {
    if (n < 54 || d[0] != 'B' || d[1] != 'M') return "not a BMP";
    uint32_t off = le32(d + 10), hsize = le32(d + 14), comp = le32(d + 30);
    int32_t w = (int32_t)le32(d + 18), h = (int32_t)le32(d + 22);
    int bits = le16(d + 28);
    if ((bits != 24 && bits != 32) || (comp != 0 && comp != 3) || w <= 0 || h == 0) return "unsupported BMP kind";
    uint32_t rm = 0xFF0000, gm = 0xFF00, bm = 0xFF;
    if (comp == 3) {
        const uint8_t *m = hsize >= 52 ? d + 54 : d + 14 + hsize;
        rm = le32(m);
        gm = le32(m + 4);
        bm = le32(m + 8);
    }
    int top_down = h < 0;
    img->w = w;
    img->h = top_down ? -h : h;
    size_t stride = ((size_t)w * (size_t)bits / 8 + 3) & ~(size_t)3;
    if (off + stride * (size_t)img->h > n) return "truncated BMP";
    img->px = malloc((size_t)img->w * (size_t)img->h * sizeof *img->px);
    for (int y = 0; y < img->h; y++) {
        const uint8_t *row = d + off + stride * (size_t)(top_down ? y : img->h - 1 - y);
        for (int x = 0; x < w; x++) {
            uint32_t v;
            if (bits == 24) {
                const uint8_t *p = row + x * 3;
                v = (uint32_t)p[2] << 16 | (uint32_t)p[1] << 8 | p[0];
            } else {
                uint32_t raw = le32(row + x * 4);
                v = ((raw & rm) >> shift_of(rm)) << 16 | ((raw & gm) >> shift_of(gm)) << 8 | ((raw & bm) >> shift_of(bm));
            }
            img->px[(size_t)y * (size_t)w + (size_t)x] = v;
        }
    }
    return NULL;
}

static int load(const char *path, Img *img) {
    size_t n;
    uint8_t *d = slurp(path, &n);
    if (!d) {
        fprintf(stderr, "imgcmp: cannot read %s\n", path);
        return 0;
    }
    const char *e = (n > 2 && d[0] == 'B' && d[1] == 'M') ? read_bmp(d, n, img) : read_png(d, n, img);
    free(d);
    if (e) fprintf(stderr, "imgcmp: %s: %s\n", path, e);
    return !e;
}

int main(int argc, char **argv) {
    int n = argc == 4 ? atoi(argv[3]) : 1;
    if ((argc != 3 && argc != 4) || n < 1) {
        fprintf(stderr, "usage: imgcmp A B [N]\n");
        return 2;
    }
    Img a = {0}, b = {0};
    if (!load(argv[1], &a) || !load(argv[2], &b)) return 2;
    if (a.w != b.w * n || a.h != b.h * n) {
        printf("size differs: %s is %dx%d, %s is %dx%d (x%d)\n", argv[1], a.w, a.h, argv[2], b.w, b.h, n);
        return 1;
    }
    size_t diff = 0, first = 0;
    for (size_t i = 0; i < (size_t)a.w * (size_t)a.h; i++) {
        size_t x = i % (size_t)a.w / (size_t)n, y = i / (size_t)a.w / (size_t)n;
        if (a.px[i] != b.px[y * (size_t)b.w + x] && !diff++) first = i;
    }
    if (diff) {
        printf("%zu pixels differ; the first at (%zu, %zu): %06X against %06X\n", diff, first % (size_t)a.w,
               first / (size_t)a.w, (unsigned)a.px[first], (unsigned)b.px[first / (size_t)a.w / (size_t)n * (size_t)b.w + first % (size_t)a.w / (size_t)n]);
    }
    free(a.px);
    free(b.px);
    return diff ? 1 : 0;
}
