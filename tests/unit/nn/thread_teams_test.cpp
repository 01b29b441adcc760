// The kernels' thread teams follow the machine's load unless OMP_DYNAMIC says otherwise.
#include "nn/thread_teams.hpp"

#include <gtest/gtest.h>
#include <omp.h>

#include <cstdlib>

namespace llmlab::nn {
namespace {

TEST(thread_teams, sized_by_load_unless_the_environment_decides) {
  omp_set_dynamic(0);
  size_thread_teams_by_load();
  const bool environment_decides = std::getenv("OMP_DYNAMIC") != nullptr;
  EXPECT_EQ(omp_get_dynamic() != 0, !environment_decides);
  omp_set_dynamic(0);
}

}  // namespace
}  // namespace llmlab::nn
