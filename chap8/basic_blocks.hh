// basic_blocks.hh - C_basicBlocks (declared in canon.hh), and the facts about a block
// that trace scheduling and the checkers share.
#pragma once

#include "chap8/canon.hh"

namespace tiger::canon {

// A statement that ends a basic block: JUMP or CJUMP.
bool isJump(const tree::Stm* s);
// The label a block starts with (LABEL l as its first statement), or a null label.
Temp_label blockLabel(const std::vector<T_stm>& block);

} // namespace tiger::canon
