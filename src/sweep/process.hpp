// Starting one trainer process for a run: its own process group (so a Ctrl-C at the terminal
// reaches the sweep, which then ends its runs), ended with the sweep if the sweep dies, output
// to the run's log, OMP_NUM_THREADS set to the run's thread count.
#pragma once

#include <signal.h>
#include <sys/types.h>

#include <filesystem>
#include <string>
#include <vector>

#include "sweep/records.hpp"

namespace llmlab::sweep {

// Starts argv[0] with `argv`; throws llmlab::Error when it cannot.
pid_t start_process(const std::vector<std::string>& argv, const fs::path& log, int threads);

// Waits for `pid` (blocking) and says how it ended.
Ending wait_process(pid_t pid);

// Decodes a waitpid status.
Ending ending_of(int status);

// While alive, SIGINT (Ctrl-C) and SIGTERM do not end the sweep: they are noted, and the
// executor ends its work (stops its trainers, cancels its Slurm array) before it exits.
class StopSignals {
 public:
  StopSignals();
  ~StopSignals();
  StopSignals(const StopSignals&) = delete;
  StopSignals& operator=(const StopSignals&) = delete;
  // True once a signal arrived while a StopSignals was alive.
  static bool requested();

 private:
  struct sigaction old_int_ {};
  struct sigaction old_term_ {};
};

// While alive, SIGCHLD is blocked in this thread so that wait() can take it: the executor
// learns of a finished run at once instead of at its next poll. Trainers start with no signal
// blocked.
class ChildExits {
 public:
  ChildExits();
  ~ChildExits();
  ChildExits(const ChildExits&) = delete;
  ChildExits& operator=(const ChildExits&) = delete;
  // Waits until a child exits (or has exited since the last wait), a stop signal arrives, or
  // `seconds` pass.
  void wait(double seconds) const;

 private:
  sigset_t child_{};
  sigset_t old_mask_{};
};

// Sleeps `seconds`, or less when a stop is requested meanwhile.
void sleep_unless_stopped(double seconds);

// Seconds on a monotonic clock.
double now_seconds();

}  // namespace llmlab::sweep
