// basic_blocks.cc - C_basicBlocks (Appel 8.2; docs/canon.md, "Basic blocks").
//
// Input: a list of canonical statements (C_linearize's output).
// Output: C_block{blocks, done}: each block starts with its only LABEL and ends with its
// only JUMP or CJUMP; labels are unique; the last block jumps to the fresh label `done`,
// which no block defines (C_traceSchedule puts LABEL done at the very end).
//
// One scan, left to right, with `cur` the block being filled:
//
//   LABEL l      a block starts here; if `cur` is open, close it with JUMP(NAME l)
//   JUMP/CJUMP   closes `cur`
//   other        goes into `cur`; if no block is open (at the start, or dead code after a
//                jump), a new block opens with a fresh LABEL
//   end          if `cur` is open, close it with JUMP(NAME done)
//
//     MOVE a         LABEL L0        <- fresh label
//     LABEL L1  =>   MOVE a
//     CJUMP .. L1    JUMP(NAME L1)   <- inserted: fall-through made explicit
//                    LABEL L1
//                    CJUMP .. L1
#include "chap8/basic_blocks.hh"

#include "chap8/explain.hh"

#include <algorithm>

namespace tiger::canon {

using tree::cast;

bool isJump(const tree::Stm* s) {
  return s && (s->kind == tree::StmKind::JUMP || s->kind == tree::StmKind::CJUMP);
}

Temp_label blockLabel(const std::vector<T_stm>& block) {
  auto* l = block.empty() ? nullptr : cast<tree::Label>(block.front());
  return l ? l->label : Temp_label{};
}

C_block C_basicBlocks(Context& cx, const std::vector<T_stm>& stmList) {
  // LAB traces BEGIN C_basicBlocks()
  C_block b{{}, cx.temps.newLabel()};
  std::vector<T_stm> cur;
  auto close = [&](T_stm last) {
    cur.push_back(last);
    b.stmLists.push_back(std::move(cur));
    cur.clear();
  };
  for (T_stm s : stmList) {
    if (auto* l = cast<tree::Label>(s)) {
      if (!cur.empty()) close(cx.arena.Jump(l->label));
      cur.push_back(s);
      continue;
    }
    if (cur.empty()) cur.push_back(cx.arena.Label(cx.temps.newLabel()));
    if (isJump(s))
      close(s);
    else
      cur.push_back(s);
  }
  if (!cur.empty()) close(cx.arena.Jump(b.label));
  if (cx.opts.explain)
    explain::note(*cx.opts.explain, "basic blocks: " + std::to_string(b.stmLists.size()) +
                                        " blocks, done label " + b.label.str());
  return b;
  // LAB END
}

// BlockIndex (basic_blocks.hh). The table: linear probing from a Fibonacci hash.
BlockIndex::BlockIndex(const Blocks& blocks) : blocks_(blocks) {
  // Each block's label, read once: it sits in the block's first statement, two
  // pointers away.
  std::vector<Temp_label> labels(blocks.size());
  int lo = -1, hi = -1; // the range of the blocks' label numbers
  bool named = false;
  for (std::size_t i = 0; i < blocks.size(); ++i) {
    labels[i] = blockLabel(*blocks[i]);
    int n = labels[i].number();
    named |= n < 0;
    if (n >= 0 && (lo < 0 || n < lo)) lo = n;
    hi = std::max(hi, n);
  }
  if (!named && hi >= 0 && static_cast<std::size_t>(hi - lo) < 2 * blocks.size()) {
    first_ = lo;
    slots_.resize(static_cast<std::size_t>(hi - lo) + 1);
    for (std::size_t i = 0; i < blocks.size(); ++i)
      slots_[labels[i].number() - lo] = static_cast<std::uint32_t>(i + 1);
    return;
  }
  std::size_t size = 4;
  while (size < 2 * blocks.size())
    size *= 2;
  slots_.resize(size);
  for (std::size_t i = 0; i < blocks.size(); ++i) {
    if (!labels[i]) continue;
    std::size_t k = home(labels[i]);
    while (slots_[k] != 0 && labels[slots_[k] - 1] != labels[i])
      k = next(k);
    slots_[k] = static_cast<std::uint32_t>(i + 1);
  }
}

std::size_t BlockIndex::home(Temp_label l) const {
  constexpr std::uint64_t kGolden = 0x9E3779B97F4A7C15; // 2^64 / the golden ratio
  return static_cast<std::size_t>((std::uint64_t{l.key()} * kGolden) >> 32) &
         (slots_.size() - 1);
}

std::size_t BlockIndex::find(Temp_label l) const {
  if (first_ >= 0) {
    int n = l.number();
    if (n < first_ || static_cast<std::size_t>(n - first_) >= slots_.size())
      return kNoBlock;
    return std::size_t{slots_[n - first_]} - 1; // 0 - 1 is kNoBlock
  }
  for (std::size_t k = home(l); slots_[k] != 0; k = next(k))
    if (blockLabel(*blocks_[slots_[k] - 1]) == l) return slots_[k] - 1;
  return kNoBlock;
}

} // namespace tiger::canon
