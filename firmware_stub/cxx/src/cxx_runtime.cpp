// The C++ runtime support accsim's firmware SDK links into C++ firmware in place of libstdc++
// (which Debian does not ship for riscv64-unknown-elf; docs/firmware.md, "C++"): the allocating
// operators new/delete over picolibc's malloc, the pure/deleted virtual call traps and the
// function-local static guards. Static constructors need nothing here: crt0.S runs
// __libc_init_array (.preinit_array, .init_array), and picolibc's __cxa_atexit and __dso_handle
// register the destructors that exit() runs. Compiled with -fno-exceptions -fno-rtti, as the
// firmware is.
#include <stdio.h>
#include <stdlib.h>

#include <new>

#include "accsim/sim_control.h"

namespace {

// No exceptions: a failed allocation or a broken invariant ends the run with the firmware error
// code, after saying why on the console.
[[noreturn]] void fatal(const char* what) {
  printf("c++ runtime: %s\n", what);
  accsim_exit(3);
  for (;;) {
  }
}

void* allocate(size_t size) {
  void* p = malloc(size ? size : 1);
  if (!p) fatal("operator new: out of memory (the linker script's heap is exhausted)");
  return p;
}

}  // namespace

namespace std {
const nothrow_t nothrow{};
}  // namespace std

void* operator new(size_t size) { return allocate(size); }
void* operator new[](size_t size) { return allocate(size); }
void* operator new(size_t size, const std::nothrow_t&) noexcept { return malloc(size ? size : 1); }
void* operator new[](size_t size, const std::nothrow_t&) noexcept {
  return malloc(size ? size : 1);
}
void operator delete(void* p) noexcept { free(p); }
void operator delete[](void* p) noexcept { free(p); }
void operator delete(void* p, size_t) noexcept { free(p); }
void operator delete[](void* p, size_t) noexcept { free(p); }

extern "C" {

void __cxa_pure_virtual() { fatal("pure virtual function called"); }
void __cxa_deleted_virtual() { fatal("deleted virtual function called"); }

// Function-local statics: one hart and no threads, so the guard's first byte says "initialised"
// and the second "being initialised" (a recursive initialisation is a bug the standard leaves
// undefined; it is stopped here).
int __cxa_guard_acquire(uint32_t* guard) {
  uint8_t* bytes = reinterpret_cast<uint8_t*>(guard);
  if (bytes[0]) return 0;
  if (bytes[1]) fatal("recursive initialisation of a function-local static");
  bytes[1] = 1;
  return 1;
}

void __cxa_guard_release(uint32_t* guard) {
  uint8_t* bytes = reinterpret_cast<uint8_t*>(guard);
  bytes[0] = 1;
  bytes[1] = 0;
}

void __cxa_guard_abort(uint32_t* guard) { reinterpret_cast<uint8_t*>(guard)[1] = 0; }

}  // extern "C"
