// interp_testing.hh - helpers for the interpreter's tests: build a program by hand with
// tree::Arena (no front end needed) or read it from a dump's text, and run it on a big
// stack, capturing its output.
#pragma once

#include "base/big_stack.hh"
#include "chap7/interp/interp.hh"
#include "chap7/ir/runtime.hh"
#include "chap7/ir/tree_read.hh"

#include <memory>
#include <sstream>
#include <string>
#include <vector>

namespace tiger::interp_test {

struct RunOutput {
  RunResult result;
  std::string out;
  std::string err;
};

inline RunOutput runProgram(const ir::Program& prog, const std::string& input = "",
                            std::uint64_t maxSteps = 100'000'000, int maxDepth = 10'000) {
  std::istringstream in(input);
  std::ostringstream out, err;
  RunOptions opts{&in, &out, &err, maxSteps, maxDepth};
  RunOutput run;
  runOnBigStack([&] { run.result = interpret(prog, opts); });
  run.out = out.str();
  run.err = err.str();
  return run;
}

// A dump read back (tree::readProgram, as `tigerc --from`): the program, or null and
// the reader's errors.
struct Read {
  std::unique_ptr<ir::Program> prog;
  std::string errors;
};

inline Read readText(const std::string& text) {
  Read r;
  std::ostringstream errors;
  runOnBigStack([&] {
    SourceFile src("t.ir", text);
    Diagnostics diag(src, errors);
    r.prog = tree::readProgram(src, diag);
  });
  r.errors = errors.str();
  return r;
}

// A program under construction. The first proc added is the main program.
class ProgramBuilder {
public:
  ProgramBuilder() : prog_(std::make_unique<ir::Program>()), a(prog_->arena) {}

  Temp_label label(const std::string& name) { return prog_->temps.namedLabel(name); }
  Temp_temp newTemp() { return prog_->temps.newTemp(); }
  T_exp fp() { return a.Temp(prog_->temps.fp()); }
  T_exp rv() { return a.Temp(prog_->temps.rv()); }
  T_exp c(std::int64_t v) { return a.Const(v); }
  T_exp bin(tree::BinOp op, T_exp l, T_exp r) { return a.Binop(op, l, r); }
  // MEM(BINOP(PLUS, base, CONST off))
  T_exp at(T_exp base, std::int64_t off) {
    return a.Mem(bin(tree::BinOp::PLUS, base, c(off)));
  }
  T_exp call(const std::string& f, std::vector<T_exp> args) {
    return a.Call(a.Name(label(f)), std::move(args));
  }
  T_stm callStm(const std::string& f, std::vector<T_exp> args) {
    return a.Exp(call(f, args));
  }
  T_stm printi(T_exp e) { return callStm("printi", {e}); }
  T_stm print(const std::string& text) { return callStm("print", {str(text)}); }
  T_stm seq(std::vector<T_stm> stms) { return a.SeqList(stms); }

  // NAME L of a new STRING fragment.
  T_exp str(const std::string& text) {
    Temp_label l = label("S" + std::to_string(prog_->strings.size()));
    prog_->strings.push_back(ir::StringFrag{l, text});
    return a.Name(l);
  }

  // A new PROC named `name`; escapes[k] for formal k (k = 0 is the static link).
  frame::Frame& proc(const std::string& name, const std::vector<bool>& escapes) {
    auto f = std::make_unique<frame::Frame>(label(name), escapes, prog_->temps);
    prog_->procs.push_back(ir::ProcFrag{std::move(f), {}, name});
    return *prog_->procs.back().frame;
  }
  void setBody(std::vector<T_stm> body) { prog_->procs.back().body = std::move(body); }
  // The main program: a frame with a static link, and one body tree.
  frame::Frame& main(T_stm body) {
    frame::Frame& f = proc(std::string(runtime::kMainLabel), {true});
    setBody({body});
    return f;
  }
  ir::Program& program() { return *prog_; }

private:
  std::unique_ptr<ir::Program> prog_;

public:
  tree::Arena& a;
};

} // namespace tiger::interp_test
