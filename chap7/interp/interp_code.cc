// interp_code.cc - see interp_code.hh. Each PROC body is walked once: SEQ spines with an
// explicit work stack (a body may be a spine of 10^6 statements), expressions
// recursively (their depth is bounded by the source's nesting).
#include "chap7/interp/interp_code.hh"

#include "chap7/interp/interp_runtime.hh"

#include <unordered_map>

namespace tiger::interp {
namespace {

using tree::ExpKind;
using tree::StmKind;

class Compiler {
public:
  Compiler(const ir::Program& prog, Memory& mem, Code& code)
      : prog_(prog), mem_(mem), code_(code) {}
  void run();

private:
  void declareFunction(const ir::ProcFrag& proc);
  void compileFunction(const ir::ProcFrag& proc, Function& fn);
  int newBlock();
  void flatten(const tree::Stm* root, int block);
  void addStm(const tree::Stm* s, int block);
  void addMove(const tree::Move* m, int block);
  void addLabel(Temp_label label, int block);
  const CExp* exp(const tree::Exp* e);
  const CExp* call(const tree::Call* c);
  const CExp* name(const tree::Name* n);
  int labelId(Temp_label label);
  int slot(Temp_temp t);
  std::int64_t frameWord(std::int64_t offset);

  const ir::Program& prog_;
  Memory& mem_;
  Code& code_;
  std::unordered_map<Temp_label, int> functions_;
  std::unordered_map<Temp_label, std::int64_t> strings_;
  // The function being compiled, and its temps and labels.
  Function* fn_ = nullptr;
  std::unordered_map<Temp_temp, int> slots_;
  std::unordered_map<Temp_label, int> labels_;
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
  fn.frameWords = (f.highOffset() - f.lowOffset()) / frame::kWordSize;
  fn.fpWord = -f.lowOffset() / frame::kWordSize;
  code_.functions.push_back(std::move(fn));
}

// The view shift: each formal goes to its word of the frame or to the slot of its temp.
void Compiler::compileFunction(const ir::ProcFrag& proc, Function& fn) {
  fn_ = &fn;
  slots_ = {{Temp_temp{Temp_temp::kFp}, kFpSlot}, {Temp_temp{Temp_temp::kRv}, kRvSlot}};
  labels_.clear();
  for (const frame::Access& a : proc.frame->formals()) {
    if (a.kind == frame::Access::Kind::InFrame)
      fn.formals.push_back({true, frameWord(a.offset)});
    else
      fn.formals.push_back({false, slot(a.temp)});
  }
  int body = newBlock();
  for (const tree::Stm* s : proc.body)
    flatten(s, body);
  fn.slots = static_cast<int>(slots_.size());
}

int Compiler::newBlock() {
  fn_->blocks.emplace_back();
  return static_cast<int>(fn_->blocks.size()) - 1;
}

// SEQ(a, b) => a's statements, then b's, appended to `block` (depth-first, left first).
void Compiler::flatten(const tree::Stm* root, int block) {
  std::vector<const tree::Stm*> work{need(root)};
  while (!work.empty()) {
    const tree::Stm* s = work.back();
    work.pop_back();
    if (auto* seq = tree::cast<tree::Seq>(s)) {
      work.push_back(need(seq->right));
      work.push_back(need(seq->left));
    } else {
      addStm(s, block);
    }
  }
}

void Compiler::addStm(const tree::Stm* s, int block) {
  CStm c{s->kind};
  switch (s->kind) {
  case StmKind::SEQ: flatten(s, block); return;
  case StmKind::LABEL: addLabel(tree::cast<tree::Label>(s)->label, block); return;
  case StmKind::MOVE: addMove(tree::cast<tree::Move>(s), block); return;
  case StmKind::EXP: c.left = exp(tree::cast<tree::ExpStm>(s)->exp); break;
  case StmKind::JUMP: {
    auto* target = tree::cast<tree::Name>(need(tree::cast<tree::Jump>(s)->exp));
    if (!target) internalError("JUMP to a computed address is not supported");
    c.target = labelId(target->label);
    break;
  }
  case StmKind::CJUMP: {
    auto* j = tree::cast<tree::Cjump>(s);
    c.rel = j->op;
    c.left = exp(j->left);
    c.right = exp(j->right);
    c.target = labelId(j->t);
    c.falseTarget = labelId(j->f);
    break;
  }
  }
  fn_->blocks[static_cast<std::size_t>(block)].stms.push_back(c);
}

// MOVE(ESEQ(s, e1), e2) => SEQ(s, MOVE(e1, e2)); then the destination is TEMP or MEM.
void Compiler::addMove(const tree::Move* m, int block) {
  const tree::Exp* dst = need(m->dst);
  while (auto* eseq = tree::cast<tree::Eseq>(dst)) {
    flatten(eseq->stm, block);
    dst = need(eseq->exp);
  }
  if (dst->kind != ExpKind::TEMP && dst->kind != ExpKind::MEM)
    internalError("MOVE into something that is neither TEMP nor MEM");
  CStm c{StmKind::MOVE};
  c.pos = m->pos();
  c.left = exp(dst);
  c.right = exp(m->src);
  fn_->blocks[static_cast<std::size_t>(block)].stms.push_back(c);
}

void Compiler::addLabel(Temp_label label, int block) {
  int id = labelId(label);
  LabelSite& site = fn_->labels[static_cast<std::size_t>(id)];
  if (site.block >= 0)
    internalError("label " + label.str() + " is defined twice in " + fn_->name);
  auto& stms = fn_->blocks[static_cast<std::size_t>(block)].stms;
  site.block = block;
  site.index = static_cast<int>(stms.size());
  stms.push_back(CStm{StmKind::LABEL});
}

const CExp* Compiler::exp(const tree::Exp* e) {
  CExp c{need(e)->kind};
  switch (e->kind) {
  case ExpKind::CONST: c.value = tree::cast<tree::Const>(e)->value; break;
  case ExpKind::TEMP: c.value = slot(tree::cast<tree::Temp>(e)->temp); break;
  case ExpKind::NAME: return name(tree::cast<tree::Name>(e));
  case ExpKind::CALL: return call(tree::cast<tree::Call>(e));
  case ExpKind::MEM: c.left = exp(tree::cast<tree::Mem>(e)->addr); break;
  case ExpKind::BINOP: {
    auto* b = tree::cast<tree::Binop>(e);
    c.op = b->op;
    c.left = exp(b->left);
    c.right = exp(b->right);
    break;
  }
  case ExpKind::ESEQ: {
    auto* x = tree::cast<tree::Eseq>(e);
    c.block = newBlock();
    flatten(x->stm, c.block);
    c.left = exp(x->exp);
    break;
  }
  }
  return &code_.exps.emplace_back(std::move(c));
}

// NAME L as a value: only the label of a STRING fragment has one.
const CExp* Compiler::name(const tree::Name* n) {
  auto it = strings_.find(n->label);
  if (it == strings_.end())
    internalError("NAME " + n->label.str() + " is used as a value but is not a string");
  CExp c{ExpKind::NAME};
  c.value = it->second;
  return &code_.exps.emplace_back(std::move(c));
}

// CALL(NAME f, args): f is a PROC fragment or a runtime function; arguments must match.
const CExp* Compiler::call(const tree::Call* call) {
  auto* f = tree::cast<tree::Name>(need(call->fun));
  if (!f) internalError("CALL of a computed address is not supported");
  CExp c{ExpKind::CALL};
  c.pos = call->pos();
  std::size_t expected = 0;
  if (auto it = functions_.find(f->label); it != functions_.end()) {
    c.function = it->second;
    expected = prog_.procs[static_cast<std::size_t>(it->second)].frame->formals().size();
  } else if (auto rt = Runtime::find(f->label.str())) {
    c.runtime = *rt;
    expected = static_cast<std::size_t>(Runtime::arity(*rt));
  } else {
    internalError("CALL of unknown function " + f->label.str());
  }
  if (call->args.size() != expected)
    internalError("CALL of " + f->label.str() + " with " +
                  std::to_string(call->args.size()) + " arguments; it takes " +
                  std::to_string(expected));
  for (const tree::Exp* a : call->args)
    c.args.push_back(exp(a));
  return &code_.exps.emplace_back(std::move(c));
}

int Compiler::labelId(Temp_label label) {
  auto [it, fresh] = labels_.emplace(label, static_cast<int>(fn_->labels.size()));
  if (fresh) fn_->labels.push_back(LabelSite{-1, -1, label.str()});
  return it->second;
}

// The word of the frame at fp + offset, which must be in the frame.
std::int64_t Compiler::frameWord(std::int64_t offset) {
  std::int64_t word = fn_->fpWord + offset / frame::kWordSize;
  if (offset % frame::kWordSize != 0 || word < 0 || word >= fn_->frameWords)
    internalError("a formal of " + fn_->name + " at fp" + (offset < 0 ? "" : "+") +
                  std::to_string(offset) + " is outside its frame");
  return word;
}

int Compiler::slot(Temp_temp t) {
  return slots_.emplace(t, static_cast<int>(slots_.size())).first->second;
}

} // namespace

Code compileProgram(const ir::Program& prog, Memory& mem) {
  Code code;
  Compiler(prog, mem, code).run();
  return code;
}

} // namespace tiger::interp
