#include "nn/thread_teams.hpp"

#include <omp.h>

#include <cstdlib>

namespace llmlab::nn {

void size_thread_teams_by_load() {
  if (std::getenv("OMP_DYNAMIC") == nullptr) omp_set_dynamic(1);
}

}  // namespace llmlab::nn
