/* Host folder access for DOS drives, confined to the drive's folder (see dos_sandbox.h). */
#include "dos_sandbox.h"
#include "dos_names.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef O_DIRECTORY
#define O_DIRECTORY 0
#endif
#ifndef O_CLOEXEC
#define O_CLOEXEC 0
#endif

int dos_sb_open_root(const char *folder, char *err, size_t errlen) {
    int fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) {
        snprintf(err, errlen, "%s: cannot open the drive folder (%s)", folder, strerror(errno));
        return -1;
    }
    struct stat st;
    if (fstat(fd, &st) || !S_ISDIR(st.st_mode)) {
        snprintf(err, errlen, "%s: not a folder", folder);
        close(fd);
        return -1;
    }
    return fd;
}

static int by_name(const void *a, const void *b) {
    const DosDirEntry *x = a, *y = b;
    int c = strcmp(x->name, y->name);
    return c ? c : strcmp(x->host, y->host);
}

int dos_sb_list(int dirfd, DosDirEntry **out) {
    *out = NULL;
    int fd = openat(dirfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return -1;
    DIR *dir = fdopendir(fd);
    if (!dir) {
        close(fd);
        return -1;
    }
    DosDirEntry *v = NULL;
    int n = 0, cap = 0;
    struct dirent *de;
    while ((de = readdir(dir))) {
        char name[13];
        if (!dos_host_name_83(de->d_name, name)) continue;
        struct stat st;
        if (fstatat(dirfd, de->d_name, &st, AT_SYMLINK_NOFOLLOW)) continue;
        if (!S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) continue; /* links, devices, FIFOs */
        if (n == cap) {
            cap = cap ? cap * 2 : 32;
            DosDirEntry *nv = realloc(v, (size_t)cap * sizeof *nv);
            if (!nv) break;
            v = nv;
        }
        DosDirEntry *e = &v[n++];
        memset(e, 0, sizeof *e);
        memcpy(e->name, name, sizeof name);
        snprintf(e->host, sizeof e->host, "%s", de->d_name);
        e->is_dir = S_ISDIR(st.st_mode);
        e->readonly = !(st.st_mode & S_IWUSR);
        e->size = st.st_size > 0xFFFFFFFF ? 0xFFFFFFFFu : (uint32_t)st.st_size;
        e->mtime = (int64_t)st.st_mtime;
    }
    closedir(dir);
    if (n) qsort(v, (size_t)n, sizeof *v, by_name);
    /* names equal but for case: keep the first */
    int k = 0;
    for (int i = 0; i < n; i++)
        if (!k || strcmp(v[k - 1].name, v[i].name)) v[k++] = v[i];
    *out = v;
    return k;
}

bool dos_sb_find(int dirfd, const char *name83, DosDirEntry *e) {
    DosDirEntry *v;
    int n = dos_sb_list(dirfd, &v);
    bool found = false;
    for (int i = 0; i < n; i++) {
        if (!strcmp(v[i].name, name83)) {
            *e = v[i];
            found = true;
            break;
        }
    }
    free(v);
    return found;
}

int dos_sb_open_dir(int rootfd, const char (*comps)[13], int n) {
    int fd = openat(rootfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    for (int i = 0; i < n && fd >= 0; i++) {
        DosDirEntry e;
        int next = -1;
        if (dos_sb_find(fd, comps[i], &e) && e.is_dir)
            next = openat(fd, e.host, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        close(fd);
        fd = next;
    }
    return fd;
}
