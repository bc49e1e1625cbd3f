// interp_builtins.cc - every runtime function of runtime.hh as the interpreter runs it,
// and every runtime error with its exact message, exit status 70 and the output
// printed before it kept.
#include "chap7/interp/tests/interp_testing.hh"

#include <gtest/gtest.h>

#include <functional>

namespace tiger::interp_test {
namespace {

using tree::BinOp;

RunOutput runMain(ProgramBuilder& b, std::vector<T_stm> stms,
                  const std::string& input = "") {
  b.main(b.seq(std::move(stms)));
  return runProgram(b.program(), input);
}

TEST(InterpBuiltins, PrintAndPrinti) {
  ProgramBuilder b;
  RunOutput run = runMain(
      b, {b.print("x = "), b.printi(b.c(-42)), b.print("\n"), b.callStm("flush", {})});
  EXPECT_EQ(run.out, "x = -42\n");
  EXPECT_EQ(run.result.status, ExitCode::Ok);
  EXPECT_EQ(run.result.exitCode, 0);
}

TEST(InterpBuiltins, GetcharReadsBytesThenEmptyAtEnd) {
  ProgramBuilder b;
  auto ordOfGetchar = [&] { return b.printi(b.call("ord", {b.call("getchar", {})})); };
  RunOutput run = runMain(
      b, {ordOfGetchar(), b.print(" "), ordOfGetchar(), b.print(" "), ordOfGetchar()},
      "A\n");
  EXPECT_EQ(run.out, "65 10 -1");
}

TEST(InterpBuiltins, OrdChrSize) {
  ProgramBuilder b;
  RunOutput run =
      runMain(b, {b.printi(b.call("ord", {b.str("")})), b.print(" "),
                  b.printi(b.call("ord", {b.call("chr", {b.c(255)})})), b.print(" "),
                  b.callStm("print", {b.call("chr", {b.c(66)})}), b.print(" "),
                  b.printi(b.call("size", {b.str("hello")}))});
  EXPECT_EQ(run.out, "-1 255 B 5");
}

TEST(InterpBuiltins, SubstringConcatNot) {
  ProgramBuilder b;
  RunOutput run = runMain(
      b,
      {b.callStm("print", {b.call("substring", {b.str("compiler"), b.c(3), b.c(3)})}),
       b.callStm("print", {b.call("substring", {b.str("abc"), b.c(3), b.c(0)})}),
       b.print("|"), b.callStm("print", {b.call("concat", {b.str("tig"), b.str("er")})}),
       b.print("|"), b.callStm("print", {b.call("concat", {b.str(""), b.str("")})}),
       b.print("|"), b.printi(b.call("not", {b.c(0)})),
       b.printi(b.call("not", {b.c(7)}))});
  EXPECT_EQ(run.out, "pil|tiger||10");
}

TEST(InterpBuiltins, StringEqualAndCompare) {
  ProgramBuilder b;
  auto cmp = [&](const char* x, const char* y) {
    return b.printi(b.call("stringCompare", {b.str(x), b.str(y)}));
  };
  RunOutput run =
      runMain(b, {b.printi(b.call("stringEqual", {b.str("ab"), b.str("ab")})),
                  b.printi(b.call("stringEqual", {b.str("ab"), b.str("abc")})),
                  cmp("ab", "abc"), cmp("b", "abc"), cmp("", ""), cmp("\xff", "a")});
  EXPECT_EQ(run.out, "10-1101");
}

TEST(InterpBuiltins, ExitStopsWithItsCodeModulo256) {
  for (auto [code, expected] : {std::pair{3, 3}, {0, 0}, {256 + 7, 7}, {-1, 255}}) {
    ProgramBuilder b;
    RunOutput run =
        runMain(b, {b.print("a"), b.callStm("exit", {b.c(code)}), b.print("b")});
    EXPECT_EQ(run.out, "a");
    EXPECT_EQ(run.result.status, ExitCode::Ok);
    EXPECT_EQ(run.result.exitCode, expected);
    EXPECT_EQ(run.err, "");
  }
}

// let var a := intArray[3] of 9 in a[1] := 5; printi(a[0] + a[1] + a[-1 word]) end
TEST(InterpBuiltins, InitArrayKeepsTheLengthBeforeElementZero) {
  ProgramBuilder b;
  Temp_temp a = b.newTemp();
  T_exp arr = b.a.Temp(a);
  RunOutput run = runMain(b, {b.a.Move(arr, b.call("initArray", {b.c(3), b.c(9)})),
                              b.a.Move(b.at(arr, 8), b.c(5)),
                              b.printi(b.bin(BinOp::PLUS, b.at(arr, 0), b.at(arr, 8))),
                              b.print(" "), b.printi(b.at(arr, -8)), b.print(" "),
                              b.printi(b.call("checkIndex", {arr, b.c(2)}))});
  EXPECT_EQ(run.out, "14 3 2") << run.err;
}

// MOVE(TEMP t, checkIndex(a, i + j)), then a store and a load at a + t * 8 (the
// checkIndex of a sum of temps, in one operation): the index is the sum, each time.
TEST(InterpBuiltins, CheckIndexOfASumChecksTheSum) {
  ProgramBuilder b;
  Temp_temp a = b.newTemp(), i = b.newTemp(), j = b.newTemp(), t = b.newTemp();
  T_exp arr = b.a.Temp(a), index = b.a.Temp(t);
  auto check = [&] {
    return b.a.Move(
        index, b.call("checkIndex", {arr, b.bin(BinOp::PLUS, b.a.Temp(i), b.a.Temp(j))}));
  };
  T_exp element = b.a.Mem(b.bin(BinOp::PLUS, arr, b.bin(BinOp::TIMES, index, b.c(8))));
  RunOutput run =
      runMain(b, {b.a.Move(arr, b.call("initArray", {b.c(4), b.c(0)})),
                  b.a.Move(b.a.Temp(i), b.c(1)), b.a.Move(b.a.Temp(j), b.c(2)), check(),
                  b.a.Move(element, b.c(5)), b.printi(element),
                  b.a.Move(b.a.Temp(j), b.c(3)), check(), b.printi(index)});
  EXPECT_EQ(run.out, "5");
  EXPECT_EQ(run.result.exitCode, 70);
  EXPECT_EQ(run.err, "runtime error: array index 4 out of range [0, 4)\n");
}

// A store right after a checkIndex, into another array than the one checked: it goes
// to the array the store names (the check and the store are not one operation).
TEST(InterpBuiltins, AStoreAfterACheckIndexGoesToItsOwnArray) {
  ProgramBuilder b;
  Temp_temp a = b.newTemp(), other = b.newTemp(), i = b.newTemp(), t = b.newTemp();
  T_exp index = b.a.Temp(t);
  auto element = [&](Temp_temp arr) {
    return b.a.Mem(b.bin(BinOp::PLUS, b.a.Temp(arr), b.bin(BinOp::TIMES, index, b.c(8))));
  };
  RunOutput run =
      runMain(b, {b.a.Move(b.a.Temp(a), b.call("initArray", {b.c(4), b.c(1)})),
                  b.a.Move(b.a.Temp(other), b.call("initArray", {b.c(4), b.c(2)})),
                  b.a.Move(b.a.Temp(i), b.c(3)),
                  b.a.Move(index, b.call("checkIndex", {b.a.Temp(a), b.a.Temp(i)})),
                  b.a.Move(element(other), b.c(7)), b.printi(element(a)),
                  b.printi(element(other))});
  EXPECT_EQ(run.out, "17") << run.err;
}

TEST(InterpBuiltins, AllocRecordIsZeroedAndBounded) {
  ProgramBuilder b;
  Temp_temp r = b.newTemp();
  T_exp rec = b.a.Temp(r);
  RunOutput run =
      runMain(b, {b.a.Move(rec, b.call("allocRecord", {b.c(16)})), b.printi(b.at(rec, 8)),
                  b.a.Move(b.at(rec, 0), b.c(1)),
                  b.printi(b.a.Mem(b.call("checkNil", {rec}))), b.printi(b.at(rec, 16))});
  EXPECT_EQ(run.out, "01");
  EXPECT_EQ(run.result.status, ExitCode::Runtime);
  EXPECT_NE(run.err.find("invalid memory access"), std::string::npos);
}

struct ErrorCase {
  const char* what;
  std::function<T_stm(ProgramBuilder&)> stm;
  const char* message;
};

TEST(InterpBuiltins, RuntimeErrorsHaveClearMessages) {
  const ErrorCase cases[] = {
      {"index too big",
       [](ProgramBuilder& b) {
         return b.callStm("checkIndex", {b.call("initArray", {b.c(5), b.c(0)}), b.c(10)});
       },
       "array index 10 out of range [0, 5)"},
      {"index negative",
       [](ProgramBuilder& b) {
         return b.callStm("checkIndex", {b.call("initArray", {b.c(5), b.c(0)}), b.c(-1)});
       },
       "array index -1 out of range [0, 5)"},
      {"nil", [](ProgramBuilder& b) { return b.callStm("checkNil", {b.c(0)}); },
       "field access through nil"},
      {"chr high", [](ProgramBuilder& b) { return b.callStm("chr", {b.c(256)}); },
       "chr: character code out of range"},
      {"chr negative", [](ProgramBuilder& b) { return b.callStm("chr", {b.c(-1)}); },
       "chr: character code out of range"},
      {"substring",
       [](ProgramBuilder& b) {
         return b.callStm("substring", {b.str("abcd"), b.c(3), b.c(2)});
       },
       "substring: range [3, 3+2) out of range for a string of size 4"},
      {"substring negative",
       [](ProgramBuilder& b) {
         return b.callStm("substring", {b.str("abcd"), b.c(-1), b.c(1)});
       },
       "substring: range [-1, -1+1) out of range for a string of size 4"},
      {"negative size",
       [](ProgramBuilder& b) {
         return b.callStm("initArray", {b.c(-3), b.c(0)});
       },
       "negative array size -3"},
  };
  for (const ErrorCase& c : cases) {
    ProgramBuilder b;
    RunOutput run = runMain(b, {b.print("before"), c.stm(b), b.print("after")});
    EXPECT_EQ(run.out, "before") << c.what;
    EXPECT_EQ(run.err, std::string("runtime error: ") + c.message + "\n") << c.what;
    EXPECT_EQ(run.result.status, ExitCode::Runtime) << c.what;
    EXPECT_EQ(run.result.exitCode, 70) << c.what;
    EXPECT_EQ(run.result.error, c.message) << c.what;
  }
}

TEST(InterpBuiltins, HugeArrayIsOutOfMemoryNotACrash) {
  ProgramBuilder b;
  RunOutput run =
      runMain(b, {b.callStm("initArray", {b.c(std::int64_t{1} << 40), b.c(0)})});
  EXPECT_EQ(run.result.status, ExitCode::Runtime);
}

// Trees no compilation makes (tree_read.cc refuses them in dumps): internal errors.
TEST(InterpBuiltins, WrongArgumentCountOrUnknownFunctionIsInternal) {
  ProgramBuilder b1;
  EXPECT_EQ(runMain(b1, {b1.callStm("printi", {})}).result.status, ExitCode::Internal);
  ProgramBuilder b2;
  RunOutput run = runMain(b2, {b2.callStm("nosuch", {})});
  EXPECT_EQ(run.result.status, ExitCode::Internal);
  EXPECT_EQ(run.err, "internal error: CALL of unknown function nosuch\n");
}

// print of a word that is not a string: a dump read by --from can say it, so it is a
// runtime error of the program, not a compiler bug.
TEST(InterpBuiltins, PrintOfANonStringIsARuntimeError) {
  ProgramBuilder b;
  RunOutput run = runMain(b, {b.callStm("print", {b.c(5)})});
  EXPECT_EQ(run.result.status, ExitCode::Runtime);
  EXPECT_EQ(run.err, "runtime error: a string was expected, got the word 5\n");
}

} // namespace
} // namespace tiger::interp_test
