// canon_builder_samples.hh - small programs built with the test builder (builder.hh),
// each with the output the interpreter must give at every stage. Shared by the
// builder's execution tests and the cfg-dot tests (loops, ifs, nesting, break and
// continue, short-circuit conditions, ESEQ, a recursive function, exit).
#pragma once

#include "chap8/tests/builder.hh"

#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <string>
#include <vector>

namespace tiger::test {

struct Sample {
  std::string name;
  std::function<void(ir::Program&, build::Builder&)> emit; // emits tigermain's body
  std::string stdoutText;                                  // what it prints
  int exitCode = 0;
};

// The test name of a parameterized test on samples.
inline std::string sampleName(const testing::TestParamInfo<Sample>& p) {
  return p.param.name;
}

// A program from a sample: newProgram, the sample's body, setMain.
inline std::unique_ptr<ir::Program> makeProgram(const Sample& s) {
  auto prog = build::newProgram();
  build::Builder b(prog->arena, prog->temps);
  s.emit(*prog, b);
  build::setMain(*prog, b);
  return prog;
}

inline std::vector<Sample> samples() {
  using tree::RelOp;
  using B = build::Builder;
  std::vector<Sample> all;

  // sum := 0; for i := 1 to 10 do (if i = 5 then continue; sum := sum + i); printi(sum)
  all.push_back({"ForContinue",
                 [](ir::Program&, B& b) {
                   auto i = b.temp(), sum = b.temp();
                   b.move(sum, b.cnst(0));
                   b.For(i, b.cnst(1), b.cnst(10), [&] {
                     b.If(b.rel(RelOp::EQ, i, b.cnst(5)), [&] { b.Continue(); });
                     b.move(sum, b.add(sum, i));
                   });
                   b.callProc("printi", {sum});
                 },
                 "50"});

  // i := 0; while i < 100 do (i := i + 1; if i >= 7 then break); printi(i)
  all.push_back({"WhileBreak",
                 [](ir::Program&, B& b) {
                   auto i = b.temp();
                   b.move(i, b.cnst(0));
                   b.While(b.rel(RelOp::LT, i, b.cnst(100)), [&] {
                     b.move(i, b.add(i, b.cnst(1)));
                     b.If(b.rel(RelOp::GE, i, b.cnst(7)), [&] { b.Break(); });
                   });
                   b.callProc("printi", {i});
                 },
                 "7"});

  // i := 0; n := 0; while i < 10 do (i := i + 1; if i / 2 * 2 = i then continue;
  // n := n + i); printi(n)
  all.push_back({"WhileContinue",
                 [](ir::Program&, B& b) {
                   auto i = b.temp(), n = b.temp();
                   b.move(i, b.cnst(0));
                   b.move(n, b.cnst(0));
                   b.While(b.rel(RelOp::LT, i, b.cnst(10)), [&] {
                     b.move(i, b.add(i, b.cnst(1)));
                     b.If(b.rel(RelOp::EQ, b.mul(b.div(i, b.cnst(2)), b.cnst(2)), i),
                          [&] { b.Continue(); });
                     b.move(n, b.add(n, i));
                   });
                   b.callProc("printi", {n});
                 },
                 "25"});

  // for i := 1 to 3 do for j := 1 to 3 do (if j > i then break; printi(i*10+j); print(" "))
  all.push_back({"NestedBreak",
                 [](ir::Program& p, B& b) {
                   auto space = b.name(build::addString(p, " "));
                   auto i = b.temp(), j = b.temp();
                   b.For(i, b.cnst(1), b.cnst(3), [&] {
                     b.For(j, b.cnst(1), b.cnst(3), [&] {
                       b.If(b.rel(RelOp::GT, j, i), [&] { b.Break(); });
                       b.callProc("printi", {b.add(b.mul(i, b.cnst(10)), j)});
                       b.callProc("print", {space});
                     });
                   });
                 },
                 "11 21 22 31 32 33 "});

  // An escaping loop variable up to the largest int: three rounds, no overflow.
  all.push_back({"ForToMaxInt",
                 [](ir::Program& p, B& b) {
                   constexpr std::int64_t max = std::numeric_limits<std::int64_t>::max();
                   auto i = frame::accessExp(p.arena, p.procs[0].frame->allocLocal(true),
                                             b.fp());
                   b.For(i, b.cnst(max - 2), b.cnst(max),
                         [&] { b.callProc("printi", {b.cnst(1)}); });
                 },
                 "111"});

  // for i := 5 to 1 do printi(i); printi(0)
  all.push_back({"ForEmptyRange",
                 [](ir::Program&, B& b) {
                   auto i = b.temp();
                   b.For(i, b.cnst(5), b.cnst(1), [&] { b.callProc("printi", {i}); });
                   b.callProc("printi", {b.cnst(0)});
                 },
                 "0"});

  // d := 0; if d <> 0 & 10 / d > 1 then print("a") else print("b");
  //         if d = 0 | 10 / d > 1 then print("c")   (10 / d would be a runtime error)
  all.push_back({"ShortCircuit",
                 [](ir::Program& p, B& b) {
                   auto d = b.temp();
                   auto a = b.name(build::addString(p, "a")),
                        bs = b.name(build::addString(p, "b")),
                        c = b.name(build::addString(p, "c"));
                   b.move(d, b.cnst(0));
                   auto big = b.rel(RelOp::GT, b.div(b.cnst(10), d), b.cnst(1));
                   b.If(
                       b.And(b.rel(RelOp::NE, d, b.cnst(0)), big),
                       [&] { b.callProc("print", {a}); },
                       [&] { b.callProc("print", {bs}); });
                   b.If(b.Or(b.rel(RelOp::EQ, d, b.cnst(0)), big),
                        [&] { b.callProc("print", {c}); });
                 },
                 "bc"});

  // x := (y := 5; y + 1) * (y := 2; y); printi(x): left to right gives 6 * 2
  all.push_back(
      {"EseqOrder",
       [](ir::Program&, B& b) {
         auto x = b.temp(), y = b.temp();
         b.move(x, b.mul(b.eseq([&] { b.move(y, b.cnst(5)); }, b.add(y, b.cnst(1))),
                         b.eseq([&] { b.move(y, b.cnst(2)); }, y)));
         b.callProc("printi", {x});
       },
       "12"});

  // x := 2; printi((if x < 3 then (printi(1); 10) else (printi(2); 20))
  //                 + (if x > 3 then 100 else 200))
  all.push_back({"IfExpValues",
                 [](ir::Program&, B& b) {
                   auto x = b.temp();
                   b.move(x, b.cnst(2));
                   auto arm = [&](int printed, int value) {
                     return [&b, printed, value] {
                       b.callProc("printi", {b.cnst(printed)});
                       return b.cnst(value);
                     };
                   };
                   T_exp first =
                       b.IfExp(b.rel(RelOp::LT, x, b.cnst(3)), arm(1, 10), arm(2, 20));
                   T_exp second = b.IfExp(
                       b.rel(RelOp::GT, x, b.cnst(3)), [&] { return b.cnst(100); },
                       [&] { return b.cnst(200); });
                   b.callProc("printi", {b.add(first, second)});
                 },
                 "1210"});

  // i := 0; while i < 10 do (i := i + 1; printi((if i = 3 then break; i)))
  // A break out of an ESEQ inside call arguments: the call must not happen.
  all.push_back({"BreakInsideEseq",
                 [](ir::Program&, B& b) {
                   auto i = b.temp();
                   b.move(i, b.cnst(0));
                   b.While(b.rel(RelOp::LT, i, b.cnst(10)), [&] {
                     b.move(i, b.add(i, b.cnst(1)));
                     auto breakAt3 = [&] {
                       b.If(b.rel(RelOp::EQ, i, b.cnst(3)), [&] { b.Break(); });
                     };
                     b.callProc("printi", {b.eseq(breakAt3, i)});
                   });
                 },
                 "12"});

  // function fact(n) = if n <= 1 then 1 else n * fact(n - 1); printi(fact(10))
  all.push_back(
      {"Recursion",
       [](ir::Program& p, B& b) {
         build::addFunction(p, b, "fact_1", {false}, [&](const std::vector<T_exp>& f) {
           T_exp n = f[0];
           b.If(
               b.rel(RelOp::LE, n, b.cnst(1)), [&] { b.move(b.rv(), b.cnst(1)); },
               [&] {
                 b.move(b.rv(), b.mul(n, b.call("fact_1", {b.sub(n, b.cnst(1))})));
               });
         });
         b.callProc("printi", {b.call("fact_1", {b.cnst(10)})});
       },
       "3628800"});

  // printi(4); exit(3); printi(5)
  all.push_back({"Exit",
                 [](ir::Program&, B& b) {
                   b.callProc("printi", {b.cnst(4)});
                   b.callProc("exit", {b.cnst(3)});
                   b.callProc("printi", {b.cnst(5)});
                 },
                 "4", 3});

  return all;
}

} // namespace tiger::test
