// interp_code.cc - see interp_code.hh. Each PROC body is walked once: SEQ spines with an
// explicit work stack (a body may be a spine of 10^6 statements), expressions
// recursively (their depth is bounded by the source's nesting). Jumps are resolved once
// the whole body is decoded, since a label may come after its jumps.
#include "chap7/interp/interp_code.hh"

#include "chap7/interp/interp_runtime.hh"

#include <algorithm>
#include <unordered_map>

namespace tiger::interp {
namespace {

using tree::ExpKind;
using tree::StmKind;

// Where a LABEL stands: its statement list (-1: the function has no such label), its
// operation and the value-stack depth there.
struct Site {
  int list = -1;
  int pc = 0;
  int depth = 0;
};

class Compiler {
public:
  Compiler(const ir::Program& prog, Memory& mem, Code& code)
      : prog_(prog), mem_(mem), code_(code) {}
  void run();

private:
  void declareFunction(const ir::ProcFrag& proc);
  void compileFunction(const ir::ProcFrag& proc, Function& fn);
  void flatten(const tree::Stm* root);
  void addStm(const tree::Stm* s);
  void addMove(const tree::Move* m);
  void addLabel(Temp_label label);
  void exp(const tree::Exp* e);
  void eseq(const tree::Eseq* x);
  void call(const tree::Call* c);
  void name(const tree::Name* n);
  void emit(Op op, int pushed, std::int32_t a = 0, std::int64_t b = 0,
            std::int32_t c = 0);
  std::int32_t position(tree::SrcPos at);
  bool fuse();
  void fuseMove();
  bool fuseMove2();
  void fuseCjump();
  void fuseStart(std::size_t begin);
  void fuseElement(std::size_t begin);
  void fuseChecked();
  static void specializeCjump(Ins& i);
  void pairUp();
  void placeStaticLinks();
  std::int32_t target(Temp_label label);
  void resolveTargets();
  bool encloses(int outer, int list) const;
  int labelId(Temp_label label);
  int slot(Temp_temp t);
  std::int64_t frameWord(std::int64_t offset);

  const ir::Program& prog_;
  Memory& mem_;
  Code& code_;
  std::unordered_map<Temp_label, int> functions_;
  std::unordered_map<Temp_label, std::int64_t> strings_;
  // The function being compiled: its temps, labels, statement lists and jumps.
  Function* fn_ = nullptr;
  std::unordered_map<Temp_temp, int> slots_;
  std::unordered_map<Temp_label, int> labels_;
  std::vector<Site> sites_;    // by label id
  std::vector<int> parents_;   // the list each statement list is evaluated in
  std::vector<int> jumpLists_; // the list of each target's jump
  int list_ = 0;               // the statement list being decoded
  int depth_ = 0;              // the value-stack depth at this point of the code
  bool fpSet_ = false;         // whether a MOVE or a formal sets fp's slot
};

template <class T> const T* need(const T* node) {
  if (!node) internalError("a tree has a null node");
  return node;
}

void Compiler::run() {
  if (prog_.procs.empty()) internalError("the program has no PROC fragment");
  for (const ir::StringFrag& s : prog_.strings)
    strings_[s.label] = mem_.newString(s.text);
  for (const ir::ProcFrag& proc : prog_.procs)
    declareFunction(proc);
  for (std::size_t i = 0; i < prog_.procs.size(); ++i)
    compileFunction(prog_.procs[i], code_.functions[i]);
}

void Compiler::declareFunction(const ir::ProcFrag& proc) {
  if (!proc.frame) internalError("a PROC fragment has no frame");
  Temp_label label = proc.frame->name();
  if (!functions_.emplace(label, static_cast<int>(code_.functions.size())).second)
    internalError("two PROC fragments are named " + label.str());
  Function fn;
  fn.name = label.str();
  const frame::Frame& f = *proc.frame;
  fn.frameWords = (f.highOffset() - f.lowOffset()) / prog_.wordSize;
  fn.fpWord = -f.lowOffset() / prog_.wordSize;
  code_.functions.push_back(std::move(fn));
}

// The view shift: each formal goes to its word of the frame or to the slot of its temp.
void Compiler::compileFunction(const ir::ProcFrag& proc, Function& fn) {
  fn_ = &fn;
  slots_ = {{Temp_temp{Temp_temp::kFp}, kFpSlot}, {Temp_temp{Temp_temp::kRv}, kRvSlot}};
  labels_.clear();
  sites_.clear();
  jumpLists_.clear();
  parents_.assign(1, -1);
  list_ = 0;
  depth_ = 0;
  fpSet_ = false;
  for (const frame::Access& a : proc.frame->formals()) {
    if (a.kind == frame::Access::Kind::InFrame)
      fn.formals.push_back({true, frameWord(a.offset)});
    else
      fn.formals.push_back({false, slot(a.temp)});
    fpSet_ |= !fn.formals.back().inFrame && fn.formals.back().offset == kFpSlot;
  }
  for (const tree::Stm* s : proc.body)
    flatten(s);
  emit(Op::Return, 0);
  for (std::size_t k = fn.code.size() - 1; k-- > 0;)
    if (fn.code[k].op == Op::Label)
      fn.code[k].a = 1 + (fn.code[k + 1].op == Op::Label ? fn.code[k + 1].a : 0);
  pairUp();
  placeStaticLinks();
  fn.slots = static_cast<int>(slots_.size()) + 1; // and kZeroSlot
  resolveTargets();
}

// SEQ(a, b) => a's statements, then b's, appended to the list (depth-first, left first).
void Compiler::flatten(const tree::Stm* root) {
  std::vector<const tree::Stm*> work{need(root)};
  while (!work.empty()) {
    const tree::Stm* s = work.back();
    work.pop_back();
    if (auto* seq = tree::cast<tree::Seq>(s)) {
      work.push_back(need(seq->right));
      work.push_back(need(seq->left));
    } else {
      addStm(s);
    }
  }
}

void Compiler::addStm(const tree::Stm* s) {
  switch (s->kind) {
  case StmKind::SEQ: flatten(s); return;
  case StmKind::LABEL: addLabel(tree::cast<tree::Label>(s)->label); return;
  case StmKind::MOVE: addMove(tree::cast<tree::Move>(s)); return;
  case StmKind::EXP:
    emit(Op::Stm, 0);
    exp(tree::cast<tree::ExpStm>(s)->exp);
    emit(Op::Pop, -1);
    return;
  case StmKind::JUMP: {
    auto* to = tree::cast<tree::Name>(need(tree::cast<tree::Jump>(s)->exp));
    if (!to) internalError("JUMP to a computed address is not supported");
    emit(Op::Jump, 0, target(to->label));
    return;
  }
  case StmKind::CJUMP: {
    auto* j = tree::cast<tree::Cjump>(s);
    std::size_t begin = fn_->code.size();
    emit(Op::StmCjump, 0);
    exp(j->left);
    exp(j->right);
    std::int32_t t = target(j->t);
    emit(Op::Cjump, -2, t, 0, target(j->f));
    fn_->code.back().rel = j->op;
    fuseCjump();
    fuseStart(begin);
    fuseElement(begin);
    specializeCjump(fn_->code.back());
    fuseChecked();
    return;
  }
  }
}

// MOVE(ESEQ(s, e1), e2) => SEQ(s, MOVE(e1, e2)); then the destination is TEMP or MEM.
// MOVE(TEMP t, e): evaluate e, then set t. MOVE(MEM(a), e): evaluate a, then e.
void Compiler::addMove(const tree::Move* m) {
  const tree::Exp* dst = need(m->dst);
  while (auto* x = tree::cast<tree::Eseq>(dst)) {
    flatten(x->stm);
    dst = need(x->exp);
  }
  if (dst->kind != ExpKind::TEMP && dst->kind != ExpKind::MEM)
    internalError("MOVE into something that is neither TEMP nor MEM");
  std::size_t begin = fn_->code.size();
  emit(Op::StmMove, 0);
  if (auto* t = tree::cast<tree::Temp>(dst)) {
    int s = slot(t->temp);
    fpSet_ |= s == kFpSlot;
    exp(m->src);
    emit(Op::SetTemp, -1, s);
    fuseMove();
  } else {
    exp(tree::cast<tree::Mem>(dst)->addr);
    exp(m->src);
    emit(Op::Store, -2, 0, 0, position(m->pos()));
  }
  fuseStart(begin);
  fuseElement(begin);
  fuseChecked();
}

void Compiler::addLabel(Temp_label label) {
  int id = labelId(label);
  Site& site = sites_[static_cast<std::size_t>(id)];
  if (site.list >= 0)
    internalError("label " + label.str() + " is defined twice in " + fn_->name);
  site = Site{list_, static_cast<int>(fn_->code.size()), depth_};
  emit(Op::Label, 0);
}

void Compiler::exp(const tree::Exp* e) {
  switch (need(e)->kind) {
  case ExpKind::CONST: emit(Op::Const, 1, 0, tree::cast<tree::Const>(e)->value); return;
  case ExpKind::TEMP: emit(Op::Temp, 1, slot(tree::cast<tree::Temp>(e)->temp)); return;
  case ExpKind::NAME: name(tree::cast<tree::Name>(e)); return;
  case ExpKind::CALL: call(tree::cast<tree::Call>(e)); return;
  case ExpKind::MEM:
    exp(tree::cast<tree::Mem>(e)->addr);
    emit(Op::Load, 0);
    return;
  case ExpKind::BINOP: {
    auto* b = tree::cast<tree::Binop>(e);
    exp(b->left);
    exp(b->right);
    emit(static_cast<Op>(static_cast<int>(Op::Plus) + static_cast<int>(b->op)), -1);
    return;
  }
  case ExpKind::ESEQ: eseq(tree::cast<tree::Eseq>(e)); return;
  }
}

// ESEQ(s, e): s is a statement list of its own, run where the ESEQ is evaluated (its
// labels are reached from jumps inside it only); then e, in the enclosing list.
// ESEQ(s1, ESEQ(s2, e)) is ESEQ(SEQ(s1, s2), e), as canon rewrites it: one list, so a
// jump in s1 reaches a label in s2 (other courses' Translate builds conditions so).
void Compiler::eseq(const tree::Eseq* x) {
  int outer = list_;
  list_ = static_cast<int>(parents_.size());
  parents_.push_back(outer);
  const tree::Exp* e = x;
  for (auto* q = x; q; q = tree::cast<tree::Eseq>(e)) {
    flatten(q->stm);
    e = q->exp;
  }
  list_ = outer;
  exp(e);
}

// NAME L as a value: only the label of a STRING fragment has one.
void Compiler::name(const tree::Name* n) {
  auto it = strings_.find(n->label);
  if (it == strings_.end())
    internalError("NAME " + n->label.str() + " is used as a value but is not a string");
  emit(Op::Const, 1, 0, it->second);
}

// CALL(NAME f, args): f is a PROC fragment or a runtime function; arguments must match.
void Compiler::call(const tree::Call* c) {
  auto* f = tree::cast<tree::Name>(need(c->fun));
  if (!f) internalError("CALL of a computed address is not supported");
  Op op = Op::Call;
  std::int64_t callee = 0;
  std::size_t expected = 0;
  if (auto it = functions_.find(f->label); it != functions_.end()) {
    callee = it->second;
    expected = prog_.procs[static_cast<std::size_t>(it->second)].frame->formals().size();
  } else if (auto rt = Runtime::find(f->label.str())) {
    op = *rt == Runtime::kCheckIndex ? Op::CheckIndex : Op::CallRuntime;
    callee = *rt;
    expected = static_cast<std::size_t>(Runtime::arity(*rt));
  } else {
    internalError("CALL of unknown function " + f->label.str());
  }
  if (c->args.size() != expected)
    internalError("CALL of " + f->label.str() + " with " +
                  std::to_string(c->args.size()) + " arguments; it takes " +
                  std::to_string(expected));
  for (const tree::Exp* a : c->args)
    exp(a);
  auto n = static_cast<int>(c->args.size());
  emit(op, 1 - n, n, callee, position(c->pos()));
}

// Appends an operation that changes the value-stack depth by `pushed`, fused with the
// operations before it while one of fuse's patterns applies.
void Compiler::emit(Op op, int pushed, std::int32_t a, std::int64_t b, std::int32_t c) {
  Ins i{op};
  i.a = a;
  i.b = b;
  i.c = c;
  fn_->code.push_back(i);
  depth_ += pushed;
  fn_->maxStack = std::max(fn_->maxStack, depth_);
  while (fuse()) {
  }
}

// The fused form of the last operation with the one before it (never a Label, so the
// positions of labels stay), or false.
bool Compiler::fuse() {
  std::vector<Ins>& code = fn_->code;
  if (code.size() < 2) return false;
  Ins& prev = code[code.size() - 2];
  const Ins last = code.back();
  auto replace = [&](Op op) {
    prev.op = op;
    code.pop_back();
    return true;
  };
  bool arith = last.op == Op::Plus || last.op == Op::Minus || last.op == Op::Times;
  auto shifted = [&](Op base) {
    return static_cast<Op>(static_cast<int>(base) + static_cast<int>(last.op) -
                           static_cast<int>(Op::Plus));
  };
  if (arith && prev.op == Op::Const) return replace(shifted(Op::PlusConst));
  if (arith && prev.op == Op::Temp) return replace(shifted(Op::PlusTemp));
  if (last.op == Op::PlusConst && prev.op == Op::Temp) {
    prev.b = last.b;
    return replace(Op::TempPlusConst);
  }
  if (last.op == Op::Load && prev.op == Op::PlusConst) return replace(Op::LoadPlusConst);
  if (last.op == Op::LoadPlusConst && prev.op == Op::LoadTempPlusConst &&
      last.b == static_cast<std::int32_t>(last.b)) {
    prev.c = static_cast<std::int32_t>(last.b);
    return replace(Op::LoadLoad);
  }
  if (last.op == Op::Divide && prev.op == Op::Const) return replace(Op::DivideConst);
  if (last.op == Op::Plus && prev.op == Op::LoadLoad) return replace(Op::PlusLoadLoad);
  if (last.op == Op::PlusLoadLoad && prev.op == Op::Temp) {
    prev.d = prev.a;
    prev.a = last.a;
    prev.b = last.b;
    prev.c = last.c;
    return replace(Op::TempPlusLoadLoad);
  }
  if (last.op == Op::MinusTemp && prev.op == Op::MinusConst) {
    prev.a = last.a;
    return replace(Op::MinusConstTemp);
  }
  if (last.op == Op::Load && prev.op == Op::TempPlusConst)
    return replace(Op::LoadTempPlusConst);
  if (last.op == Op::Store && prev.op == Op::Const) {
    prev.c = last.c;
    return replace(Op::StoreConst);
  }
  if (last.op == Op::TimesConst && prev.op == Op::Temp) {
    prev.b = last.b;
    return replace(Op::TempTimesConst);
  }
  if (last.op == Op::Plus && prev.op == Op::TempTimesConst)
    return replace(Op::PlusTempTimesConst);
  if (last.op == Op::Load && prev.op == Op::PlusTempTimesConst)
    return replace(Op::LoadPlusTempTimesConst);
  if (last.op == Op::CheckIndex && prev.op == Op::Temp) {
    prev.c = last.c;
    return replace(Op::CheckIndexTemp);
  }
  if (last.op == Op::PlusTemp && prev.op == Op::Temp) {
    prev.d = last.a;
    return replace(Op::TempPlusTemp);
  }
  if (last.op == Op::SetTemp && prev.op == Op::CheckIndex) {
    prev.a = last.a;
    return replace(Op::CheckIndexSetTemp);
  }
  return false;
}

// StmMove, one operation without effect (or a load, which counts after the step anyway),
// SetTemp: one operation.
void Compiler::fuseMove() {
  std::vector<Ins>& code = fn_->code;
  std::size_t n = code.size();
  if (fuseMove2() || code[n - 1].op != Op::SetTemp) return;
  if (n < 3 || code[n - 3].op != Op::StmMove) return;
  const Ins value = code[n - 2];
  Op op;
  switch (value.op) {
  case Op::Const: op = Op::MoveConst; break;
  case Op::Temp: op = Op::MoveTemp; break;
  case Op::TempPlusConst: op = Op::MoveTempPlusConst; break;
  case Op::LoadTempPlusConst: op = Op::MoveLoadTempPlusConst; break;
  case Op::LoadLoad: op = Op::MoveLoadLoad; break;
  default: return;
  }
  Ins& i = code[n - 3];
  i.op = op;
  i.a = code[n - 1].a;
  i.d = value.a;
  i.b = value.b;
  i.c = value.c;
  code.resize(n - 2);
}

// The statement that starts at code[begin], StmMove or StmCjump, with the operation after
// it when that pushes a temp or a frame word and the statement has no label (no jump
// target moves).
void Compiler::fuseStart(std::size_t begin) {
  std::vector<Ins>& code = fn_->code;
  if (begin + 2 >= code.size()) return;
  Op start = code[begin].op, first = code[begin + 1].op;
  if ((start != Op::StmMove && start != Op::StmCjump) ||
      (first != Op::Temp && first != Op::LoadTempPlusConst))
    return;
  for (std::size_t k = begin + 2; k < code.size(); ++k)
    if (code[k].op == Op::Label) return;
  bool move = start == Op::StmMove, temp = first == Op::Temp;
  Ins i = code[begin + 1];
  i.op = move ? (temp ? Op::StmMoveTemp : Op::StmMoveLoadTempPlusConst)
              : (temp ? Op::StmCjumpTemp : Op::StmCjumpLoadTempPlusConst);
  code[begin] = i;
  code.erase(code.begin() + static_cast<std::ptrdiff_t>(begin) + 1);
}

// The statement from code[begin], a CJUMP on an array element and a constant or a
// MOVE of a constant into one, indexed by a temp scaled by the word size: one operation.
void Compiler::fuseElement(std::size_t begin) {
  std::vector<Ins>& code = fn_->code;
  if (code.size() != begin + 3 || code[begin + 1].b != prog_.wordSize) return;
  Op start = code[begin].op, index = code[begin + 1].op, end = code[begin + 2].op;
  bool cjump = start == Op::StmCjumpTemp && index == Op::LoadPlusTempTimesConst &&
               end == Op::CjumpConst;
  bool store = start == Op::StmMoveTemp && index == Op::PlusTempTimesConst &&
               end == Op::StoreConst;
  if (!cjump && !store) return;
  Ins i = code[begin + 2];
  i.op = cjump ? Op::CjumpLoadIndexConst : Op::StoreIndexConst;
  i.d = code[begin].a;
  i.e = code[begin + 1].a;
  code.resize(begin);
  code.push_back(i);
}

// A statement that tests or stores an array element in one operation, right after one
// that checks an index in one (no label between), on the index the check sets (and,
// for a MoveCheckIndex, the array temp it read, which it does not set): the checking
// operation does both.
void Compiler::fuseChecked() {
  std::vector<Ins>& code = fn_->code;
  std::size_t n = code.size();
  if (n < 2) return;
  Ins &check = code[n - 2], &use = code[n - 1];
  bool cjump = use.op == Op::CjumpLoadIndexConstEq, store = use.op == Op::StoreIndexConst;
  if ((!cjump && !store) || use.e != check.a) return;
  if (check.op == Op::MoveCheckIndex && use.d == check.d && check.a != check.d)
    check.op = cjump ? Op::MoveCheckIndexCjumpEq : Op::MoveCheckIndexStore;
  else if (check.op == Op::CheckIndexSetTemp)
    check.op = cjump ? Op::CheckIndexSetTempCjumpEq : Op::CheckIndexSetTempStore;
}

// The frequent pairs of operations, the second no jump's target: the first runs the
// second without a dispatch (code[k + 1] is no target: a target follows a Label).
void Compiler::pairUp() {
  static constexpr Op kPairs[][3] = {
      {Op::MoveTempPlusConst, Op::Label, Op::MoveTempPlusConstLabel},
      {Op::SetTemp, Op::Label, Op::SetTempLabel},
      {Op::MoveLoadLoad, Op::MoveCheckIndexStore, Op::MoveLoadLoadMoveCheckIndexStore},
      {Op::MoveLoadLoad, Op::StmMoveTemp, Op::MoveLoadLoadStmMoveTemp},
  };
  std::vector<Ins>& code = fn_->code;
  for (std::size_t k = 0; k + 1 < code.size(); ++k) {
    for (const auto& [first, second, pair] : kPairs)
      if (code[k].op == first && code[k + 1].op == second) code[k].op = pair;
    if (code[k].op == Op::MoveLoadLoad && code[k + 1].op == Op::MoveCheckIndexCjumpEq) {
      const Ins &array = code[k], &check = code[k + 1], &test = code[k + 2];
      if (check.d == array.a && check.a != array.a && test.d == array.a &&
          test.e == check.a)
        code[k].op = Op::MoveLoadLoadCheckedCjumpEq;
    }
  }
}

// Each read of a non-local variable, MEM(MEM(TEMP slot + b) + c): e is the word of
// the activation's frame that MEM(fp + b) reads when slot is fp's and fp is never set
// (so fp + b stays that word), else -1.
void Compiler::placeStaticLinks() {
  for (Ins& i : fn_->code) {
    bool inA =
        i.op == Op::LoadLoad || i.op == Op::PlusLoadLoad || i.op == Op::TempPlusLoadLoad;
    bool inD = i.op == Op::MoveLoadLoad || i.op == Op::MoveLoadLoadCheckedCjumpEq ||
               i.op == Op::MoveLoadLoadMoveCheckIndexStore ||
               i.op == Op::MoveLoadLoadStmMoveTemp;
    if (!inA && !inD) continue;
    std::int64_t word = fn_->fpWord + i.b / prog_.wordSize;
    bool own = (inA ? i.a : i.d) == kFpSlot && !fpSet_ && i.b % prog_.wordSize == 0 &&
               word >= 0 && word < fn_->frameWords;
    i.e = own ? static_cast<std::int32_t>(word) : -1;
  }
}

// CjumpTempTemp, CjumpTempConst or CjumpLoadIndexConst on a signed relation: its form
// for EQ, LT or LE, the targets swapped for NE, GE or GT.
void Compiler::specializeCjump(Ins& i) {
  using tree::RelOp;
  int kind = i.op == Op::CjumpTempTemp         ? 0
             : i.op == Op::CjumpTempConst      ? 1
             : i.op == Op::CjumpLoadIndexConst ? 2
                                               : -1;
  bool swap = i.rel == RelOp::NE || i.rel == RelOp::GE || i.rel == RelOp::GT;
  RelOp rel = swap ? tree::notRel(i.rel) : i.rel;
  int form = rel == RelOp::EQ ? 0 : rel == RelOp::LT ? 1 : rel == RelOp::LE ? 2 : -1;
  if (kind < 0 || form < 0) return;
  if (swap) std::swap(i.a, i.c);
  i.rel = rel;
  i.op = static_cast<Op>(static_cast<int>(Op::CjumpTempTempEq) + 3 * kind + form);
}

// StmMove, Temp, the checkIndex of that temp and of a temp or a sum of two temps, and
// SetTemp: one operation (the index temps[c] + temps[e], e kZeroSlot for one temp).
bool Compiler::fuseMove2() {
  std::vector<Ins>& code = fn_->code;
  std::size_t n = code.size();
  if (n < 4 || code[n - 4].op != Op::StmMove || code[n - 3].op != Op::Temp) return false;
  const Ins index = code[n - 2], last = code[n - 1];
  Ins i{Op::MoveCheckIndex};
  i.d = code[n - 3].a;
  i.c = index.a;
  if (index.op == Op::CheckIndexTemp && last.op == Op::SetTemp) {
    i.a = last.a;
    i.e = kZeroSlot;
    i.b = index.c;
  } else if (index.op == Op::TempPlusTemp && last.op == Op::CheckIndexSetTemp) {
    i.a = last.a;
    i.e = index.d;
    i.b = last.c;
  } else {
    return false;
  }
  code.resize(n - 4);
  code.push_back(i);
  return true;
}

// StmCjump, Temp, Temp or Const, Cjump: one operation; else Const, Cjump: one.
void Compiler::fuseCjump() {
  std::vector<Ins>& code = fn_->code;
  std::size_t n = code.size();
  const Ins right = code[n - 2];
  if (n < 4 || code[n - 4].op != Op::StmCjump || code[n - 3].op != Op::Temp ||
      (right.op != Op::Temp && right.op != Op::Const)) {
    if (right.op != Op::Const) return;
    code[n - 2] = code[n - 1];
    code[n - 2].op = Op::CjumpConst;
    code[n - 2].b = right.b;
    code.pop_back();
    return;
  }
  Ins i = code[n - 1];
  i.op = right.op == Op::Temp ? Op::CjumpTempTemp : Op::CjumpTempConst;
  i.d = code[n - 3].a;
  i.b = right.op == Op::Temp ? right.a : right.b;
  code.resize(n - 4);
  code.push_back(i);
}

// A target for a jump of the current list to `label`, resolved by resolveTargets.
std::int32_t Compiler::target(Temp_label label) {
  fn_->targets.push_back(Target{labelId(label), 0, 0, 0});
  jumpLists_.push_back(list_);
  return static_cast<std::int32_t>(fn_->targets.size()) - 1;
}

// A jump may go to a label of its own list or of a list that encloses it (a `break`
// out of an ESEQ); any other label is a runtime error when the jump runs.
void Compiler::resolveTargets() {
  for (std::size_t k = 0; k < fn_->targets.size(); ++k) {
    Target& t = fn_->targets[k];
    const Site& site = sites_[static_cast<std::size_t>(t.label)];
    Target::Error error = site.list < 0 ? Target::Error::NotInFunction
                          : !encloses(site.list, jumpLists_[k])
                              ? Target::Error::InsideEseq
                              : Target::Error::None;
    if (error != Target::Error::None) {
      t.pc = static_cast<std::int32_t>(fn_->code.size());
      Ins bad{Op::BadJump};
      bad.a = t.label;
      bad.c = static_cast<std::int32_t>(error);
      fn_->code.push_back(bad);
      continue;
    }
    t.steps = fn_->code[static_cast<std::size_t>(site.pc)].a;
    t.pc = site.pc + t.steps;
    t.depth = site.depth;
  }
}

// Whether statement list `outer` is `list` or one of the lists it is evaluated in.
bool Compiler::encloses(int outer, int list) const {
  for (; list >= 0; list = parents_[static_cast<std::size_t>(list)])
    if (list == outer) return true;
  return false;
}

// An index in positions: where a CALL or a MOVE(MEM) is in the source.
std::int32_t Compiler::position(tree::SrcPos at) {
  fn_->positions.push_back(at);
  return static_cast<std::int32_t>(fn_->positions.size()) - 1;
}

int Compiler::labelId(Temp_label label) {
  auto [it, fresh] = labels_.emplace(label, static_cast<int>(fn_->labels.size()));
  if (fresh) {
    fn_->labels.push_back(label.str());
    sites_.emplace_back();
  }
  return it->second;
}

// The word of the frame at fp + offset, which must be in the frame.
std::int64_t Compiler::frameWord(std::int64_t offset) {
  std::int64_t word = fn_->fpWord + offset / prog_.wordSize;
  if (offset % prog_.wordSize != 0 || word < 0 || word >= fn_->frameWords)
    internalError("a formal of " + fn_->name + " at fp" + (offset < 0 ? "" : "+") +
                  std::to_string(offset) + " is outside its frame");
  return word;
}

// fp and rv are in slots_ from the start; kZeroSlot, after them, is no temp's.
int Compiler::slot(Temp_temp t) {
  return slots_.emplace(t, static_cast<int>(slots_.size()) + 1).first->second;
}

} // namespace

Code compileProgram(const ir::Program& prog, Memory& mem) {
  Code code;
  Compiler(prog, mem, code).run();
  return code;
}

} // namespace tiger::interp
