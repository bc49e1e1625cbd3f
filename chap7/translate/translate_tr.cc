// translate_tr.cc - unEx, unNx and unCx (Appel, section 7.2, "Conversion between
// kinds of expressions"); see translate_tr.hh.
#include "chap7/translate/translate_tr.hh"

namespace tiger::translate {

using tree::RelOp;

bool isBoolean(const TrExp& e) {
  if (e.kind == TrExp::Kind::Cx) return !e.value;
  auto* c = e.kind == TrExp::Kind::Ex ? tree::cast<tree::Const>(e.ex) : nullptr;
  return c && (c->value == 0 || c->value == 1);
}

// unEx(Ex e)  = e
// unEx(Nx s)  = ESEQ(s, CONST 0)
// unEx(Cx c with a value v) = v()
// unEx(Cx c)  = ESEQ(SEQ(MOVE(TEMP r, CONST 1),
//                    SEQ(c(t, f),
//                    SEQ(LABEL f,
//                    SEQ(MOVE(TEMP r, CONST 0),
//                        LABEL t)))),
//                    TEMP r)
T_exp unEx(ir::Program& prog, TrExp e) {
  // LAB translate BEGIN unEx()
  tree::Arena& A = prog.arena;
  switch (e.kind) {
  case TrExp::Kind::Ex: return e.ex;
  case TrExp::Kind::Nx: return A.Eseq(e.nx, A.Const(0));
  case TrExp::Kind::Cx:
    if (e.value) return e.value();
    break;
  }
  Temp_temp r = prog.temps.newTemp();
  Temp_label t = prog.temps.newLabel(), f = prog.temps.newLabel();
  T_stm s = A.SeqList({A.Move(A.Temp(r), A.Const(1)), e.cx(t, f), A.Label(f),
                       A.Move(A.Temp(r), A.Const(0)), A.Label(t)});
  return A.Eseq(s, A.Temp(r));
  // LAB END
}

// unNx(Ex e)               = EXP(e)
// unNx(Ex ESEQ(s, e))       = SEQ(s, unNx(Ex e))   canon's rule for EXP(ESEQ(s, e)),
// unNx(Ex ESEQ(s, CONST k)) = s                    applied now so that a let or a
//                                                  sequence used as a statement reads
//                                                  as a sequence of statements
// unNx(Nx s)  = s
// unNx(Cx c)  = SEQ(c(l, l), LABEL l)              both outcomes continue at l
T_stm unNx(ir::Program& prog, TrExp e) {
  // LAB translate BEGIN unNx()
  tree::Arena& A = prog.arena;
  switch (e.kind) {
  case TrExp::Kind::Ex: break;
  case TrExp::Kind::Nx: return e.nx;
  case TrExp::Kind::Cx: {
    Temp_label l = prog.temps.newLabel();
    return A.Seq(e.cx(l, l), A.Label(l));
  }
  }
  std::vector<T_stm> stms;
  T_exp x = e.ex;
  for (auto* q = tree::cast<tree::Eseq>(x); q; q = tree::cast<tree::Eseq>(x)) {
    stms.push_back(q->stm);
    x = q->exp;
  }
  if (stms.empty() || !tree::cast<tree::Const>(x)) stms.push_back(A.Exp(x));
  return A.SeqList(stms);
  // LAB END
}

// unCx(Cx c)        = c
// unCx(Ex CONST 0)  = (t, f) => JUMP f        a constant needs no test
// unCx(Ex CONST k)  = (t, f) => JUMP t        (k != 0)
// unCx(Ex e)        = (t, f) => CJUMP(NE, e, CONST 0, t, f)
// unCx(Nx s)        = (t, f) => SEQ(s, JUMP f)  (a statement has value 0; semant
//                                                 never lets one be a condition)
CondFn unCx(ir::Program& prog, TrExp e) {
  // LAB translate BEGIN unCx()
  tree::Arena& A = prog.arena;
  switch (e.kind) {
  case TrExp::Kind::Cx: return std::move(e.cx);
  case TrExp::Kind::Nx:
    return [&A, s = e.nx](Temp_label, Temp_label f) { return A.Seq(s, A.Jump(f)); };
  case TrExp::Kind::Ex: break;
  }
  if (auto* c = tree::cast<tree::Const>(e.ex)) {
    bool holds = c->value != 0;
    return [&A, holds](Temp_label t, Temp_label f) { return A.Jump(holds ? t : f); };
  }
  return [&A, x = e.ex](Temp_label t, Temp_label f) {
    return A.Cjump(RelOp::NE, x, A.Const(0), t, f);
  };
  // LAB END
}

} // namespace tiger::translate
