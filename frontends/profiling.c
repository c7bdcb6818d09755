/* The profiling options of the command line, as a profiler session. */
#include "profiling.h"

#include <stdio.h>
#include <string.h>

/* "PROGRAM ARGS..." for the callgrind header. */
static void command_of(const Options *o, char *out, size_t len) {
    size_t n = (size_t)snprintf(out, len, "%s", o->program);
    for (int i = 0; i < o->nargs && n < len; i++) n += (size_t)snprintf(out + n, len - n, " %s", o->args[i]);
}

ProfSession *profiling_new(const Options *o, char *err, size_t errlen, int *status) {
    static char command[4096];
    static ProfUnixRange ranges[MAX_RANGES];
    ProfSessionConfig c;
    memset(&c, 0, sizeof c);
    command_of(o, command, sizeof command);
    c.program = o->program;
    c.command = command;
    c.prf_path = o->profil;
    c.grain_us = o->grain;
    c.bucket_paras = o->bucket;
    c.sample_exact = o->sample_exact != 0;
    c.unix_path = o->unix_profil;
    c.flavour = PROF_UNIX_SYSV;
    if (o->profil_style) prof_unix_flavour_parse(o->profil_style, &c.flavour);
    if (o->nranges) c.flavour = PROF_UNIX_OSF;
    c.pc_mode = o->profil_pc_ip ? PROF_PC_IP : PROF_PC_LINEAR;
    c.offset_set = o->profil_offset_set;
    c.scale_set = o->profil_scale_set;
    c.bufsiz_set = o->profil_bufsiz_set;
    c.offset = o->profil_offset;
    c.scale = o->profil_scale;
    c.bufsiz = o->profil_bufsiz;
    for (int i = 0; i < o->nranges; i++)
        ranges[i] = (ProfUnixRange){o->ranges[i].low, o->ranges[i].high, o->ranges[i].low, o->ranges[i].scale};
    c.ranges = ranges;
    c.nranges = o->nranges;
    c.callgrind_path = o->exact_profile;
    c.folded_path = o->folded;
    c.plot_path = o->plot;
    c.map_path = o->map;
    c.map_origin = o->map_origin;
    c.live_prf = o->frontend && !strcmp(o->frontend, "sdl"); /* the window's profile panel */
    ProfSession *s = prof_session_new(&c, err, errlen);
    if (!s) {
        *status = EXIT_USAGE;
        return NULL;
    }
    if (!prof_session_check_outputs(s, err, errlen)) {
        prof_session_free(s);
        *status = EXIT_OUTPUT;
        return NULL;
    }
    return s;
}
