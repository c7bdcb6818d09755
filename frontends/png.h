/* PNG files of a pixel buffer (8-bit RGB, zlib at level 9: the same pixels give the same bytes). */
#ifndef EMU86_PNG_H
#define EMU86_PNG_H

#include "fb.h"

#include <stdbool.h>
#include <stddef.h>

/* Writes fb, each pixel repeated scale x scale times, to path (written whole or not at all). */
bool png_write(const char *path, const Fb *fb, int scale, char *err, size_t errlen);

#endif
