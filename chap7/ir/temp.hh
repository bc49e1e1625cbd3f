// temp.hh - temporaries and labels (Appel, chapter 6-7, temp.h).
//
// A Temp_temp is an abstract register; a Temp_label an abstract machine-code address.
// Both are numbered per compilation by a TempFactory, so dumps are deterministic:
// temps print as t100, t101, ... and fresh labels as L0, L1, ...
// Two temps are special: `fp` (the frame pointer) and `rv` (the return value).
#pragma once

#include <cstddef>
#include <cstdint>
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

// A label. A fresh one, L<n> (TempFactory::newLabel), is kept as its number n, with
// no text stored: a program of 10^6 lines makes millions of them, and their names
// would take 32 bytes each. Any other is the address of its name, interned by the
// TempFactory. Either way a label is one word, and two labels are equal when they are
// the same label.
class Temp_label {
public:
  Temp_label() = default; // no label
  explicit operator bool() const { return key_ != 0; }
  // n for the fresh label L<n>, -1 for a named one (or none).
  int number() const { return key_ & 1 ? static_cast<int>(key_ >> 1) : -1; }
  // "L12", or the name.
  std::string str() const;
  // The same text without allocating: a view of the name, or of `buf` for L<n>.
  std::string_view text(char (&buf)[16]) const;
  // What hashes the label: equal labels, equal keys.
  std::uintptr_t key() const { return key_; }
  friend bool operator==(Temp_label a, Temp_label b) { return a.key_ == b.key_; }
  // By their text, as the names sort.
  friend bool operator<(Temp_label a, Temp_label b);

private:
  friend class TempFactory;
  static Temp_label fresh(int n) { return Temp_label((std::uintptr_t(n) << 1) | 1); }
  static Temp_label named(const std::string* name) {
    return Temp_label(reinterpret_cast<std::uintptr_t>(name));
  }
  explicit Temp_label(std::uintptr_t key) : key_(key) {}
  // 0: none; odd: (n << 1) | 1 for L<n>; even: the address of the name (a std::string
  // is aligned to 8 bytes, so its address is even).
  std::uintptr_t key_ = 0;
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
  // The label with this exact name (the same label each time it is asked for; "L<n>",
  // spelled as newLabel spells it, is the label L<n>, which newLabel then never makes).
  Temp_label namedLabel(const std::string& name);
  // "t100", "fp", "rv".
  static std::string tempName(Temp_temp t);
  int tempCount() const { return nextTemp_ - 100; }

private:
  int nextTemp_ = 100;
  int nextLabel_ = 0;
  // A fresh label is a number: nothing is stored for it. A label "L<n>" read from a
  // dump sets claimed_[n], so newLabel skips n. Names live in a deque, which never
  // moves them (labels point at them).
  std::vector<bool> claimed_;
  std::deque<std::string> names_;
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
    return std::hash<std::uintptr_t>()(l.key());
  }
};
