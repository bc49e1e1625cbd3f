// heap.cc - the heap's release of freed memory (heap.hh), and the operator new that
// reports running out of memory as C++ does. Input and output: none but the heap's
// behaviour.
#include "driver/heap.hh"

#ifdef TIGER_MIMALLOC
#include <mimalloc.h>

#include <new>
#endif

namespace tiger::driver {

// Gives the memory the front end freed back to the system at once. mimalloc would
// otherwise keep those pages a while, and canon's trees would be counted on top of
// them in the peak.
void releaseFreedMemory() {
#ifdef TIGER_MIMALLOC
  mi_collect(true);
#endif
}

} // namespace tiger::driver

#ifdef TIGER_MIMALLOC
// mimalloc's own operator new aborts when memory runs out: compiled as C, it cannot see
// the C++ new handler. These replace it in tigerc and throw std::bad_alloc instead, as
// the standard asks, so that the interpreter reports "out of memory" (70) and the
// compiler exit 76 (runTigerc) under a memory limit, never SIGABRT. Deletion stays
// mimalloc's, which frees what mi_malloc gave.
void* operator new(std::size_t bytes) {
  if (void* p = mi_malloc(bytes)) return p;
  throw std::bad_alloc();
}

void* operator new[](std::size_t bytes) {
  if (void* p = mi_malloc(bytes)) return p;
  throw std::bad_alloc();
}

void* operator new(std::size_t bytes, std::align_val_t align) {
  if (void* p = mi_malloc_aligned(bytes, static_cast<std::size_t>(align))) return p;
  throw std::bad_alloc();
}

void* operator new[](std::size_t bytes, std::align_val_t align) {
  if (void* p = mi_malloc_aligned(bytes, static_cast<std::size_t>(align))) return p;
  throw std::bad_alloc();
}
#endif
