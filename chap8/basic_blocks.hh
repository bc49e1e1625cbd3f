// basic_blocks.hh - C_basicBlocks (declared in canon.hh), and the facts about a block
// that trace scheduling and the checkers share: its label, its jump, its number by label.
#pragma once

#include "chap8/canon.hh"

#include <cstdint>

namespace tiger::canon {

// A statement that ends a basic block: JUMP or CJUMP.
bool isJump(const tree::Stm* s);
// The label a block starts with (LABEL l as its first statement), or a null label.
Temp_label blockLabel(const std::vector<T_stm>& block);

// Which block each label starts, in one function's list of blocks: the block's number
// in the list (the last one when two start with the same label), or kNoBlock. When the
// labels are all L<n> and their numbers span less than twice as many as there are
// blocks, a vector indexed by the number; otherwise a flat table, open addressing on the
// label's key with twice as many slots as blocks (canon numbers its labels after all of
// Translate's, so most functions' labels span no dense range). Either way one
// allocation a function and 4 bytes a slot: a hash map made one allocation a label.
class BlockIndex {
public:
  static constexpr std::size_t kNoBlock = static_cast<std::size_t>(-1);
  using Blocks = std::vector<const std::vector<T_stm>*>;
  explicit BlockIndex(const Blocks& blocks);
  std::size_t find(Temp_label l) const;

private:
  std::size_t home(Temp_label l) const; // the table's first slot for l
  std::size_t next(std::size_t k) const { return (k + 1) & (slots_.size() - 1); }
  const Blocks& blocks_;
  int first_ = -1;                   // by number: slots_[n - first_]; -1: a table
  std::vector<std::uint32_t> slots_; // block + 1; 0: none
};

} // namespace tiger::canon
