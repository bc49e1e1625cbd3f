// lab_stub.hh - what a lab handout's stubs call (labs/README.md, "Markers"): the body of a
// function the student has still to write, and of a later lab's function.
//
// Input: the lab, the function and its file, as the stub names them (labs/handout/
// markers.py writes each stub and inserts the include of this header). Output: a message
// on stderr and the end of tigerc with ExitCode::LabStub (78). The reference never
// includes this header; only the sources a handout cuts do.
#pragma once

namespace tiger {

// The body of a function a lab student has still to write (labs/README.md): prints
//   tigerc: lab canon: write reorder() in chap8/linearize.cc
// on stderr, flushes stdout and ends tigerc with ExitCode::LabStub. Only handouts call it.
[[noreturn]] void labUnwritten(const char* lab, const char* what, const char* file);
// A stub passes the function's parameters too, so that none is unused until written.
template <class... Given>
[[noreturn]] void labUnwritten(const char* lab, const char* what, const char* file,
                               const Given&...) {
  labUnwritten(lab, what, file);
}

// The same for a later lab's function, which a handout does not give away: prints
//   tigerc: C_basicBlocks() in chap8/basic_blocks.cc is lab traces, a later lab: ...
// and ends tigerc with ExitCode::LabStub.
[[noreturn]] void labLater(const char* lab, const char* what, const char* file);
template <class... Given>
[[noreturn]] void labLater(const char* lab, const char* what, const char* file,
                           const Given&...) {
  labLater(lab, what, file);
}

} // namespace tiger
