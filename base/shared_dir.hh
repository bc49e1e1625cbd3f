// shared_dir.hh - where a test finds the course's shared folder (Appel's programs in
// tiger/book, their expected output in tiger/book-expected, merge's tiger/inputs), and
// what it says when the folder is absent. Test code only: the macro TIGER_SHARED_DIR is
// defined for the test programs (add_tiger_tests in the top CMakeLists.txt).
//
// Input: $TIGER_SHARED_DIR when set and not empty, else the folder CMake was given
// (-DTIGER_SHARED_DIR=DIR, or $TIGER_SHARED_DIR when cmake ran; default ../shared beside
// the project). Output: that folder, and the message a skipped test prints.
#pragma once

#include <cstdlib>
#include <filesystem>
#include <string>

namespace tiger {

inline std::filesystem::path sharedDir() {
  const char* env = std::getenv("TIGER_SHARED_DIR");
  return env && *env ? std::filesystem::path(env)
                     : std::filesystem::path(TIGER_SHARED_DIR);
}

// Why a test of the book's programs skipped: `missing` is absent, and how to run it.
inline std::string sharedAbsent(const std::filesystem::path& missing) {
  return missing.string() + " is absent: run with TIGER_SHARED_DIR=/path/to/shared (the "
                            "folder holding tiger/book) to test the book's programs";
}

} // namespace tiger
