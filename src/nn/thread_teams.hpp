// How many threads the nn kernels' parallel regions get: as many as the machine has idle cores.
#pragma once

namespace llmlab::nn {

// Lets OpenMP size each thread team by the machine's load (OpenMP's dynamic adjustment: libgomp
// gives a region no more threads than the online cores minus the load average), unless the
// OMP_DYNAMIC environment variable decides. Measured with bench/autodiff_gpt_torch.py's model on
// a 2-core machine shared with other builds (load average 9-14): with a fixed team of 2 every
// parallel region waits for a thread the scheduler has given to another process, and the
// training step took 333-474 ms against 75-124 ms at 1 thread; with dynamic teams 2 threads
// ran as fast as 1. On an idle machine the team keeps every core. Each main() calls this once.
void size_thread_teams_by_load();

}  // namespace llmlab::nn
