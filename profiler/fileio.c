/* Whole-file reads, and writes that never leave a half-written file (temporary + rename). */
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static bool write_all(int fd, const void *data, size_t len) {
    const char *p = data;
    while (len) {
        ssize_t n = write(fd, p, len);
        if (n < 0) {
            if (errno == EINTR) continue;
            return false;
        }
        p += n;
        len -= (size_t)n;
    }
    return true;
}

bool prof_write_file(const char *path, const void *data, size_t len, char *err, size_t errlen) {
    if (!path || !*path) return prof_fail(err, errlen, "no output file name given");
    if (!strcmp(path, "-")) {
        if (!write_all(1, data, len))
            return prof_fail(err, errlen, "cannot write standard output: %s", strerror(errno));
        return true;
    }
    size_t n = strlen(path);
    char *tmp = malloc(n + 16);
    if (!tmp) return prof_fail(err, errlen, "cannot write '%s': out of memory", path);
    memcpy(tmp, path, n);
    memcpy(tmp + n, ".tmp-XXXXXX", 12);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        int e = errno;
        free(tmp);
        return prof_fail(err, errlen, "cannot write '%s': %s", path, strerror(e));
    }
    /* mkstemp makes the file 0600; give it the mode a plain creat would have */
    mode_t mask = umask(0);
    umask(mask);
    (void)fchmod(fd, (mode_t)(0666 & ~mask));
    bool ok = write_all(fd, data, len);
    int e = errno;
    if (close(fd) != 0 && ok) {
        ok = false;
        e = errno;
    }
    if (ok && rename(tmp, path) != 0) {
        ok = false;
        e = errno;
    }
    if (!ok) {
        unlink(tmp);
        free(tmp);
        return prof_fail(err, errlen, "cannot write '%s': %s", path, strerror(e));
    }
    free(tmp);
    return true;
}

bool prof_read_file(const char *path, size_t max, ProfBuf *out, char *err, size_t errlen) {
    FILE *f = fopen(path, "rb");
    if (!f) return prof_fail(err, errlen, "cannot read '%s': %s", path, strerror(errno));
    out->len = 0;
    char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
        if (out->len + n > max) {
            fclose(f);
            return prof_fail(err, errlen, "cannot read '%s': larger than %zu bytes", path, max);
        }
        prof_buf_put(out, chunk, n);
    }
    int bad = ferror(f);
    int e = errno;
    fclose(f);
    if (bad) return prof_fail(err, errlen, "cannot read '%s': %s", path, strerror(e));
    if (out->oom) return prof_fail(err, errlen, "cannot read '%s': out of memory", path);
    if (!prof_buf_reserve(out, 1)) return prof_fail(err, errlen, "cannot read '%s': out of memory", path);
    out->data[out->len] = 0;
    return true;
}
