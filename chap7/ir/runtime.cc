// runtime.cc - see runtime.hh.
#include "chap7/ir/runtime.hh"

namespace tiger::runtime {

std::optional<int> find(std::string_view label) {
  return builtins::find(label);
}

} // namespace tiger::runtime
