// runtime.cc - see runtime.hh.
#include "chap7/ir/runtime.hh"

#include <iterator>

namespace tiger::runtime {

std::optional<int> find(std::string_view label) {
  for (int i = 0; i < static_cast<int>(std::size(kFunctions)); ++i)
    if (kFunctions[i].name == label) return i;
  return std::nullopt;
}

} // namespace tiger::runtime
