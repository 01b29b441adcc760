// The llmlab-kernel executable: everything lives in llmlab_jupyter; this only hands over argv.
#include "base/process.hpp"
#include "jupyter/cli.hpp"

int main(int argc, char** argv) {
  llmlab::tune_allocator();
  return llmlab::jupyter::main(argc, argv);
}
