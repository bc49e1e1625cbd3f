// big_stack.cc - see big_stack.hh. Uses POSIX threads: std::thread cannot set a stack size.
#include "chap7/big_stack.hh"

#include <exception>
#include <pthread.h>
#include <stdexcept>

namespace tiger {
namespace {

struct Job {
  const std::function<void()>* fn;
  std::exception_ptr error;
};

void* trampoline(void* arg) {
  auto* job = static_cast<Job*>(arg);
  try {
    (*job->fn)();
  } catch (...) {
    job->error = std::current_exception();
  }
  return nullptr;
}

} // namespace

void runOnBigStack(const std::function<void()>& fn, std::size_t bytes) {
  Job job{&fn, nullptr};
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_t thread;
  bool started = pthread_attr_setstacksize(&attr, bytes) == 0 &&
                 pthread_create(&thread, &attr, trampoline, &job) == 0;
  pthread_attr_destroy(&attr);
  if (!started) {
    fn(); // no big stack to be had: run here rather than not at all
    return;
  }
  pthread_join(thread, nullptr);
  if (job.error) std::rethrow_exception(job.error);
}

} // namespace tiger
