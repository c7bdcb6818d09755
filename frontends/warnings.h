/* The guest's calls of functions emu86 does not have (emu_machine_set_warn): one line each on
 * stderr, "emu86: PROG: warning: ...", at once, or after the run while the terminal frontend
 * owns the terminal. */
#ifndef EMU86_WARNINGS_H
#define EMU86_WARNINGS_H

#include <stdbool.h>

#define WARNINGS_KEPT 64

typedef struct Warnings {
    const char *prog;
    bool defer;                  /* keep them until warnings_flush */
    char *kept[WARNINGS_KEPT];
    int n, dropped;
} Warnings;

/* An EmuWarn: ctx is a Warnings. */
void warnings_line(void *ctx, const char *line);
/* Print what was kept, and free it. */
void warnings_flush(Warnings *w);

#endif
