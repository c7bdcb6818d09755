/* The program to run, found as COMMAND.COM finds it: the name as given if it is a file, else,
 * when it has no extension, NAME.COM, then NAME.EXE in its folder (case-insensitively). */
#ifndef EMU86_PROGPATH_H
#define EMU86_PROGPATH_H

#include <stddef.h>

/* The path to load into out: the name as given when nothing else is found (the loader then
 * says it is missing). */
void progpath_find(const char *given, char *out, size_t outlen);

#endif
