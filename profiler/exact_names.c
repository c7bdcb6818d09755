/* Names of functions in the exact profile: from the map, the system's entry points, else
 * SSSS:OOOO. */
#include "exact_internal.h"

#include <stdio.h>

void exact_name(const ProfNamer *n, uint32_t csip, char *out, size_t outlen) {
    uint32_t lin = exact_linear(csip);
    if (n && n->map && lin >= n->base && lin - n->base < n->size) {
        uint32_t rel = lin - n->base;
        const ProfSymbol *s = prof_map_lookup(n->map, rel);
        if (s) {
            if (s->addr == rel) snprintf(out, outlen, "%s", s->name);
            else snprintf(out, outlen, "%s+0x%X", s->name, (unsigned)(rel - s->addr));
            return;
        }
    }
    if (n && n->sys) {
        const ProfSymbol *s = prof_map_lookup(n->sys, lin);
        if (s && s->addr == lin) {
            snprintf(out, outlen, "%s", s->name);
            return;
        }
    }
    snprintf(out, outlen, "%04X:%04X", (unsigned)(csip >> 16), (unsigned)(csip & 0xFFFF));
}
