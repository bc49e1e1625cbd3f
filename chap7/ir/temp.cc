// temp.cc - see temp.hh.
#include "chap7/ir/temp.hh"

#include <algorithm>
#include <charconv>

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

std::string_view Temp_label::text(char (&buf)[16]) const {
  if (key_ == 0) return {};
  if (!(key_ & 1)) return *reinterpret_cast<const std::string*>(key_);
  buf[0] = 'L';
  char* end = std::to_chars(buf + 1, buf + sizeof buf, number()).ptr;
  return {buf, static_cast<std::size_t>(end - buf)};
}

std::string Temp_label::str() const {
  char buf[16];
  return std::string(text(buf));
}

bool operator<(Temp_label a, Temp_label b) {
  char x[16], y[16];
  return a.text(x) < b.text(y);
}

Temp_label TempFactory::newLabel() {
  int n = nextLabel_++;
  while (static_cast<std::size_t>(n) < claimed_.size() && claimed_[n])
    n = nextLabel_++;
  return Temp_label::fresh(n);
}

Temp_label TempFactory::namedLabel(const std::string& name) {
  if (int n = freshNumber(name); n >= 0) {
    if (n >= nextLabel_) { // not made yet: newLabel must never make it
      claimed_.resize(std::max(claimed_.size(), static_cast<std::size_t>(n) + 1));
      claimed_[n] = true;
    }
    return Temp_label::fresh(n);
  }
  auto it = named_.find(name);
  if (it != named_.end()) return Temp_label::named(it->second);
  const std::string* p = &names_.emplace_back(name);
  named_.emplace(*p, p);
  return Temp_label::named(p);
}

std::string TempFactory::tempName(Temp_temp t) {
  if (t.num == Temp_temp::kFp) return "fp";
  if (t.num == Temp_temp::kRv) return "rv";
  return "t" + std::to_string(t.num);
}

} // namespace tiger
