// semant_table.hh - a scoped symbol table for semantic analysis (Appel, section 5.1,
// "imperative style" environments).
//
// One hash map holds the visible binding of each name. bind() records in an undo log
// what it hid; endScope() replays the log back to the mark beginScope() left, so
// entering and leaving a scope costs O(bindings made in it), and a lookup is one
// hash probe whatever the nesting. Names are Symbols (base/symbol.hh): hashed and
// compared as pointers, 8 bytes in the map and in the log. The log grows by blocks (a
// deque): no copy of a long log at twice its size, as a vector's growth would make.
// The map is only searched, never iterated, so addresses never order anything.
//
//   beginScope()          marks:  [3]
//   bind("x", v1)         log:    ..., ("x", old or none)
//   endScope()            pops the log to 3, restoring each old binding
#pragma once

#include "base/symbol.hh"

#include <cstddef>
#include <deque>
#include <optional>
#include <unordered_map>
#include <utility>
#include <vector>

namespace tiger::semant {

template <class V> class ScopedTable {
public:
  // The visible binding of `name`, or null.
  const V* look(Symbol name) const {
    auto it = map_.find(name);
    return it == map_.end() ? nullptr : &it->second;
  }

  // Binds `name` in the current scope, hiding any outer binding until endScope().
  void bind(Symbol name, V value) {
    auto [it, fresh] = map_.try_emplace(name, std::move(value)); // moves only if fresh
    if (fresh) {
      log_.emplace_back(name, std::nullopt);
    } else {
      log_.emplace_back(name, std::move(it->second));
      it->second = std::move(value);
    }
  }

  void beginScope() { marks_.push_back(log_.size()); }

  // Undoes every bind() since the matching beginScope(), newest first.
  void endScope() {
    std::size_t mark = marks_.back();
    marks_.pop_back();
    while (log_.size() > mark) {
      auto& [name, old] = log_.back();
      auto it = map_.find(name);
      if (old)
        it->second = std::move(*old);
      else
        map_.erase(it);
      log_.pop_back();
    }
  }

private:
  std::unordered_map<Symbol, V> map_;
  std::deque<std::pair<Symbol, std::optional<V>>> log_;
  std::vector<std::size_t> marks_;
};

} // namespace tiger::semant
