/* The two things emu86 does: run a program (with its profiles), or a subcommand. */
#ifndef EMU86_RUN_H
#define EMU86_RUN_H

#include "options.h"

int run_program(const Options *o);
int run_report(int argc, char **argv);

#endif
