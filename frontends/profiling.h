/* The profiling options of the command line, as a profiler session. */
#ifndef EMU86_FRONTEND_PROFILING_H
#define EMU86_FRONTEND_PROFILING_H

#include "options.h"
#include "profiler.h"

/* A session for the options (always: the guest-callable profil service needs one). NULL with
 * a one-line message and *status set (EXIT_USAGE for a bad value or an unreadable map,
 * EXIT_OUTPUT for an output that cannot be written). */
ProfSession *profiling_new(const Options *o, char *err, size_t errlen, int *status);

#endif
