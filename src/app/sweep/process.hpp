// Starting one trainer process for a run: its own process group (so a Ctrl-C at the terminal
// reaches the sweep, which then ends its runs), ended with the sweep if the sweep dies, output
// to the run's log, OMP_NUM_THREADS set to the run's thread count.
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <string>
#include <vector>

#include "app/sweep/records.hpp"

namespace llmlab::app::sweep {

// Starts argv[0] with `argv`; throws llmlab::Error when it cannot.
pid_t start_process(const std::vector<std::string>& argv, const fs::path& log, int threads);

// Waits for `pid` (blocking) and says how it ended.
Ending wait_process(pid_t pid);

// Decodes a waitpid status.
Ending ending_of(int status);

// Seconds on a monotonic clock.
double now_seconds();

}  // namespace llmlab::app::sweep
