// The llmlab executable: everything lives in llmlab_app; this only hands over argv.
#include "app/cli.hpp"
#include "base/process.hpp"
#include "nn/thread_teams.hpp"

int main(int argc, char** argv) {
  llmlab::tune_allocator();
  llmlab::nn::size_thread_teams_by_load();
  return llmlab::app::main(argc, argv);
}
