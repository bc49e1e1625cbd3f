// no_input_split.cc - grading/input_split.hh for the WebAssembly build: a page cannot fork,
// so a folder of inputs holds none here and tigerc --inputs=DIR fails as it does on a
// folder without 0.in (exit 74, ExitCode::Input); the page never asks for it.
#include "grading/input_split.hh"

namespace tiger {

std::vector<SplitInput> inputsOfFolder(const std::string&, const SplitInput&) {
  return {};
}

int splitForInputs(const std::vector<SplitInput>&) {
  return -1;
}

} // namespace tiger
