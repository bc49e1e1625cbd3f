// translate_shapes.cc - Translate on small Tiger programs: the shapes of the trees it
// makes (flat forms, see translate_testing.hh), checked where numbering is not the point:
// fragments and frames, escaping and non-escaping variables, static-link chains,
// operators, records and arrays, control flow, and determinism. BonusTranslate: the
// reference's own shapes beyond the book (irtest::kBonusTest).
#include "translate_testing.hh"

namespace tiger {
namespace {

using irtest::contains;
using irtest::flatProc;
using irtest::procNamed;
using irtest::translateText;

TEST(Translate, MainProgramIsTigermainWithNoFormals) {
  auto ir = translateText("printi(1)");
  ASSERT_TRUE(ir);
  ASSERT_EQ(ir->procs.size(), 1u);
  EXPECT_EQ(ir->procs[0].frame->name().str(), "tigermain");
  EXPECT_EQ(ir->mainLabel, ir->procs[0].frame->name());
  EXPECT_TRUE(ir->procs[0].frame->formals().empty());
  EXPECT_EQ(flatProc(*ir, 0), "EXP(CALL(printi,1))");
}

// Freeing each function's AST, and each element of a sequence, once translated changes
// nothing: nested and mutually recursive functions, formals and locals reached through
// static links, loops left by break inside sequences, a sequence whose last element is
// a condition still to be converted.
TEST(Translate, FreeingTheAstAsItGoesGivesTheSameTrees) {
  const std::string text = R"(
    let
      var g := 10
      function even(n: int): int = if n = 0 then 1 else odd(n - 1)
      function odd(n: int): int = if n = 0 then 0 else even(n - 1)
      function outer(a: int): int =
        let var b := a + g
            function inner(c: int): int = (b := b + c; for i := 0 to c do
              (if i > 2 then break; b := b + i); b)
        in inner(a); inner(b); b end
    in
      (g := outer(1); while 1 do (g := g - 1; if g < 0 then break; printi(g));
       printi(even(g + 10)); if (g; g > 3) then printi(1))
    end)";
  auto kept = translateText(text);
  auto freed = translateText(text, true);
  ASSERT_TRUE(kept && freed);
  EXPECT_EQ(irtest::dump(*freed), irtest::dump(*kept));
}

TEST(Translate, EscapingLocalsLiveInTheFrameOthersInTemps) {
  auto ir =
      translateText("let var x := 1 var y := 2 function f(): int = x in f() + y end");
  ASSERT_TRUE(ir);
  std::string m = flatProc(*ir, 0);
  EXPECT_TRUE(contains(m, "MOVE(MEM(PLUS(fp,-8)),1)")) << m;
  EXPECT_TRUE(contains(m, "MOVE(t100,2)")) << m;
  // f reads x through its static link (formal 0, at fp+0).
  EXPECT_EQ(flatProc(*ir, procNamed(*ir, "f")), "MOVE(rv,MEM(PLUS(MEM(PLUS(fp,0)),-8)))");
}

TEST(Translate, FormalsEscapeAsTheyAreUsedAndTheStaticLinkAlways) {
  auto ir = translateText(
      "let function f(a: int, b: int): int = let function g(): int = a in g() + b end"
      " in f(1, 2) end");
  ASSERT_TRUE(ir);
  const auto& formals = ir->procs[procNamed(*ir, "f")].frame->formals();
  ASSERT_EQ(formals.size(), 3u);
  EXPECT_EQ(formals[0].kind, frame::Access::Kind::InFrame); // static link
  EXPECT_EQ(formals[0].offset, 0);
  EXPECT_EQ(formals[1].kind, frame::Access::Kind::InFrame); // a: used by g
  EXPECT_EQ(formals[1].offset, 8);
  EXPECT_EQ(formals[2].kind, frame::Access::Kind::InReg); // b
}

// h at depth 3 reads main's x (3 links), f's y (2 links), g's z (1 link); calls f
// (static link: main's fp, 3 links) and itself (g's fp, 1 link).
TEST(Translate, StaticLinkChainsAtDepthTwoAndThree) {
  auto ir = translateText(R"(
    let var x := 1
        function f(): int =
          let var y := 2
              function g(): int =
                let var z := 3
                    function h(n: int): int =
                      if n = 0 then x + y + z + f() else h(n - 1)
                in h(3) end
          in g() end
    in f() end)");
  ASSERT_TRUE(ir);
  std::string h = flatProc(*ir, procNamed(*ir, "h"));
  const std::string l1 = "MEM(PLUS(fp,0))", l2 = "MEM(PLUS(" + l1 + ",0))",
                    l3 = "MEM(PLUS(" + l2 + ",0))";
  EXPECT_TRUE(contains(h, "MEM(PLUS(" + l3 + ",-8))")) << h; // x
  EXPECT_TRUE(contains(h, "MEM(PLUS(" + l2 + ",-8))")) << h; // y
  EXPECT_TRUE(contains(h, "MEM(PLUS(" + l1 + ",-8))")) << h; // z
  EXPECT_TRUE(contains(h, "CALL(f_0," + l3 + ")")) << h;
  EXPECT_TRUE(contains(h, "CALL(h_2," + l1 + ",MINUS(")) << h;
  EXPECT_TRUE(contains(flatProc(*ir, procNamed(*ir, "g")), "CALL(h_2,fp,3)"));
  EXPECT_TRUE(contains(flatProc(*ir, 0), "CALL(f_0,fp)"));
}

TEST(Translate, ProcsComeInSourceOrderOfDeclaration) {
  auto ir = translateText("let function a() = (let function b() = () in b() end) "
                          "function c() = a() in c() end");
  ASSERT_TRUE(ir);
  ASSERT_EQ(ir->procs.size(), 4u);
  EXPECT_EQ(ir->procs[1].sourceName, "a");
  EXPECT_EQ(ir->procs[2].sourceName, "b");
  EXPECT_EQ(ir->procs[3].sourceName, "c");
  EXPECT_EQ(flatProc(*ir, 3), "EXP(CALL(a_0,MEM(PLUS(fp,0))))"); // a procedure: no rv
}

TEST(BonusTranslate, AndOrShortCircuitAsJumps) {
  SCOPED_TRACE(irtest::kBonusTest);
  auto ir = translateText("let var a := 1 var b := 2 in if a < b & b < 3 | a = 0 "
                          "then printi(1) end");
  ASSERT_TRUE(ir);
  std::string m = flatProc(*ir, 0);
  // (a < b & b < 3) | a = 0: the & tests a < b, then b < 3; either failing tries a = 0.
  EXPECT_TRUE(contains(m, "CJUMP(LT,t100,t101,L")) << m;
  EXPECT_TRUE(contains(m, "CJUMP(LT,t101,3,L")) << m;
  EXPECT_TRUE(contains(m, "CJUMP(EQ,t100,0,L")) << m;
  EXPECT_FALSE(contains(m, "CJUMP(NE")) << "no 0/1 value is built and retested:\n" << m;
}

// a & b is `if a then b else 0`: as a value it is b's value, not 1 (2 & 3 is 3);
// as a condition it is still jumps.
TEST(BonusTranslate, AndOrOfIntegersKeepTheIfValue) {
  SCOPED_TRACE(irtest::kBonusTest);
  auto ir = translateText("(printi(2 & 3); printi(0 | 5))");
  ASSERT_TRUE(ir);
  std::string m = flatProc(*ir, 0);
  EXPECT_TRUE(contains(m, "MOVE(t100,3)")) << m;
  EXPECT_TRUE(contains(m, "MOVE(t100,0)")) << m;
  EXPECT_TRUE(contains(m, "MOVE(t101,1)")) << m;
  EXPECT_TRUE(contains(m, "MOVE(t101,5)")) << m;
  auto cond = translateText("let var x := 2 in if x & x then printi(1) end");
  ASSERT_TRUE(cond);
  m = flatProc(*cond, 0);
  EXPECT_TRUE(
      contains(m, "SEQ(CJUMP(NE,t100,0,L2,L1),SEQ(LABEL L2,CJUMP(NE,t100,0,L0,L1)))"))
      << m;
}

TEST(Translate, IfMixingAConditionAndAnIntegerKeepsTheInteger) {
  auto ir = translateText("printi(if 0 then 1 < 2 else 5)");
  ASSERT_TRUE(ir);
  std::string m = flatProc(*ir, 0);
  EXPECT_TRUE(contains(m, "MOVE(t100,5)")) << m;
}

TEST(Translate, StringComparisonsCallTheRuntime) {
  auto ir = translateText(R"(let var s := "a" in
      if s = "b" then printi(1); if s <> "b" then printi(2);
      if s < "c" then printi(3); if s >= "c" then printi(4) end)");
  ASSERT_TRUE(ir);
  std::string m = flatProc(*ir, 0);
  EXPECT_TRUE(contains(m, "CJUMP(EQ,CALL(stringEqual,t100,L3),1,")) << m;
  EXPECT_TRUE(contains(m, "CJUMP(NE,CALL(stringEqual,t100,L3),1,")) << m;
  EXPECT_TRUE(contains(m, "CJUMP(LT,CALL(stringCompare,t100,L")) << m;
  EXPECT_TRUE(contains(m, "CJUMP(GE,CALL(stringCompare,t100,L")) << m;
  // "b" and "c" each have one fragment, used twice.
  ASSERT_EQ(ir->strings.size(), 3u);
  EXPECT_EQ(ir->strings[1].text, "b");
}

TEST(Translate, RecordsAllocateThenFillFieldsInSourceOrder) {
  auto ir = translateText("let type p = {x: int, y: int} var r := p{x = 1, y = 2} "
                          "in printi(r.y) end");
  ASSERT_TRUE(ir);
  std::string m = flatProc(*ir, 0);
  EXPECT_TRUE(contains(m, "ESEQ(SEQ(MOVE(t101,CALL(allocRecord,16)),SEQ("
                          "MOVE(MEM(PLUS(t101,0)),1),MOVE(MEM(PLUS(t101,8)),2))),t101)"))
      << m;
  EXPECT_TRUE(contains(m, "MEM(PLUS(CALL(checkNil,t100),8))")) << m;
}

TEST(BonusTranslate, ArraysInitThenCheckEveryIndex) {
  SCOPED_TRACE(irtest::kBonusTest);
  auto ir =
      translateText("let type a = array of int var v := a[10] of 7 in v[2] := v[3] end");
  ASSERT_TRUE(ir);
  std::string m = flatProc(*ir, 0);
  EXPECT_TRUE(contains(m, "MOVE(t100,CALL(initArray,10,7))")) << m;
  EXPECT_TRUE(contains(m, "MOVE(MEM(PLUS(t100,TIMES(CALL(checkIndex,t100,2),8))),"
                          "MEM(PLUS(t100,TIMES(CALL(checkIndex,t100,3),8))))"))
      << m;
}

TEST(Translate, ArrayInTheFrameIsReadOnceIntoATemp) {
  auto ir = translateText("let type a = array of int var v := a[10] of 7 "
                          "function f(): int = v[1] in f() end");
  ASSERT_TRUE(ir);
  std::string f = flatProc(*ir, procNamed(*ir, "f"));
  EXPECT_TRUE(contains(f, "ESEQ(MOVE(t10")) << f;
  EXPECT_TRUE(contains(f, ",MEM(PLUS(MEM(PLUS(fp,0)),-8))),MEM(PLUS(t10")) << f;
}

// for i := lo to hi: no i + 1 once i = hi, so hi = maxint cannot overflow.
TEST(BonusTranslate, ForLoopTestsBeforeIncrementing) {
  SCOPED_TRACE(irtest::kBonusTest);
  auto ir = translateText("for i := 1 to 9223372036854775807 do (if i = 3 then continue; "
                          "if i = 5 then break)");
  ASSERT_TRUE(ir);
  std::string m = flatProc(*ir, 0);
  std::string want =
      "MOVE(t100,1),SEQ(MOVE(t101,9223372036854775807),SEQ(CJUMP(GT,t100,t101,L3,L0),"
      "SEQ(LABEL L0,";
  EXPECT_TRUE(contains(m, want)) << m;
  EXPECT_TRUE(contains(m, "LABEL L1,SEQ(CJUMP(GE,t100,t101,L3,L2),SEQ(LABEL L2,SEQ("
                          "MOVE(t100,PLUS(t100,1)),SEQ(JUMP(L0),LABEL L3))))"))
      << m;
  EXPECT_TRUE(contains(m, "JUMP(L1)")) << "continue goes to the increment test\n" << m;
  EXPECT_TRUE(contains(m, "JUMP(L3)")) << "break goes to done\n" << m;
}

TEST(Translate, EscapingForIndexLivesInTheFrame) {
  auto ir = translateText("let function f() = for i := 0 to 2 do "
                          "let function g() = printi(i) in g() end in f() end");
  ASSERT_TRUE(ir);
  std::string f = flatProc(*ir, procNamed(*ir, "f"));
  EXPECT_TRUE(contains(f, "MOVE(MEM(PLUS(fp,-8)),0)")) << f;
  EXPECT_TRUE(
      contains(flatProc(*ir, procNamed(*ir, "g")), "MEM(PLUS(MEM(PLUS(fp,0)),-8))"));
}

TEST(BonusTranslate, WhileLoopAndConstantConditions) {
  SCOPED_TRACE(irtest::kBonusTest);
  auto ir = translateText("while 1 do (printi(1); break)");
  ASSERT_TRUE(ir);
  EXPECT_EQ(flatProc(*ir, 0), "SEQ(LABEL L0,SEQ(JUMP(L1),SEQ(LABEL L1,SEQ(SEQ(EXP(CALL("
                              "printi,1)),JUMP(L2)),SEQ(JUMP(L0),LABEL L2)))))");
}

TEST(Translate, IfWithAValueMovesIntoATemp) {
  auto ir = translateText("printi(if 1 < 2 then 3 else 4)");
  ASSERT_TRUE(ir);
  EXPECT_EQ(flatProc(*ir, 0),
            "EXP(CALL(printi,ESEQ(SEQ(CJUMP(LT,1,2,L0,L1),SEQ(LABEL L0,SEQ(MOVE(t100,3),"
            "SEQ(JUMP(L2),SEQ(LABEL L1,SEQ(MOVE(t100,4),LABEL L2)))))),t100)))");
}

TEST(Translate, ConditionAsAValueIsZeroOrOne) {
  auto ir = translateText("printi(3 > 2)");
  ASSERT_TRUE(ir);
  EXPECT_EQ(flatProc(*ir, 0),
            "EXP(CALL(printi,ESEQ(SEQ(MOVE(t100,1),SEQ(CJUMP(GT,3,2,L0,L1),SEQ(LABEL L1,"
            "SEQ(MOVE(t100,0),LABEL L0)))),t100)))");
}

TEST(BonusTranslate, LetUsedAsAStatementIsASequenceOfStatements) {
  SCOPED_TRACE(irtest::kBonusTest);
  auto ir = translateText("let var x := 1 in printi(x); x end");
  ASSERT_TRUE(ir);
  EXPECT_EQ(flatProc(*ir, 0), "SEQ(MOVE(t100,1),SEQ(EXP(CALL(printi,t100)),EXP(t100)))");
}

TEST(Translate, FunctionResultGoesToRv) {
  auto ir = translateText("let function f(x: int): int = x * 2 in printi(f(4)) end");
  ASSERT_TRUE(ir);
  EXPECT_EQ(flatProc(*ir, 1), "MOVE(rv,TIMES(t100,2))");
}

std::string repeated(const std::string& piece, int n) {
  std::string s;
  s.reserve(piece.size() * n);
  for (int k = 0; k < n; ++k)
    s += piece;
  return s;
}

TEST(Translate, LongSequencesAndLetsTranslate) {
  const int n = 100'000;
  auto seq = translateText("(" + repeated("printi(1);", n) + "printi(2))");
  ASSERT_TRUE(seq);
  EXPECT_GT(seq->arena.nodeCount(), static_cast<std::size_t>(3 * n));
  auto let = translateText("let " + repeated("var x := 1 ", n) + "in printi(x) end");
  ASSERT_TRUE(let);
  EXPECT_EQ(let->temps.tempCount(), n);
}

// Each & holds its operands' conditions; copying them (not moving) made a chain of n
// operators cost n^2 (24 s for 9000 under load, 0.25 s since).
TEST(BonusTranslate, LongAndChainsAndDeepNestingTranslate) {
  SCOPED_TRACE(irtest::kBonusTest);
  const int n = 2000;
  auto chain = translateText("printi(" + repeated("1 < 2 & ", n) + "1)");
  ASSERT_TRUE(chain);
  std::string m = irtest::dump(*chain);
  int cjumps = 0;
  for (auto at = m.find("CJUMP"); at != std::string::npos; at = m.find("CJUMP", at + 1))
    ++cjumps;
  EXPECT_EQ(cjumps, n) << "one CJUMP per <; the final `& 1` is a JUMP";
  auto nested = translateText("printi(" + repeated("(", 4 * n) + "1" +
                              repeated("+1)", 4 * n) + ")");
  ASSERT_TRUE(nested);
}

// Labels and temps are numbered in source order whichever C++ compiler built tigerc:
// the left operand of + - * / is translated before the right (g++ and clang differ on
// the order of a call's arguments, and the WebAssembly build is clang's).
TEST(Translate, OperandsAreTranslatedLeftFirst) {
  auto ir = translateText(R"(
    let function f(s: string): int = size(s)
    in printi(f("a") + f("b") * f("c") - f("d") / f("e")) end)");
  ASSERT_TRUE(ir);
  std::string order;
  for (const ir::StringFrag& s : ir->strings)
    order += s.text;
  EXPECT_EQ(order, "abcde");
}

TEST(Translate, SameInputGivesByteIdenticalDumps) {
  const char* text = R"(
    let type list = {head: int, tail: list}
        function sum(l: list): int = if l = nil then 0 else l.head + sum(l.tail)
        var l := list{head = 1, tail = list{head = 2, tail = nil}}
    in print("sum "); printi(sum(l)); print("\n");
       for i := 1 to 3 do if i > 1 & i < 3 | i = 0 then print("mid\n")
    end)";
  auto a = translateText(text), b = translateText(text);
  ASSERT_TRUE(a && b);
  EXPECT_EQ(irtest::dump(*a), irtest::dump(*b));
}

} // namespace
} // namespace tiger
