// pipeline.hh - the whole compiler as one readable function (see pipeline.cc).
#pragma once

#include "driver/options.hh"

namespace tiger::driver {

// Runs tigerc on opts.file as the options say; returns the process exit status.
int runPipeline(const Options& opts);

} // namespace tiger::driver
