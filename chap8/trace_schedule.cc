// trace_schedule.cc - C_traceSchedule: Algorithm 8.3 and "finishing up" (Appel 8.2-8.3;
// docs/canon.md, "Traces").
//
// Input: C_block{blocks, done}: each block LABEL first, JUMP/CJUMP last, the first block
// is where the function starts.
// Output: one statement list, the first block first, in which every CJUMP is followed
// by its false label, and which ends with LABEL done. Any block order would keep the
// program's meaning (each block ends in an explicit jump); the order only decides how
// many jumps run.
//
// Book mode (Options::bookTraces): Algorithm 8.3 as written. Take the first unmarked
// block, mark it and follow an unmarked successor (a CJUMP's false target first) until
// there is none; repeat. Then finishUp (trace_schedule.hh).
//
// Improved mode (the default): the book's "optimal traces" for loops. A jump to a block
// at or before it in the list closes a loop (Translate lays a loop out top to bottom);
// its target H is the loop's header, and the blocks from H to the last block x jumping
// back are the loop. The loop's exit test E is a CJUMP with one target S inside the loop
// and one outside, found at H (while) or just before x (for). The loop is *rotated* so
// that E comes last and its exit falls through: when a trace reaches H, H is set aside
// (pending) and the trace starts the loop at S; the block that jumps back to H gets H
// right after it, and the trace runs on to E and out of the loop. Each iteration runs
// one CJUMP and no JUMP; the loop is entered with one jump (the book's layout (c)):
//
//   while, book (Algorithm 8.3)          while, improved
//   ------------------------------       -------------------------------------
//         JUMP test  (deleted)                 CJUMP(not c, done, body)  (threaded)
//   test: CJUMP(c, body, done)           body: ...   (its JUMP test deleted)
//   done: ...                            test: CJUMP(c, body, done)
//   body: ...                            done: ...
//         JUMP test  <- every iteration
//
//   for, book                            for, improved (S = incr, E = test)
//   ------------------------------       -------------------------------------
//         CJUMP(GT, i, hi, done, body)         CJUMP(GT, i, hi, done, f')
//   body: ...                            f':   JUMP body
//   test: CJUMP(GE, i, hi, done, incr)   incr: i := i + 1
//   incr: i := i + 1                     body: ...
//         JUMP body  <- every iteration  test: CJUMP(LT, i, hi, incr, done)
//                                        done: ...
//
// A trace picks its next block in this order: a pending header (the latch falls into
// it), an unmarked rotatable header (enter the loop, so its exit can follow it), the
// false target, the true target. A trace that stops with headers still pending goes on
// with the last one set aside. If the function's first block is itself a rotatable
// header, a block `LABEL e; JUMP(NAME H)` is put in front so the function still starts
// at the top. finishUp also threads a JUMP into a block that is only a test (above).
// Every step is a loop over blocks; nothing recurses per block.
#include "chap8/trace_schedule.hh"

#include "chap8/basic_blocks.hh"
#include "chap8/explain.hh"

#include <optional>
#include <ostream>

namespace tiger::canon {

using tree::cast;

namespace {
// LAB traces BEGIN the helpers of C_traceSchedule and finishUp

constexpr std::size_t kNone = BlockIndex::kNoBlock;
using Blocks = std::vector<const Block*>;

// The control-flow graph of the blocks: each block's successors, found by label.
class Graph {
public:
  explicit Graph(const Blocks& blocks) : blocks_(blocks), index_(blocks) {}
  std::size_t size() const { return blocks_.size(); }
  std::size_t find(Temp_label l) const { return index_.find(l); } // kNone: none
  const tree::Cjump* cjump(std::size_t b) const {
    return blocks_[b]->empty() ? nullptr : cast<tree::Cjump>(blocks_[b]->back());
  }
  // At most two blocks, in a range-for: no allocation a call.
  struct Successors {
    std::size_t items[2];
    std::size_t count = 0;
    const std::size_t* begin() const { return items; }
    const std::size_t* end() const { return items + count; }
  };
  // JUMP(NAME l): [l]; CJUMP(op, a, b, t, f): [f, t]; blocks of this function only.
  Successors successors(std::size_t b) const {
    Successors out;
    auto add = [&](Temp_label l) {
      if (std::size_t s = find(l); s != kNone) out.items[out.count++] = s;
    };
    const tree::Stm* last = blocks_[b]->empty() ? nullptr : blocks_[b]->back();
    if (auto* c = cast<tree::Cjump>(last))
      add(c->f), add(c->t);
    else if (auto* j = cast<tree::Jump>(last); j && cast<tree::Name>(j->exp))
      add(cast<tree::Name>(j->exp)->label);
    return out;
  }

private:
  const Blocks& blocks_;
  BlockIndex index_;
};

// The block a rotated loop starts with: the exit test's target inside the loop, when
// the loop [h, x] has an exit test (a CJUMP with one target in [h, x], one outside)
// at h (while) or at x - 1 or x (for: test, then increment); kNone when none is found
// or when that target is h itself (the loop is already laid out test-last).
std::size_t rotationStart(const Graph& g, std::size_t h, std::size_t x) {
  auto inLoop = [&](std::size_t b) { return b != kNone && h <= b && b <= x; };
  for (std::size_t e : {h, x - 1, x}) {
    const tree::Cjump* c = e >= h && e <= x ? g.cjump(e) : nullptr;
    if (!c) continue;
    std::size_t t = g.find(c->t), f = g.find(c->f);
    if (inLoop(t) == inLoop(f)) continue;
    std::size_t start = inLoop(t) ? t : f;
    return start == h ? kNone : start;
  }
  return kNone;
}

// start[h]: for each rotatable loop header h, the block its rotated layout starts
// with (rotationStart); kNone for any other block.
std::vector<std::size_t> rotatableHeaders(const Graph& g) {
  std::vector<std::size_t> lastLatch(g.size(), kNone), start(g.size(), kNone);
  for (std::size_t b = 0; b < g.size(); ++b)
    for (std::size_t s : g.successors(b))
      if (s <= b && (lastLatch[s] == kNone || lastLatch[s] < b)) lastLatch[s] = b;
  for (std::size_t h = 0; h < g.size(); ++h)
    if (lastLatch[h] != kNone) start[h] = rotationStart(g, h, lastLatch[h]);
  return start;
}

// The traces one after another: the blocks in the order they are placed, and where each
// trace starts in that order (a trace of one block takes 8 bytes, not a vector).
struct Traces {
  std::vector<std::size_t> blocks;
  std::vector<std::size_t> starts;
};

// Algorithm 8.3, with the improved mode's pending headers.
class Tracer {
public:
  Tracer(const Graph& g, bool book)
      : g_(g), book_(book), state_(g.size(), State::Unmarked),
        start_(book ? std::vector<std::size_t>(g.size(), kNone) : rotatableHeaders(g)) {}
  Traces run();
  bool rotated(std::size_t b) const { return start_[b] != kNone; }

private:
  enum class State : unsigned char { Unmarked, Pending, Placed };
  std::size_t next(std::size_t b) const;
  std::size_t popPending();

  const Graph& g_;
  bool book_;
  std::vector<State> state_;
  std::vector<std::size_t> start_;
  std::vector<std::size_t> pending_; // headers set aside, innermost last
};

Traces Tracer::run() {
  Traces traces;
  traces.blocks.reserve(g_.size());
  for (std::size_t start = 0; start < g_.size(); ++start) {
    if (state_[start] != State::Unmarked) continue;
    traces.starts.push_back(traces.blocks.size());
    for (std::size_t b = start; b != kNone;) {
      if (state_[b] == State::Unmarked && start_[b] != kNone &&
          state_[start_[b]] == State::Unmarked) {
        state_[b] = State::Pending; // rotate: the loop test goes after the body
        pending_.push_back(b);
        b = start_[b];
        continue;
      }
      state_[b] = State::Placed;
      traces.blocks.push_back(b);
      b = next(b);
      if (b == kNone) b = popPending();
    }
  }
  return traces;
}

// Book: the first unmarked successor, false target first. Improved: a pending header,
// then an unmarked rotatable header, then as the book.
std::size_t Tracer::next(std::size_t b) const {
  Graph::Successors succ = g_.successors(b);
  if (!book_) {
    for (std::size_t s : succ)
      if (state_[s] == State::Pending) return s;
    for (std::size_t s : succ)
      if (state_[s] == State::Unmarked && start_[s] != kNone) return s;
  }
  for (std::size_t s : succ)
    if (state_[s] == State::Unmarked) return s;
  return kNone;
}

std::size_t Tracer::popPending() {
  while (!pending_.empty()) {
    std::size_t h = pending_.back();
    pending_.pop_back();
    if (state_[h] == State::Pending) return h;
  }
  return kNone;
}

std::string labelText(Temp_label l) {
  return l ? l.str() : "?";
}

void explainTraces(Context& cx, const Blocks& blocks, const Tracer& tracer,
                   const Traces& traces) {
  if (!cx.opts.explain) return;
  for (std::size_t k = 0; k < traces.starts.size(); ++k) {
    std::string line = "trace " + std::to_string(k + 1) + ":";
    std::size_t end =
        k + 1 < traces.starts.size() ? traces.starts[k + 1] : traces.blocks.size();
    for (std::size_t i = traces.starts[k]; i < end; ++i) {
      std::size_t b = traces.blocks[i];
      line += " " + labelText(blockLabel(*blocks[b]));
      if (tracer.rotated(b)) line += "(loop header, set aside)";
    }
    explain::note(*cx.opts.explain, line);
  }
}

// Class that flattens one order of blocks (finishUp).
class Finisher {
public:
  Finisher(Context& cx, const Blocks& order)
      : cx_(cx), a_(cx.arena), order_(order), byLabel_(order) {}
  void finish(T_stm last, Temp_label next, std::vector<T_stm>& out);

private:
  void finishCjump(tree::Cjump* c, Temp_label next, std::vector<T_stm>& out);
  T_stm threaded(Temp_label target, Temp_label next);
  // Logs text() when --explain=traces asks; the text is not built otherwise.
  template <class Text> void say(Text text) {
    if (cx_.opts.explain) explain::note(*cx_.opts.explain, "finishing: " + text());
  }

  Context& cx_;
  tree::Arena& a_;
  const Blocks& order_;
  BlockIndex byLabel_; // the block of order_ each label starts
};

void Finisher::finish(T_stm last, Temp_label next, std::vector<T_stm>& out) {
  if (auto* c = cast<tree::Cjump>(last)) return finishCjump(c, next, out);
  auto* j = cast<tree::Jump>(last);
  auto* n = j ? cast<tree::Name>(j->exp) : nullptr;
  // JUMP(NAME l); LABEL l => LABEL l
  if (n && n->label == next)
    return say(
        [&] { return "JUMP(NAME " + labelText(next) + ") to the next block: deleted"; });
  if (T_stm c = n && !cx_.opts.bookTraces ? threaded(n->label, next) : nullptr) {
    say([&] {
      return "JUMP(NAME " + labelText(n->label) +
             ") to a block that only tests: its CJUMP copied";
    });
    return finishCjump(cast<tree::Cjump>(c), next, out);
  }
  out.push_back(last); // any other JUMP; a non-jump is left for checkBlocks to report
}

void Finisher::finishCjump(tree::Cjump* c, Temp_label next, std::vector<T_stm>& out) {
  // CJUMP(op, a, b, t, f); LABEL f: kept
  if (c->f == next) return out.push_back(c);
  // CJUMP(op, a, b, t, f); LABEL t => CJUMP(not op, a, b, f, t); LABEL t
  if (c->t == next) {
    say([&] {
      return "CJUMP(" + std::string(tree::name(c->op)) + ", .., " + labelText(c->t) +
             ", " + labelText(c->f) +
             ") followed by its true label: negated, labels swapped";
    });
    return out.push_back(a_.Cjump(tree::notRel(c->op), c->left, c->right, c->f, c->t));
  }
  // CJUMP(op, a, b, t, f); LABEL x => CJUMP(op, a, b, t, f'); LABEL f'; JUMP(NAME f)
  Temp_label f2 = cx_.temps.newLabel();
  say([&] {
    return "CJUMP(.., " + labelText(c->t) + ", " + labelText(c->f) +
           ") followed by neither: " + "new false label " + f2.str() +
           ", then JUMP(NAME " + labelText(c->f) + ")";
  });
  out.push_back(a_.Cjump(c->op, c->left, c->right, c->t, f2));
  out.push_back(a_.Label(f2));
  out.push_back(a_.Jump(c->f));
}

// JUMP(NAME l) where block l is just LABEL l; CJUMP(op, a, b, t, f) and the next block
// is t or f => a copy of that CJUMP (a and b are canonical: evaluating them here, right
// where the JUMP would have gone, is the same). The copy shares a and b: canonical
// trees are never changed, and the printers, drawings and interpreters walk a shared
// subtree as they walk two equal ones.
T_stm Finisher::threaded(Temp_label target, Temp_label next) {
  std::size_t b = byLabel_.find(target);
  if (b == BlockIndex::kNoBlock || order_[b]->size() != 2) return nullptr;
  auto* c = cast<tree::Cjump>(order_[b]->back());
  if (!c || (c->t != next && c->f != next)) return nullptr;
  return a_.Cjump(c->op, c->left, c->right, c->t, c->f);
}

// LAB END
} // namespace

std::vector<T_stm> finishUp(Context& cx, const std::vector<const Block*>& order,
                            Temp_label done) {
  // LAB traces BEGIN finishUp()
  Finisher finisher(cx, order);
  std::size_t length = 1; // the blocks' statements and LABEL done: the list's length,
  for (const Block* b : order) // unless a JUMP is deleted or a CJUMP gets a false label
    length += b->size();
  std::vector<T_stm> out;
  out.reserve(length); // grown once, not doubled
  for (std::size_t k = 0; k < order.size(); ++k) {
    const Block& block = *order[k];
    if (block.empty()) continue;
    Temp_label next = k + 1 < order.size() ? blockLabel(*order[k + 1]) : done;
    out.insert(out.end(), block.begin(), block.end() - 1);
    finisher.finish(block.back(), next, out);
  }
  out.push_back(cx.arena.Label(done));
  return out;
  // LAB END
}

std::vector<T_stm> C_traceSchedule(Context& cx, const C_block& b) {
  // LAB traces BEGIN C_traceSchedule()
  Blocks blocks;
  for (const Block& block : b.stmLists)
    blocks.push_back(&block);
  Block entry; // LABEL e; JUMP(NAME H) when the first block is a rotatable header
  Traces traces;
  { // the graph and the tracer are freed before the order is made
    std::optional<Graph> graph(std::in_place, blocks);
    std::optional<Tracer> tracer(std::in_place, *graph, cx.opts.bookTraces);
    if (!blocks.empty() && tracer->rotated(0)) { // (never in the book's mode)
      entry = {cx.arena.Label(cx.temps.newLabel()),
               cx.arena.Jump(blockLabel(*blocks[0]))};
      blocks.insert(blocks.begin(), &entry); // so the graph and the tracer are made again
      tracer.reset();
      graph.emplace(blocks);
      tracer.emplace(*graph, cx.opts.bookTraces);
    }
    traces = tracer->run();
    explainTraces(cx, blocks, *tracer, traces);
  }
  Blocks order;
  order.reserve(blocks.size());
  for (std::size_t k : traces.blocks)
    order.push_back(blocks[k]);
  blocks = Blocks(), traces = Traces(); // finishUp needs only `order`
  return finishUp(cx, order, b.label);
  // LAB END
}

} // namespace tiger::canon
