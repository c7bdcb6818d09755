/* PROFIL .PRF files: little-endian words, header then buckets; writer and validating reader. */
#include "util.h"

#include <stdlib.h>
#include <string.h>

static void header_words(const ProfPrfHeader *h, uint16_t w[PROF_PRF_HEADER_WORDS]) {
    w[0] = h->clock_grain;
    w[1] = h->bucket_num;
    w[2] = h->bucket_siz;
    w[3] = h->prog_low_pa;
    w[4] = h->prog_high_pa;
    w[5] = h->dos_pa;
    w[6] = h->hit_io;
    w[7] = h->hit_dos;
    w[8] = h->hit_high;
}

bool prof_prf_encode(const ProfPrf *p, ProfBuf *out) {
    size_t n = prof_prf_file_size(&p->h);
    if (!prof_buf_reserve(out, n)) return false;
    uint8_t *d = (uint8_t *)out->data + out->len;
    uint16_t w[PROF_PRF_HEADER_WORDS];
    header_words(&p->h, w);
    for (int i = 0; i < PROF_PRF_HEADER_WORDS; i++) prof_put_le16(d + 2 * i, w[i]);
    for (size_t i = 0; i < p->h.bucket_num; i++)
        prof_put_le16(d + 2 * (PROF_PRF_HEADER_WORDS + i), p->bucket[i]);
    out->len += n;
    out->data[out->len] = 0;
    return true;
}

bool prof_prf_write(const ProfPrf *p, const char *path, char *err, size_t errlen) {
    ProfBuf b = {0};
    if (!prof_prf_encode(p, &b)) {
        prof_buf_free(&b);
        return prof_fail(err, errlen, "cannot write '%s': out of memory", path);
    }
    bool ok = prof_write_file(path, b.data, b.len, err, errlen);
    prof_buf_free(&b);
    return ok;
}

bool prof_prf_decode(ProfPrf *p, const uint8_t *data, size_t len, const char *name, char *err,
                     size_t errlen) {
    p->bucket = NULL;
    const size_t hb = 2 * PROF_PRF_HEADER_WORDS;
    if (len < hb)
        return prof_fail(err, errlen, "%s: not a PROFIL file: %zu bytes, shorter than the "
                         "%zu-byte header", name, len, hb);
    if (len % 2)
        return prof_fail(err, errlen, "%s: not a PROFIL file: odd length %zu (a file of 16-bit "
                         "words)", name, len);
    ProfPrfHeader h;
    uint16_t w[PROF_PRF_HEADER_WORDS];
    for (int i = 0; i < PROF_PRF_HEADER_WORDS; i++) w[i] = prof_get_le16(data + 2 * i);
    h.clock_grain = w[0];
    h.bucket_num = w[1];
    h.bucket_siz = w[2];
    h.prog_low_pa = w[3];
    h.prog_high_pa = w[4];
    h.dos_pa = w[5];
    h.hit_io = w[6];
    h.hit_dos = w[7];
    h.hit_high = w[8];
    if (len != prof_prf_file_size(&h))
        return prof_fail(err, errlen, "%s: length %zu does not match bucket_num %u (expected "
                         "2 x (9 + %u) = %zu bytes)", name, len, h.bucket_num, h.bucket_num,
                         prof_prf_file_size(&h));
    if (h.bucket_num == 0) return prof_fail(err, errlen, "%s: bucket_num is 0", name);
    if (h.bucket_siz == 0) return prof_fail(err, errlen, "%s: bucket_siz is 0 paragraphs", name);
    if (h.clock_grain < PROF_PRF_MIN_GRAIN)
        return prof_fail(err, errlen, "%s: clock_grain %u us is below PROFIL's minimum of 60",
                         name, h.clock_grain);
    uint16_t size = (uint16_t)(h.prog_high_pa - h.prog_low_pa);
    unsigned expect = (unsigned)size / h.bucket_siz + 1;
    if (h.bucket_num != expect)
        return prof_fail(err, errlen, "%s: bucket_num %u does not match the program size: "
                         "(prog_high_pa %04X - prog_low_pa %04X) / bucket_siz %u + 1 = %u", name,
                         h.bucket_num, h.prog_high_pa, h.prog_low_pa, h.bucket_siz, expect);
    p->bucket = malloc((size_t)h.bucket_num * sizeof *p->bucket);
    if (!p->bucket) return prof_fail(err, errlen, "%s: out of memory", name);
    for (size_t i = 0; i < h.bucket_num; i++)
        p->bucket[i] = prof_get_le16(data + hb + 2 * i);
    p->h = h;
    return true;
}

bool prof_prf_read(ProfPrf *p, const char *path, char *err, size_t errlen) {
    p->bucket = NULL;
    ProfBuf b = {0};
    /* the largest valid file: 9 + 65535 words */
    if (!prof_read_file(path, 2 * (PROF_PRF_HEADER_WORDS + 0xFFFF), &b, err, errlen)) {
        prof_buf_free(&b);
        return false;
    }
    bool ok = prof_prf_decode(p, (const uint8_t *)b.data, b.len, path, err, errlen);
    prof_buf_free(&b);
    return ok;
}
