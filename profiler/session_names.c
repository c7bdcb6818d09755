/* The names of a run's routines, for every output: the map's (if one was given), then those
 * found in the program itself. At the program's first instruction the session keeps a copy of
 * its image (relocated, as DOS loaded it) and of the vector table; every SESSION_WATCH_TICKS
 * samples it looks for vectors the program set to its own code (the handlers that can take
 * samples);
 * at the end the image is scanned from its entry point, those handlers and (with the exact
 * profile) every CALL target and interrupt handler the run entered (prof_discover). Nothing
 * here runs per instruction. */
#include "exact_internal.h"
#include "session_internal.h"

#include <stdlib.h>
#include <string.h>

enum { IVT_BYTES = 1024 };

bool session_names_start(ProfSession *s) {
    const uint8_t *mem = emu_machine_mem(s->m);
    const EmuCpu *c = emu_machine_cpu(s->m);
    ProfImage *im = &s->snap;
    memset(im, 0, sizeof *im);
    im->load_seg = s->facts.image_para;
    im->is_exe = s->facts.is_exe;
    im->entry_cs = c->sreg[EMU_CS];
    im->entry_ip = c->ip;
    uint32_t base = (uint32_t)im->load_seg * 16u, size = (uint32_t)s->prog_paras * 16u;
    if (base >= EMU_MEM_SIZE) size = 0;
    else if (size > EMU_MEM_SIZE - base) size = EMU_MEM_SIZE - base;
    im->bytes = malloc(size ? size : 1);
    if (!im->bytes) return false;
    memcpy(im->bytes, mem + base, size);
    im->size = size;
    memcpy(s->ivt_seen, mem, IVT_BYTES);
    return true;
}

static void add_entry(ProfSession *s, uint16_t cs, uint16_t ip, ProfRoutineKind kind, uint8_t vec) {
    for (size_t i = 0; i < s->ninstalled; i++)
        if (s->installed[i].cs == cs && s->installed[i].ip == ip && s->installed[i].kind == kind &&
            s->installed[i].vector == vec)
            return;
    if (s->ninstalled == s->installed_cap) {
        size_t cap = s->installed_cap ? s->installed_cap * 2 : 16;
        ProfEntryPoint *e = realloc(s->installed, cap * sizeof *e);
        if (!e) return;
        s->installed = e;
        s->installed_cap = cap;
    }
    s->installed[s->ninstalled++] = (ProfEntryPoint){cs, ip, (uint8_t)kind, vec};
}

/* Is cs:ip in the program's image? */
static bool in_image(const ProfSession *s, uint16_t cs, uint16_t ip) {
    uint32_t lin = emu_linear(cs, ip), base = (uint32_t)s->snap.load_seg * 16u;
    return lin >= base && lin - base < s->snap.size;
}

/* The vectors that changed since the last look: those now pointing into the program are
 * entries (kept out of line: the caller then saves no registers). */
__attribute__((noinline)) static void note_vectors(ProfSession *s, const uint8_t *mem) {
    for (unsigned v = 0; v < 256; v++) {
        if (!memcmp(mem + 4 * v, s->ivt_seen + 4 * v, 4)) continue;
        uint16_t ip = (uint16_t)(mem[4 * v] | mem[4 * v + 1] << 8), cs = (uint16_t)(mem[4 * v + 2] | mem[4 * v + 3] << 8);
        if (in_image(s, cs, ip)) add_entry(s, cs, ip, PROF_ROUTINE_VECTOR, (uint8_t)v);
    }
    memcpy(s->ivt_seen, mem, IVT_BYTES);
}

/* Every SESSION_WATCH_TICKS samples (not with every batch: a batch can be a single tick, and
 * 1 KB compared per tick was a quarter of --profil's cost on FIND): the table compared whole;
 * it is mostly unchanged. */
void session_names_watch(ProfSession *s) {
    const uint8_t *mem = emu_machine_mem(s->m);
    if (s->snap.bytes && memcmp(mem, s->ivt_seen, IVT_BYTES)) note_vectors(s, mem);
}

bool session_names_make(ProfSession *s) {
    prof_map_free(&s->names);
    if (!s->snap.bytes) return true;
    session_names_watch(s); /* the vectors as the run left them */
    if (s->exact) {
        for (size_t i = 1; i < s->exact->nnodes; i++) {
            uint32_t fn = s->exact->node[i].fn;
            if (in_image(s, (uint16_t)(fn >> 16), (uint16_t)fn))
                add_entry(s, (uint16_t)(fn >> 16), (uint16_t)fn, PROF_ROUTINE_CALL, 0);
        }
        for (size_t i = 0; i < s->nvec_calls; i++) {
            uint32_t a = s->vec_calls[i].csip;
            if (in_image(s, (uint16_t)(a >> 16), (uint16_t)a))
                add_entry(s, (uint16_t)(a >> 16), (uint16_t)a, PROF_ROUTINE_VECTOR, s->vec_calls[i].vec);
        }
    }
    ProfMap found;
    if (!prof_discover(&s->snap, s->installed, s->ninstalled, &found)) return false;
    bool ok = prof_map_merge(&s->names, s->have_map ? &s->map : NULL) && prof_map_merge(&s->names, &found);
    s->names.kind = "names";
    prof_map_free(&found);
    return ok;
}
