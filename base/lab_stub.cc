// lab_stub.cc - see lab_stub.hh.
#include "base/lab_stub.hh"

#include "base/diag.hh"

#include <cstdlib>
#include <iostream>
#include <string>

namespace tiger {

namespace {
[[noreturn]] void stopAtStub(const std::string& message) {
  std::cout.flush();
  std::cerr << "tigerc: " << message << "\n";
  std::cerr.flush();
  std::_Exit(static_cast<int>(ExitCode::LabStub));
}
} // namespace

void labUnwritten(const char* lab, const char* what, const char* file) {
  stopAtStub(std::string("lab ") + lab + ": write " + what + " in " + file);
}

void labLater(const char* lab, const char* what, const char* file) {
  stopAtStub(std::string(what) + " in " + file + " is lab " + lab +
             ", a later lab: stop before it (--emit or --run-at an earlier stage)");
}

} // namespace tiger
