/* The Dos object: configuration, drives, the program file, attaching to a machine, and what
 * the service files ask of it (dos_main.h: its drives, DOS's clock). */
#define _XOPEN_SOURCE 700 /* realpath */
#include "dos_main.h"
#include "dos_boot.h"
#include "dos_disk.h"
#include "dos_files.h"
#include "dos_guest_mem.h"
#include "dos_int21.h"
#include "dos_sandbox.h"
#include "dos_time.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

Dos *dos_new(const DosConfig *cfg, char *err, size_t errlen) {
    Dos *d = calloc(1, sizeof *d);
    if (!d) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    d->cfg = *cfg;
    unsigned kb = cfg->memory_kb ? cfg->memory_kb : DOS_MEMORY_KB_MAX;
    d->top = (uint16_t)(kb * 64u);
    d->psp_want = cfg->psp_seg ? cfg->psp_seg : DOS_PSP_SEG;
    if (kb < DOS_MEMORY_KB_MIN || kb > DOS_MEMORY_KB_MAX) {
        snprintf(err, errlen, "conventional memory of %u KiB: from %u to %u", kb, DOS_MEMORY_KB_MIN,
                 DOS_MEMORY_KB_MAX);
        free(d);
        return NULL;
    }
    if (d->psp_want < DOS_PSP_SEG || d->psp_want == DOS_PSP_SEG + 1 || d->psp_want + 0x20u > d->top) {
        snprintf(err, errlen, "the first program's PSP at %04Xh: from %04Xh (not %04Xh) to %04Xh with %u KiB",
                 d->psp_want, DOS_PSP_SEG, DOS_PSP_SEG + 1, d->top - 0x20u, kb);
        free(d);
        return NULL;
    }
    if (!d->cfg.version_major) {
        d->cfg.version_major = 3;
        d->cfg.version_minor = 30;
    }
    for (int i = 0; i < 26; i++) d->rootfd[i] = -1;
    d->cur_drive = -1;
    bool any = false;
    for (int i = 0; i < 26; i++) {
        if (!cfg->drive[i]) continue;
        d->rootfd[i] = dos_sb_open_root(cfg->drive[i], err, errlen);
        if (d->rootfd[i] < 0) {
            dos_free(d);
            return NULL;
        }
        if (d->cur_drive < 0) d->cur_drive = i;
        any = true;
    }
    if (!any) {
        d->rootfd[2] = dos_sb_open_root(".", err, errlen);
        if (d->rootfd[2] < 0) {
            dos_free(d);
            return NULL;
        }
        d->cur_drive = 2;
    }
    dos_costs_default(&d->costs);
    if (cfg->cost_file && !dos_costs_load(&d->costs, cfg->cost_file, err, errlen)) {
        dos_free(d);
        return NULL;
    }
    if (cfg->no_costs) {
        memset(&d->costs, 0, sizeof d->costs);
        d->costs.off = true;
    }
    d->break_check = false;
    d->pending_scan = -1;
    d->facts.int20_seg = DOS_CODE_SEG;
    d->facts.io_seg = DOS_IO_SEG;
    return d;
}

void dos_free(Dos *d) {
    if (!d) return;
    for (int i = 0; i < 26; i++)
        if (d->rootfd[i] >= 0) close(d->rootfd[i]);
    dos_close_all_files(d);
    for (int i = 0; i < DOS_CALL_DEPTH; i++) {
        free(d->calls[i].steps);
        free(d->calls[i].text);
    }
    dos_disk_changed(d);
    free(d->prog_host);
    free(d->prog);
    free(d);
}

static uint8_t *read_file(const char *path, size_t *len, char *err, size_t errlen) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "%s: %s", path, errno == ENOENT ? "no such program" : strerror(errno));
        return NULL;
    }
    struct stat st;
    if (fstat(fileno(f), &st) || !S_ISREG(st.st_mode)) {
        snprintf(err, errlen, "%s: not an executable (not a regular file)", path);
        fclose(f);
        return NULL;
    }
    size_t cap = (size_t)st.st_size + 1, n = 0;
    if (st.st_size > 0x100000) cap = 0x100001; /* more than memory: read enough to say so */
    uint8_t *b = malloc(cap);
    if (!b) {
        fclose(f);
        snprintf(err, errlen, "%s: out of memory", path);
        return NULL;
    }
    n = fread(b, 1, cap, f);
    fclose(f);
    *len = n;
    return b;
}

/* The DOS name of the program: its path inside the default drive's folder when it is there
 * (each folder a valid 8.3 name), else its file name in that drive's root. */
static void dos_name_of(Dos *d, const char *host) {
    const char *base = strrchr(host, '/');
    base = base ? base + 1 : host;
    char name[13];
    if (!dos_host_name_83(base, name)) {
        /* an odd host name: cut to 8.3 the way DOS would see it typed */
        DosPath p;
        const char *cwd[26] = {0};
        cwd[d->cur_drive] = "";
        if (dos_path_resolve(base, d->cur_drive, cwd, false, &p) == 0 && p.n == 1)
            memcpy(name, p.comp[0], 13);
        else
            snprintf(name, sizeof name, "PROGRAM.EXE");
    }
    snprintf(d->prog_dos, sizeof d->prog_dos, "%c:\\%s", 'A' + d->cur_drive, name);
    const char *folder = d->cfg.drive[d->cur_drive] ? d->cfg.drive[d->cur_drive] : ".";
    char *root = realpath(folder, NULL), *prog = realpath(host, NULL);
    size_t rl = root ? strlen(root) : 0;
    if (root && prog && !strncmp(prog, root, rl) && prog[rl] == '/' && !(rl == 1 && root[0] == '/')) {
        char out[80];
        size_t k = (size_t)snprintf(out, sizeof out, "%c:", 'A' + d->cur_drive);
        bool ok = true;
        for (char *c = prog + rl + 1; ok && *c;) {
            char *slash = strchr(c, '/');
            if (slash) *slash = 0;
            char part[13];
            ok = slash ? dos_host_name_83(c, part) : true;
            if (!slash) memcpy(part, name, 13);
            if (ok && k + 1 + strlen(part) < sizeof out - 1)
                k += (size_t)snprintf(out + k, sizeof out - k, "\\%s", part);
            else
                ok = false;
            c = slash ? slash + 1 : c + strlen(c);
        }
        if (ok) snprintf(d->prog_dos, sizeof d->prog_dos, "%s", out);
    }
    free(root);
    free(prog);
}

bool dos_load_program(Dos *d, const char *host_path, int argc, char *const argv[], char *err,
                      size_t errlen) {
    const char *shown = host_path;
    size_t len = 0;
    uint8_t *b = read_file(host_path, &len, err, errlen);
    if (!b) return false;
    char why[200];
    if (!dos_image_check(b, len, &d->img, why, sizeof why)) {
        snprintf(err, errlen, "%s: %s", shown, why);
        free(b);
        return false;
    }
    uint32_t avail = (uint32_t)d->top - d->psp_want;
    if (dos_image_min_paras(&d->img) > avail) {
        snprintf(err, errlen, "%s: not enough memory to load the program (needs %u KiB, %u KiB free)",
                 shown, (unsigned)(dos_image_min_paras(&d->img) * 16 / 1024),
                 (unsigned)(avail * 16 / 1024));
        free(b);
        return false;
    }
    free(d->prog);
    d->prog = b;
    d->prog_len = len;
    free(d->prog_host);
    d->prog_host = strdup(host_path);
    dos_name_of(d, host_path);
    /* command tail: " arg1 arg2", at most 126 characters */
    size_t k = 0;
    for (int i = 1; i < argc; i++) {
        size_t n = strlen(argv[i]);
        if (k + 1 + n > 126) {
            snprintf(err, errlen, "%s: the arguments are longer than DOS's 126-character command line",
                     shown);
            return false;
        }
        d->tail[k++] = ' ';
        memcpy(d->tail + k, argv[i], n);
        k += n;
    }
    d->tail_len = (uint8_t)k;
    d->facts.is_exe = d->img.is_exe;
    d->facts.com_size = d->img.is_exe ? 0 : (uint32_t)len;
    d->facts.exe_pages = d->img.is_exe ? d->img.mz.pages : 0;
    return true;
}

bool dos_attach(Dos *d, EmuMachine *m) {
    d->m = m;
    d->mem = emu_machine_mem(m);
    emu_machine_set_boot(m, dos_boot, d);
    emu_machine_set_service(m, dos_service, d);
    return emu_machine_add_stub_region(m, lin(DOS_IO_SEG, 0), lin(DOS_IO_SEG, DOS_IO_BYTES)) &&
           emu_machine_add_stub_region(m, lin(DOS_CODE_SEG, 0), lin(DOS_CODE_SEG, DOS_CODE_BYTES));
}

const DosFacts *dos_facts(const Dos *d) { return &d->facts; }

void dos_set_start_hook(Dos *d, DosStartFn fn, void *ctx) {
    d->start_fn = fn;
    d->start_ctx = ctx;
}

bool dos_add_multiplex(Dos *d, DosMultiplexFn fn, void *ctx) {
    if (d->nmux >= (int)(sizeof d->mux / sizeof d->mux[0])) return false;
    d->mux[d->nmux].fn = fn;
    d->mux[d->nmux].ctx = ctx;
    d->nmux++;
    return true;
}

/* ---- helpers ---- */

bool dos_drive_valid(const Dos *d, int drive) {
    return drive >= 0 && drive < 26 && d->rootfd[drive] >= 0;
}

bool dos_fcb_drive_ok(void *ctx, int drive) {
    return drive == 0 || dos_drive_valid(ctx, drive - 1);
}

bool dos_drive_writable(const Dos *d, int drive) {
    return dos_drive_valid(d, drive) && !d->cfg.drive_readonly[drive];
}

const char **dos_cwds(const Dos *d, const char *out[26]) {
    for (int i = 0; i < 26; i++) out[i] = d->rootfd[i] >= 0 ? d->cwd[i] : NULL;
    return out;
}

uint64_t dos_now_centis(const Dos *d) {
    int64_t c = (int64_t)dos_master_to_centis(emu_machine_now(d->m)) + d->cfg.epoch * 100 +
                d->time_adjust;
    return c < 0 ? 0 : (uint64_t)c;
}
