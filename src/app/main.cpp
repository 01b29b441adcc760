// The llmlab executable: everything lives in llmlab_app; this only hands over argv.
#include "app/cli.hpp"
#include "base/process.hpp"

int main(int argc, char** argv) {
  llmlab::tune_allocator();
  return llmlab::app::main(argc, argv);
}
