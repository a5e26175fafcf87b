/* A bump allocator for the buffers the VTA reads and writes (instruction streams, micro-op
 * staging, blocked tensors), aligned to VTA element sizes. Operators allocate from a mark and
 * release back to it when done.
 *
 * vta_arena_after_heap() places the arena in main RAM after the linker script's heap
 * (__heap_end): that memory is neither part of the ELF nor zeroed by the startup code, so large
 * work buffers cost nothing until used. It must exist in the configuration's main_ram (the
 * shipped configs map 256 MiB; a smaller one gives an access fault naming the address). */
#ifndef ACCSIM_VTA_ARENA_H
#define ACCSIM_VTA_ARENA_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
  uintptr_t base;
  size_t size, used;
} vta_arena_t;

static inline void vta_arena_init(vta_arena_t* a, void* base, size_t size) {
  a->base = (uintptr_t)base;
  a->size = size;
  a->used = 0;
}

static inline void vta_arena_after_heap(vta_arena_t* a, size_t size) {
  extern char __heap_end[];
  const uintptr_t start = ((uintptr_t)__heap_end + 4095u) & ~(uintptr_t)4095u;
  vta_arena_init(a, (void*)start, size);
}

/* `bytes` aligned to `align` (a power of two), or NULL when the arena is exhausted. */
static inline void* vta_arena_alloc(vta_arena_t* a, size_t bytes, size_t align) {
  const uintptr_t p = (a->base + a->used + align - 1) & ~(uintptr_t)(align - 1);
  if (p + bytes > a->base + a->size) return NULL;
  a->used = p + bytes - a->base;
  return (void*)p;
}

static inline size_t vta_arena_mark(const vta_arena_t* a) { return a->used; }
static inline void vta_arena_release(vta_arena_t* a, size_t mark) { a->used = mark; }

#endif
