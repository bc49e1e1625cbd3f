// temp.hh - temporaries and labels (Appel, chapter 6-7, temp.h).
//
// A Temp_temp is an abstract register; a Temp_label an abstract machine-code address.
// Both are numbered per compilation by a TempFactory, so dumps are deterministic:
// temps print as t100, t101, ... and fresh labels as L0, L1, ...
// Two temps are special: `fp` (the frame pointer) and `rv` (the return value).
#pragma once

#include <cstddef>
#include <deque>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace tiger {

struct Temp_temp {
  int num = -1; // >= 100 for ordinary temps; kFp and kRv for the special ones
  static constexpr int kFp = 0;
  static constexpr int kRv = 1;
  friend bool operator==(Temp_temp a, Temp_temp b) { return a.num == b.num; }
  friend bool operator<(Temp_temp a, Temp_temp b) { return a.num < b.num; }
};

// An interned name: two labels are equal when they are the same object.
struct Temp_label {
  const std::string* name = nullptr;
  const std::string& str() const { return *name; }
  friend bool operator==(Temp_label a, Temp_label b) { return a.name == b.name; }
  friend bool operator<(Temp_label a, Temp_label b) { return *a.name < *b.name; }
};

// Makes the temps and labels of one compilation.
class TempFactory {
public:
  Temp_temp newTemp() { return Temp_temp{nextTemp_++}; }
  // Marks t as taken (a temp read from a dump), so newTemp() never returns it.
  void reserve(Temp_temp t) { nextTemp_ = t.num >= nextTemp_ ? t.num + 1 : nextTemp_; }
  Temp_temp fp() const { return Temp_temp{Temp_temp::kFp}; }
  Temp_temp rv() const { return Temp_temp{Temp_temp::kRv}; }
  // A fresh label L<n>.
  Temp_label newLabel();
  // The label with this exact name (the same object each time it is asked for).
  Temp_label namedLabel(const std::string& name);
  // n when l is the label L<n> that newLabel() made; -1 for any other (a named label,
  // or none). A number is as good as the label for indexing: see canon's BlockIndex.
  int labelNumber(Temp_label l) const;
  // "t100", "fp", "rv".
  static std::string tempName(Temp_temp t);
  int tempCount() const { return nextTemp_ - 100; }

private:
  int nextTemp_ = 100;
  int nextLabel_ = 0;
  // A fresh label "L<n>" is never hashed: it is fresh_[n], found by number, and
  // namedLabel looks there first for a name of that form. A named "L<n>" made before
  // (a label read from a dump) sets claimed_[n], so newLabel skips n (fresh_[n] stays
  // ""). Deques never move their strings (labels point at them) nor double their size.
  std::deque<std::string> fresh_; // the labels newLabel made, by number
  std::deque<std::string> names_; // the others
  std::vector<bool> claimed_;
  std::unordered_map<std::string_view, const std::string*> named_; // views of names_
};

} // namespace tiger

template <> struct std::hash<tiger::Temp_temp> {
  std::size_t operator()(tiger::Temp_temp t) const noexcept {
    return std::hash<int>()(t.num);
  }
};
template <> struct std::hash<tiger::Temp_label> {
  std::size_t operator()(tiger::Temp_label l) const noexcept {
    return std::hash<const void*>()(l.name);
  }
};
