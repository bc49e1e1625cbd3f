// pto_cft.cc - CtrlFlowTransform on Tiger programs: the documented shapes as golden
// dumps (docs/ctrl_flow_transform.md), and each PyPTO bug shape (docs/pypto_bugs.md) checked in the dump. Runs are checked by
// pto_testcases.cc; these tests pin down the form.
#include "ptoext/tests/pto_testing.hh"

#include <gtest/gtest.h>

#include <regex>

namespace tiger::pto_test {
namespace {

// The dump of CtrlFlowTransform, with the guard of a for-turned-while written flag
// first. PyPTO's documentation writes `And(i < stop, Not(__break_N))`, the reference tests the flag
// first; a bound has no effect, so either order is right and both read the same here.
std::string cft(const std::string& text) {
  static const std::regex boundFirst(
      R"(while \((i <= [\w]+)\) and \(not (__break_\d+)\):)");
  return std::regex_replace(dumpOf(text, PtoStage::Cft), boundFirst,
                            "while (not $2) and ($1):");
}

bool has(const std::string& dump, const std::string& piece) {
  return dump.find(piece) != std::string::npos;
}

// The documented phase 2: a for with a break becomes a while with __break_0.
TEST(PtoCft, BreakInForBecomesWhileWithFlag) {
  EXPECT_EQ(cft("for i := 0 to 9 do (printi(i); if i = 3 then break; print(\",\"))"),
            "def tigermain():\n"
            "    i = 0\n"
            "    __break_0 = False\n"
            "    while (not __break_0) and (i <= 9):\n"
            "        rt.printi(i)\n"
            "        if i == 3:\n"
            "            __break_0 = True\n"
            "        else:\n"
            "            rt.print(\",\")\n"
            "        if not __break_0:\n"
            "            i = i + 1\n");
}

// The documented phase 1: the rest moves into the else; the loop stays a for; no flag.
TEST(PtoCft, ContinueMovesTheRestIntoElse) {
  EXPECT_EQ(cft("for i := 1 to 3 do (if i = 2 then continue; printi(i))"),
            "def tigermain():\n"
            "    for i in pl.range(1, 3, inclusive=True):\n"
            "        if i == 2:\n"
            "            pass\n"
            "        else:\n"
            "            rt.printi(i)\n");
}

// Bug B1 (docs/pypto_bugs.md): `if c: x = 1; break` keeps `x = 1`.
TEST(PtoCft, StatementsBeforeBreakAreKept) {
  std::string d =
      cft("let var x := 0 in for i := 1 to 3 do if i = 2 then (x := 1; break) end");
  EXPECT_TRUE(has(d, "            x = 1\n            __break_0 = True\n")) << d;
}

// Bug B2 (docs/pypto_bugs.md): a continue nested in an if not at the end of its branch guards what follows.
TEST(PtoCft, NestedContinueGuardsTheRestAtEveryLevel) {
  std::string d =
      cft("for i := 1 to 5 do (if i > 1 then (if i < 4 then continue; print(\"a\")); "
          "printi(i))");
  EXPECT_TRUE(has(d, "        __continue_0 = False\n")) << d;
  EXPECT_TRUE(has(d, "        if not __continue_0:\n            rt.printi(i)\n")) << d;
}

// The flag is tested before a condition with effects: it never runs after a break.
TEST(PtoCft, WhileConditionWithEffectsIsGuardedByTheFlag) {
  std::string d = cft("let var i := 0 in while (print(\"c\"); i < 9) do (i := i + 1; "
                      "if i = 3 then break) end");
  EXPECT_TRUE(has(d, "        _cond0 = False\n        if not __break_0:\n"
                     "            rt.print(\"c\")\n            _cond0 = i < 9\n"))
      << d;
  EXPECT_TRUE(has(d, "pl.cond(_cond0)")) << d;
}

// A division in the condition may fail: it is not evaluated after a break either.
TEST(PtoCft, WhileConditionThatMayFailIsGuarded) {
  std::string d =
      cft("let var n := 1 in while 10 / n > 0 do (n := n - 1; if n = 0 then break) end");
  EXPECT_TRUE(has(d, "if not __break_0:\n            _cond0 = (10 / n) > 0\n")) << d;
}

// hi is evaluated once, into a variable; the increment cannot overflow.
TEST(PtoCft, ForBoundIsKeptInAVariable) {
  std::string d =
      cft("let var n := 5 in for i := 1 to n do (n := n + 1; if i = 3 then break) end");
  EXPECT_TRUE(has(d, "    _hi0 = n\n")) << d;
  EXPECT_TRUE(has(d, "while (not __break_0) and (i <= _hi0):")) << d;
  EXPECT_TRUE(
      has(d, "            if i < _hi0:\n                i = i + 1\n            else:\n"
             "                __break_0 = True\n"))
      << d;
}

// A break three ifs deep and inside let/sequence, with code after each level.
TEST(PtoCft, BreakAtAnyDepth) {
  std::string d =
      cft("for i := 1 to 9 do (if i > 1 then (if i > 2 then (let var k := i in "
          "(print(\"x\"); if k > 3 then break) end; print(\"y\")); print(\"z\")); "
          "printi(i))");
  EXPECT_FALSE(has(d, "break\n")) << d;
  EXPECT_TRUE(has(d, "if not __break_0:\n                rt.print(\"z\")")) << d;
}

// Inner loops first: each loop gets its own flag, numbered per function.
TEST(PtoCft, NestedLoopsGetTheirOwnFlags) {
  std::string d = cft("for i := 1 to 3 do (for j := 1 to 3 do (if j = 2 then break); "
                      "if i = 2 then break)");
  EXPECT_TRUE(has(d, "__break_0")) << d;
  EXPECT_TRUE(has(d, "__break_1")) << d;
}

} // namespace
} // namespace tiger::pto_test
