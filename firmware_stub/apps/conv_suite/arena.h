/* A bump allocator over main_ram beyond the linker script's 1 MiB heap: the full-size layers'
 * im2col buffers are several MiB. Nothing is freed. The app prints the size of every buffer it
 * takes from here: that is how each algorithm's extra memory is measured. */
#ifndef CONV_SUITE_ARENA_H
#define CONV_SUITE_ARENA_H

#include <stddef.h>

/* Aligned to the 32-byte cache line, so buffers never share a line. NULL when main_ram (the
 * default 256 MiB) is exhausted. */
void* arena_alloc(size_t bytes);
size_t arena_used(void);

#endif
