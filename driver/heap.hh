// heap.hh - how tigerc's heap meets the operating system: freed memory given back
// between stages. It does nothing unless tigerc is linked with mimalloc
// (driver/CMakeLists.txt); with it, heap.cc also makes running out of memory a
// std::bad_alloc, not an abort.
#pragma once

#include <cstddef>

namespace tiger::driver {

// Gives the memory freed so far back to the system at once, so that what the next
// stage allocates is not counted on top of it in the peak.
void releaseFreedMemory();

} // namespace tiger::driver
