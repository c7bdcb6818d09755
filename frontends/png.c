/* Minimal PNG writer: IHDR, one IDAT (filter 0 on every row), IEND. */
#include "png.h"

#include "profiler.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

static void be32(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

/* Appends a chunk (length, type, data, CRC of type and data) at out + *at. */
static void chunk(uint8_t *out, size_t *at, const char *type, const uint8_t *data, uint32_t len) {
    uint8_t *p = out + *at;
    be32(p, len);
    memcpy(p + 4, type, 4);
    if (len) memcpy(p + 8, data, len);
    be32(p + 8 + len, (uint32_t)crc32(0, p + 4, len + 4));
    *at += 12 + (size_t)len;
}

bool png_write(const char *path, const Fb *fb, int scale, char *err, size_t errlen) {
    if (scale < 1) scale = 1;
    uint32_t w = (uint32_t)(fb->w * scale), h = (uint32_t)(fb->h * scale);
    size_t stride = 1 + (size_t)w * 3, rawlen = stride * h;
    uint8_t *raw = malloc(rawlen);
    uLongf zlen = compressBound((uLong)rawlen);
    uint8_t *out = malloc(zlen + 64);
    uint8_t *z = malloc(zlen);
    bool ok = false;
    if (!raw || !out || !z) {
        snprintf(err, errlen, "%s: out of memory", path);
        goto done;
    }
    for (uint32_t y = 0; y < h; y++) {
        uint8_t *row = raw + y * stride;
        const uint32_t *src = fb->px + (size_t)(y / (uint32_t)scale) * (size_t)fb->w;
        row[0] = 0;
        for (uint32_t x = 0; x < w; x++) {
            uint32_t v = src[x / (uint32_t)scale];
            row[1 + x * 3] = (uint8_t)(v >> 16);
            row[2 + x * 3] = (uint8_t)(v >> 8);
            row[3 + x * 3] = (uint8_t)v;
        }
    }
    if (compress2(z, &zlen, raw, (uLong)rawlen, 9) != Z_OK) {
        snprintf(err, errlen, "%s: compression failed", path);
        goto done;
    }
    static const uint8_t sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    uint8_t ihdr[13] = {0};
    be32(ihdr, w);
    be32(ihdr + 4, h);
    ihdr[8] = 8; /* bits per sample */
    ihdr[9] = 2; /* RGB */
    size_t at = 8;
    memcpy(out, sig, 8);
    chunk(out, &at, "IHDR", ihdr, 13);
    chunk(out, &at, "IDAT", z, (uint32_t)zlen);
    chunk(out, &at, "IEND", NULL, 0);
    ok = prof_write_file(path, out, at, err, errlen);
done:
    free(raw);
    free(out);
    free(z);
    return ok;
}
