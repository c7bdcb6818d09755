/* Program files: telling an MZ .EXE from a .COM (by the signature), checking the MZ header,
 * and laying the image out in memory with its relocations. Pure functions on byte arrays. */
#ifndef EMU86_DOS_IMAGE_H
#define EMU86_DOS_IMAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define DOS_COM_MAX 65280u /* 64 KiB less the PSP */

typedef struct DosMz {
    uint16_t last_page;   /* bytes in the last 512-byte page (0 = a full page) */
    uint16_t pages;       /* 512-byte pages in the file, header included */
    uint16_t nrelocs;
    uint16_t header_paras;
    uint16_t min_alloc, max_alloc; /* paragraphs needed / wanted after the image */
    uint16_t ss, sp, checksum, ip, cs, reloc_off;
    uint32_t image_off;   /* header_paras * 16 */
    uint32_t image_size;  /* bytes of the load module: pages * 512 - header, as DOS reserves */
    uint32_t file_bytes;  /* of those, the bytes the file has (less by under 512 at most) */
} DosMz;

typedef struct DosImage {
    bool is_exe;
    size_t size;          /* file size */
    DosMz mz;             /* when is_exe */
} DosImage;

/* Classify and check a program file. Returns false with a message (without the file name) in
 * err: "truncated MZ header (...)", "relocation table past the end of the header", ... */
bool dos_image_check(const uint8_t *file, size_t len, DosImage *img, char *err, size_t errlen);

/* Paragraphs the program needs at least (image, PSP included, plus the minimum allocation) and
 * would like (plus the maximum), for the allocation the loader makes. */
uint32_t dos_image_min_paras(const DosImage *img);
uint32_t dos_image_max_paras(const DosImage *img);

/* Where the load module goes in a block [psp, top): PSP + 10h, or for an .EXE with max
 * allocation 0 ("load high", as MS-DOS's EXEC decides it) the top of the block. */
uint16_t dos_image_load_seg(const DosImage *img, uint16_t psp, uint16_t top);

/* Copy the load module to mem at load_seg:0 (a .COM: the whole file) and apply the relocations
 * (adding reloc_seg). block_end_seg bounds the writes: a relocation outside the program's block
 * fails. mem is the 1 MiB guest memory. */
bool dos_image_place(const uint8_t *file, const DosImage *img, uint8_t *mem, uint16_t load_seg,
                     uint16_t reloc_seg, uint16_t block_end_seg, char *err, size_t errlen);

#endif
