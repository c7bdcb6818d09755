/* Finding the program as COMMAND.COM does (see progpath.h). */
#include "progpath.h"

#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

static bool is_file(const char *path) {
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* A regular file in folder `dir` named `want` but for case: its path in out. */
static bool find_in(const char *dir, const char *prefix, const char *want, char *out, size_t outlen) {
    DIR *d = opendir(dir);
    if (!d) return false;
    bool found = false;
    struct dirent *e;
    char best[256] = "";
    while ((e = readdir(d))) {
        if (strcasecmp(e->d_name, want)) continue;
        /* the first in byte order, so the choice never depends on the folder's order */
        if (!best[0] || strcmp(e->d_name, best) < 0) snprintf(best, sizeof best, "%s", e->d_name);
    }
    closedir(d);
    if (best[0]) {
        snprintf(out, outlen, "%s%s", prefix, best);
        found = is_file(out);
    }
    return found;
}

void progpath_find(const char *given, char *out, size_t outlen) {
    snprintf(out, outlen, "%s", given);
    if (is_file(given)) return;
    const char *slash = strrchr(given, '/');
    const char *base = slash ? slash + 1 : given;
    if (!*base || strchr(base, '.')) return;
    char dir[4096], prefix[4096];
    if (slash) {
        snprintf(dir, sizeof dir, "%.*s", (int)(slash - given + 1), given);
        snprintf(prefix, sizeof prefix, "%s", dir);
    } else {
        snprintf(dir, sizeof dir, ".");
        prefix[0] = 0;
    }
    static const char *const ext[] = {".COM", ".EXE"};
    for (size_t i = 0; i < sizeof ext / sizeof ext[0]; i++) {
        char want[300];
        snprintf(want, sizeof want, "%s%s", base, ext[i]);
        char path[4352];
        if (find_in(dir, prefix, want, path, sizeof path)) {
            snprintf(out, outlen, "%s", path);
            return;
        }
    }
}
