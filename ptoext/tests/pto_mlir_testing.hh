// pto_mlir_testing.hh - helpers of the pto_mlir_* tests: run MLIR text with
// mlir_run.hh capturing the program's stdout/stderr, and build small SSA SIR modules
// by hand (sir.hh) so each emitter rule is tested on its own.
#pragma once

#include "ptoext/mlir_emit.hh"
#include "ptoext/mlir_run.hh"
#include "ptoext/sir.hh"

#include <gtest/gtest.h>

#include <cstdio>
#include <memory>
#include <string>
#include <unistd.h>
#include <utility>

namespace tiger::pto_test {

// Skips the calling test when MLIR 19's tools are not installed.
#define SKIP_WITHOUT_MLIR_TOOLS()                                                        \
  if (!::tiger::pto::mlirToolsAvailable())                                               \
  GTEST_SKIP()                                                                           \
      << "mlir-opt-19 / mlir-cpu-runner-19 not on PATH (apt-get install mlir-19-tools)"

struct MlirOutput {
  int status = -1;
  std::string out, err;
};

inline std::string readAll(std::FILE* f) {
  std::string text;
  std::rewind(f);
  char buf[4096];
  for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, f)) > 0;)
    text.append(buf, n);
  return text;
}

// Verifies, lowers and runs `mlir` with `input` on stdin.
inline MlirOutput runMlirText(const std::string& mlir, const std::string& input = "") {
  std::FILE* in = std::tmpfile();
  std::FILE* out = std::tmpfile();
  std::FILE* err = std::tmpfile();
  MlirOutput r;
  if (in && out && err) {
    std::fwrite(input.data(), 1, input.size(), in);
    std::fflush(in);
    ::lseek(fileno(in), 0, SEEK_SET);
    pto::MlirRunOptions opts;
    opts.in = fileno(in);
    opts.out = fileno(out);
    opts.err = fileno(err);
    r.status = pto::runMlir(mlir, opts);
    r.out = readAll(out);
    r.err = readAll(err);
  }
  for (std::FILE* f : {in, out, err})
    if (f) std::fclose(f);
  return r;
}

// ---- building SSA SIR by hand ----

using namespace sir;

inline ExprPtr c(std::int64_t v) {
  return std::make_unique<Const>(Type::Int64, v);
}
inline ExprPtr cb(bool v) {
  return std::make_unique<Const>(Type::Bool, v);
}
inline ExprPtr str(std::string s) {
  return std::make_unique<String>(std::move(s));
}
inline ExprPtr bin(BinOp op, ExprPtr a, ExprPtr b) {
  Type t = op == BinOp::And || op == BinOp::Or ? Type::Bool : Type::Int64;
  return std::make_unique<Binary>(t, op, std::move(a), std::move(b));
}
inline ExprPtr cmp(CmpOp op, ExprPtr a, ExprPtr b) {
  return std::make_unique<Compare>(op, std::move(a), std::move(b));
}
inline ExprPtr toInt(ExprPtr b) {
  return std::make_unique<Unary>(Type::Int64, UnOp::ToInt, std::move(b));
}
inline ExprPtr notB(ExprPtr b) {
  return std::make_unique<Unary>(Type::Bool, UnOp::Not, std::move(b));
}
inline ExprPtr load(ExprPtr base, ExprPtr index) {
  return std::make_unique<Load>(std::move(base), std::move(index));
}

template <class... E> std::vector<ExprPtr> exprs(E... es) {
  std::vector<ExprPtr> v;
  (v.push_back(std::move(es)), ...);
  return v;
}
template <class... E> ExprPtr rt(std::string name, E... args) {
  return std::make_unique<Call>(Callee::Runtime, std::move(name),
                                exprs(std::move(args)...));
}
template <class... E> ExprPtr user(std::string name, E... args) {
  return std::make_unique<Call>(Callee::User, std::move(name), exprs(std::move(args)...));
}
template <class... S> Block block(S... ss) {
  Block b;
  (b.push_back(std::move(ss)), ...);
  return b;
}

inline StmtPtr eval(ExprPtr e) {
  return std::make_unique<Eval>(std::move(e));
}
inline StmtPtr yield(std::vector<VarId> vs) {
  return std::make_unique<Yield>(std::move(vs));
}
inline StmtPtr ret(ExprPtr e) {
  return std::make_unique<Return>(std::move(e));
}
inline StmtPtr store(ExprPtr b, ExprPtr i, ExprPtr v) {
  return std::make_unique<Store>(std::move(b), std::move(i), std::move(v));
}

// One function under construction: variables with their SSA roles.
struct FnBuilder {
  Function f;
  explicit FnBuilder(std::string name) { f.name = std::move(name); }
  VarId var(std::string base, VarRole role, int version, Type t = Type::Int64) {
    VarId v = f.newVar(std::move(base), t);
    f.vars.back().role = role;
    f.vars.back().version = version;
    return v;
  }
  ExprPtr ref(VarId v) const {
    return std::make_unique<VarRef>(f.vars[static_cast<std::size_t>(v)].type, v);
  }
  StmtPtr assign(VarId v, ExprPtr e) const {
    return std::make_unique<Assign>(v, std::move(e));
  }
};

// A module of `main` (as tigermain) and the other functions, emitted as MLIR (clean
// unless `opts` asks for the hooks).
inline std::string emit(Function main, std::vector<Function> others = {},
                        pto::MlirOptions opts = {}) {
  Module m;
  main.name = "tigermain";
  m.functions.push_back(std::move(main));
  for (Function& f : others)
    m.functions.push_back(std::move(f));
  return pto::emitMlir(m, opts);
}

} // namespace tiger::pto_test
