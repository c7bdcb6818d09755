/* Warnings about the guest's calls (see warnings.h). */
#include "warnings.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void warnings_line(void *ctx, const char *line) {
    Warnings *w = ctx;
    if (!w->defer) {
        fprintf(stderr, "emu86: %s: warning: %s\n", w->prog, line);
        return;
    }
    char *copy = w->n < WARNINGS_KEPT ? strdup(line) : NULL;
    if (copy) w->kept[w->n++] = copy;
    else w->dropped++;
}

void warnings_flush(Warnings *w) {
    for (int i = 0; i < w->n; i++) {
        fprintf(stderr, "emu86: %s: warning: %s\n", w->prog, w->kept[i]);
        free(w->kept[i]);
    }
    if (w->dropped) fprintf(stderr, "emu86: %s: warning: and %d more\n", w->prog, w->dropped);
    w->n = w->dropped = 0;
}
