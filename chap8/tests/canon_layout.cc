// canon_layout.cc - the book's trace layout against the improved one, measured with the
// interpreter's RunStats (the suite BonusLayout: a right answer with the book's layout
// may fail it). Expects the same output and the same number of CJUMPs run; the book
// runs one JUMP per iteration of a while or for loop, the improved layout none inside
// the loop (at most one to enter it), also for nested loops and loops with break and
// continue (builder.hh).
#include "canon_testing.hh"

#include "chap8/tests/builder.hh"

namespace tiger::canon_test {
namespace {

// Emits the loops of a test; they compute `s`.
using Emit = std::function<void(build::Builder& b, T_exp s)>;

// The program s := 0; <emit>; printi(s), traced in mode `opts` (checked) and run.
Outcome traceAndRun(const Emit& emit, canon::Options opts) {
  std::unique_ptr<ir::Program> prog = build::newProgram();
  build::Builder b(prog->arena, prog->temps);
  T_exp s = b.temp();
  b.move(s, b.cnst(0));
  emit(b, s);
  b.callProc("printi", {s});
  build::setMain(*prog, b);
  Outcome before = run(*prog);
  canon::Context cx{prog->arena, prog->temps, opts, {}};
  auto problem = canon::traceProgram(*prog, cx, true);
  EXPECT_FALSE(problem) << *problem;
  Outcome after = run(*prog);
  EXPECT_EQ(after.out, before.out);
  return after;
}

struct Compared {
  Outcome book, improved;
};

Compared compare(const Emit& emit) {
  Compared c{traceAndRun(emit, canon::Options::book()), traceAndRun(emit, {})};
  EXPECT_EQ(c.book.out, c.improved.out);
  EXPECT_EQ(c.book.result.stats.cjumps, c.improved.result.stats.cjumps);
  return c;
}

// The printed value, and the JUMPs run: at least `book` by the book's layout, at most
// `improved` by ours.
void expectJumps(const Compared& c, const std::string& out, std::uint64_t book,
                 std::uint64_t improved) {
  EXPECT_EQ(c.improved.out, out);
  EXPECT_GE(c.book.result.stats.jumps, book);
  EXPECT_LE(c.improved.result.stats.jumps, improved);
}

// while s < 1000 do s := s + 1
TEST(BonusLayout, WhileLoopRunsNoJumpPerIteration) {
  SCOPED_TRACE(kBonusTest);
  Compared c = compare([](build::Builder& b, T_exp s) {
    b.While(b.rel(RelOp::LT, s, b.cnst(1000)), [&] { b.move(s, b.add(s, b.cnst(1))); });
  });
  expectJumps(c, "1000", 1000, 1);
}

// for i := 1 to 1000 do s := s + i
TEST(BonusLayout, ForLoopRunsNoJumpPerIteration) {
  SCOPED_TRACE(kBonusTest);
  Compared c = compare([](build::Builder& b, T_exp s) {
    T_exp i = b.temp();
    b.For(i, b.cnst(1), b.cnst(1000), [&] { b.move(s, b.add(s, i)); });
  });
  expectJumps(c, "500500", 999, 1);
}

// for i := 1 to 100 do for j := 1 to 100 do s := s + 1: at most one JUMP to enter the
// inner loop, per outer iteration.
TEST(BonusLayout, NestedLoopsRunOneJumpPerInnerLoopEntered) {
  SCOPED_TRACE(kBonusTest);
  Compared c = compare([](build::Builder& b, T_exp s) {
    T_exp i = b.temp(), j = b.temp();
    b.For(i, b.cnst(1), b.cnst(100), [&] {
      b.For(j, b.cnst(1), b.cnst(100), [&] { b.move(s, b.add(s, b.cnst(1))); });
    });
  });
  expectJumps(c, "10000", 10000, 101);
}

// while 1 do (i := i + 1; if i = 7 then continue; if i > 20 then break; s := s + i)
TEST(BonusLayout, LoopWithBreakAndContinueKeepsItsMeaning) {
  SCOPED_TRACE(kBonusTest);
  Compared c = compare([](build::Builder& b, T_exp s) {
    T_exp i = b.temp();
    b.move(i, b.cnst(0));
    b.While(b.rel(RelOp::NE, b.cnst(1), b.cnst(0)), [&] {
      b.move(i, b.add(i, b.cnst(1)));
      b.If(b.rel(RelOp::EQ, i, b.cnst(7)), [&] { b.Continue(); });
      b.If(b.rel(RelOp::GT, i, b.cnst(20)), [&] { b.Break(); });
      b.move(s, b.add(s, i));
    });
  });
  EXPECT_EQ(c.improved.out, "203");
  EXPECT_LT(c.improved.result.stats.jumps, c.book.result.stats.jumps);
}

} // namespace
} // namespace tiger::canon_test
