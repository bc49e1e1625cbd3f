// symbol.hh - interned names (Appel, section 5.1, symbol.h: S_symbol and S_Symbol).
//
// A Symbol is one pointer to the single copy of its text that a SymbolTable holds:
// the scanner makes one per identifier, and every name of the AST is one. Two symbols
// of one table are equal when their texts are, and then they are the same pointer, so
// comparing and hashing a symbol never reads its text, and a name costs its node 8
// bytes and no allocation of its own.
//
// Invariants: a Symbol points into its table for as long as the table lives (its
// strings never move); the default Symbol is the empty name, in no table. Hashing is by
// pointer: a container keyed by Symbol may be searched, but must not be iterated to
// produce output, whose order would then depend on addresses.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

namespace tiger {

class Symbol {
public:
  Symbol() = default; // the empty name
  const std::string& str() const { return *name_; }
  // Code written for names as strings (a lab answer's namedLabel(e.func)) still reads.
  operator const std::string&() const { return *name_; }
  bool empty() const { return name_->empty(); }
  friend bool operator==(Symbol a, Symbol b) { return a.name_ == b.name_; }
  friend std::ostream& operator<<(std::ostream& out, Symbol s);

private:
  friend class SymbolTable;
  friend struct std::hash<Symbol>;
  explicit Symbol(const std::string* name) : name_(name) {}
  static const std::string kEmpty;
  const std::string* name_ = &kEmpty;
};

// The symbols of one compilation: intern() gives the same Symbol for the same text.
// The texts sit in a deque, in blocks of their own; the index is an array of slots
// (open addressing, linear probing, at most half full), each a name's number in the
// deque and 32 bits of its hash, so a probe reads a text only when the bits match, and
// growing never reads one. Interning a name allocates nothing per name that could share
// a page with the AST's nodes: those pages empty out when Translate frees the AST, and
// the IR reuses them.
class SymbolTable {
public:
  Symbol intern(std::string_view text);

private:
  struct Slot {
    std::uint32_t hash = 0;
    std::uint32_t number = 0; // 1 + the name's index in names_; 0: a free slot
  };
  void grow();
  std::deque<std::string> names_; // never moves a string: symbols point here
  std::vector<Slot> slots_;       // a power of two in size
};

} // namespace tiger

template <> struct std::hash<tiger::Symbol> {
  std::size_t operator()(tiger::Symbol s) const noexcept {
    return std::hash<const void*>()(s.name_);
  }
};
