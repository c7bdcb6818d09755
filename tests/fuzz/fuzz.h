/* The libFuzzer entry point every fuzz target defines. */
#ifndef EMU86_FUZZ_H
#define EMU86_FUZZ_H
#include <stddef.h>
#include <stdint.h>
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
#endif
