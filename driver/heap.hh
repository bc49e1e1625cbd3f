// heap.hh - how tigerc's heap meets the operating system: address space for a big
// program's trees reserved in huge pages, and freed memory given back between stages.
// Both do nothing unless tigerc is linked with mimalloc (driver/CMakeLists.txt); with
// it, heap.cc also makes running out of memory a std::bad_alloc, not an abort.
#pragma once

#include <cstddef>

namespace tiger::driver {

// Before the front end: for a source of at least 4 MiB, the heap grows into address
// space reserved for it with transparent huge pages advised, so that the kernel maps
// memory 2 MiB at a time instead of 4 KiB (bench/README.md, "Huge pages"). Smaller
// sources, an address-space limit (`ulimit -v`), or a reservation the system refuses
// leave the heap as it is. For any source of 4 MiB or more, reserved or not, mimalloc
// keeps a freed span 300 ms (not 25) before giving it back: canon reuses those pages.
void prepareHeap(std::size_t sourceBytes);

// Gives back at once the free segments mimalloc keeps, so that what the next stage
// allocates is not counted on top of them in the peak; spans freed inside segments still
// in use go back on their own, after the decommit delay.
void releaseFreedMemory();

} // namespace tiger::driver
