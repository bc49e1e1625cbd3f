// wasm_stack.cc - base/big_stack.hh for the WebAssembly build, which has no
// threads: the compiler runs on the module's own stack (-sTOTAL_STACK in CMakeLists.txt).
//
// stackExhausted() asks emscripten how much of that stack is left; nestingLimit()
// keeps the parser's cap, as the browser test checks (5000 nested parentheses compile).
// Deep Tiger recursion is bounded by the page's --max-depth instead (explorer/README.md):
// the browser's own call stack, not this one, is what a deep recursion exhausts first.
#include "base/big_stack.hh"

#include <emscripten/stack.h>

namespace tiger {

void runOnBigStack(const std::function<void()>& fn, std::size_t) {
  fn();
}

std::size_t stackSize() {
  return emscripten_stack_get_base() - emscripten_stack_get_end();
}

bool stackExhausted(std::size_t reserve) {
  return emscripten_stack_get_free() < reserve;
}

std::uintptr_t stackFloor(std::size_t reserve) {
  return emscripten_stack_get_end() + reserve; // the stack grows down to its end
}

int nestingLimit(int cap) {
  return cap;
}

} // namespace tiger
