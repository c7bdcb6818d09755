/* Minimal checks for the profiler's unit tests: count failures, report them with the line. */
#ifndef EMU86_TEST_PROFILER_CHECK_H
#define EMU86_TEST_PROFILER_CHECK_H

#include <stdio.h>
#include <string.h>

static int check_failures, check_count;

#define CHECK(cond)                                                                          \
    do {                                                                                     \
        check_count++;                                                                       \
        if (!(cond)) {                                                                       \
            check_failures++;                                                                \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);         \
        }                                                                                    \
    } while (0)

#define CHECK_EQ(a, b)                                                                       \
    do {                                                                                     \
        long long va_ = (long long)(a), vb_ = (long long)(b);                                \
        check_count++;                                                                       \
        if (va_ != vb_) {                                                                    \
            check_failures++;                                                                \
            fprintf(stderr, "%s:%d: %s == %lld, expected %s == %lld\n", __FILE__, __LINE__,  \
                    #a, va_, #b, vb_);                                                       \
        }                                                                                    \
    } while (0)

#define CHECK_STR_CONTAINS(hay, needle)                                                      \
    do {                                                                                     \
        check_count++;                                                                       \
        if (!strstr((hay), (needle))) {                                                      \
            check_failures++;                                                                \
            fprintf(stderr, "%s:%d: '%s' does not contain '%s'\n", __FILE__, __LINE__,       \
                    (hay), (needle));                                                        \
        }                                                                                    \
    } while (0)

static inline int check_done(const char *name) {
    printf("%s: %d checks, %d failed\n", name, check_count, check_failures);
    return check_failures ? 1 : 0;
}

#endif
