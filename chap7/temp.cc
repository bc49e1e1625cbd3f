// temp.cc - see temp.hh.
#include "chap7/temp.hh"

namespace tiger {

Temp_label TempFactory::newLabel() {
  // A user's name can never be "L<digits>" (function labels end in _<id>), but a
  // named label could be: skip numbers already taken so fresh labels stay fresh.
  for (;;) {
    std::string name = "L" + std::to_string(nextLabel_++);
    if (!interned_.count(name)) return namedLabel(name);
  }
}

Temp_label TempFactory::namedLabel(const std::string& name) {
  auto it = interned_.find(name);
  if (it != interned_.end()) return Temp_label{it->second};
  names_.push_back(name);
  const std::string* p = &names_.back();
  interned_.emplace(name, p);
  return Temp_label{p};
}

std::string TempFactory::tempName(Temp_temp t) {
  if (t.num == Temp_temp::kFp) return "fp";
  if (t.num == Temp_temp::kRv) return "rv";
  return "t" + std::to_string(t.num);
}

} // namespace tiger
