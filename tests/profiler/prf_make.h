/* A .PRF for the report's unit tests: a .COM of com_bytes at PSP 0400h (image at 0410h), DOS
 * at 0100h, grain 1000 us, buckets of bucket paragraphs; zero hits. */
#ifndef EMU86_TEST_PROFILER_PRF_MAKE_H
#define EMU86_TEST_PROFILER_PRF_MAKE_H

#include "profiler.h"

#include <stdlib.h>

static inline ProfPrf prf_make(uint32_t com_bytes, uint32_t bucket) {
    ProfPrfSetup s = {0x0400, false, com_bytes, 0, 0x0100, 1000, bucket};
    ProfPrf p;
    char err[256];
    if (!prof_prf_init(&p, &s, err, sizeof err)) exit(1);
    return p;
}

#endif
