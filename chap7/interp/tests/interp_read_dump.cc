// interp_read_dump.cc - tree::readProgram, the reader of printed dumps (tree_read.hh).
//
// Expects:
//   - a dump read back prints byte for byte as it was, and runs as the program it came
//     from (same output, same exit status), at Translate's stage;
//   - frames come back with their formals and size; tigermain becomes procs[0];
//   - a SEQ spine of 200000 statements is read without deep recursion, and trees nested
//     past kMaxReadDepth get an error, not a stack overflow;
//   - every malformed or meaningless dump is refused with `t.ir:LINE:COL: error: ...`
//     naming the problem (one table row per error path of the reader).
#include "interp_testing.hh"

#include "chap7/translate/tests/translate_testing.hh"

#include <sstream>

namespace tiger::interp_test {
namespace {

const char* const kProgram = R"(
let type list = {head: int, tail: list}
    var total := 0
    function sum(l: list): int = if l = nil then 0 else l.head + sum(l.tail)
    function add(i: int) = total := total + i
    type array_of_int = array of int
    var arr := array_of_int [3] of 7
in add(sum(list{head = 1, tail = list{head = 2, tail = nil}}));
   for i := 0 to 2 do add(arr[i]);
   print("total "); printi(total); print("\n");
   arr[3] := 0
end
)";

TEST(ReadDump, PrintsBackByteForByteAndRunsTheSame) {
  auto translated = irtest::translateText(kProgram);
  ASSERT_TRUE(translated);
  std::string text = irtest::dump(*translated);
  Read r = readText(text);
  ASSERT_TRUE(r.prog) << r.errors;
  EXPECT_EQ(irtest::dump(*r.prog), text);
  RunOutput before = runProgram(*translated), after = runProgram(*r.prog);
  EXPECT_EQ(after.out, "total 24\n");
  EXPECT_EQ(after.out, before.out);
  EXPECT_EQ(after.err, before.err);
  EXPECT_EQ(after.result.exitCode, before.result.exitCode);
  EXPECT_EQ(after.result.exitCode, 70); // arr[3] is out of range
}

TEST(ReadDump, FramesAndMainComeBack) {
  Read r = readText(
      "PROC f_1\n# formals: fp+0, t104; frame: 32 bytes\nMOVE(TEMP rv, TEMP t104)\n"
      "PROC tigermain\n# formals: none; frame: 0 bytes\n"
      "EXP(CALL(NAME printi, CALL(NAME f_1, TEMP fp, CONST 5)))\n");
  ASSERT_TRUE(r.prog) << r.errors;
  ASSERT_EQ(r.prog->procs.size(), 2u);
  const frame::Frame& main = *r.prog->procs[0].frame;
  const frame::Frame& f = *r.prog->procs[1].frame;
  EXPECT_EQ(main.name().str(), "tigermain");
  ASSERT_EQ(f.formals().size(), 2u);
  EXPECT_EQ(f.formals()[0].kind, frame::Access::Kind::InFrame);
  EXPECT_EQ(f.formals()[1].temp.num, 104);
  EXPECT_EQ(f.highOffset() - f.lowOffset(), 32);
  EXPECT_EQ(r.prog->temps.newTemp().num, 105); // fresh temps stay fresh
  EXPECT_EQ(runProgram(*r.prog).out, "5");
  // C_linearize can leave a PROC with no statement: that reads and runs too.
  Read empty = readText("PROC tigermain\n# formals: none; frame: 0 bytes\n\n");
  ASSERT_TRUE(empty.prog) << empty.errors;
  EXPECT_EQ(runProgram(*empty.prog).result.exitCode, 0);
}

TEST(ReadDump, LongSeqSpineIsReadWithoutRecursion) {
  std::string text = "PROC tigermain\n# formals: none; frame: 0 bytes\n";
  const int n = 200000;
  for (int i = 0; i < n; ++i)
    text += "SEQ(MOVE(TEMP t100, CONST 1),\n";
  text += "EXP(CALL(NAME printi, TEMP t100))" + std::string(n, ')') + "\n";
  Read r = readText(text);
  ASSERT_TRUE(r.prog) << r.errors.substr(0, 300);
  EXPECT_EQ(runProgram(*r.prog).out, "1");
}

TEST(ReadDump, NestingPastTheLimitIsRefused) {
#ifdef __SANITIZE_ADDRESS__
  GTEST_SKIP() << "AddressSanitizer cannot clean a stack over 64 MiB that an exception "
                  "unwinds (google/sanitizers#189), so it reports false overflows here; "
                  "the release build runs this test";
#endif
  std::string deep = "PROC tigermain\n# formals: none; frame: 0 bytes\nEXP(";
  for (int i = 0; i <= tree::kMaxReadDepth; ++i)
    deep += "MEM(";
  deep += "CONST 0" + std::string(tree::kMaxReadDepth + 2, ')') + "\n";
  Read d = readText(deep);
  EXPECT_FALSE(d.prog);
  EXPECT_TRUE(irtest::contains(d.errors, "nested deeper than 100000 levels")) << d.errors;
}

struct Bad {
  const char*
      body; // after "PROC tigermain\n# formals: none; frame: 0 bytes\n" (line 3 on)
  const char* error; // "LINE:COL: error: <start of the message>"
};

const Bad kBad[] = {
    {"MOVE(TEMP t100 CONST 1)", "3:16: error: expected ',' between MOVE's destination"},
    {"EXP(CONST 1", "3:12: error: expected ')' closing EXP, found the end of the file"},
    {"EXP(BINOP(MOD, CONST 1, CONST 2))", "3:11: error: expected an operator"},
    {"CJUMP(LESS, CONST 1, CONST 2, L1, L2)", "3:7: error: expected a relation"},
    {"EXP(CONST 99999999999999999999)",
     "3:11: error: integer 99999999999999999999 is out of range"},
    {"EXP(TEMP x)", "3:10: error: expected a temp (fp, rv or t<number>)"},
    {"EXP(TEMP t1)", "3:10: error: temps t0 and t1 are reserved"},
    {"EXP(CONST 1) @", "3:14: error: unexpected character '@'"},
    {"STRING L0 \"abc", "3:11: error: unterminated string literal"},
    {"STRING L0 \"a\\q\"", "3:14: error: unknown escape in a string literal"},
    {"STRING L0 \"\\999\"", "3:13: error: character code \\999 is over 255"},
    {"EXP(CONST 12ab)", "3:13: error: a number runs into a name"},
    {"JUMP(TEMP t100)", "3:6: error: expected NAME L (JUMP of a computed address"},
    {"EXP(CALL(TEMP t100))", "3:10: error: expected NAME L (CALL of a computed address"},
    {"MOVE(CONST 1, CONST 2)",
     "3:6: error: expected TEMP, MEM or ESEQ as the destination"},
    {"FOO(CONST 1)",
     "3:1: error: expected a statement (SEQ LABEL JUMP CJUMP MOVE EXP), found"},
    {"JUMP(NAME L9)",
     "3:11: error: jump to L9, which no LABEL of PROC tigermain defines"},
    {"LABEL L1\nLABEL L1", "4:7: error: label L1 is defined twice in this PROC"},
    {"EXP(TEMP t105)", "3:10: error: temp t105 is read but never set in PROC tigermain"},
    {"EXP(CALL(NAME nosuch))",
     "3:10: error: call of nosuch: no PROC and no runtime function"},
    {"EXP(CALL(NAME printi))",
     "3:10: error: call of printi with 0 arguments; it takes 1"},
    {"EXP(NAME L7)", "3:10: error: NAME L7 is used as a value, but no STRING L7 exists"},
    {"EXP(CONST 1)\nSTRING tigermain \"x\"",
     "4:8: error: a fragment named tigermain is already"},
};

TEST(ReadDump, EveryMalformedDumpIsRefusedWithALocatedError) {
  for (const Bad& b : kBad) {
    Read r = readText(std::string("PROC tigermain\n# formals: none; frame: 0 bytes\n") +
                      b.body);
    EXPECT_FALSE(r.prog) << b.body;
    EXPECT_TRUE(irtest::contains(r.errors, std::string("t.ir:") + b.error))
        << "input: " << b.body << "\nexpected: " << b.error << "\ngot: " << r.errors;
  }
}

TEST(ReadDump, BadHeadersAndMissingMain) {
  const std::pair<const char*, const char*> cases[] = {
      {"PROC tigermain\nEXP(CONST 1)", "2:1: error: expected the frame line"},
      {"PROC tigermain\n# formals: fp+8; frame: 8 bytes\nEXP(CONST 1)",
       "2:12: error: formal 0 in the frame must be at fp+0"},
      {"PROC tigermain\n# formals: t100, t101; frame: 8 bytes\nEXP(CONST 1)",
       "2:31: error: the frame must span its formals and locals"},
      {"PROC tigermain\n# formals: none; frame: 1073741824 bytes\nEXP(CONST 1)",
       "2:25: error: a frame of 1073741824 bytes; a dump's frames are limited to 16 MiB"},
      {"PROC f_1\n# formals: none; frame: 0 bytes\nEXP(CONST 1)\n",
       "3:1: error: no PROC tigermain: the dump has no main program"},
      {"", "1:1: error: no PROC tigermain"},
      {"EXP(CONST 1)", "1:1: error: expected PROC or STRING, found 'EXP'"},
      {"# only a comment\n", "1:1: error: no PROC tigermain"},
  };
  for (const auto& [text, error] : cases) {
    Read r = readText(text);
    EXPECT_FALSE(r.prog) << text;
    EXPECT_TRUE(irtest::contains(r.errors, std::string("t.ir:") + error))
        << "input: " << text << "\nexpected: " << error << "\ngot: " << r.errors;
  }
}

} // namespace
} // namespace tiger::interp_test
