// Restarting the process under a short libgomp spin (see openmp_spin.hpp for why).
#include "app/openmp_spin.hpp"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>

namespace llmlab::app {

void restart_with_short_openmp_spin(char** argv) {
  if (std::getenv("OMP_WAIT_POLICY") != nullptr || std::getenv("GOMP_SPINCOUNT") != nullptr) {
    return;
  }
  setenv("GOMP_SPINCOUNT", kShortOpenmpSpinCount, 1);
  std::fflush(nullptr);  // buffered output would otherwise be lost with this process image
  execv("/proc/self/exe", argv);
}

}  // namespace llmlab::app
