// effects.cc - the effects hooks of ptoext/runtime/hooks.h, linked into libtigerrt.so.
// The hash and the way a word is shown are grading/effect_hash.hh's, the tree
// interpreter's own (grading/effect_log.hh), so both give one effect the same hash.
#include "ptoext/runtime/hooks.h"

#include "grading/effect_hash.hh"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace tigerrt {
namespace {

using namespace tiger::effects;

struct Log {
  bool hash = false;         // $TIGERRT_EFFECTS_HASH: the summary at the end
  std::FILE* file = nullptr; // $TIGERRT_EFFECTS: the lines
  std::uint64_t count = 0;
  std::uint64_t value = kBasis;
  std::vector<int64_t> arguments; // of the function being entered (tig_arg)
  bool ended = false;

  void mix(std::uint64_t word) { value = fnv(value, word); }
  void write(const std::string& text) {
    if (file) std::fputs(text.c_str(), file);
  }
  // A call mixes its kind, its shown name byte by byte (as ByteRun does at once), the
  // argument count, then each argument (kHidden for one the calls view hides).
  void call(std::string_view name, const int64_t* args, std::size_t n) {
    ++count;
    mix(static_cast<unsigned char>(kCall));
    std::string_view shown = unnumbered(name);
    for (char c : shown)
      mix(static_cast<unsigned char>(c));
    mix(n);
    for (std::size_t k = 0; k < n; ++k)
      mix(argumentWord(args[k], true));
    if (file) write(callLine(shown, args, n, true) + "\n");
  }
};

Log* log() {
  static Log* made = [] {
    const char* hash = std::getenv("TIGERRT_EFFECTS_HASH");
    const char* path = std::getenv("TIGERRT_EFFECTS");
    bool wanted = (hash && *hash) || (path && *path);
    if (!wanted) return static_cast<Log*>(nullptr);
    Log* l = new Log; // lives until the process ends, as the runtime's memory does
    l->hash = hash && *hash;
    if (path && *path && !(l->file = std::fopen(path, "w")))
      std::fprintf(stderr, "libtigerrt: cannot write %s\n", path);
    return l;
  }();
  return made;
}

} // namespace

void recordBuiltin(std::string_view name, std::initializer_list<int64_t> args) {
  Log* l = log();
  if (l && !l->ended) l->call(name, args.begin(), args.size());
}

void recordArgument(int64_t value) {
  Log* l = log();
  if (l && !l->ended) l->arguments.push_back(value);
}

void recordEntry(std::string_view name, int64_t arity) {
  Log* l = log();
  if (!l || l->ended) return;
  std::vector<int64_t>& args = l->arguments;
  // Its own arguments are the last `arity` (none missing in the emitter's MLIR).
  std::size_t n =
      std::min(args.size(), static_cast<std::size_t>(std::max<int64_t>(arity, 0)));
  if (name != "tigermain") l->call(name, args.data() + args.size() - n, n);
  args.clear();
}

void recordExit(int status) {
  Log* l = log();
  if (!l || l->ended) return;
  l->ended = true;
  ++l->count;
  l->mix(static_cast<unsigned char>(kExit));
  l->mix(static_cast<std::uint64_t>(status));
  l->write("exit " + std::to_string(status) + "\n");
  if (l->file) std::fclose(l->file);
  if (l->hash) std::fprintf(stderr, "%s\n", summary(l->count, l->value).c_str());
}

} // namespace tigerrt
