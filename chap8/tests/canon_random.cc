// canon_random.cc - random trees (a fixed seed, so every run builds the same 400):
// temps, constants, PLUS/MINUS/TIMES/DIVIDE (division by zero faults), ESEQs that
// assign temps or print, CALLs of printi nested anywhere, if-statements. Expects, in
// both modes, every checker to accept each stage and the interpreter to print the same
// text (and the same runtime error, at the same point) before and after canon.
#include "canon_testing.hh"

#include "chap8/tests/builder.hh"

#include <random>

namespace tiger::canon_test {
namespace {

class RandomTrees {
public:
  RandomTrees(ir::Program& prog, unsigned seed)
      : a_(prog.arena), temps_(prog.temps), rng_(seed) {
    for (int i = 0; i < 4; ++i)
      vars_.push_back(temps_.newTemp());
  }
  // t0..t3 := 1..4, then `n` random statements.
  T_stm program(int n) {
    std::vector<T_stm> stms;
    for (std::size_t i = 0; i < vars_.size(); ++i)
      stms.push_back(a_.Move(var(i), a_.Const(static_cast<std::int64_t>(i) + 1)));
    for (int k = 0; k < n; ++k)
      stms.push_back(stm(3));
    return a_.SeqList(stms);
  }

private:
  int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng_); }
  T_exp var(std::size_t i) { return a_.Temp(vars_[i]); }
  T_exp anyVar() { return var(static_cast<std::size_t>(pick(4))); }
  T_exp printi(T_exp e) { return a_.Call(a_.Name(temps_.namedLabel("printi")), {e}); }

  T_exp exp(int depth) {
    if (depth == 0) return pick(2) ? anyVar() : a_.Const(pick(5) - 1);
    static const tree::BinOp ops[] = {tree::BinOp::PLUS, tree::BinOp::MINUS,
                                      tree::BinOp::TIMES, tree::BinOp::DIVIDE};
    switch (pick(5)) {
    case 0: return binop(ops[pick(4)], depth - 1, depth - 1);
    case 1: {
      T_stm s = stm(depth - 1);
      return a_.Eseq(s, exp(depth - 1));
    }
    case 2: return printi(exp(depth - 1)); // yields 0 after printing
    case 3: return binop(ops[pick(3)], depth - 1, 0);
    default: return exp(0);
    }
  }

  // Operands made left to right, so the seed alone decides the tree.
  T_exp binop(tree::BinOp op, int leftDepth, int rightDepth) {
    T_exp left = exp(leftDepth);
    return a_.Binop(op, left, exp(rightDepth));
  }

  T_stm stm(int depth) {
    switch (pick(depth == 0 ? 2 : 4)) {
    case 0: return a_.Move(anyVar(), exp(depth));
    case 1: return a_.Exp(printi(exp(depth)));
    case 2: return ifStm(depth);
    default: {
      T_stm first = stm(depth - 1);
      return a_.Seq(first, stm(depth - 1));
    }
    }
  }

  // CJUMP(LT, e1, e2, t, f); LABEL t; s1; JUMP j; LABEL f; s2; LABEL j
  T_stm ifStm(int depth) {
    Temp_label t = temps_.newLabel(), f = temps_.newLabel(), j = temps_.newLabel();
    return a_.SeqList({a_.Cjump(tree::RelOp::LT, exp(depth - 1), exp(depth - 1), t, f),
                       a_.Label(t), stm(depth - 1), a_.Jump(j), a_.Label(f),
                       stm(depth - 1), a_.Label(j)});
  }

  tree::Arena& a_;
  TempFactory& temps_;
  std::mt19937 rng_;
  std::vector<Temp_temp> vars_;
};

TEST(Random, CanonKeepsTheMeaningOfRandomTrees) {
  int faults = 0;
  for (unsigned seed = 1; seed <= 400; ++seed) {
    for (canon::Options o : {canon::Options{}, canon::Options::book()}) {
      std::unique_ptr<ir::Program> prog = build::newProgram();
      prog->procs[0].body = {RandomTrees(*prog, seed).program(6)};
      Outcome before = run(*prog);
      canon::Context cx{prog->arena, prog->temps, o, {}};
      auto problem = canon::traceProgram(*prog, cx, true);
      ASSERT_FALSE(problem) << "seed " << seed << ": " << *problem;
      EXPECT_EQ(run(*prog).out, before.out) << "seed " << seed;
      faults += before.result.status == ExitCode::Runtime;
    }
  }
  EXPECT_GT(faults, 0) << "some trees divide by zero, so fault order is tested";
}

} // namespace
} // namespace tiger::canon_test
