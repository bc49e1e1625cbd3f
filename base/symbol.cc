// symbol.cc - interned names; see symbol.hh.
#include "base/symbol.hh"

#include <ostream>

namespace tiger {

const std::string Symbol::kEmpty;

std::ostream& operator<<(std::ostream& out, Symbol s) {
  return out << s.str();
}

// The empty text is the default Symbol, so every empty name compares equal to it.
// Otherwise: the slot of `text`, probing from its hash, holds it or is free.
Symbol SymbolTable::intern(std::string_view text) {
  if (text.empty()) return Symbol();
  if (2 * (names_.size() + 1) > slots_.size()) grow();
  auto hash = static_cast<std::uint32_t>(std::hash<std::string_view>()(text));
  std::size_t mask = slots_.size() - 1;
  std::size_t i = hash & mask;
  for (; slots_[i].number; i = (i + 1) & mask) {
    if (slots_[i].hash != hash) continue;
    const std::string& name = names_[slots_[i].number - 1];
    if (name == text) return Symbol(&name);
  }
  names_.emplace_back(text);
  slots_[i] = Slot{hash, static_cast<std::uint32_t>(names_.size())};
  return Symbol(&names_.back());
}

// Doubles the slots (64 at first) and places every name again by its hash bits.
void SymbolTable::grow() {
  std::vector<Slot> old(slots_.empty() ? 64 : 2 * slots_.size());
  old.swap(slots_);
  std::size_t mask = slots_.size() - 1;
  for (Slot s : old) {
    if (!s.number) continue;
    std::size_t i = s.hash & mask;
    while (slots_[i].number)
      i = (i + 1) & mask;
    slots_[i] = s;
  }
}

} // namespace tiger
