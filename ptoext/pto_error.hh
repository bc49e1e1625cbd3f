// pto_error.hh - PtoError, the error every stage of the ptoext pipeline throws when its
// input breaks an invariant (an internal failure, never a user's mistake).
//
// Input: the message saying what broke. Output: none; the pass manager (pass_manager.hh)
// and the pipeline (ptoext.cc) catch it and report it as an internal error (exit 77).
#pragma once

#include <stdexcept>

namespace tiger::pto {

// An internal failure of a ptoext pass (a broken invariant of its input).
struct PtoError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

} // namespace tiger::pto
