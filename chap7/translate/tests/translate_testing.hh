// translate_testing.hh - helpers of the Translate tests: Tiger text -> IR (parse, check,
// escapes, translate, on a big stack), the printed dump, and a one-line form of a tree
// for structural checks where numbering does not matter:
//
//   MEM(BINOP(PLUS, TEMP fp, CONST -8))   reads as   MEM(PLUS(fp,-8))
//   CALL(NAME f_1, [TEMP fp, CONST 1])    reads as   CALL(f_1,fp,1)
//   CJUMP(LT, TEMP t100, CONST 5, L1, L2) reads as   CJUMP(LT,t100,5,L1,L2)
#pragma once

#include "base/big_stack.hh"
#include "chap7/front/escape.hh"
#include "chap7/front/parse.hh"
#include "chap7/front/semant.hh"
#include "chap7/ir/tree_print.hh"
#include "chap7/translate/translate.hh"

#include <gtest/gtest.h>

#include <memory>
#include <sstream>
#include <string>

namespace tiger::irtest {

// The suites named Bonus... test the reference Translate's own shapes beyond the book
// (conditions composed as jumps, constants tested at compile time, no temp for an array
// already in one): a right answer from the book may fail them, and `ctest -L lab`
// leaves them out (labs/translate/lab.json). Each says so on its failures.
inline constexpr const char* kBonusTest =
    "bonus test: the reference Translate's shape beyond the book's rules; a right "
    "answer may build other trees with the same meaning";

// `text` through the chap7 front end and Translate; null (and a test failure) when the
// front end rejects it. freeAst: through the translateProgram that frees the AST as it
// goes, as tigerc does.
inline std::unique_ptr<ir::Program> translateText(const std::string& text,
                                                  bool freeAst = false) {
  std::unique_ptr<ir::Program> ir;
  std::ostringstream errors;
  runOnBigStack([&] {
    SourceFile src("t.tig", text);
    Diagnostics diag(src, errors);
    types::TypeContext types;
    std::unique_ptr<ast::Program> prog = parse(src, diag).program;
    if (!prog || !checkProgram(*prog, types, diag)) return;
    findEscapes(*prog);
    ir = freeAst ? translateProgram(std::move(prog)) : translateProgram(*prog);
  });
  if (!ir) ADD_FAILURE() << "front end rejected the program:\n" << errors.str();
  return ir;
}

inline std::string dump(const ir::Program& prog) {
  std::ostringstream out;
  tree::printProgram(out, prog);
  return out.str();
}

inline std::string flat(const tree::Stm* s);

inline std::string flat(const tree::Exp* e) {
  using namespace tree;
  switch (e->kind) {
  case ExpKind::BINOP: {
    auto* b = cast<Binop>(e);
    return std::string(name(b->op)) + "(" + flat(b->left) + "," + flat(b->right) + ")";
  }
  case ExpKind::MEM: return "MEM(" + flat(cast<Mem>(e)->addr) + ")";
  case ExpKind::TEMP: return TempFactory::tempName(cast<Temp>(e)->temp);
  case ExpKind::ESEQ:
    return "ESEQ(" + flat(cast<Eseq>(e)->stm) + "," + flat(cast<Eseq>(e)->exp) + ")";
  case ExpKind::NAME: return cast<Name>(e)->label.str();
  case ExpKind::CONST: return std::to_string(cast<Const>(e)->value);
  case ExpKind::CALL: {
    auto* c = cast<Call>(e);
    std::string s = "CALL(" + flat(c->fun);
    for (const Exp* a : c->args)
      s += "," + flat(a);
    return s + ")";
  }
  }
  return "?";
}

inline std::string flat(const tree::Stm* s) {
  using namespace tree;
  switch (s->kind) {
  case StmKind::SEQ:
    return "SEQ(" + flat(cast<Seq>(s)->left) + "," + flat(cast<Seq>(s)->right) + ")";
  case StmKind::LABEL: return "LABEL " + cast<Label>(s)->label.str();
  case StmKind::JUMP: return "JUMP(" + flat(cast<Jump>(s)->exp) + ")";
  case StmKind::CJUMP: {
    auto* c = cast<Cjump>(s);
    return std::string("CJUMP(") + name(c->op) + "," + flat(c->left) + "," +
           flat(c->right) + "," + c->t.str() + "," + c->f.str() + ")";
  }
  case StmKind::MOVE:
    return "MOVE(" + flat(cast<Move>(s)->dst) + "," + flat(cast<Move>(s)->src) + ")";
  case StmKind::EXP: return "EXP(" + flat(cast<ExpStm>(s)->exp) + ")";
  }
  return "?";
}

// The flat form of a PROC's whole body (one tree after Translate).
inline std::string flatProc(const ir::Program& prog, std::size_t k) {
  std::string s;
  for (const tree::Stm* stm : prog.procs.at(k).body)
    s += flat(stm);
  return s;
}

// The index of the PROC whose Tiger name is `name`.
inline std::size_t procNamed(const ir::Program& prog, const std::string& name) {
  for (std::size_t k = 0; k < prog.procs.size(); ++k)
    if (prog.procs[k].sourceName == name) return k;
  ADD_FAILURE() << "no PROC for " << name;
  return 0;
}

inline bool contains(const std::string& hay, const std::string& needle) {
  return hay.find(needle) != std::string::npos;
}

} // namespace tiger::irtest
