// runtime.cc - see runtime.hh.
#include "chap7/runtime.hh"

namespace tiger::runtime {

bool isRuntimeFunction(std::string_view label) {
  for (std::string_view b : kBuiltins)
    if (b == label) return true;
  for (std::string_view h : kHelpers)
    if (h == label) return true;
  return false;
}

} // namespace tiger::runtime
