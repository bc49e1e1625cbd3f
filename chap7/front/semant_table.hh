// semant_table.hh - a scoped symbol table for semantic analysis (Appel, section 5.1,
// "imperative style" environments).
//
// One hash map holds the visible binding of each name. bind() records in an undo log
// what it hid; endScope() replays the log back to the mark beginScope() left, so
// entering and leaving a scope costs O(bindings made in it), and a lookup is one
// hash probe whatever the nesting. The log names each binding by its key in the map
// (a node's key stays where it is until the node is erased, which only its own log
// entry does), not by a copy of the name, and grows by blocks (a deque): no copy of a
// long log at twice its size, as a vector's growth would make.
//
//   beginScope()          marks:  [3]
//   bind("x", v1)         log:    ..., ("x", old or none)
//   endScope()            pops the log to 3, restoring each old binding
#pragma once

#include <cstddef>
#include <deque>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace tiger::semant {

template <class V> class ScopedTable {
public:
  // The visible binding of `name`, or null.
  const V* look(const std::string& name) const {
    auto it = map_.find(name);
    return it == map_.end() ? nullptr : &it->second;
  }

  // Binds `name` in the current scope, hiding any outer binding until endScope().
  void bind(const std::string& name, V value) {
    auto [it, fresh] = map_.try_emplace(name, std::move(value)); // moves only if fresh
    if (fresh) {
      log_.emplace_back(&it->first, std::nullopt);
    } else {
      log_.emplace_back(&it->first, std::move(it->second));
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
      auto it = map_.find(*name);
      if (old)
        it->second = std::move(*old);
      else
        map_.erase(it);
      log_.pop_back();
    }
  }

private:
  std::unordered_map<std::string, V> map_;
  std::deque<std::pair<const std::string*, std::optional<V>>> log_; // keys of map_
  std::vector<std::size_t> marks_;
};

} // namespace tiger::semant
