// The llmlab-kernel executable: everything lives in llmlab_jupyter; this only hands over argv.
#include "base/process.hpp"
#include "jupyter/cli.hpp"
#include "nn/thread_teams.hpp"

int main(int argc, char** argv) {
  llmlab::tune_allocator();
  llmlab::nn::size_thread_teams_by_load();
  return llmlab::jupyter::main(argc, argv);
}
