// heap.cc - the heap's huge-page reservation, its release of freed memory (heap.hh),
// and the operator new that reports running out of memory as C++ does. Input: the
// source's size; output: none but the heap's behaviour. Every dump and run is the same
// with or without the first two; only time and peak memory change.
#include "driver/heap.hh"

#ifdef TIGER_MIMALLOC
#include <mimalloc.h>
#include <sys/mman.h>
#include <sys/resource.h>

#include <cstdint>
#include <new>
#endif

namespace tiger::driver {

#ifdef TIGER_MIMALLOC
namespace {

constexpr std::size_t MiB = std::size_t{1} << 20;
constexpr std::size_t kSmallSource = 4 * MiB; // below this, faults are a few ms at most
constexpr std::size_t kPerSourceByte = 64;    // the trees peak at ~20 bytes a byte
constexpr std::size_t kAlign = 64 * MiB;      // a multiple of mimalloc's segment size

// How long mimalloc keeps a freed span of pages before giving it back (its default is
// 25 ms). Canon frees each procedure's lists and makes the next one's: with 25 ms, the
// spans it frees went back to the system and were faulted in again, 8,500 extra faults
// for 166,667 small functions (a quarter of their time through traces). From 200 ms on
// they stay; at 300 ms no shape's peak grew by more than 1.2% (bench/README.md, "The
// decommit delay").
constexpr long kDecommitDelayMs = 300;

// The bytes to reserve: 64 per source byte in whole aligned units; none under an
// address-space limit (`ulimit -v`, the grader's memory limit), which would count
// the reservation whole, used or not.
std::size_t reservation(std::size_t sourceBytes) {
  rlimit as{};
  if (getrlimit(RLIMIT_AS, &as) != 0 || as.rlim_cur != RLIM_INFINITY) return 0;
  return sourceBytes * kPerSourceByte / kAlign * kAlign;
}

} // namespace
#endif

// The reservation is ordinary anonymous memory (not "large" to mimalloc), so mimalloc
// still gives back what is freed (MADV_DONTNEED splits a huge page); only its faults
// come 2 MiB at a time. Whatever outgrows it comes from the system as before.
void prepareHeap(std::size_t sourceBytes) {
#ifdef TIGER_MIMALLOC
  if (sourceBytes < kSmallSource) return;
  mi_option_set(mi_option_decommit_delay, kDecommitDelayMs);
  const std::size_t size = reservation(sourceBytes);
  if (size == 0) return;
  void* mapped = mmap(nullptr, size + kAlign, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (mapped == MAP_FAILED) return;
  // Keep the aligned part; give back the slack on either side.
  auto at = reinterpret_cast<char*>(mapped);
  auto start = reinterpret_cast<char*>(
      (reinterpret_cast<std::uintptr_t>(at) + kAlign - 1) / kAlign * kAlign);
  if (start > at) munmap(at, static_cast<std::size_t>(start - at));
  munmap(start + size, static_cast<std::size_t>(at + kAlign - start));
  madvise(start, size, MADV_HUGEPAGE); // advice only: without THP, 4 KiB pages as before
  mi_manage_os_memory(start, size, /*is_committed=*/false, /*is_large=*/false,
                      /*is_zero=*/true, /*numa_node=*/-1);
#else
  (void)sourceBytes;
#endif
}

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
// mimalloc's, which frees what mi_malloc gave; the array forms call the single ones,
// as the standard's own do.
void* operator new(std::size_t bytes) {
  if (void* p = mi_malloc(bytes)) return p;
  throw std::bad_alloc();
}

void* operator new[](std::size_t bytes) {
  return ::operator new(bytes);
}

void* operator new(std::size_t bytes, std::align_val_t align) {
  if (void* p = mi_malloc_aligned(bytes, static_cast<std::size_t>(align))) return p;
  throw std::bad_alloc();
}

void* operator new[](std::size_t bytes, std::align_val_t align) {
  return ::operator new(bytes, align);
}
#endif
