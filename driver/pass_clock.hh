// pass_clock.hh - --time-passes: wall time of each stage and the peak memory (max RSS)
// reached by the end of it, printed on the pipeline's error stream when the clock dies. The last lap,
// "free", is the time the clock's owner spends destroying what it made after it.
#pragma once

#include <chrono>
#include <iosfwd>
#include <string>
#include <vector>

namespace tiger::driver {

class PassClock {
public:
  PassClock(bool enabled, std::ostream& err)
      : enabled_(enabled), err_(err), last_(Clock::now()) {}
  PassClock(const PassClock&) = delete;
  PassClock& operator=(const PassClock&) = delete;
  // Ends the stage that ran since the previous lap.
  void lap(const char* stage);
  ~PassClock();

private:
  using Clock = std::chrono::steady_clock;
  struct Lap {
    std::string stage;
    double ms;
    long maxRssKb;
  };
  bool enabled_;
  std::ostream& err_;
  Clock::time_point last_;
  std::vector<Lap> laps_;
};

} // namespace tiger::driver
