#include "arena.h"

#include <stdint.h>

/* From firmware_stub/link/vexriscv_arty.ld: the end of the heap, and main_ram's extent. */
extern char __heap_end[];
#define MAIN_RAM_END 0x50000000u /* 0x40000000 + 256 MiB */
#define ARENA_ALIGN 32u

static uintptr_t next;

void* arena_alloc(size_t bytes) {
  if (!next) next = ((uintptr_t)__heap_end + ARENA_ALIGN - 1) & ~(uintptr_t)(ARENA_ALIGN - 1);
  const uintptr_t start = next;
  const uintptr_t end = (start + bytes + ARENA_ALIGN - 1) & ~(uintptr_t)(ARENA_ALIGN - 1);
  if (end > MAIN_RAM_END || end < start) return NULL;
  next = end;
  return (void*)start;
}

size_t arena_used(void) {
  return next ? next - (((uintptr_t)__heap_end + ARENA_ALIGN - 1) & ~(uintptr_t)(ARENA_ALIGN - 1))
              : 0;
}
