// The OpenMP wait setting training runs under, shared by `llmlab train` and the training bench.
// It re-executes the process, so it lives with the command line, not in the trainer library.
#pragma once

#include "base/process.hpp"

namespace llmlab::app {

// libgomp spins up to 300,000 times at every barrier before it sleeps. Where other processes
// hold the cores, a spinning thread burns the time slice its partner needs, and a training step
// of hundreds of parallel regions stretches from tens of milliseconds to seconds. A short spin
// (libgomp's own setting when threads outnumber cores) keeps quick barriers quick without that
// collapse. libgomp reads the setting once, when it loads, so this sets GOMP_SPINCOUNT and
// starts the process again with the same arguments (`argv`, main's, null-terminated); it returns
// only when OMP_WAIT_POLICY or GOMP_SPINCOUNT is already set, or when the restart fails (then
// training runs with libgomp's defaults).
void restart_with_short_openmp_spin(char** argv);

}  // namespace llmlab::app
