// dialect.hh - how another Tiger course's compiler prints the Tree IR, and the
// conventions its IR follows: what tigerc needs to read such a dump back
// (tree_read.hh), print its own IR that way (tree_print.hh) and run it (the
// interpreter). docs/judge.md is the contract; a course profile (a JSON file,
// grading/profile.hh) fills one of these. The default is tigerc's own dumps.
//
// Two parts:
//   - the dialect: the spelling of the nodes, as the book's three printers differ
//     (Appel's C edition prints TIMES and DIVIDE, the ML and Java editions MUL and DIV;
//     the ML edition writes -5 as ~5);
//   - the profile: the names of the frame pointer, the stack pointer, the return value
//     and the main program, the word size, the names of the runtime functions, which
//     each course chooses. A course whose IR addresses its frame from a stack pointer
//     (sp + k, or sp + NAME f_framesize as the frame pointer) reads the same: sp is
//     the lowest address of the frame the judge gives each call.
// Every other temp a dump names (t0, t101, %rdi, $a0, ...) stands for a temp of its
// own; the reader gives each a tigerc temp and keeps its printed name for messages.
#pragma once

#include "chap7/ir/tree.hh"

#include <array>
#include <string>
#include <string_view>
#include <vector>

namespace tiger::tree {

struct Dialect {
  std::string name = "tigerc"; // tigerc, appel-c, appel-ml, appel-java, tiger-cpp

  // ---- spelling ----
  // BinOp's names in BinOp's order: tigerc and the C edition write TIMES and DIVIDE.
  std::array<std::string, 10> binops = {"PLUS", "MINUS",  "TIMES",  "DIVIDE",  "AND",
                                        "OR",   "LSHIFT", "RSHIFT", "ARSHIFT", "XOR"};
  bool tildeNegatives = false;   // CONST ~5 is -5 (the ML edition's Int.toString)
  std::string tempWord = "TEMP"; // the tiger-cpp labs print "temp t101"

  // ---- profile ----
  int wordSize = 8;                 // 4 or 8 bytes: frame slots, record fields, elements
  std::string fp = "fp", rv = "rv"; // the frame pointer's and the return value's temps
  std::string sp;                   // the stack pointer's temp; empty: none
  std::string mainLabel = "tigermain"; // the PROC of the main program
  // NAME <proc><frameSizeSuffix> is the constant size of that PROC's locals (an
  // assembler symbol in the course's output); empty: no such NAME.
  std::string frameSizeSuffix;
  // The course's name of a runtime function -> tigerc's (runtime.hh), where they differ.
  // `tigerc` may also be a comparison of strings tigerc's runtime computes from
  // stringEqual or stringCompare (kDerived); with `pick`, `args` are the course's
  // arguments tigerc's function takes (1-based, maybe none), the others dropped;
  // without, all of them, in order.
  struct RuntimeName {
    std::string course, tigerc;
    std::vector<int> args;
    bool pick = false;
  };
  std::vector<RuntimeName> runtime;
  // Comparisons of strings some courses' runtimes have and tigerc's writes as a call of
  // stringEqual or stringCompare and arithmetic on its result.
  static constexpr std::array<std::string_view, 5> kDerived = {
      "stringNotEqual", "stringLess", "stringLessEqual", "stringGreater",
      "stringGreaterEqual"};

  // tigerc's own dumps: temps are t2 and up, kept as numbered.
  bool isTigerc() const { return name == "tigerc"; }
  const std::string& binopName(BinOp op) const { return binops[static_cast<int>(op)]; }
  // The course's runtime function `label`, or null when it has tigerc's name.
  const RuntimeName* courseRuntime(const std::string& label) const {
    for (const RuntimeName& r : runtime)
      if (r.course == label) return &r;
    return nullptr;
  }
  // The course's name of tigerc's runtime function `name` (taking the same arguments),
  // or `name` itself.
  const std::string& courseRuntimeName(const std::string& tigercName) const {
    for (const RuntimeName& r : runtime)
      if (r.tigerc == tigercName && !r.pick) return r.course;
    return tigercName;
  }
};

} // namespace tiger::tree
