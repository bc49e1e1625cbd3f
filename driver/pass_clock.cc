// pass_clock.cc - see pass_clock.hh.
#include "driver/pass_clock.hh"

#include <cstdio>
#include <ostream>
#include <sys/resource.h>

namespace tiger::driver {

void PassClock::lap(const char* stage) {
  if (!enabled_) return;
  auto now = Clock::now();
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  laps_.push_back({stage, std::chrono::duration<double, std::milli>(now - last_).count(),
                   usage.ru_maxrss});
  last_ = Clock::now();
}

PassClock::~PassClock() {
  lap("free"); // the clock dies last: this lap is freeing the program, AST and source
  for (const Lap& l : laps_) {
    char line[128];
    std::snprintf(line, sizeof line, "time: %-17s %10.1f ms   peak rss %8ld KiB\n",
                  l.stage.c_str(), l.ms, l.maxRssKb);
    err_ << line;
  }
}

} // namespace tiger::driver
