// effect_hash.cc - see effect_hash.hh.
#include "grading/effect_hash.hh"

#include <cstdio>

namespace tiger::effects {

ByteRun::ByteRun(std::string_view bytes) {
  for (std::size_t k = 0; k < bytes.size(); ++k)
    power_ *= kPrime;
  for (std::uint64_t low = 0; low < rest_.size(); ++low) {
    std::uint64_t h = low;
    for (char c : bytes)
      h = fnv(h, static_cast<unsigned char>(c));
    rest_[low] = h - low * power_;
  }
}

std::string_view unnumbered(std::string_view label) {
  std::size_t end = label.find_last_not_of("0123456789");
  return end != std::string_view::npos && end + 1 < label.size() && label[end] == '_'
             ? label.substr(0, end)
             : label;
}

std::string hex(std::int64_t v) {
  char text[24];
  std::snprintf(text, sizeof text, "0x%llx",
                static_cast<unsigned long long>(static_cast<std::uint64_t>(v)));
  return text;
}

std::string shown(std::int64_t v) {
  return isAddress(v) ? hex(v) : std::to_string(v);
}

std::string callLine(std::string_view name, const std::int64_t* args, std::size_t n,
                     bool hide) {
  std::string line = "call " + std::string(name) + "(";
  for (std::size_t k = 0; k < n; ++k) {
    if (k) line += ", ";
    line += hide && isAddress(args[k]) ? "_" : shown(args[k]);
  }
  return line + ")";
}

std::string summary(std::uint64_t count, std::uint64_t hash) {
  char text[64];
  std::snprintf(text, sizeof text, "effects: %llu, hash %016llx",
                static_cast<unsigned long long>(count),
                static_cast<unsigned long long>(hash));
  return text;
}

} // namespace tiger::effects
