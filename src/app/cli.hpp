// Command-line entry: `llmlab run FILE`, `llmlab` (REPL), `llmlab notebook ...`,
// `llmlab train ...`. Maps errors to exit codes: 0 ok, 1 script error, 2 usage error.
#pragma once

namespace llmlab::app {

int main(int argc, char** argv);

}  // namespace llmlab::app
