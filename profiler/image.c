/* A program's image as DOS loads it, rebuilt from its file for the reports: a .COM's bytes at
 * PSP:0100h, an .EXE's load module (its whole 512-byte pages less the header, as MS-DOS's EXEC)
 * with each relocation's word increased by the load segment. The reports take the load segment
 * from the .PRF (prog_low_pa), so the image is byte for byte what the run executed. */
#include "util.h"

#include <stdlib.h>
#include <string.h>

void prof_image_free(ProfImage *im) {
    free(im->bytes);
    memset(im, 0, sizeof *im);
}

bool prof_image_load(ProfImage *im, const uint8_t *f, size_t len, uint16_t load_seg, const char *name, char *err,
                     size_t errlen) {
    memset(im, 0, sizeof *im);
    im->load_seg = load_seg;
    if (len < 2 || !((f[0] == 'M' && f[1] == 'Z') || (f[0] == 'Z' && f[1] == 'M'))) {
        if (len > 0xFF00) return prof_fail(err, errlen, "%s: too large for a .COM program", name);
        im->bytes = malloc(len ? len : 1);
        if (!im->bytes) return prof_fail(err, errlen, "%s: out of memory", name);
        memcpy(im->bytes, f, len);
        im->size = (uint32_t)len;
        im->entry_cs = (uint16_t)(load_seg - 0x10);
        im->entry_ip = 0x100;
        return true;
    }
    if (len < 0x1C) return prof_fail(err, errlen, "%s: truncated MZ header", name);
    const uint32_t pages = prof_get_le16(f + 4), nrelocs = prof_get_le16(f + 6);
    const uint32_t hdr = (uint32_t)prof_get_le16(f + 8) * 16u, reloc_off = prof_get_le16(f + 24);
    const uint32_t paged = pages * 512u;
    if (!pages || hdr < 0x1C || hdr > len || hdr > paged || reloc_off + nrelocs * 4u > hdr)
        return prof_fail(err, errlen, "%s: inconsistent MZ header", name);
    im->is_exe = true;
    im->size = paged - hdr;
    im->bytes = calloc(im->size ? im->size : 1, 1);
    if (!im->bytes) return prof_fail(err, errlen, "%s: out of memory", name);
    memcpy(im->bytes, f + hdr, (len < paged ? len : paged) - hdr);
    for (uint32_t i = 0; i < nrelocs; i++) {
        const uint8_t *r = f + reloc_off + i * 4u;
        uint32_t at = prof_get_le16(r) + (uint32_t)prof_get_le16(r + 2) * 16u;
        if (at + 2 > im->size) continue; /* DOS would have refused it; nothing to relocate here */
        prof_put_le16(im->bytes + at, (uint16_t)(prof_get_le16(im->bytes + at) + load_seg));
    }
    im->entry_cs = (uint16_t)(prof_get_le16(f + 22) + load_seg);
    im->entry_ip = prof_get_le16(f + 20);
    return true;
}

bool prof_image_read(ProfImage *im, const char *path, uint16_t load_seg, char *err, size_t errlen) {
    memset(im, 0, sizeof *im);
    ProfBuf b = {0};
    bool ok = prof_read_file(path, 2u << 20, &b, err, errlen) &&
              prof_image_load(im, (const uint8_t *)b.data, b.len, load_seg, path, err, errlen);
    prof_buf_free(&b);
    return ok;
}
