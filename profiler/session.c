/* A profiling session on the running machine: configuration, the start hook (the profiling
 * clock starts at the program's first instruction, as PROFIL's did), the profiling timer and
 * its sampling rule, and the output files written when the run has ended. */
#include "session_internal.h"

#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* fname.PRF in the current folder: PROFIL's "fname.PRF where fname is the same as the file
 * containing the program being profiled" (the extension replaced, the name kept as typed). */
static void default_prf_name(const char *program, char *out, size_t len) {
    const char *base = strrchr(program, '/');
    base = base ? base + 1 : program;
    const char *dot = strrchr(base, '.');
    size_t n = dot && dot != base ? (size_t)(dot - base) : strlen(base);
    snprintf(out, len, "%.*s.PRF", (int)n, base);
}

static int range_cmp(const void *a, const void *b) {
    const ProfUnixRange *x = a, *y = b;
    return x->lowpc < y->lowpc ? 1 : x->lowpc > y->lowpc ? -1 : 0;
}

static uint32_t default_scale(ProfUnixFlavour f) { return f == PROF_UNIX_SYSV ? 0xFFFFu : 0x10000u; }

ProfSession *prof_session_new(const ProfSessionConfig *cfg, char *err, size_t errlen) {
    ProfSession *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    s->cfg = *cfg;
    s->timer = -1;
    if (cfg->grain_us < PROF_PRF_MIN_GRAIN || cfg->grain_us > 0xFFFF) {
        snprintf(err, errlen, "--grain: the clock interval must be 60 to 65535 microseconds, got %lu",
                 (unsigned long)cfg->grain_us);
        goto fail;
    }
    if (cfg->bucket_paras < 1 || cfg->bucket_paras > 0xFFFF) {
        snprintf(err, errlen, "--bucket: the bucket size must be 1 to 65535 paragraphs, got %lu",
                 (unsigned long)cfg->bucket_paras);
        goto fail;
    }
    if (cfg->prf_path) {
        if (*cfg->prf_path) snprintf(s->prf_name, sizeof s->prf_name, "%s", cfg->prf_path);
        else default_prf_name(cfg->program, s->prf_name, sizeof s->prf_name);
    }
    s->want_prf = cfg->prf_path || cfg->plot_path || cfg->live_prf;
    s->want_unix = cfg->unix_path != NULL;
    s->want_exact = cfg->callgrind_path || cfg->folded_path;
    if (cfg->nranges > PROF_OSF_MAX_RANGES) {
        snprintf(err, errlen, "--profil-range: at most %d ranges", PROF_OSF_MAX_RANGES);
        goto fail;
    }
    if (cfg->nranges) {
        /* OSF/1 wants the ranges in decreasing lowpc order; a command line need not. */
        memcpy(s->ranges, cfg->ranges, (size_t)cfg->nranges * sizeof *s->ranges);
        if ((size_t)cfg->nranges) qsort(s->ranges, (size_t)cfg->nranges, sizeof *s->ranges, range_cmp);
        /* checked now, allocated when the program starts (not twice: up to 16 MiB) */
        if (!prof_unix_check_ranges(s->ranges, cfg->nranges, err, errlen)) goto fail;
    } else if (s->want_unix) {
        /* the flavour's checks of the scale and the size, before the run */
        uint32_t scale = cfg->scale_set ? cfg->scale : default_scale(cfg->flavour);
        if (!prof_unix_check(cfg->flavour, cfg->bufsiz_set ? cfg->bufsiz : 2, scale, err, errlen)) goto fail;
    }
    if (cfg->map_path) {
        if (!prof_map_read(&s->map, cfg->map_path, err, errlen)) goto fail;
        if (cfg->map_origin) prof_map_rebase(&s->map, cfg->map_origin);
        s->have_map = true;
    }
    return s;
fail:
    free(s);
    return NULL;
}

void prof_session_free(ProfSession *s) {
    if (!s) return;
    if (s->have_prf) prof_prf_free(&s->prf);
    if (s->have_unix) prof_unix_free(&s->unx);
    if (s->have_map) prof_map_free(&s->map);
    if (s->have_tally) prof_tally_free(&s->tally);
    prof_image_free(&s->snap);
    prof_map_free(&s->names);
    free(s->installed);
    free(s->vec_calls);
    prof_exact_free(s->exact);
    free(s);
}

/* ---- outputs ---- */

static bool check_output(const char *path, char *err, size_t errlen) {
    if (!path || !strcmp(path, "-")) return true;
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        snprintf(err, errlen, "cannot write '%s': it is a folder", path);
        return false;
    }
    char dir[4096];
    const char *slash = strrchr(path, '/');
    if (slash == path) snprintf(dir, sizeof dir, "/");
    else if (slash) snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
    else snprintf(dir, sizeof dir, ".");
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        snprintf(err, errlen, "cannot write '%s': no folder '%s'", path, dir);
        return false;
    }
    if (access(dir, W_OK | X_OK) != 0) {
        snprintf(err, errlen, "cannot write '%s': %s", path, strerror(errno));
        return false;
    }
    return true;
}

bool prof_session_check_outputs(const ProfSession *s, char *err, size_t errlen) {
    char sidecar[4200];
    prof_sidecar_path(s->prf_name, sidecar, sizeof sidecar);
    const char *paths[] = {s->cfg.prf_path ? s->prf_name : NULL, s->cfg.unix_path, s->cfg.callgrind_path,
                           s->cfg.folded_path, s->cfg.plot_path, s->cfg.prf_path && strcmp(s->prf_name, "-") ? sidecar : NULL};
    for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++)
        if (!check_output(paths[i], err, errlen)) return false;
    return true;
}

void session_report(ProfMessageFn msg, void *ctx, const char *text) {
    if (msg) msg(ctx, text);
}

bool session_write_buf(const char *path, ProfBuf *b, ProfMessageFn msg, void *ctx) {
    char err[600];
    bool ok = !b->oom;
    if (!ok) snprintf(err, sizeof err, "cannot write '%s': out of memory", path);
    else ok = prof_write_file(path, b->data, b->len, err, sizeof err);
    prof_buf_free(b);
    if (!ok) session_report(msg, ctx, err);
    return ok;
}

bool prof_session_finish(ProfSession *s, ProfMessageFn msg, void *ctx) {
    if (!s->started) {
        if (s->cfg.prf_path || s->cfg.plot_path || s->want_unix || s->want_exact)
            session_report(msg, ctx, "no profile written: the run ended before the program started");
        return true;
    }
    bool ok = true;
    char err[600];
    if (!session_names_make(s)) session_report(msg, ctx, "out of memory for the routines' names");
    if (s->cfg.prf_path && s->have_prf) {
        if (!prof_prf_write(&s->prf, s->prf_name, err, sizeof err)) {
            session_report(msg, ctx, err);
            ok = false;
        } else {
            ok &= session_sidecar_write(s, msg, ctx);
            session_warn_wrapped(s, msg, ctx);
        }
    }
    if (s->have_unix && !prof_unix_write(&s->unx, s->cfg.unix_path, err, sizeof err)) {
        session_report(msg, ctx, err);
        ok = false;
    }
    if (s->cfg.plot_path && s->have_prf) {
        ProfBuf b = {0};
        const char *title = strrchr(s->cfg.program, '/');
        prof_plot_svg(&s->prf, s->have_tally ? &s->tally : NULL, s->names.nsym ? &s->names : NULL, title ? title + 1 : s->cfg.program, &b);
        ok &= session_write_buf(s->cfg.plot_path, &b, msg, ctx);
    }
    if (s->exact) ok &= session_exact_write(s, msg, ctx);
    return ok;
}

void prof_session_summary(const ProfSession *s, char *buf, size_t len) {
    buf[0] = 0;
    if (!s->started || !s->have_prf || !s->cfg.prf_path) return;
    const ProfPrfHeader *h = &s->prf.h;
    uint64_t prog = 0;
    for (unsigned i = 0; i < h->bucket_num; i++) prog += s->prf.bucket[i];
    snprintf(buf, len, "%s: %llu samples every %u us (program %llu, DOS %u, I/O %u, high %u)", s->prf_name,
             (unsigned long long)s->ticks, (unsigned)h->clock_grain, (unsigned long long)prog, h->hit_dos,
             h->hit_io, h->hit_high);
}

const ProfPrf *prof_session_prf(const ProfSession *s) { return s->have_prf ? &s->prf : NULL; }
const ProfMap *prof_session_map(const ProfSession *s) { return s->have_map ? &s->map : NULL; }
uint64_t prof_session_ticks(const ProfSession *s) { return s->ticks; }

/* ---- the run ---- */

/* Profiling ticks, each sampled by the chosen rule (by the IRQ rule a tick waits while IF=0,
 * as the IRQ would), into every histogram. */
static void on_samples(void *ctx, EmuMachine *m, const EmuSample *smp, unsigned n) {
    (void)m;
    ProfSession *s = ctx;
    const uint64_t before = s->ticks;
    s->ticks += n;
    _Static_assert(sizeof(EmuSample) == sizeof(ProfCsIp) && offsetof(EmuSample, ip) == offsetof(ProfCsIp, ip),
                   "an EmuSample's bytes are a ProfCsIp's");
    ProfCsIp buf[EMU_SAMPLE_BUF];
    while (n) {
        const unsigned k = n < EMU_SAMPLE_BUF ? n : EMU_SAMPLE_BUF;
        memcpy(buf, smp, k * sizeof *buf);
        prof_sampler_ticks(&s->sampler, buf, k);
        if (s->guest.on)
            for (unsigned i = 0; i < k; i++) session_guest_tick(s, buf[i].cs, buf[i].ip);
        smp += k;
        n -= k;
    }
    if (before / SESSION_WATCH_TICKS != s->ticks / SESSION_WATCH_TICKS) session_names_watch(s);
}

bool session_start_timer(ProfSession *s) {
    if (s->timer < 0)
        s->timer = emu_machine_add_sampler(s->m, prof_pit_divisor(s->cfg.grain_us),
                                           s->cfg.sample_exact ? EMU_SAMPLE_EXEC : EMU_SAMPLE_IRQ, on_samples, s);
    if (s->timer < 0) return false;
    /* A tick only reads the CPU, unless it counts into the guest's own buffer (memory). */
    emu_machine_set_timer_light(s->m, s->timer, !s->guest.on);
    return true;
}

static void setup_of(const ProfSession *s, const DosFacts *f, uint16_t dos_pa, ProfPrfSetup *u) {
    memset(u, 0, sizeof *u);
    u->psp_seg = f->psp_seg;
    u->is_exe = f->is_exe;
    u->com_bytes = f->com_size;
    u->exe_pages = f->exe_pages;
    u->dos_pa = dos_pa;
    u->grain_us = s->cfg.grain_us;
    u->bucket_paras = s->cfg.bucket_paras;
}

/* The traditional profil buffer; the defaults cover the program image. */
static bool start_unix(ProfSession *s, char *err, size_t errlen) {
    const ProfSessionConfig *c = &s->cfg;
    if (c->nranges) return prof_unix_init_ranges(&s->unx, s->ranges, c->nranges, err, errlen);
    uint32_t size = (uint32_t)s->prog_paras * 16u;
    uint32_t offset = c->offset_set ? c->offset : c->pc_mode == PROF_PC_IP ? 0 : (uint32_t)s->facts.image_para * 16u;
    uint32_t scale = c->scale_set ? c->scale : default_scale(c->flavour);
    uint32_t bufsiz = c->bufsiz;
    if (!c->bufsiz_set) {
        uint32_t last = c->pc_mode == PROF_PC_IP ? 0xFFFFu : offset + (size ? size - 1 : 0);
        int64_t at = prof_unix_counter_offset(c->flavour, last, offset, scale, 0xFFFFFFFFu);
        bufsiz = at >= 0 ? (uint32_t)at + 2 : (size + 1) & ~1u;
        if (bufsiz > 0x1000000) bufsiz = 0x1000000;
    }
    return prof_unix_init(&s->unx, c->flavour, bufsiz, offset, scale, err, errlen);
}

static void on_start(void *ctx, EmuMachine *m, const DosFacts *f) {
    ProfSession *s = ctx;
    char err[300];
    s->started = true;
    s->facts = *f;
    s->prog_paras = prof_prf_program_paras(f->is_exe, f->com_size, f->exe_pages);
    const uint8_t *mem = emu_machine_mem(m);
    uint16_t dos_pa = (uint16_t)(mem[0x82] | mem[0x83] << 8); /* the INT 20h vector's segment */
    if (s->want_prf) {
        ProfPrfSetup u;
        setup_of(s, f, dos_pa, &u);
        if (!prof_prf_init(&s->prf, &u, err, sizeof err)) goto fail;
        s->have_prf = true;
        s->sampler.prf = &s->prf;
        if (!prof_tally_init(&s->tally, &s->prf.h)) {
            snprintf(err, sizeof err, "out of memory for the profile");
            goto fail;
        }
        s->have_tally = true;
        s->sampler.tally = &s->tally;
    }
    if ((s->want_prf || s->want_exact) && !session_names_start(s)) {
        snprintf(err, sizeof err, "out of memory for the program's image");
        goto fail;
    }
    if (s->want_unix) {
        if (!start_unix(s, err, sizeof err)) goto fail;
        s->have_unix = true;
        s->sampler.unix_profil = &s->unx;
        s->sampler.pc_mode = s->cfg.pc_mode;
    }
    if (s->want_exact && !session_exact_start(s)) {
        snprintf(err, sizeof err, "out of memory for the exact profile");
        goto fail;
    }
    if ((s->want_prf || s->want_unix) && !session_start_timer(s)) {
        snprintf(err, sizeof err, "no timer left for the profiler");
        goto fail;
    }
    return;
fail:
    emu_machine_end(m, EMU_END_ERROR, 1, err);
}

bool prof_session_attach(ProfSession *s, Dos *dos, EmuMachine *m, char *err, size_t errlen) {
    s->dos = dos;
    s->m = m;
    if (s->want_prf) {
        /* the program's size is known once it is loaded: check the histogram fits now */
        ProfPrfSetup u;
        ProfPrf t;
        setup_of(s, dos_facts(dos), DOS_CODE_SEG, &u);
        u.psp_seg = DOS_PSP_SEG;
        if (!prof_prf_init(&t, &u, err, errlen)) return false;
        prof_prf_free(&t);
    }
    dos_set_start_hook(dos, on_start, s);
    if (!dos_add_multiplex(dos, session_guest_mux, s)) {
        snprintf(err, errlen, "no INT 2Fh handler slot left for the profil service");
        return false;
    }
    return true;
}
