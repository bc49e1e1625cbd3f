// pipeline.hh - tigerc in one call: runTigerc, the command line in and the exit status
// out; runPipeline, the whole compiler as one readable sequence (pipeline.cc).
#pragma once

#include "driver/options.hh"

#include <string>
#include <vector>

namespace tiger::driver {

// Runs tigerc on opts.file as the options say, on io's streams; returns the exit status.
int runPipeline(const Options& opts, const Streams& io);

// tigerc's one entry, for its main, the browser module and the fuzzer: parses `args`
// (argv without "tigerc"), prints the usage on a bad command line (exit 64) or for
// --help, else runs the pipeline. `in` is the source for the file "-" and what a run
// program reads; dumps and the program's output go to `out` (an output that cannot be
// written ends a success with exit 73), messages to `err`. It runs on the caller's
// thread: deep programs need a big stack around it (base/big_stack.hh).
int runTigerc(const std::vector<std::string>& args, std::istream& in, std::ostream& out,
              std::ostream& err);

} // namespace tiger::driver
