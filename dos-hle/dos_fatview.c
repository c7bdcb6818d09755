/* The read-only FAT disk of a drive folder (see dos_fatview.h). */
#include "dos_fatview.h"
#include "dos_files.h"
#include "dos_sandbox.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef O_CLOEXEC
#define O_CLOEXEC 0
#endif

#define FAT12_SPC 16u
#define FAT12_CLUSTERS 3000u
#define FAT16_CLUSTERS 65000u
#define ROOT_ENTRIES_MIN 512u
#define END_OF_CHAIN 0xFFFFu

/* ---- the walk ---- */

/* The path of a node from the root: its components (returns their number, -1 if too deep). */
static int path_of(const DosFatView *v, int node, char (*comps)[13]) {
    int n = 0;
    for (int k = node; k > 0; k = v->node[k].parent) n++;
    if (n > DOS_MAX_DEPTH) return -1;
    int i = n;
    for (int k = node; k > 0; k = v->node[k].parent) memcpy(comps[--i], v->node[k].name, 13);
    return n;
}

static bool add_node(DosFatView *v, int *cap, const DosFatNode *n) {
    if (v->nnodes == *cap) {
        int c = *cap ? *cap * 2 : 256;
        DosFatNode *p = realloc(v->node, (size_t)c * sizeof *p);
        if (!p) return false;
        v->node = p;
        *cap = c;
    }
    v->node[v->nnodes++] = *n;
    return true;
}

/* Breadth first: each folder's entries are appended together, in the listing's sorted order. */
static bool walk(DosFatView *v, int rootfd, bool dos2) {
    int cap = 0;
    DosFatNode root = {.attr = 0x10, .date = 0x0021, .parent = -1};
    if (!add_node(v, &cap, &root)) return false;
    for (int q = 0; q < v->nnodes; q++) {
        if (!(v->node[q].attr & 0x10)) continue;
        char comps[DOS_MAX_DEPTH][13];
        int n = path_of(v, q, comps);
        int fd = n < 0 || n >= DOS_MAX_DEPTH ? -1 : dos_sb_open_dir(rootfd, (const char (*)[13])comps, n);
        if (fd < 0) continue; /* too deep for DOS, or gone: an empty folder */
        DosDirEntry *e;
        int cnt = dos_sb_list(fd, &e);
        close(fd);
        v->node[q].child0 = v->nnodes;
        for (int i = 0; i < cnt; i++) {
            if (v->nnodes >= DOS_FATVIEW_MAX_NODES) {
                v->truncated = true;
                break;
            }
            DosFatNode c = {.parent = q, .attr = dos_attr_of(&e[i]), .date = 0x0021};
            if (!dos2) c.attr &= 0x10; /* DOS 1 had no read-only nor archive attribute */
            memcpy(c.name, e[i].name, 13);
            if (!e[i].is_dir) {
                c.size = e[i].size;
                dos_file_datetime(e[i].mtime, &c.date, &c.time);
            }
            if (!add_node(v, &cap, &c)) {
                free(e);
                return false;
            }
            v->node[q].nchild++;
        }
        free(e);
    }
    return true;
}

/* ---- the layout ---- */

static uint32_t clusters_of(const DosFatNode *n, bool is_root, uint32_t cbytes) {
    if (is_root) return 0; /* the root folder has its own sectors */
    uint64_t bytes = (n->attr & 0x10) ? (uint64_t)(n->nchild + 2) * 32u : n->size;
    uint64_t c = (bytes + cbytes - 1) / cbytes;
    if ((n->attr & 0x10) && c == 0) c = 1;
    return c > UINT32_MAX ? UINT32_MAX : (uint32_t)c;
}

static uint64_t clusters_needed(const DosFatView *v, uint32_t cbytes) {
    uint64_t sum = 0;
    for (int i = 0; i < v->nnodes; i++) sum += clusters_of(&v->node[i], i == 0, cbytes);
    return sum;
}

static void choose_geometry(DosFatView *v) {
    v->spc = FAT12_SPC;
    v->clusters = FAT12_CLUSTERS;
    v->fat_bits = 12;
    if (clusters_needed(v, FAT12_SPC * DOS_FATVIEW_SECTOR) > FAT12_CLUSTERS) {
        v->fat_bits = 16;
        v->clusters = FAT16_CLUSTERS;
        for (v->spc = 16; v->spc < 64; v->spc = (uint8_t)(v->spc * 2))
            if (clusters_needed(v, v->spc * DOS_FATVIEW_SECTOR) <= FAT16_CLUSTERS) break;
    }
    v->nfats = 2;
    v->media = 0xF8;
    v->reserved = 1;
    uint32_t root = (uint32_t)v->node[0].nchild;
    root = root <= ROOT_ENTRIES_MIN ? ROOT_ENTRIES_MIN : (root + 15u) / 16u * 16u;
    if (root > 0xFFF0u) root = 0xFFF0u;
    v->root_entries = (uint16_t)root;
    uint32_t fat_bytes = v->fat_bits == 12 ? ((v->clusters + 2) * 3 + 1) / 2 : (v->clusters + 2) * 2;
    v->fat_sectors = (fat_bytes + DOS_FATVIEW_SECTOR - 1) / DOS_FATVIEW_SECTOR;
    v->root_sector = v->reserved + v->nfats * v->fat_sectors;
    v->root_sectors = v->root_entries * 32u / DOS_FATVIEW_SECTOR;
    v->data_sector = v->root_sector + v->root_sectors;
    v->total_sectors = v->data_sector + v->clusters * v->spc;
}

/* The FAT as stored on the disk (FAT12 entries packed in three bytes a pair). */
static void pack_fat(DosFatView *v) {
    for (uint32_t c = 0; c < v->clusters + 2; c++) {
        uint32_t e = v->next[c];
        if (v->fat_bits == 16) {
            v->fat[2 * c] = (uint8_t)e;
            v->fat[2 * c + 1] = (uint8_t)(e >> 8);
            continue;
        }
        e &= 0xFFFu;
        uint32_t at = c * 3 / 2;
        if (c & 1) {
            v->fat[at] |= (uint8_t)(e << 4);
            v->fat[at + 1] = (uint8_t)(e >> 4);
        } else {
            v->fat[at] = (uint8_t)e;
            v->fat[at + 1] |= (uint8_t)(e >> 8);
        }
    }
}

/* Clusters given out contiguously in node order; a node that does not fit gets none. */
static void allocate(DosFatView *v) {
    uint32_t cbytes = v->spc * DOS_FATVIEW_SECTOR, c = 2;
    for (int i = 1; i < v->nnodes; i++) {
        DosFatNode *n = &v->node[i];
        uint32_t k = clusters_of(n, false, cbytes);
        if (k == 0) continue;
        if (k > v->clusters + 2 - c) {
            v->truncated = true;
            continue;
        }
        n->first = c;
        n->count = k;
        v->owners[v->nowners++] = i;
        for (uint32_t j = 0; j < k; j++) v->next[c + j] = j + 1 < k ? (uint16_t)(c + j + 1) : END_OF_CHAIN;
        c += k;
        v->used += k;
    }
}

DosFatView *dos_fatview_build(int rootfd, bool dos2) {
    DosFatView *v = calloc(1, sizeof *v);
    if (!v) return NULL;
    v->open_node = -1;
    v->open_fd = -1;
    if (!walk(v, rootfd, dos2)) {
        dos_fatview_free(v);
        return NULL;
    }
    choose_geometry(v);
    v->next = calloc(v->clusters + 2, sizeof *v->next);
    v->fat = calloc(v->fat_sectors, DOS_FATVIEW_SECTOR);
    v->owners = calloc((size_t)v->nnodes, sizeof *v->owners);
    if (!v->next || !v->fat || !v->owners) {
        dos_fatview_free(v);
        return NULL;
    }
    v->next[0] = (uint16_t)(0xFF00u | v->media);
    v->next[1] = END_OF_CHAIN;
    allocate(v);
    pack_fat(v);
    return v;
}

void dos_fatview_free(DosFatView *v) {
    if (!v) return;
    if (v->open_fd >= 0) close(v->open_fd);
    free(v->node);
    free(v->next);
    free(v->fat);
    free(v->owners);
    free(v);
}

/* ---- looking things up ---- */

int dos_fatview_child(const DosFatView *v, int dir, const char *name83) {
    if (dir < 0 || dir >= v->nnodes || !(v->node[dir].attr & 0x10)) return -1;
    if (!strcmp(name83, ".")) return dir;
    if (!strcmp(name83, "..")) return v->node[dir].parent < 0 ? 0 : v->node[dir].parent;
    int lo = 0, hi = v->node[dir].nchild - 1;
    while (lo <= hi) { /* the entries are sorted by name */
        int mid = (lo + hi) / 2;
        int c = strcmp(v->node[v->node[dir].child0 + mid].name, name83);
        if (!c) return v->node[dir].child0 + mid;
        if (c < 0) lo = mid + 1;
        else hi = mid - 1;
    }
    return -1;
}

int dos_fatview_find(const DosFatView *v, const char (*comps)[13], int n) {
    int k = 0;
    for (int i = 0; i < n && k >= 0; i++) k = dos_fatview_child(v, k, comps[i]);
    return k;
}

void dos_fatview_entry(const DosFatView *v, int node, const char *as, uint8_t out[32]) {
    const DosFatNode *n = &v->node[node];
    memset(out, 0, 32);
    const char *name = as ? as : n->name;
    if (name[0] == '.') {
        memset(out, ' ', 11);
        memcpy(out, name, strlen(name));
    } else {
        dos_name_to_fcb(name, out);
    }
    /* ".." of a folder in the root points at cluster 0, as DOS writes it */
    uint32_t first = node == 0 ? 0 : n->first;
    out[11] = n->attr;
    out[22] = (uint8_t)n->time;
    out[23] = (uint8_t)(n->time >> 8);
    out[24] = (uint8_t)n->date;
    out[25] = (uint8_t)(n->date >> 8);
    out[26] = (uint8_t)first;
    out[27] = (uint8_t)(first >> 8);
    uint32_t size = (n->attr & 0x10) ? 0 : n->size;
    for (int i = 0; i < 4; i++) out[28 + i] = (uint8_t)(size >> (8 * i));
}

uint32_t dos_fatview_free_clusters(const DosFatView *v) { return v->clusters - v->used; }

/* ---- sectors ---- */

static void boot_sector(const DosFatView *v, uint8_t *b) {
    static const uint8_t jump[3] = {0xEB, 0x3C, 0x90};
    memcpy(b, jump, 3);
    memcpy(b + 3, "EMU86   ", 8);
    b[0x0B] = (uint8_t)DOS_FATVIEW_SECTOR;
    b[0x0C] = (uint8_t)(DOS_FATVIEW_SECTOR >> 8);
    b[0x0D] = v->spc;
    b[0x0E] = (uint8_t)v->reserved;
    b[0x10] = v->nfats;
    b[0x11] = (uint8_t)v->root_entries;
    b[0x12] = (uint8_t)(v->root_entries >> 8);
    uint32_t total16 = v->total_sectors > 0xFFFFu ? 0 : v->total_sectors;
    b[0x13] = (uint8_t)total16;
    b[0x14] = (uint8_t)(total16 >> 8);
    b[0x15] = v->media;
    b[0x16] = (uint8_t)v->fat_sectors;
    b[0x17] = (uint8_t)(v->fat_sectors >> 8);
    b[0x18] = 17; /* sectors a track, heads: a fixed disk's */
    b[0x1A] = 4;
    for (int i = 0; i < 4; i++) b[0x20 + i] = (uint8_t)(v->total_sectors >> (8 * i));
    b[0x24] = 0x80;
    b[0x3E] = 0xCD; /* not bootable: INT 18h */
    b[0x3F] = 0x18;
    b[510] = 0x55;
    b[511] = 0xAA;
}

/* Entries [first, first + 16) of folder node `dir` (in a subfolder 0 is ".", 1 is ".."). */
static void folder_sector(const DosFatView *v, int dir, uint32_t first, uint8_t *b) {
    int virt = dir == 0 ? 0 : 2;
    for (uint32_t i = 0; i < DOS_FATVIEW_SECTOR / 32u; i++) {
        uint32_t k = first + i;
        if (k < (uint32_t)virt) {
            int node = k == 0 ? dir : (v->node[dir].parent < 0 ? 0 : v->node[dir].parent);
            dos_fatview_entry(v, node, k == 0 ? "." : "..", b + 32 * i);
        } else if (k - (uint32_t)virt < (uint32_t)v->node[dir].nchild) {
            dos_fatview_entry(v, v->node[dir].child0 + (int)(k - (uint32_t)virt), NULL, b + 32 * i);
        }
    }
}

static int owner_of(const DosFatView *v, uint32_t cluster) {
    int lo = 0, hi = v->nowners - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        const DosFatNode *n = &v->node[v->owners[mid]];
        if (cluster < n->first) hi = mid - 1;
        else if (cluster >= n->first + n->count) lo = mid + 1;
        else return v->owners[mid];
    }
    return -1;
}

static void file_sector(DosFatView *v, int rootfd, int node, uint64_t at, uint8_t *b) {
    if (v->open_node != node) {
        if (v->open_fd >= 0) close(v->open_fd);
        v->open_fd = -1;
        v->open_node = node;
        char comps[DOS_MAX_DEPTH][13];
        int n = path_of(v, node, comps);
        int dir = n > 0 ? dos_sb_open_dir(rootfd, (const char (*)[13])comps, n - 1) : -1;
        DosDirEntry e;
        if (dir >= 0 && dos_sb_find(dir, comps[n - 1], &e) && !e.is_dir)
            v->open_fd = openat(dir, e.host, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
        if (dir >= 0) close(dir);
    }
    if (v->open_fd >= 0 && at < v->node[node].size) {
        ssize_t r = pread(v->open_fd, b, DOS_FATVIEW_SECTOR, (off_t)at);
        (void)r; /* what could not be read reads as zeros */
    }
    if (at + DOS_FATVIEW_SECTOR > v->node[node].size) { /* past the end of the file: zeros */
        uint64_t keep = at < v->node[node].size ? v->node[node].size - at : 0;
        memset(b + keep, 0, DOS_FATVIEW_SECTOR - (size_t)keep);
    }
}

bool dos_fatview_read(DosFatView *v, int rootfd, uint32_t s, uint8_t b[DOS_FATVIEW_SECTOR]) {
    memset(b, 0, DOS_FATVIEW_SECTOR);
    if (s >= v->total_sectors) return false;
    if (s < v->reserved) {
        if (s == 0) boot_sector(v, b);
        return true;
    }
    if (s < v->root_sector) {
        uint32_t k = (s - v->reserved) % v->fat_sectors;
        memcpy(b, v->fat + k * DOS_FATVIEW_SECTOR, DOS_FATVIEW_SECTOR);
        return true;
    }
    if (s < v->data_sector) {
        folder_sector(v, 0, (s - v->root_sector) * (DOS_FATVIEW_SECTOR / 32u), b);
        return true;
    }
    uint32_t rel = s - v->data_sector, cluster = 2 + rel / v->spc, in = rel % v->spc;
    int node = owner_of(v, cluster);
    if (node < 0) return true; /* a free cluster */
    uint64_t off = (uint64_t)(cluster - v->node[node].first) * v->spc * DOS_FATVIEW_SECTOR +
                   (uint64_t)in * DOS_FATVIEW_SECTOR;
    if (v->node[node].attr & 0x10) folder_sector(v, node, (uint32_t)(off / 32u), b);
    else file_sector(v, rootfd, node, off, b);
    return true;
}
