// tree.hh - the intermediate representation trees (Appel, chapter 7, tree.h).
//
//   T_exp: BINOP MEM TEMP ESEQ NAME CONST CALL
//   T_stm: SEQ LABEL JUMP CJUMP MOVE EXP
//
// Nodes are allocated in a tree::Arena that owns them all, so passes (canon) may
// share, rewrite and drop subtrees freely and nothing is freed recursively. T_exp and
// T_stm are pointers, as in the book. Build nodes with the arena's methods, named
// like the book's constructors: arena.Binop(op, l, r), arena.Seq(a, b), ...
//
// Printing (tree_print.hh) follows the book's printtree.c; drawing is tree_dot.hh.
#pragma once

#include "chap7/ir/temp.hh"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <type_traits>
#include <vector>

namespace tiger::tree {

enum class BinOp { PLUS, MINUS, TIMES, DIVIDE, AND, OR, LSHIFT, RSHIFT, ARSHIFT, XOR };
enum class RelOp { EQ, NE, LT, GT, LE, GE, ULT, ULE, UGT, UGE };

// "PLUS", "LT", ... as printtree.c prints them.
const char* name(BinOp op);
const char* name(RelOp op);
// not(a op b) == (a notRel(op) b)
RelOp notRel(RelOp op);
// (a op b) == (b commuteRel(op) a)
RelOp commuteRel(RelOp op);
// Evaluates a relation on two words.
bool evalRel(RelOp op, std::int64_t a, std::int64_t b);

enum class ExpKind { BINOP, MEM, TEMP, ESEQ, NAME, CONST, CALL };
enum class StmKind { SEQ, LABEL, JUMP, CJUMP, MOVE, EXP };

struct Exp {
  const ExpKind kind;

protected:
  explicit Exp(ExpKind k) : kind(k) {}
};
struct Stm {
  const StmKind kind;

protected:
  explicit Stm(StmKind k) : kind(k) {}
};

} // namespace tiger::tree

namespace tiger {
using T_exp = tree::Exp*;
using T_stm = tree::Stm*;
} // namespace tiger

namespace tiger::tree {

// ---- expressions ----

// BINOP(op, left, right)
struct Binop : Exp {
  static constexpr ExpKind kKind = ExpKind::BINOP;
  BinOp op;
  T_exp left, right;
  Binop(BinOp o, T_exp l, T_exp r) : Exp(kKind), op(o), left(l), right(r) {}
};
// MEM(addr): the word at address addr (8 bytes)
struct Mem : Exp {
  static constexpr ExpKind kKind = ExpKind::MEM;
  T_exp addr;
  explicit Mem(T_exp a) : Exp(kKind), addr(a) {}
};
// TEMP t
struct Temp : Exp {
  static constexpr ExpKind kKind = ExpKind::TEMP;
  Temp_temp temp;
  explicit Temp(Temp_temp t) : Exp(kKind), temp(t) {}
};
// ESEQ(stm, exp): run stm, then yield exp
struct Eseq : Exp {
  static constexpr ExpKind kKind = ExpKind::ESEQ;
  T_stm stm;
  T_exp exp;
  Eseq(T_stm s, T_exp e) : Exp(kKind), stm(s), exp(e) {}
};
// NAME L: the address of label L
struct Name : Exp {
  static constexpr ExpKind kKind = ExpKind::NAME;
  Temp_label label;
  explicit Name(Temp_label l) : Exp(kKind), label(l) {}
};
// CONST i
struct Const : Exp {
  static constexpr ExpKind kKind = ExpKind::CONST;
  std::int64_t value;
  explicit Const(std::int64_t v) : Exp(kKind), value(v) {}
};
// CALL(fun, args): fun is NAME f for every call tigerc makes
struct Call : Exp {
  static constexpr ExpKind kKind = ExpKind::CALL;
  T_exp fun;
  std::vector<T_exp> args;
  Call(T_exp f, std::vector<T_exp> a) : Exp(kKind), fun(f), args(std::move(a)) {}
};

// ---- statements ----

// SEQ(left, right)
struct Seq : Stm {
  static constexpr StmKind kKind = StmKind::SEQ;
  T_stm left, right;
  Seq(T_stm l, T_stm r) : Stm(kKind), left(l), right(r) {}
};
// LABEL L
struct Label : Stm {
  static constexpr StmKind kKind = StmKind::LABEL;
  Temp_label label;
  explicit Label(Temp_label l) : Stm(kKind), label(l) {}
};
// JUMP(exp, jumps): exp is NAME L, jumps lists its possible targets
struct Jump : Stm {
  static constexpr StmKind kKind = StmKind::JUMP;
  T_exp exp;
  std::vector<Temp_label> jumps;
  Jump(T_exp e, std::vector<Temp_label> j) : Stm(kKind), exp(e), jumps(std::move(j)) {}
};
// CJUMP(op, left, right, t, f)
struct Cjump : Stm {
  static constexpr StmKind kKind = StmKind::CJUMP;
  RelOp op;
  T_exp left, right;
  Temp_label t, f; // true and false targets
  Cjump(RelOp o, T_exp l, T_exp r, Temp_label tl, Temp_label fl)
      : Stm(kKind), op(o), left(l), right(r), t(tl), f(fl) {}
};
// MOVE(dst, src): dst is TEMP, MEM or (before canon) ESEQ
struct Move : Stm {
  static constexpr StmKind kKind = StmKind::MOVE;
  T_exp dst, src;
  Move(T_exp d, T_exp s) : Stm(kKind), dst(d), src(s) {}
};
// EXP(exp): evaluate and discard
struct ExpStm : Stm {
  static constexpr StmKind kKind = StmKind::EXP;
  T_exp exp;
  explicit ExpStm(T_exp e) : Stm(kKind), exp(e) {}
};

// Checked downcasts: `cast<Binop>(e)` is null unless e->kind == BINOP.
template <class T> T* cast(Exp* e) { return e && e->kind == T::kKind ? static_cast<T*>(e) : nullptr; }
template <class T> T* cast(Stm* s) { return s && s->kind == T::kKind ? static_cast<T*>(s) : nullptr; }
template <class T> const T* cast(const Exp* e) {
  return e && e->kind == T::kKind ? static_cast<const T*>(e) : nullptr;
}
template <class T> const T* cast(const Stm* s) {
  return s && s->kind == T::kKind ? static_cast<const T*>(s) : nullptr;
}

// Owns every node of one compilation. Methods are named like the book's constructors.
class Arena {
public:
  T_exp Binop(BinOp op, T_exp l, T_exp r) { return make<tree::Binop>(op, l, r); }
  T_exp Mem(T_exp addr) { return make<tree::Mem>(addr); }
  T_exp Temp(Temp_temp t) { return make<tree::Temp>(t); }
  T_exp Eseq(T_stm s, T_exp e) { return make<tree::Eseq>(s, e); }
  T_exp Name(Temp_label l) { return make<tree::Name>(l); }
  T_exp Const(std::int64_t v) { return make<tree::Const>(v); }
  T_exp Call(T_exp f, std::vector<T_exp> args) { return make<tree::Call>(f, std::move(args)); }

  T_stm Seq(T_stm l, T_stm r) { return make<tree::Seq>(l, r); }
  T_stm Label(Temp_label l) { return make<tree::Label>(l); }
  T_stm Jump(T_exp e, std::vector<Temp_label> j) { return make<tree::Jump>(e, std::move(j)); }
  // JUMP(NAME l, [l])
  T_stm Jump(Temp_label l) { return Jump(Name(l), {l}); }
  T_stm Cjump(RelOp op, T_exp l, T_exp r, Temp_label t, Temp_label f) {
    return make<tree::Cjump>(op, l, r, t, f);
  }
  T_stm Move(T_exp d, T_exp s) { return make<tree::Move>(d, s); }
  T_stm Exp(T_exp e) { return make<tree::ExpStm>(e); }

  // SEQ(s1, SEQ(s2, ... sn)) built right-nested without recursion; EXP(CONST 0) if empty.
  T_stm SeqList(const std::vector<T_stm>& stms);

  // A deep copy of a tree (labels and temps are shared, nodes are new).
  T_exp copy(const tree::Exp* e);
  T_stm copy(const tree::Stm* s);

  std::size_t nodeCount() const { return count_; }

  Arena() = default;
  Arena(const Arena&) = delete;
  Arena& operator=(const Arena&) = delete;
  ~Arena();

private:
  // Nodes are placed one after another in large chunks (one allocation per chunk, not
  // per node). A chunk is 1 MiB, above glibc's mmap threshold: it is mapped on its own
  // (pages are touched only as nodes fill them) rather than carved from the heap of
  // small blocks the passes free. CALL and JUMP nodes own a std::vector, so their
  // destructors are recorded and run when the arena dies; the other kinds are trivially
  // destructible.
  static constexpr std::size_t kChunkBytes = 1 << 20;
  void* allocate(std::size_t bytes, std::size_t align);
  template <class T, class... A> T* make(A&&... a) {
    T* p = new (allocate(sizeof(T), alignof(T))) T(std::forward<A>(a)...);
    if constexpr (!std::is_trivially_destructible_v<T>)
      destructors_.push_back({p, [](void* q) { static_cast<T*>(q)->~T(); }});
    ++count_;
    return p;
  }
  struct Destructor {
    void* object;
    void (*destroy)(void*);
  };
  std::vector<std::unique_ptr<std::byte[]>> chunks_;
  std::size_t used_ = kChunkBytes; // bytes used in chunks_.back()
  std::vector<Destructor> destructors_;
  std::size_t count_ = 0;
};

} // namespace tiger::tree
