// big_stack.hh - runs a function on a thread with a large stack, and tells a recursive
// walk how much of the current thread's stack is left.
//
// Recursive passes recurse once per level of nesting (capped by ast::maxNesting()) and
// the interpreter once per Tiger call (capped by RunOptions::maxDepth and by the stack
// left, stackExhausted()). Both caps are far beyond what an 8 MiB main-thread stack
// holds, so tigerc and the tests run the compiler on a thread whose stack is reserved
// large (pages are only touched as used). When no such thread can be made (a low
// `ulimit -v`), smaller stacks are tried, then the caller's own; the nesting limit
// (nestingLimit(), which the parser enforces) shrinks to what the stack in use holds.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>

namespace tiger {

inline constexpr std::size_t kBigStackBytes = std::size_t{2} << 30; // 2 GiB reserved

// Runs fn() on a new thread with a stack of `bytes` (or the largest of bytes/8,
// bytes/64 that can be had, else on this thread) and waits for it. Exceptions thrown
// by fn are rethrown in the caller.
void runOnBigStack(const std::function<void()>& fn, std::size_t bytes = kBigStackBytes);

// The size of the current thread's stack, in bytes.
std::size_t stackSize();

// True when less than `reserve` bytes of the current thread's stack are left below the
// caller's frame: a recursion checks this at each level and stops cleanly.
bool stackExhausted(std::size_t reserve);

// The address below which stackExhausted(reserve) holds on the current thread (0 when
// the stack's bounds are unknown): a recursion that works it out once compares its
// frame's address with it at each level.
std::uintptr_t stackFloor(std::size_t reserve);

// The deepest nesting the parser accepts on this thread: `cap` (ast::kMaxNesting) on
// threads runOnBigStack did not make smaller than the default; on a smaller stack what
// it holds through every recursive pass (kStackBytesPerLevel a level).
int nestingLimit(int cap);
inline constexpr std::size_t kStackBytesPerLevel = 20 << 10;

} // namespace tiger
