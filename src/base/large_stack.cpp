// A POSIX thread with a chosen stack size (std::thread cannot set one), joined at once.
#include "base/large_stack.hpp"

#include <pthread.h>

#include <exception>
#include <new>
#include <system_error>

namespace llmlab {

namespace {

struct Job {
  const std::function<void()>* work;
  std::exception_ptr failure;
};

void* run_job(void* argument) {
  auto* job = static_cast<Job*>(argument);
  try {
    (*job->work)();
  } catch (...) {
    job->failure = std::current_exception();
  }
  return nullptr;
}

}  // namespace

void run_on_large_stack(std::size_t stack_bytes, const std::function<void()>& work) {
  pthread_attr_t attributes;
  if (pthread_attr_init(&attributes) != 0) throw std::bad_alloc();
  Job job{&work, nullptr};
  pthread_t thread;
  int status = pthread_attr_setstacksize(&attributes, stack_bytes);
  if (status == 0) status = pthread_create(&thread, &attributes, run_job, &job);
  pthread_attr_destroy(&attributes);
  if (status != 0) throw std::system_error(status, std::generic_category(), "pthread_create");
  pthread_join(thread, nullptr);
  if (job.failure) std::rethrow_exception(job.failure);
}

bool threads_available() { return true; }

}  // namespace llmlab
