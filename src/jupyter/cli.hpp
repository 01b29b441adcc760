// The command line of `llmlab-kernel`, the Jupyter kernel's own executable:
// `llmlab-kernel -f CONNECTION_FILE`. Jupyter starts it through `llmlab kernel -f`, which
// replaces itself with this program (app/kernel/kernel_command.cpp), so `llmlab run` never
// loads xeus, ZeroMQ or their crypto libraries. Exit codes as llmlab's (base/process.hpp).
#pragma once

namespace llmlab::jupyter {

int main(int argc, char** argv);

}  // namespace llmlab::jupyter
