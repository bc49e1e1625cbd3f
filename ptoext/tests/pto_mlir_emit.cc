// pto_mlir_emit.cc - the MLIR emitter (mlir_emit.hh) on hand-built SSA SIR, one rule
// per test: each module must pass mlir-opt-19 and run with mlir-cpu-runner-19 and
// libtigerrt.so to the exact stdout and exit status written here (skipped when the
// MLIR tools are missing). The text checks look for the op each rule must produce.
#include "ptoext/tests/pto_mlir_testing.hh"

#include "ptoext/pto_error.hh"

#include <limits>
#include <sstream>

namespace tiger::pto_test {
namespace {

constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();
constexpr std::int64_t kMin = std::numeric_limits<std::int64_t>::min();

// Runs a tigermain whose body is `body` (plus `others`), expecting `status` and `out`.
void expectRun(Function main, const std::string& out, int status = 0,
               std::vector<Function> others = {}, const std::string& input = "") {
  std::string mlir = emit(std::move(main), std::move(others));
  MlirOutput r = runMlirText(mlir, input);
  EXPECT_EQ(r.status, status) << r.err << "\n" << mlir;
  EXPECT_EQ(r.out, out) << mlir;
}

// Expects exit status 70, stdout `out` (flushed before the error) and `message` on stderr.
void expectRuntimeError(Function main, const std::string& out,
                        const std::string& message) {
  std::string mlir = emit(std::move(main));
  MlirOutput r = runMlirText(mlir);
  EXPECT_EQ(r.status, 70) << mlir;
  EXPECT_EQ(r.out, out);
  EXPECT_EQ(r.err, "runtime error: " + message + "\n");
}

// printi(e); print(" ")
Block printiSp(ExprPtr e) {
  return block(eval(rt("printi", std::move(e))), eval(rt("print", str(" "))));
}

TEST(PtoMlirEmit, StraightLineArithmeticAndStrings) {
  SKIP_WITHOUT_MLIR_TOOLS();
  FnBuilder m("main");
  VarId x = m.var("x", VarRole::Ssa, 0);
  m.f.body = block(m.assign(x, bin(BinOp::Mul, c(6), c(7))), eval(rt("printi", m.ref(x))),
                   eval(rt("print", str("\n\"quoted\\\" \x01\xff\n"))),
                   eval(rt("printi", bin(BinOp::Sub, c(kMin), c(1)))));
  std::string mlir = emit(std::move(m.f));
  EXPECT_NE(mlir.find("%x__ssa_v0 = arith.muli"), std::string::npos) << mlir;
  MlirOutput r = runMlirText(mlir);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "42\n\"quoted\\\" \x01\xff\n" + std::to_string(kMax));
}

TEST(PtoMlirEmit, DivisionTruncatesAndWrapsLikeTheInterpreter) {
  SKIP_WITHOUT_MLIR_TOOLS();
  FnBuilder m("main");
  for (auto [a, b] : {std::pair{7L, 2L}, {-7L, 2L}, {7L, -2L}, {kMin, -1L}})
    for (StmtPtr& s : printiSp(bin(BinOp::Div, c(a), c(b))))
      m.f.body.push_back(std::move(s));
  expectRun(std::move(m.f), "3 -3 -3 " + std::to_string(kMin) + " ");
}

TEST(PtoMlirEmit, DivisionByZeroIsRuntimeErrorAfterFlushingOutput) {
  SKIP_WITHOUT_MLIR_TOOLS();
  FnBuilder m("main");
  m.f.body = block(eval(rt("print", str("before "))),
                   eval(rt("printi", bin(BinOp::Div, c(1), c(0)))));
  expectRuntimeError(std::move(m.f), "before ", "division by zero");
}

// twice_1(_sl, n) = n + n
Function twice() {
  FnBuilder f("twice_1");
  VarId sl = f.var("_sl", VarRole::Ssa, 0), n = f.var("n", VarRole::Ssa, 0);
  f.f.params = {sl, n};
  f.f.returnsValue = true;
  f.f.body = block(ret(bin(BinOp::Add, f.ref(n), f.ref(n))));
  return std::move(f.f);
}

TEST(PtoMlirEmit, ExitStatusAndUserCalls) {
  SKIP_WITHOUT_MLIR_TOOLS();
  FnBuilder m("main");
  m.f.body = block(eval(rt("printi", user("twice_1", c(0), c(21)))),
                   eval(rt("exit", c(3))), eval(rt("print", str("unreachable"))));
  std::vector<Function> others;
  others.push_back(twice());
  expectRun(std::move(m.f), "42", 3, std::move(others));
}

// if x < 5 then y = 1 else y = 2: the phi is scf.if's result.
TEST(PtoMlirEmit, IfResultsArePhis) {
  SKIP_WITHOUT_MLIR_TOOLS();
  FnBuilder m("main");
  VarId x = m.var("x", VarRole::Ssa, 0), y1 = m.var("y", VarRole::Ssa, 1),
        y2 = m.var("y", VarRole::Ssa, 2), phi = m.var("y", VarRole::Phi, 3);
  auto s = std::make_unique<If>(cmp(CmpOp::Lt, m.ref(x), c(5)),
                                block(m.assign(y1, c(1)), yield({y1})),
                                block(m.assign(y2, c(2)), yield({y2})));
  s->returnVars = {phi};
  m.f.body = block(m.assign(x, rt("ord", str("A"))), std::move(s),
                   eval(rt("printi", m.ref(phi))));
  std::string mlir = emit(std::move(m.f));
  EXPECT_NE(mlir.find("%y__phi_v3 = scf.if"), std::string::npos) << mlir;
  EXPECT_EQ(runMlirText(mlir).out, "2");
}

// An if without results and without else; Not and ToInt on conditions.
TEST(PtoMlirEmit, IfWithoutElseAndBooleans) {
  SKIP_WITHOUT_MLIR_TOOLS();
  FnBuilder m("main");
  VarId b = m.var("b", VarRole::Ssa, 0, Type::Bool);
  m.f.body =
      block(m.assign(b, bin(BinOp::And, cb(true), notB(cmp(CmpOp::Eq, c(1), c(2))))),
            std::make_unique<If>(m.ref(b), printiSp(toInt(m.ref(b))), Block{}),
            eval(rt("printi", toInt(cmp(CmpOp::Ge, c(1), c(2))))));
  expectRun(std::move(m.f), "1 0");
}

// for i := 1 to 10 do s := s + i: s is carried; the bound 10 becomes 11.
TEST(PtoMlirEmit, ForCarriesValuesAndIncludesItsBound) {
  SKIP_WITHOUT_MLIR_TOOLS();
  FnBuilder m("main");
  VarId s0 = m.var("s", VarRole::Ssa, 0), it = m.var("s", VarRole::Iter, 1),
        s2 = m.var("s", VarRole::Ssa, 2), rv = m.var("s", VarRole::Rv, 3),
        i = m.var("i", VarRole::Idx, 0);
  auto f = std::make_unique<For>(
      i, c(1), c(10),
      block(m.assign(s2, bin(BinOp::Add, m.ref(it), m.ref(i))), yield({s2})));
  f->iterArgs = {it};
  f->initValues = {s0};
  f->returnVars = {rv};
  m.f.body = block(m.assign(s0, c(0)), std::move(f), eval(rt("printi", m.ref(rv))));
  std::string mlir = emit(std::move(m.f));
  EXPECT_NE(mlir.find("%s__rv_v3 = scf.for %i__idx_v0 = "), std::string::npos) << mlir;
  EXPECT_NE(mlir.find("arith.constant 11 : i64"), std::string::npos) << mlir;
  EXPECT_EQ(runMlirText(mlir).out, "55");
}

// for i := lo to hi where hi = INT64_MAX (not a constant): no overflow, 3 iterations;
// and lo > hi runs zero times.
TEST(PtoMlirEmit, ForUpToMaxIntDoesNotOverflow) {
  SKIP_WITHOUT_MLIR_TOOLS();
  FnBuilder m("main");
  VarId hi = m.var("hi", VarRole::Ssa, 0), i = m.var("i", VarRole::Idx, 0),
        j = m.var("j", VarRole::Idx, 0);
  m.f.body = block(m.assign(hi, bin(BinOp::Add, c(kMax - 1), c(1))),
                   std::make_unique<For>(i, c(kMax - 2), m.ref(hi), printiSp(m.ref(i))),
                   std::make_unique<For>(j, c(5), c(4), printiSp(m.ref(j))));
  std::string mlir = emit(std::move(m.f));
  EXPECT_NE(mlir.find(": i128"), std::string::npos) << mlir;
  MlirOutput r = runMlirText(mlir);
  EXPECT_EQ(r.out, std::to_string(kMax - 2) + " " + std::to_string(kMax - 1) + " " +
                       std::to_string(kMax) + " ");
}

// while (c := getchar(); c <> "") do n := n + 1: condStmts read stdin every time,
// the body sees the condValues, the result is the count.
TEST(PtoMlirEmit, WhileRunsConditionStatementsAndForwardsValues) {
  SKIP_WITHOUT_MLIR_TOOLS();
  FnBuilder m("main");
  VarId n0 = m.var("n", VarRole::Ssa, 0), it = m.var("n", VarRole::Iter, 1),
        n2 = m.var("n", VarRole::Ssa, 2), rv = m.var("n", VarRole::Rv, 3),
        ch = m.var("c", VarRole::Ssa, 0);
  auto w = std::make_unique<While>(
      block(m.assign(ch, rt("getchar"))),
      cmp(CmpOp::Eq, rt("stringEqual", m.ref(ch), str("")), c(0)),
      block(m.assign(n2, bin(BinOp::Add, m.ref(it), c(1))), yield({n2})));
  w->iterArgs = {it};
  w->initValues = {n0};
  w->returnVars = {rv};
  w->condValues = {it};
  m.f.body = block(m.assign(n0, c(0)), std::move(w), eval(rt("printi", m.ref(rv))));
  expectRun(std::move(m.f), "5", 0, {}, "hello");
}

// Arrays and records: initArray + Store + Load, checkIndex's runtime error.
TEST(PtoMlirEmit, MemoryWordsAndCheckIndex) {
  SKIP_WITHOUT_MLIR_TOOLS();
  FnBuilder m("main");
  VarId a = m.var("a", VarRole::Ssa, 0), r = m.var("r", VarRole::Ssa, 0);
  m.f.body = block(
      m.assign(a, rt("initArray", c(3), c(7))),
      store(m.ref(a), rt("checkIndex", m.ref(a), c(2)), c(9)),
      m.assign(r, rt("allocRecord", c(16))), store(m.ref(r), c(1), c(4)),
      eval(rt("printi", bin(BinOp::Add, load(m.ref(a), c(0)), load(m.ref(a), c(2))))),
      eval(rt("printi", load(m.ref(r), c(1)))), eval(rt("printi", load(m.ref(r), c(0)))),
      eval(rt("checkIndex", m.ref(a), c(3))));
  expectRuntimeError(std::move(m.f), "1640", "array index 3 out of range [0, 3)");
}

TEST(PtoMlirEmit, StringRuntimeFunctions) {
  SKIP_WITHOUT_MLIR_TOOLS();
  FnBuilder m("main");
  m.f.body =
      block(eval(rt("print",
                    rt("concat", str("ab"), rt("substring", str("xcdx"), c(1), c(2))))),
            eval(rt("printi", rt("size", str("")))), eval(rt("print", rt("chr", c(65)))),
            eval(rt("printi", rt("stringCompare", str("a"), str("b")))),
            eval(rt("printi", rt("not", c(0)))), eval(rt("print", rt("chr", c(256)))));
  expectRuntimeError(std::move(m.f), "abcd0A-11", "chr: character code out of range");
}

TEST(PtoMlirEmit, BrokenSsaIsAnErrorNotACrash) {
  FnBuilder m("main");
  VarId x = m.var("x", VarRole::Ssa, 0);
  m.f.body = block(eval(rt("printi", m.ref(x))));
  EXPECT_THROW(emit(std::move(m.f)), pto::PtoError);
  FnBuilder b("main");
  b.f.body = block(std::make_unique<Break>());
  EXPECT_THROW(emit(std::move(b.f)), pto::PtoError);
  FnBuilder u("main");
  u.f.body = block(eval(rt("nosuch")));
  EXPECT_THROW(emit(std::move(u.f)), pto::PtoError);
}

// The text without the lines that name a hook (tig_arg, tig_enter, tig_leave, tig_step)
// or a function's name global (`@<label>.name`), and the two constants after the
// address of a name (tig_enter's length and arity).
std::string withoutHooks(const std::string& mlir) {
  std::istringstream in(mlir);
  std::string out;
  int skip = 0;
  for (std::string l; std::getline(in, l);) {
    bool hook = false;
    for (const char* name :
         {"@tig_arg", "@tig_enter", "@tig_leave", "@tig_step", ".name"})
      hook = hook || l.find(name) != std::string::npos;
    if (skip > 0)
      --skip;
    else if (hook && l.find("llvm.mlir.addressof") != std::string::npos)
      skip = 2;
    else if (!hook)
      out += l + "\n";
  }
  return out;
}

// The hooks are a run's (mlir_emit.hh, MlirOptions): clean MLIR names none of them, is
// the instrumented MLIR minus their lines, and runs alike.
TEST(PtoMlirEmit, HooksOnlyWhenAsked) {
  auto make = [](pto::MlirOptions opts) {
    FnBuilder m("main"); // for i := 1 to 3 do printi(twice(i))
    VarId i = m.var("i", VarRole::Idx, 0);
    m.f.body = block(std::make_unique<For>(
        i, c(1), c(3), block(eval(rt("printi", user("twice_1", c(0), m.ref(i)))))));
    std::vector<Function> others;
    others.push_back(twice());
    return emit(std::move(m.f), std::move(others), opts);
  };
  std::string clean = make({}), hooked = make({true});
  for (const char* name : {"tig_arg", "tig_enter", "tig_leave", "tig_step", ".name"}) {
    EXPECT_EQ(clean.find(name), std::string::npos) << name << "\n" << clean;
    EXPECT_NE(hooked.find(name), std::string::npos) << name << "\n" << hooked;
  }
  EXPECT_EQ(clean, withoutHooks(hooked));
  if (!pto::mlirToolsAvailable()) GTEST_SKIP() << "MLIR 19's tools are not installed";
  for (const std::string& mlir : {clean, hooked}) {
    MlirOutput r = runMlirText(mlir);
    EXPECT_EQ(r.status, 0) << r.err << "\n" << mlir;
    EXPECT_EQ(r.out, "246") << mlir;
  }
}

TEST(PtoMlirEmit, OutputIsDeterministic) {
  auto make = [] {
    FnBuilder m("main");
    m.f.body = block(eval(rt("print", str("b"))), eval(rt("print", str("a"))),
                     eval(rt("print", str("b"))));
    return emit(std::move(m.f));
  };
  std::string first = make();
  EXPECT_EQ(first, make());
  EXPECT_NE(first.find("@str0(\"b\")"), std::string::npos) << first;
}

} // namespace
} // namespace tiger::pto_test
