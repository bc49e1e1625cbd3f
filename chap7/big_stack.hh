// big_stack.hh - runs a function on a thread with a large stack.
//
// Recursive passes recurse once per level of nesting (capped by ast::kMaxNesting) and
// the interpreter once per Tiger call (capped by RunOptions::maxDepth). Both caps are
// far beyond what an 8 MiB main-thread stack holds, so tigerc and the tests run the
// compiler on a thread whose stack is reserved large (pages are only touched as used).
#pragma once

#include <cstddef>
#include <functional>

namespace tiger {

inline constexpr std::size_t kBigStackBytes = std::size_t{2} << 30; // 2 GiB reserved

// Runs fn() on a new thread with a stack of `bytes` and waits for it. Exceptions thrown
// by fn are rethrown in the caller.
void runOnBigStack(const std::function<void()>& fn, std::size_t bytes = kBigStackBytes);

} // namespace tiger
