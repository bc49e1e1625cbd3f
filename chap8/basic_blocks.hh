// basic_blocks.hh - C_basicBlocks (declared in canon.hh), and the facts about a block
// that trace scheduling and the checkers share: its label, its jump, its number by label.
#pragma once

#include "chap8/canon.hh"

#include <cstdint>
#include <unordered_map>

namespace tiger::canon {

// A statement that ends a basic block: JUMP or CJUMP.
bool isJump(const tree::Stm* s);
// The label a block starts with (LABEL l as its first statement), or a null label.
Temp_label blockLabel(const std::vector<T_stm>& block);

// Which block each label starts, in one function's list of blocks: the block's number
// in the list (the last one when two start with the same label), or kNoBlock. The labels
// L<n> (all of them unless the blocks come from a dump) are found by their number in a
// vector, 4 bytes a number of the range the function's labels span, when that range is
// less than twice the count of blocks (a hash map takes 40 or more bytes a label); the
// others are found in a hash map.
class BlockIndex {
public:
  static constexpr std::size_t kNoBlock = static_cast<std::size_t>(-1);
  explicit BlockIndex(const std::vector<const std::vector<T_stm>*>& blocks);
  std::size_t find(Temp_label l) const;

private:
  int first_ = 0;                       // the label number byNumber_[0] stands for
  std::vector<std::uint32_t> byNumber_; // block + 1; 0: no block starts with that label
  // The other labels; looked up, never iterated.
  std::unordered_map<Temp_label, std::size_t> byName_;
};

} // namespace tiger::canon
