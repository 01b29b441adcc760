// The llmlab executable: everything lives in llmlab_app; this only hands over argv.
#include "app/cli.hpp"

int main(int argc, char** argv) { return llmlab::app::main(argc, argv); }
