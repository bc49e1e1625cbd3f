// temp.cc - see temp.hh.
#include "chap7/ir/temp.hh"

#include <algorithm>

namespace tiger {

namespace {

// n when `name` is "L<n>" as newLabel spells it (no sign, no leading zero), else -1.
int freshNumber(std::string_view name) {
  if (name.size() < 2 || name.size() > 10 || name[0] != 'L' ||
      (name[1] == '0' && name.size() > 2))
    return -1;
  int n = 0;
  for (char c : name.substr(1)) {
    if (c < '0' || c > '9') return -1;
    n = n * 10 + (c - '0');
  }
  return n;
}

} // namespace

Temp_label TempFactory::newLabel() {
  int n = nextLabel_++;
  while (static_cast<std::size_t>(n) < claimed_.size() && claimed_[n])
    n = nextLabel_++;
  fresh_.resize(n + 1); // a number skipped, taken by a name, keeps an empty string
  fresh_[n] = "L" + std::to_string(n);
  return Temp_label{&fresh_[n]};
}

Temp_label TempFactory::namedLabel(const std::string& name) {
  int n = freshNumber(name);
  if (n >= 0 && static_cast<std::size_t>(n) < fresh_.size() && !fresh_[n].empty())
    return Temp_label{&fresh_[n]};
  auto it = named_.find(name);
  if (it != named_.end()) return Temp_label{it->second};
  if (n >= 0) {
    claimed_.resize(std::max(claimed_.size(), static_cast<std::size_t>(n) + 1));
    claimed_[n] = true;
  }
  const std::string* p = &names_.emplace_back(name);
  named_.emplace(*p, p);
  return Temp_label{p};
}

int TempFactory::labelNumber(Temp_label l) const {
  int n = l.name ? freshNumber(*l.name) : -1;
  bool fresh =
      n >= 0 && static_cast<std::size_t>(n) < fresh_.size() && &fresh_[n] == l.name;
  return fresh ? n : -1;
}

std::string TempFactory::tempName(Temp_temp t) {
  if (t.num == Temp_temp::kFp) return "fp";
  if (t.num == Temp_temp::kRv) return "rv";
  return "t" + std::to_string(t.num);
}

} // namespace tiger
