/* PROFIL .PRF: the header as PROFIL computed it, the divisor of the tick timer. */
#include "util.h"

#include <stdlib.h>

uint16_t prof_prf_program_paras(bool is_exe, uint32_t com_bytes, uint16_t exe_pages) {
    if (is_exe) return (uint16_t)((uint32_t)exe_pages << 5); /* SHL AX,5: 16-bit */
    return (uint16_t)(((uint64_t)com_bytes + 15) >> 4);
}

bool prof_prf_init(ProfPrf *p, const ProfPrfSetup *s, char *err, size_t errlen) {
    p->bucket = NULL;
    if (s->grain_us < PROF_PRF_MIN_GRAIN)
        return prof_fail(err, errlen, "clock grain %lu us: must be at least %d microseconds",
                         (unsigned long)s->grain_us, PROF_PRF_MIN_GRAIN);
    if (s->grain_us > 0xFFFF)
        return prof_fail(err, errlen, "clock grain %lu us: must be at most 65535 (a 16-bit word)",
                         (unsigned long)s->grain_us);
    if (s->bucket_paras < PROF_PRF_MIN_BUCKET)
        return prof_fail(err, errlen, "bucket size 0: must be at least 1 paragraph");
    if (s->bucket_paras > 0xFFFF)
        return prof_fail(err, errlen, "bucket size %lu paragraphs: must be at most 65535",
                         (unsigned long)s->bucket_paras);
    if (!s->is_exe && s->com_bytes > 0xFFFF0u)
        return prof_fail(err, errlen, ".COM of %lu bytes: too big to profile",
                         (unsigned long)s->com_bytes);
    uint16_t size = prof_prf_program_paras(s->is_exe, s->com_bytes, s->exe_pages);
    uint32_t num = (uint32_t)size / s->bucket_paras + 1;
    if (num > 0xFFFF)
        return prof_fail(err, errlen, "program of %u paragraphs in %lu-paragraph buckets: more "
                         "than 65535 buckets", size, (unsigned long)s->bucket_paras);
    ProfPrfHeader h = {0};
    h.clock_grain = (uint16_t)s->grain_us;
    h.bucket_num = (uint16_t)num;
    h.bucket_siz = (uint16_t)s->bucket_paras;
    h.prog_low_pa = (uint16_t)(s->psp_seg + 0x10);
    h.prog_high_pa = (uint16_t)(h.prog_low_pa + size);
    h.dos_pa = s->dos_pa;
    p->bucket = calloc(num, sizeof *p->bucket);
    if (!p->bucket) return prof_fail(err, errlen, "out of memory for %lu buckets", (unsigned long)num);
    p->h = h;
    return true;
}

void prof_prf_free(ProfPrf *p) {
    free(p->bucket);
    p->bucket = NULL;
}

uint32_t prof_pit_divisor(uint32_t grain_us) {
    /* 1.193182 MHz = 1193182 / 1000000 clocks per microsecond */
    return (uint32_t)(((uint64_t)grain_us * 1193182u + 500000u) / 1000000u);
}

size_t prof_prf_file_size(const ProfPrfHeader *h) {
    return 2u * (PROF_PRF_HEADER_WORDS + (size_t)h->bucket_num);
}
