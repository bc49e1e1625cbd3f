// canon_testing.hh - helpers shared by the canon tests: an arena, a temp factory and a
// canon::Context in one fixture; statements shown one per line (cfg_dot's stmLine:
// "t100 <- t101 + 1", "CJUMP LT t100, 10 -> L3 | L4", "f(t100)"); the pipeline run
// with every checker after each step; the interpreter run on a big stack.
#pragma once

#include "base/big_stack.hh"
#include "chap7/interp/interp.hh"
#include "chap7/ir/tree_print.hh"
#include "chap8/canon.hh"
#include "chap8/cfg_dot.hh"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

namespace tiger::canon_test {

using Lines = std::vector<std::string>;

// The suites named Bonus... test what the reference does beyond the book (the sharper
// commute, no temp for a CALL already on top, the loop layout): a right answer from the
// book's rules may fail them. Each says so on its failures; `ctest -L lab` leaves them
// out (labs/LAB/lab.json, "unit_tests").
inline constexpr const char* kBonusTest =
    "bonus test: the reference's choice beyond the book's rules (its sharper commute "
    "or its loop layout); a right answer may fail it";
using tree::BinOp;
using tree::RelOp;

inline Lines lines(const std::vector<T_stm>& stms) {
  Lines out;
  for (T_stm s : stms)
    out.push_back(canon::stmLine(s));
  return out;
}

// Trees built by hand: a(...) makes nodes, t(n) the n-th variable temp (made up front,
// so variables are t100, t101, ... and canon's fresh temps come after them).
struct Fixture {
  explicit Fixture(canon::Options o = {}, int vars = 4) : cx{arena, temps, o, {}} {
    for (int i = 0; i < vars; ++i)
      vars_.push_back(temps.newTemp());
  }
  T_exp t(int n) { return arena.Temp(vars_.at(static_cast<std::size_t>(n))); }
  T_exp c(std::int64_t v) { return arena.Const(v); }
  T_exp call(const std::string& f, std::vector<T_exp> args) {
    return arena.Call(arena.Name(temps.namedLabel(f)), std::move(args));
  }
  T_stm move(T_exp d, T_exp s) { return arena.Move(d, s); }
  T_exp plus(T_exp l, T_exp r) { return arena.Binop(BinOp::PLUS, l, r); }
  Temp_label label(const std::string& name) { return temps.namedLabel(name); }

  // C_linearize, checked by checkCanonical.
  Lines linear(T_stm s) {
    std::vector<T_stm> out = canon::C_linearize(cx, s);
    auto problem = canon::checkCanonical(out);
    EXPECT_FALSE(problem) << *problem;
    return lines(out);
  }
  // C_linearize, C_basicBlocks, C_traceSchedule, each checked.
  std::vector<T_stm> traced(T_stm s) {
    std::vector<T_stm> lin = canon::C_linearize(cx, s);
    auto p1 = canon::checkCanonical(lin);
    EXPECT_FALSE(p1) << *p1;
    canon::C_block b = canon::C_basicBlocks(cx, lin);
    auto p2 = canon::checkBlocks(b);
    EXPECT_FALSE(p2) << *p2;
    std::vector<T_stm> out = canon::C_traceSchedule(cx, b);
    auto p3 = canon::checkTraces(out);
    EXPECT_FALSE(p3) << *p3;
    return out;
  }

  tree::Arena arena;
  TempFactory temps;
  canon::Context cx;

private:
  std::vector<Temp_temp> vars_;
};

struct Outcome {
  RunResult result;
  std::string out;
};

// Runs a program with the interpreter on a big stack; stdout captured.
inline Outcome run(const ir::Program& prog, std::uint64_t maxSteps = 100'000'000) {
  std::istringstream in;
  std::ostringstream out, err;
  RunOptions opts{&in, &out, &err, maxSteps, 10'000};
  Outcome r;
  runOnBigStack([&] { r.result = interpret(prog, opts); });
  r.out = out.str();
  if (r.result.status != ExitCode::Ok) r.out += "<error: " + r.result.error + ">";
  return r;
}

} // namespace tiger::canon_test
