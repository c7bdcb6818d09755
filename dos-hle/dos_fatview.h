/* A read-only FAT disk computed from a drive's host folder: what INT 25h, the DPB, the FAT-info
 * calls and the FCB searches show of the drive, consistent with one another, so that disk
 * utilities of the time (CHKDSK, RECOVER) see a healthy disk. Nothing is ever written.
 *
 * The view is a pure function of the folder's contents (names, sizes, times, the tree): the
 * folder is walked breadth first, each folder's entries in the sorted order of its listing
 * (never the host's order), and clusters are given out contiguously in that order: each
 * subfolder gets the clusters its entries need ("." and ".." first), each file
 * ceil(size / cluster). The geometry (docs/dos.md, "The disk"):
 *   - FAT12, 512-byte sectors, 16 sectors (8 KiB) a cluster, 3,000 clusters, 1 reserved sector
 *     (the boot sector with its BPB), 2 FATs, a root folder of 512 entries (more if the root
 *     holds more), media byte F8h: when the folder fits (the common case);
 *   - else FAT16 with 65,000 clusters of 16, 32 or 64 sectors, the first that holds it
 *     (sector numbers past 65,535 then need INT 25h's DOS 4 packet form);
 *   - a folder larger still, or with more than DOS_FATVIEW_MAX_NODES entries, is shown up to
 *     where it fits (in the walk's order); the rest has no clusters (`truncated`). */
#ifndef EMU86_DOS_FATVIEW_H
#define EMU86_DOS_FATVIEW_H

#include <stdbool.h>
#include <stdint.h>

#define DOS_FATVIEW_SECTOR 512u
#define DOS_FATVIEW_MAX_NODES 65536

typedef struct DosFatNode {
    char name[13];        /* canonical 8.3 ("" for the root) */
    uint8_t attr;         /* 10h folder, 20h file (| 01h read-only) */
    uint16_t date, time;  /* directory-entry forms */
    uint32_t size;        /* files */
    uint32_t first, count;/* first cluster (0: none) and the number of clusters */
    int parent;           /* node index, -1 for the root */
    int child0, nchild;   /* folders: their entries, contiguous, sorted */
} DosFatNode;

typedef struct DosFatView {
    int fat_bits;                /* 12 or 16 */
    uint8_t spc, nfats, media;
    uint16_t root_entries;
    uint32_t reserved, fat_sectors, root_sector, root_sectors, data_sector, total_sectors;
    uint32_t clusters;           /* data clusters, numbered 2 .. clusters + 1 */
    uint32_t used;               /* clusters given to folders and files */
    bool truncated;              /* the folder did not fit: some entries have no clusters */
    DosFatNode *node;            /* [0] is the root */
    int nnodes;
    uint16_t *next;              /* the FAT: [0, clusters + 2); 0 free, FFFFh end of chain */
    uint8_t *fat;                /* the FAT as stored: fat_sectors sectors */
    int *owners;                 /* the nodes that have clusters, by first cluster */
    int nowners;
    /* file data for sector reads: the last file opened */
    int open_node, open_fd;
} DosFatView;

/* Walk the folder rootfd and lay it out; for DOS 1 (`dos2` false) files have no attributes
 * (read-only and archive came with DOS 2). NULL only when out of memory. */
DosFatView *dos_fatview_build(int rootfd, bool dos2);
void dos_fatview_free(DosFatView *v);

/* The node of the path comps[0..n) (n = 0: the root), or -1. */
int dos_fatview_find(const DosFatView *v, const char (*comps)[13], int n);
/* The child of folder node `dir` named name83 ("." and ".." name the folder and its parent),
 * or -1. */
int dos_fatview_child(const DosFatView *v, int dir, const char *name83);
/* The 32-byte directory entry of a node, named `as` (NULL: its own name; "." and ".." for the
 * entries of those names). */
void dos_fatview_entry(const DosFatView *v, int node, const char *as, uint8_t out[32]);
/* Clusters no node uses. */
uint32_t dos_fatview_free_clusters(const DosFatView *v);
/* Sector `s` of the disk into out[512]: boot sector, FATs, root folder, folders' clusters, file
 * data (read through rootfd) or zeros for free clusters. False past the end of the disk. */
bool dos_fatview_read(DosFatView *v, int rootfd, uint32_t s, uint8_t out[DOS_FATVIEW_SECTOR]);

#endif
