// canon_long.cc - long and deep inputs: canon iterates over statements and blocks, so
// none of these overflows the stack (they run on the main thread's 8 MiB; only the
// interpreter runs on a big stack). Each test builds the tree, runs traceProgram with
// every checker, in both modes, and expects the interpreter to print the count the
// program computes:
//   - a SEQ chain of 10^6 statements, nested to the right and to the left;
//   - 10^5 if-statements nested inside each other; 10^5 nested if-expressions;
//   - 10^4 loops one after the other; 10^5 loops nested inside each other.
#include "canon_testing.hh"

#include "chap8/tests/builder.hh"

namespace tiger::canon_test {
namespace {

// traceProgram (checked) on a copy of the body in each mode, then the interpreter.
void expectPrints(ir::Program& prog, const std::string& expected) {
  std::vector<T_stm> body = prog.procs[0].body;
  for (canon::Options o : {canon::Options{}, canon::Options::book()}) {
    prog.procs[0].body = body;
    canon::Context cx{prog.arena, prog.temps, o, {}};
    auto problem = canon::traceProgram(prog, cx, true);
    ASSERT_FALSE(problem) << *problem;
    EXPECT_EQ(run(prog).out, expected);
  }
}

struct LongProgram {
  std::unique_ptr<ir::Program> prog = build::newProgram();
  tree::Arena& a = prog->arena;
  T_exp counter = a.Temp(prog->temps.newTemp());
  T_stm bump = a.Move(counter, a.Binop(BinOp::PLUS, counter, a.Const(1)));
  T_stm print() {
    return a.Exp(a.Call(a.Name(prog->temps.namedLabel("printi")), {counter}));
  }
  Temp_label label() { return prog->temps.newLabel(); }
  void setBody(T_stm body) {
    prog->procs[0].body = {a.Seq(a.Move(counter, a.Const(0)), body)};
  }
};

TEST(Long, RightNestedSeqOfAMillionStatements) {
  LongProgram p;
  std::vector<T_stm> stms(1'000'000, p.bump);
  stms.push_back(p.print());
  p.setBody(p.a.SeqList(stms));
  expectPrints(*p.prog, "1000000");
}

TEST(Long, LeftNestedSeqOfAMillionStatements) {
  LongProgram p;
  T_stm s = p.bump;
  for (int i = 1; i < 1'000'000; ++i)
    s = p.a.Seq(s, p.bump);
  p.setBody(p.a.Seq(s, p.print()));
  expectPrints(*p.prog, "1000000");
}

// if c < 10^9 then (c := c + 1; <the next level>), 10^5 levels, built inside out.
TEST(Long, HundredThousandNestedIfStatements) {
  LongProgram p;
  T_stm inner = p.a.Exp(p.a.Const(0));
  for (int k = 0; k < 100'000; ++k) {
    Temp_label t = p.label(), f = p.label();
    T_stm then = p.a.Seq(p.a.Label(t), p.a.Seq(p.a.Seq(p.bump, inner), p.a.Label(f)));
    inner =
        p.a.Seq(p.a.Cjump(RelOp::LT, p.counter, p.a.Const(1'000'000'000), t, f), then);
  }
  p.setBody(p.a.Seq(inner, p.print()));
  expectPrints(*p.prog, "100000");
}

// r := if c < 10^9 then (c := c + 1; <the next level>) else 0, 10^5 levels: a MOVE of
// an ESEQ inside the ESEQ of the level above.
TEST(Long, HundredThousandNestedIfExpressions) {
  LongProgram p;
  T_exp r = p.a.Temp(p.prog->temps.newTemp());
  T_exp value = p.counter;
  for (int k = 0; k < 100'000; ++k) {
    Temp_label t = p.label(), f = p.label(), join = p.label();
    value = p.a.Eseq(
        p.a.SeqList({p.a.Cjump(RelOp::LT, p.counter, p.a.Const(1'000'000'000), t, f),
                     p.a.Label(t), p.bump, p.a.Move(r, value), p.a.Jump(join),
                     p.a.Label(f), p.a.Move(r, p.a.Const(0)), p.a.Label(join)}),
        r);
  }
  p.setBody(p.a.Seq(p.a.Move(r, value), p.print()));
  expectPrints(*p.prog, "100000");
}

TEST(Long, TenThousandLoopsInARow) {
  std::unique_ptr<ir::Program> prog = build::newProgram();
  build::Builder b(prog->arena, prog->temps);
  T_exp sum = b.temp(), i = b.temp();
  b.move(sum, b.cnst(0));
  for (int k = 0; k < 10'000; ++k)
    b.For(i, b.cnst(1), b.cnst(3), [&] { b.move(sum, b.add(sum, i)); });
  b.callProc("printi", {sum});
  build::setMain(*prog, b);
  expectPrints(*prog, "60000");
}

// while f_k = 1 do (f_k := 0; <the next level>): 10^5 loops nested, each run once.
TEST(Long, HundredThousandNestedLoops) {
  LongProgram p;
  std::vector<T_stm> stms;
  std::vector<std::pair<Temp_label, Temp_label>> exits; // (test, done) per level
  for (int k = 0; k < 100'000; ++k) {
    T_exp flag = p.a.Temp(p.prog->temps.newTemp());
    Temp_label test = p.label(), body = p.label(), done = p.label();
    stms.insert(stms.end(), {p.a.Move(flag, p.a.Const(1)), p.a.Label(test),
                             p.a.Cjump(RelOp::EQ, flag, p.a.Const(1), body, done),
                             p.a.Label(body), p.a.Move(flag, p.a.Const(0))});
    exits.emplace_back(test, done);
  }
  stms.push_back(p.bump);
  for (auto it = exits.rbegin(); it != exits.rend(); ++it)
    stms.insert(stms.end(), {p.a.Jump(it->first), p.a.Label(it->second)});
  stms.push_back(p.print());
  p.setBody(p.a.SeqList(stms));
  expectPrints(*p.prog, "1");
}

} // namespace
} // namespace tiger::canon_test
