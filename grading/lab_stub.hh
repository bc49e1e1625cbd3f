// lab_stub.hh - what a lab handout's stubs call (labs/README.md, "Markers"): the body of a
// function the student has still to write, and of a later lab's function.
//
// Input: the lab, the function and its file, as the stub names them (labs/handout/
// markers.py writes each stub and inserts the include of this header). Output: a message
// on stderr and the end of tigerc with ExitCode::LabStub (78). The reference never
// includes this header; only the sources a handout cuts do. Header-only: a stub in any
// stage's library calls it without that library linking the grading layer.
#pragma once

#include "base/diag.hh"

#include <cstdlib>
#include <iostream>
#include <string>

namespace tiger {

[[noreturn]] inline void stopAtLabStub(const std::string& message) {
  std::cout.flush();
  std::cerr << "tigerc: " << message << "\n";
  std::cerr.flush();
  std::_Exit(static_cast<int>(ExitCode::LabStub));
}

// The body of a function a lab student has still to write (labs/README.md): prints
//   tigerc: lab canon: write reorder() in chap8/linearize.cc
// on stderr, flushes stdout and ends tigerc with ExitCode::LabStub. Only handouts call it.
[[noreturn]] inline void labUnwritten(const char* lab, const char* what,
                                      const char* file) {
  stopAtLabStub(std::string("lab ") + lab + ": write " + what + " in " + file);
}
// A stub passes the function's parameters too, so that none is unused until written.
template <class... Given>
[[noreturn]] void labUnwritten(const char* lab, const char* what, const char* file,
                               const Given&...) {
  labUnwritten(lab, what, file);
}

// The same for a later lab's function, which a handout does not give away: prints
//   tigerc: C_basicBlocks() in chap8/basic_blocks.cc is lab traces, a later lab: ...
// and ends tigerc with ExitCode::LabStub.
[[noreturn]] inline void labLater(const char* lab, const char* what, const char* file) {
  stopAtLabStub(std::string(what) + " in " + file + " is lab " + lab +
                ", a later lab: stop before it (--emit or --run-at an earlier stage)");
}
template <class... Given>
[[noreturn]] void labLater(const char* lab, const char* what, const char* file,
                           const Given&...) {
  labLater(lab, what, file);
}

} // namespace tiger
