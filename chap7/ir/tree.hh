// tree.hh - the intermediate representation trees (Appel, chapter 7, tree.h).
//
//   T_exp: BINOP MEM TEMP ESEQ NAME CONST CALL
//   T_stm: SEQ LABEL JUMP CJUMP MOVE EXP
//
// Nodes are allocated in a tree::Arena that owns them all, so passes (canon) may
// share, rewrite and drop subtrees freely and nothing is freed recursively. The lists
// of CALL and JUMP (tree::List) live in the arena too: every node is trivially
// destructible, and the arena frees its chunks and nothing else. T_exp and
// T_stm are pointers, as in the book. Build nodes with the arena's methods, named
// like the book's constructors: arena.Binop(op, l, r), arena.Seq(a, b), ...
//
// Every node also remembers where in the Tiger source it came from (SrcPos): the arena
// stamps its current position (PosScope) on each node it makes. Translate's caller sets
// that position per AST node (translate.cc); canon stamps none and fills in the
// positions of the statements it makes afterwards (chap8/positions.hh).
//
// Printing (tree_print.hh) follows the book's printtree.c; drawing is tree_dot.hh.
#pragma once

#include "chap7/ir/temp.hh"

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <memory>
#include <new>
#include <type_traits>
#include <vector>

namespace tiger::tree {

enum class BinOp : std::uint8_t {
  PLUS,
  MINUS,
  TIMES,
  DIVIDE,
  AND,
  OR,
  LSHIFT,
  RSHIFT,
  ARSHIFT,
  XOR
};
enum class RelOp : std::uint8_t { EQ, NE, LT, GT, LE, GE, ULT, ULE, UGT, UGE };

// "PLUS", "LT", ... as printtree.c prints them.
const char* name(BinOp op);
const char* name(RelOp op);
// not(a op b) == (a notRel(op) b)
RelOp notRel(RelOp op);
// (a op b) == (b commuteRel(op) a)
RelOp commuteRel(RelOp op);
// Evaluates a relation on two words (inline: the interpreter's every CJUMP).
inline bool evalRel(RelOp op, std::int64_t a, std::int64_t b) {
  auto ua = static_cast<std::uint64_t>(a), ub = static_cast<std::uint64_t>(b);
  switch (op) {
  case RelOp::EQ: return a == b;
  case RelOp::NE: return a != b;
  case RelOp::LT: return a < b;
  case RelOp::GT: return a > b;
  case RelOp::LE: return a <= b;
  case RelOp::GE: return a >= b;
  case RelOp::ULT: return ua < ub;
  case RelOp::UGT: return ua > ub;
  case RelOp::ULE: return ua <= ub;
  case RelOp::UGE: return ua >= ub;
  }
  return false;
}

enum class ExpKind : std::uint8_t { BINOP, MEM, TEMP, ESEQ, NAME, CONST, CALL };
enum class StmKind : std::uint8_t { SEQ, LABEL, JUMP, CJUMP, MOVE, EXP };

// A position in the Tiger source: 1-based line and column, or unknown (line 0).
// Columns past 65535 are kept as 65535.
struct SrcPos {
  std::uint32_t line = 0;
  std::uint16_t col = 0;
  static SrcPos at(int line, int col) {
    if (line <= 0 || col <= 0) return {};
    return {static_cast<std::uint32_t>(line),
            static_cast<std::uint16_t>(col < 65535 ? col : 65535)};
  }
  bool known() const { return line != 0; }
  friend bool operator==(SrcPos, SrcPos) = default;
};

// What every node starts with: its position and its kind, in 7 bytes. The eighth is
// the header's tail padding, where a node's first member of one byte sits (BINOP's and
// CJUMP's operator): BINOP takes 24 bytes, not 32, and CJUMP 40, not 48.
template <class Kind> struct Node {
  SrcPos pos() const { return {line_, col_}; }
  void setPos(SrcPos p) { line_ = p.line, col_ = p.col; }

protected:
  explicit Node(Kind k) : kind(k) {}

private:
  std::uint32_t line_ = 0;
  std::uint16_t col_ = 0;

public:
  const Kind kind;
};

struct Exp : Node<ExpKind> {
protected:
  explicit Exp(ExpKind k) : Node(k) {}
};
struct Stm : Node<StmKind> {
protected:
  explicit Stm(StmKind k) : Node(k) {}
};

} // namespace tiger::tree

namespace tiger {
using T_exp = tree::Exp*;
using T_stm = tree::Stm*;
} // namespace tiger

namespace tiger::tree {

// The items of a CALL's arguments or a JUMP's targets: placed in the arena with the
// node, never changed once made, read like a const std::vector.
template <class T> class List {
public:
  List() = default;
  List(const T* items, std::size_t size) : items_(items), size_(size) {}
  const T* begin() const { return items_; }
  const T* end() const { return items_ + size_; }
  std::reverse_iterator<const T*> rbegin() const { return std::reverse_iterator(end()); }
  std::reverse_iterator<const T*> rend() const { return std::reverse_iterator(begin()); }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const T& operator[](std::size_t i) const { return items_[i]; }

private:
  const T* items_ = nullptr;
  std::size_t size_ = 0;
};

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
  List<T_exp> args;
  Call(T_exp f, List<T_exp> a) : Exp(kKind), fun(f), args(a) {}
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
  List<Temp_label> jumps;
  Jump(T_exp e, List<Temp_label> j) : Stm(kKind), exp(e), jumps(j) {}
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

// The operator in the header's tail padding (Node); 8-byte pointers assumed.
static_assert(sizeof(void*) != 8 || (sizeof(Binop) == 24 && sizeof(Cjump) == 40));

// Checked downcasts: `cast<Binop>(e)` is null unless e->kind == BINOP.
template <class T> T* cast(Exp* e) {
  return e && e->kind == T::kKind ? static_cast<T*>(e) : nullptr;
}
template <class T> T* cast(Stm* s) {
  return s && s->kind == T::kKind ? static_cast<T*>(s) : nullptr;
}
template <class T> const T* cast(const Exp* e) {
  return e && e->kind == T::kKind ? static_cast<const T*>(e) : nullptr;
}
template <class T> const T* cast(const Stm* s) {
  return s && s->kind == T::kKind ? static_cast<const T*>(s) : nullptr;
}

// Owns every node of one compilation. Methods are named like the book's constructors.
// Each node made gets the arena's current position (PosScope), except EXP(e), which
// takes e's when e has one: the statement is where its expression is.
class Arena {
public:
  T_exp Binop(BinOp op, T_exp l, T_exp r) { return make<tree::Binop>(op, l, r); }
  T_exp Mem(T_exp addr) { return make<tree::Mem>(addr); }
  T_exp Temp(Temp_temp t) { return make<tree::Temp>(t); }
  T_exp Eseq(T_stm s, T_exp e) { return make<tree::Eseq>(s, e); }
  T_exp Name(Temp_label l) { return make<tree::Name>(l); }
  T_exp Const(std::int64_t v) { return make<tree::Const>(v); }
  T_exp Call(T_exp f, const std::vector<T_exp>& args) {
    return make<tree::Call>(f, list(args.data(), args.size()));
  }

  T_stm Seq(T_stm l, T_stm r) { return make<tree::Seq>(l, r); }
  T_stm Label(Temp_label l) { return make<tree::Label>(l); }
  T_stm Jump(T_exp e, const std::vector<Temp_label>& j) {
    return make<tree::Jump>(e, list(j.data(), j.size()));
  }
  // A JUMP to the targets of another (the list is shared: lists never change).
  T_stm Jump(T_exp e, List<Temp_label> j) { return make<tree::Jump>(e, j); }
  // JUMP(NAME l, [l])
  T_stm Jump(Temp_label l) { return make<tree::Jump>(Name(l), list(&l, 1)); }
  T_stm Cjump(RelOp op, T_exp l, T_exp r, Temp_label t, Temp_label f) {
    return make<tree::Cjump>(op, l, r, t, f);
  }
  T_stm Move(T_exp d, T_exp s) { return make<tree::Move>(d, s); }
  T_stm Exp(T_exp e) {
    T_stm s = make<tree::ExpStm>(e);
    if (e && e->pos().known()) s->setPos(e->pos());
    return s;
  }

  // SEQ(s1, SEQ(s2, ... sn)) built right-nested without recursion; EXP(CONST 0) if empty.
  T_stm SeqList(const std::vector<T_stm>& stms);

  // A deep copy of a tree (labels and temps are shared, nodes are new, positions kept).
  T_exp copy(const tree::Exp* e);
  T_stm copy(const tree::Stm* s);

  std::size_t nodeCount() const { return count_; }

  // Frees every SEQ and ESEQ made so far. Only for a caller who knows that none is
  // reachable any more: traceProgram, once every PROC body is a canonical list, which
  // holds neither and shares no subtree that does.
  void freeSequences() { sequences_ = Chunks(kSequenceChunkBytes); }

  Arena() = default;
  Arena(const Arena&) = delete;
  Arena& operator=(const Arena&) = delete;

private:
  friend class PosScope;
  T_exp copyNode(const tree::Exp* e); // copy's node, its children copied
  T_stm copyNode(const tree::Stm* s);
  // Nodes are placed one after another in chunks (one allocation per chunk, not per
  // node). A chunk is 16 KiB, small enough for the allocator to carve it from the pages
  // of small blocks the AST and the checker freed (tigerc frees each function's AST as
  // its PROC is made: translate.hh), so the IR fills memory the front end gave back
  // rather than new pages. Nodes and lists are trivially destructible: the arena's
  // death frees the chunks, and runs no destructor.
  // SEQ and ESEQ nodes, which C_linearize removes, are placed in chunks of their own
  // (freeSequences) of 256 KiB: so large that the allocator gives each one back whole,
  // for any size of block, when it is freed.
  static constexpr std::size_t kChunkBytes = 16 << 10;
  static constexpr std::size_t kSequenceChunkBytes = 256 << 10;
  struct Chunks {
    explicit Chunks(std::size_t bytes) : size(bytes), used(bytes) {}
    std::size_t size; // bytes of each chunk
    std::size_t used; // bytes used in list.back()
    std::vector<std::unique_ptr<std::byte[]>> list;
  };
  // The next `bytes` of the chunk in use, aligned (align: a power of two); a new chunk
  // when they do not fit (grow: new[] aligns a chunk for any node).
  void* allocate(Chunks& to, std::size_t bytes, std::size_t align) {
    std::size_t start = (to.used + align - 1) & ~(align - 1);
    if (start + bytes > to.size) return grow(to, bytes);
    to.used = start + bytes;
    return to.list.back().get() + start;
  }
  void* grow(Chunks& to, std::size_t bytes);
  void* allocate(std::size_t bytes, std::size_t align) {
    return allocate(nodes_, bytes, align);
  }
  template <class T, class... A> T* make(A&&... a) {
    static_assert(std::is_trivially_destructible_v<T>);
    constexpr bool sequence =
        std::is_same_v<T, tree::Seq> || std::is_same_v<T, tree::Eseq>;
    Chunks& to = sequence ? sequences_ : nodes_;
    T* p = new (allocate(to, sizeof(T), alignof(T))) T(std::forward<A>(a)...);
    p->setPos(position_);
    ++count_;
    return p;
  }
  // A copy of `items` in the arena (a list of none takes no room).
  template <class T> List<T> list(const T* items, std::size_t n) {
    static_assert(std::is_trivially_copyable_v<T>);
    if (n == 0) return {};
    auto* copy = static_cast<T*>(allocate(sizeof(T) * n, alignof(T)));
    std::uninitialized_copy(items, items + n, copy);
    return {copy, n};
  }
  Chunks nodes_ = Chunks(kChunkBytes);
  Chunks sequences_ = Chunks(kSequenceChunkBytes);
  std::size_t count_ = 0;
  SrcPos position_; // stamped on the nodes made now (PosScope sets it)
};

// While a PosScope lives, the nodes its arena makes are stamped with `pos` (unknown
// included); then the arena's position is the one before it again. Scopes nest.
class PosScope {
public:
  PosScope(Arena& arena, SrcPos pos) : arena_(arena), outer_(arena.position_) {
    arena.position_ = pos;
  }
  ~PosScope() { arena_.position_ = outer_; }
  PosScope(const PosScope&) = delete;
  PosScope& operator=(const PosScope&) = delete;

private:
  Arena& arena_;
  SrcPos outer_;
};

} // namespace tiger::tree
