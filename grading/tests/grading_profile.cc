// grading_profile.cc - course profiles (profile.hh) and another course's dumps read
// and run with them (docs/judge.md).
//
// Expects: each shipped grading/profiles/D.json reads to builtinProfile(D); a profile's
// keys change what they name, "dialect" first; every malformed profile is an error at
// its line and column; detectDialect tells the ML and tiger-cpp words; a dump of words
// of 4 bytes (a record, an array, escaping locals and formals below fp) runs; TEMP sp
// and NAME f_framesize address the frame, and a frame missed is named from sp; a
// course's runtime names, picked arguments (none: "getchar()") and derived string
// comparisons run as tigerc's; a stack pointer written is refused; a jump from one
// ESEQ of a chain to a label of the next runs (ESEQ(s1, ESEQ(s2, e)) is one list).
#include "grading/profile.hh"

#include "chap7/interp/interp.hh"
#include "chap7/interp/tests/interp_testing.hh"
#include "chap7/ir/tree_read.hh"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace tiger::grading_test {
namespace {

std::string fileText(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

tree::Dialect profile(const std::string& json) {
  std::string error;
  std::optional<tree::Dialect> d = grading::readProfile("p.json", json, error);
  EXPECT_TRUE(d) << error;
  return d.value_or(tree::Dialect{});
}

std::string profileError(const std::string& json) {
  std::string error;
  EXPECT_FALSE(grading::readProfile("p.json", json, error));
  return error;
}

TEST(Profile, ShippedFilesAreTheBuiltins) {
  for (std::string_view name : grading::dialectNames()) {
    if (name == "tigerc") continue;
    auto path = std::filesystem::path(TIGER_SOURCE_DIR) / "grading" / "profiles" /
                (std::string(name) + ".json");
    tree::Dialect file = profile(fileText(path)), built = *grading::builtinProfile(name);
    EXPECT_EQ(file.name, built.name);
    EXPECT_EQ(file.binops, built.binops) << name;
    EXPECT_EQ(file.tildeNegatives, built.tildeNegatives) << name;
    EXPECT_EQ(file.tempWord, built.tempWord) << name;
    EXPECT_EQ(file.wordSize, built.wordSize) << name;
    EXPECT_EQ(file.fp, built.fp) << name;
    EXPECT_EQ(file.sp, built.sp) << name;
    EXPECT_EQ(file.rv, built.rv) << name;
    EXPECT_EQ(file.mainLabel, built.mainLabel) << name;
    EXPECT_EQ(file.frameSizeSuffix, built.frameSizeSuffix) << name;
    ASSERT_EQ(file.runtime.size(), built.runtime.size()) << name;
    for (std::size_t k = 0; k < file.runtime.size(); ++k)
      EXPECT_EQ(file.runtime[k].course + file.runtime[k].tigerc,
                built.runtime[k].course + built.runtime[k].tigerc);
  }
}

TEST(Profile, KeysChangeTheDialect) {
  tree::Dialect d = profile(R"j({"dialect": "appel-ml", "word_size": 8, "fp": "t100",
    "rv": "t101", "main": "main", "runtime": {"printint": "printi",
    "initArray": "initArray(1, 2)", "strLt": "stringLess"}})j");
  EXPECT_EQ(d.name, "appel-ml");
  EXPECT_EQ(d.binopName(tree::BinOp::TIMES), "MUL");
  EXPECT_TRUE(d.tildeNegatives);
  EXPECT_EQ(d.wordSize, 8);
  EXPECT_EQ(d.fp + d.rv + d.mainLabel, "t100t101main");
  ASSERT_TRUE(d.courseRuntime("initArray"));
  EXPECT_EQ(d.courseRuntime("initArray")->args, (std::vector<int>{1, 2}));
  EXPECT_EQ(d.courseRuntimeName("printi"), "printint");
  EXPECT_EQ(profile("{}").name, ""); // no dialect: the dump's words decide
}

TEST(Profile, ErrorsSayWhere) {
  EXPECT_EQ(profileError("{\"word_size\": 6}"),
            "p.json:1:16: error: word_size must be 4 or 8");
  EXPECT_EQ(profileError("{\n  \"colour\": \"red\"}"),
            "p.json:2:12: error: unknown key \"colour\"");
  EXPECT_NE(
      profileError("{\"fp\": \"t1\", \"dialect\": \"appel-c\"}").find("must come first"),
      std::string::npos);
  EXPECT_NE(profileError("{\"dialect\": \"cobol\"}").find("unknown dialect"),
            std::string::npos);
  EXPECT_NE(
      profileError("{\"runtime\": {\"f\": \"launch\"}}").find("not a runtime function"),
      std::string::npos);
  EXPECT_NE(
      profileError("{\"runtime\": {\"f\": \"initArray(1,)\"}}").find("not a runtime"),
      std::string::npos);
  EXPECT_NE(profileError("{\"fp\": \"t1\"").find("expected"), std::string::npos);
  EXPECT_NE(profileError("{} []").find("text after"), std::string::npos);
  EXPECT_NE(profileError("{\"fp\": 3}").find("expected a string"), std::string::npos);
}

TEST(Profile, DetectsTheWords) {
  EXPECT_EQ(grading::detectDialect("CONST ~5"), "appel-ml");
  EXPECT_EQ(grading::detectDialect("BINOP(MUL,"), "appel-ml");
  EXPECT_EQ(grading::detectDialect("MOVE(\n temp t101,"), "tiger-cpp");
  EXPECT_EQ(grading::detectDialect("BINOP(TIMES, TEMP t1, CONST -5) # MULTIPLY"),
            "appel-c");
}

// Reads `dump` in dialect d and runs it: stdout, or "error: ..." when it does not read.
std::string run(const std::string& dump, const tree::Dialect& d) {
  SourceFile src("x.ir", dump);
  std::ostringstream err;
  Diagnostics diag(src, err);
  auto prog = tree::readProgram(src, diag, nullptr, d);
  if (!prog) return "error: " + err.str();
  std::istringstream in;
  std::ostringstream out;
  RunOptions opts{&in, &out, &err};
  RunResult r;
  runOnBigStack([&] { r = interpret(*prog, opts); });
  return out.str() + (r.error.empty() ? "" : "runtime error: " + r.error);
}

// let type rec = {a: int, b: int}  var r := rec{a = 5, b = 7}  var a := intArray[3] of 2
// in a[2] := r.b * 10; printi(a[2] + r.a) end, in words of 4 bytes, r kept at fp-4.
constexpr const char* kWords4 = R"(
PROC main
# formals: fp+0; locals: 4 bytes
MOVE(TEMP t7, CALL(NAME allocRecord, CONST 8))
MOVE(MEM(TEMP t7), CONST 5)
MOVE(MEM(BINOP(PLUS, TEMP t7, CONST 4)), CONST 7)
MOVE(MEM(BINOP(PLUS, TEMP fp, CONST ~4)), TEMP t7)
MOVE(TEMP t8, CALL(NAME initArray, CONST 3, CONST 2))
MOVE(MEM(BINOP(PLUS, TEMP t8, BINOP(MUL, CONST 2, CONST 4))),
     BINOP(MUL, MEM(BINOP(PLUS, MEM(BINOP(PLUS, TEMP fp, CONST ~4)), CONST 4)), CONST 10))
EXP(CALL(NAME printint, BINOP(PLUS, MEM(BINOP(PLUS, TEMP t8, CONST 8)),
    MEM(MEM(BINOP(MINUS, TEMP fp, CONST 4))))))
)";

TEST(ForeignDump, WordsOfFourBytes) {
  tree::Dialect d = profile(R"j({"dialect": "appel-ml", "main": "main",
                                "runtime": {"printint": "printi"}})j");
  EXPECT_EQ(run(kWords4, d), "75");
  d.wordSize = 8; // its frame is half a word
  EXPECT_NE(run(kWords4, d).find("the locals must be a number of words: a multiple of 8"),
            std::string::npos);
}

// f(x) with the view shift in the IR: the static link arrives in t102 (rdi) and is kept at
// sp+0; x in t103; the frame pointer is sp + NAME f_fs; rv is t101.
constexpr const char* kStackPointer = R"(
PROC tigermain
# formals: t102; locals: 16 bytes
MOVE(MEM(TEMP sp), TEMP t102)
MOVE(TEMP t101, CALL(NAME f, BINOP(PLUS, TEMP sp, NAME tigermain_fs), CONST 41))
EXP(CALL(NAME printi, TEMP t101))
EXP(CALL(NAME printi, CALL(NAME strLt, NAME L1, NAME L2)))
EXP(CALL(NAME printi, CALL(NAME strNeq, NAME L1, NAME L1)))
MOVE(TEMP t9, CALL(NAME initArray, CONST 2, CONST 3, CONST 0))
PROC f
# formals: t102, t103; locals: 8 bytes
MOVE(MEM(BINOP(MINUS, BINOP(PLUS, TEMP sp, NAME f_fs), CONST 8)), TEMP t103)
MOVE(TEMP t101, BINOP(PLUS, MEM(TEMP sp), CONST 1))
STRING L1 "a"
STRING L2 "b"
)";

TEST(ForeignDump, StackPointerAndFrameSize) {
  tree::Dialect d = profile(R"j({"dialect": "appel-ml", "word_size": 8, "fp": "",
      "sp": "sp", "rv": "t101", "frame_size_suffix": "_fs", "runtime": {
      "strLt": "stringLess", "strNeq": "stringNotEqual", "initArray": "initArray(1, 2)"}})j");
  EXPECT_EQ(run(kStackPointer, d), "4210");
  std::string written = kStackPointer;
  written.replace(written.find("MEM(TEMP sp), TEMP t102"), 23, "TEMP sp, TEMP t102");
  EXPECT_NE(run(written, d).find("MOVE into the stack pointer sp"), std::string::npos);
}

TEST(ForeignDump, NamesItsTempsAsPrinted) {
  tree::Dialect d = *grading::builtinProfile("appel-c");
  std::string dump =
      "PROC tigermain\n# formals: none; frame: 0 bytes\n"
      "EXP(CALL(NAME printi, TEMP %rdi))\nMOVE(TEMP rv, CALL(NAME launch))\n";
  std::string out = run(dump, d);
  EXPECT_NE(out.find("call of launch: no PROC and no runtime function"),
            std::string::npos);
  d.runtime.push_back({"launch", "flush", {}});
  EXPECT_EQ(run(dump, d), "0"); // an argument register read unset reads 0
}

TEST(ForeignDump, FramesMissedAreNamedFromSp) {
  tree::Dialect d = profile(R"j({"dialect": "appel-ml", "word_size": 8, "fp": "",
      "sp": "t100", "rv": "t101", "runtime": {"gtchar": "getchar()"}})j");
  std::string dump = "PROC tigermain\n# formals: t102; locals: 8 bytes\n"
                     "MOVE(TEMP t5, CALL(NAME gtchar, TEMP t102))\n"
                     "MOVE(MEM(BINOP(PLUS, TEMP t100, CONST 8)), TEMP t5)\n";
  EXPECT_EQ(run(dump, d), "runtime error: invalid memory access at 0x8000000040000008: "
                          "t100+8 of the frame of tigermain (call depth 0), outside its "
                          "words [t100+0, t100+8)");
}

// if 1 < 2 then 7 else 8, as the C++ labs' Translate builds it before canon: the CJUMP
// in the first ESEQ, its labels in the next ones.
constexpr const char* kEseqChain = R"(
PROC tigermain
# formals: none; frame: 0 bytes
EXP(CALL(NAME printi,
  ESEQ(CJUMP(LT, CONST 1, CONST 2, L2, L3),
  ESEQ(LABEL L2, ESEQ(MOVE(temp t9, CONST 7), ESEQ(JUMP(NAME L4),
  ESEQ(LABEL L3, ESEQ(MOVE(temp t9, CONST 8), ESEQ(LABEL L4, temp t9)))))))))
)";

TEST(ForeignDump, JumpsAlongAnEseqChain) {
  EXPECT_EQ(run(kEseqChain, *grading::builtinProfile("tiger-cpp")), "7");
}

} // namespace
} // namespace tiger::grading_test
