// big_stack.cc - see big_stack.hh. Uses POSIX threads: std::thread cannot set a stack
// size, and pthread_getattr_np tells where the current thread's stack lies.
#include "base/big_stack.hh"

#include <algorithm>
#include <exception>
#include <pthread.h>
#include <stdexcept>

namespace tiger {
namespace {

// The nesting this thread's stack holds, or 0 for "whatever the cap says".
thread_local std::size_t nestingHeld = 0;

struct Job {
  const std::function<void()>* fn;
  std::size_t stackBytes;
  std::exception_ptr error;
};

void* trampoline(void* arg) {
  auto* job = static_cast<Job*>(arg);
  nestingHeld = job->stackBytes / kStackBytesPerLevel;
  try {
    (*job->fn)();
  } catch (...) {
    job->error = std::current_exception();
  }
  return nullptr;
}

bool startThread(pthread_t& thread, Job& job, std::size_t bytes) {
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  bool started = pthread_attr_setstacksize(&attr, bytes) == 0 &&
                 pthread_create(&thread, &attr, trampoline, &job) == 0;
  pthread_attr_destroy(&attr);
  return started;
}

// The current thread's stack [low, low + size), found once per thread.
struct Bounds {
  const char* low = nullptr;
  std::size_t size = 0;
};

const Bounds& bounds() {
  thread_local Bounds b = [] {
    Bounds found;
    pthread_attr_t attr;
    void* addr = nullptr;
    std::size_t size = 0;
    if (pthread_getattr_np(pthread_self(), &attr) == 0) {
      if (pthread_attr_getstack(&attr, &addr, &size) == 0)
        found = {static_cast<char*>(addr), size};
      pthread_attr_destroy(&attr);
    }
    return found;
  }();
  return b;
}

} // namespace

void runOnBigStack(const std::function<void()>& fn, std::size_t bytes) {
  pthread_t thread;
  for (std::size_t size : {bytes, bytes / 8, bytes / 64}) {
    Job job{&fn, size, nullptr};
    if (!startThread(thread, job, size)) continue;
    pthread_join(thread, nullptr);
    if (job.error) std::rethrow_exception(job.error);
    return;
  }
  // No big stack to be had: run here, within this thread's stack.
  struct Restore {
    std::size_t saved;
    ~Restore() { nestingHeld = saved; }
  } restore{nestingHeld};
  nestingHeld = std::max<std::size_t>(stackSize() / kStackBytesPerLevel, 1);
  fn();
}

std::size_t stackSize() {
  return bounds().size;
}

bool stackExhausted(std::size_t reserve) {
  char here;
  return reinterpret_cast<std::uintptr_t>(&here) <
         stackFloor(reserve); // stacks grow down
}

std::uintptr_t stackFloor(std::size_t reserve) {
  const Bounds& b = bounds();
  return b.low ? reinterpret_cast<std::uintptr_t>(b.low) + reserve : 0;
}

int nestingLimit(int cap) {
  auto c = static_cast<std::size_t>(cap);
  return static_cast<int>(nestingHeld == 0 ? c : std::min(c, nestingHeld));
}

} // namespace tiger
