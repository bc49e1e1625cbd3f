// builder.cc - the test builder of builder.hh: closures in, Tree IR statements out.
//
// Each control-flow construct below is lowered the way Translate lowers it (Appel,
// chapter 7.2-7.3), with the lowering written as a comment above the code. Labels come
// from the TempFactory in emission order, so the printed trees are deterministic.
#include "chap8/tests/builder.hh"

#include "chap7/ir/frame.hh"

#include <stdexcept>
#include <utility>

namespace tiger::build {

using tree::BinOp;
using tree::RelOp;

// ---- expressions ----

T_exp Builder::temp() {
  return arena_.Temp(temps_.newTemp());
}
T_exp Builder::temp(Temp_temp t) {
  return arena_.Temp(t);
}
T_exp Builder::rv() {
  return arena_.Temp(temps_.rv());
}
T_exp Builder::fp() {
  return arena_.Temp(temps_.fp());
}
T_exp Builder::cnst(std::int64_t v) {
  return arena_.Const(v);
}
T_exp Builder::binop(BinOp op, T_exp l, T_exp r) {
  return arena_.Binop(op, l, r);
}
T_exp Builder::mem(T_exp addr) {
  return arena_.Mem(addr);
}
T_exp Builder::name(Temp_label l) {
  return arena_.Name(l);
}

T_exp Builder::call(const std::string& fun, std::vector<T_exp> args) {
  return arena_.Call(arena_.Name(temps_.namedLabel(fun)), std::move(args));
}

T_exp Builder::eseq(const Body& body, T_exp e) {
  T_stm s = arena_.SeqList(capture(body));
  return arena_.Eseq(s, e);
}

// ---- statements ----

void Builder::emit(T_stm s) {
  sink_->push_back(s);
}
void Builder::move(T_exp dst, T_exp src) {
  emit(arena_.Move(use(dst), use(src)));
}
void Builder::exp(T_exp e) {
  emit(arena_.Exp(use(e)));
}
void Builder::callProc(const std::string& fun, std::vector<T_exp> args) {
  exp(call(fun, std::move(args)));
}
void Builder::label(Temp_label l) {
  emit(arena_.Label(l));
}
void Builder::jump(Temp_label l) {
  emit(arena_.Jump(l));
}

// ---- conditions (Translate's Cx) ----

// rel(op, l, r)(t, f) = CJUMP(op, l, r, t, f)
Cond Builder::rel(RelOp op, T_exp l, T_exp r) {
  return [this, op, l, r](Temp_label t, Temp_label f) {
    emit(arena_.Cjump(op, use(l), use(r), t, f));
  };
}

// And(a, b)(t, f) = a(z, f); LABEL z; b(t, f)
Cond Builder::And(Cond a, Cond b) {
  return [this, a = std::move(a), b = std::move(b)](Temp_label t, Temp_label f) {
    Temp_label z = newLabel();
    a(z, f);
    label(z);
    b(t, f);
  };
}

// Or(a, b)(t, f) = a(t, z); LABEL z; b(t, f)
Cond Builder::Or(Cond a, Cond b) {
  return [this, a = std::move(a), b = std::move(b)](Temp_label t, Temp_label f) {
    Temp_label z = newLabel();
    a(t, z);
    label(z);
    b(t, f);
  };
}

// Not(a)(t, f) = a(f, t)
Cond Builder::Not(Cond a) {
  return [a = std::move(a)](Temp_label t, Temp_label f) { a(f, t); };
}

// isTrue(e)(t, f) = CJUMP(NE, e, CONST 0, t, f)
Cond Builder::isTrue(T_exp e) {
  return rel(RelOp::NE, e, cnst(0));
}

// ---- structured control flow ----

// if c then A  =>  c(t, join); LABEL t; A; LABEL join
void Builder::If(const Cond& c, const Body& then) {
  Temp_label t = newLabel(), join = newLabel();
  c(t, join);
  label(t);
  then();
  label(join);
}

// if c then A else B  =>  c(t, f); LABEL t; A; JUMP join; LABEL f; B; LABEL join
void Builder::If(const Cond& c, const Body& then, const Body& otherwise) {
  Temp_label t = newLabel(), f = newLabel(), join = newLabel();
  c(t, f);
  label(t);
  then();
  jump(join);
  label(f);
  otherwise();
  label(join);
}

// if c then a else b  =>  ESEQ(c(t, f); LABEL t; MOVE(TEMP r, a); JUMP join;
//                               LABEL f; MOVE(TEMP r, b); LABEL join,  TEMP r)
T_exp Builder::IfExp(const Cond& c, const std::function<T_exp()>& then,
                     const std::function<T_exp()>& otherwise) {
  T_exp r = temp();
  Body body = [&] {
    If(
        c, [&] { move(r, then()); }, [&] { move(r, otherwise()); });
  };
  return eseq(body, r);
}

// while c do A  =>  LABEL test; c(body, done); LABEL body; A; JUMP test; LABEL done
// (Continue: JUMP test; Break: JUMP done)
void Builder::While(const std::function<Cond()>& cond, const Body& body) {
  Temp_label test = newLabel(), start = newLabel(), done = newLabel();
  label(test);
  cond()(start, done);
  label(start);
  loopBody(Loop{test, done}, body);
  jump(test);
  label(done);
}

void Builder::While(const Cond& c, const Body& body) {
  While([&c] { return c; }, body);
}

// for var := lo to hi do A  =>
//   MOVE(var, lo); MOVE(TEMP limit, hi); CJUMP(LE, var, TEMP limit, body, done)
//   LABEL body; A
//   LABEL next; CJUMP(LT, var, TEMP limit, inc, done)       (Continue: JUMP next)
//   LABEL inc; MOVE(var, BINOP(PLUS, var, CONST 1)); JUMP body
//   LABEL done                                               (Break: JUMP done)
// The test before the increment keeps var <= limit, so var + 1 never overflows.
void Builder::For(T_exp var, T_exp lo, T_exp hi, const Body& body) {
  T_exp limit = temp();
  Temp_label start = newLabel(), next = newLabel(), inc = newLabel(), done = newLabel();
  move(var, lo);
  move(limit, hi);
  rel(RelOp::LE, var, limit)(start, done);
  label(start);
  loopBody(Loop{next, done}, body);
  label(next);
  rel(RelOp::LT, var, limit)(inc, done);
  label(inc);
  move(var, add(var, cnst(1)));
  jump(start);
  label(done);
}

void Builder::loopBody(const Loop& loop, const Body& body) {
  struct Pop {
    std::vector<Loop>& loops;
    ~Pop() { loops.pop_back(); }
  } pop{loops_};
  loops_.push_back(loop);
  body();
}

void Builder::Break() {
  if (loops_.empty()) throw std::logic_error("build::Builder: Break() outside a loop");
  jump(loops_.back().exit);
}

void Builder::Continue() {
  if (loops_.empty()) throw std::logic_error("build::Builder: Continue() outside a loop");
  jump(loops_.back().next);
}

// ---- results ----

std::vector<T_stm> Builder::capture(const Body& body) {
  std::vector<T_stm> local;
  struct Restore {
    std::vector<T_stm>*& sink;
    std::vector<T_stm>* saved;
    ~Restore() { sink = saved; }
  } restore{sink_, sink_};
  sink_ = &local;
  body();
  return local;
}

std::vector<T_stm> Builder::finishList() {
  if (sink_ != &stms_)
    throw std::logic_error("build::Builder: finish() inside a closure");
  return std::exchange(stms_, {});
}

T_stm Builder::finish() {
  return arena_.SeqList(finishList());
}

// ---- whole programs ----

std::unique_ptr<ir::Program> newProgram() {
  auto prog = std::make_unique<ir::Program>();
  prog->mainLabel = prog->temps.namedLabel("tigermain");
  auto frame =
      std::make_unique<frame::Frame>(prog->mainLabel, std::vector<bool>{}, prog->temps);
  prog->procs.push_back(ir::ProcFrag{std::move(frame), {}, "tigermain"});
  return prog;
}

Temp_label addString(ir::Program& prog, const std::string& text) {
  Temp_label l = prog.temps.newLabel();
  prog.strings.push_back(ir::StringFrag{l, text});
  return l;
}

void setMain(ir::Program& prog, Builder& b) {
  if (prog.procs.empty())
    throw std::logic_error("build::setMain: no tigermain (use newProgram)");
  prog.procs[0].body = {b.finish()};
}

void addFunction(ir::Program& prog, Builder& b, const std::string& name,
                 const std::vector<bool>& escapes,
                 const std::function<void(const std::vector<T_exp>& formals)>& emitBody) {
  if (b.inLoop()) throw std::logic_error("build::addFunction: called inside a loop");
  if (&b.arena() != &prog.arena || &b.temps() != &prog.temps)
    throw std::logic_error("build::addFunction: the builder is not the program's");
  auto frame =
      std::make_unique<frame::Frame>(prog.temps.namedLabel(name), escapes, prog.temps);
  std::vector<T_exp> formals;
  for (const frame::Access& a : frame->formals())
    formals.push_back(frame::accessExp(prog.arena, a, b.fp()));
  T_stm body = prog.arena.SeqList(b.capture([&] { emitBody(formals); }));
  prog.procs.push_back(ir::ProcFrag{std::move(frame), {body}, name});
}

} // namespace tiger::build
