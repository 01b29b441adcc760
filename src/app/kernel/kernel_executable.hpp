// Where `llmlab-kernel` (src/jupyter, the Jupyter kernel's own executable) is, and handing the
// process over to it. The kernel lives in a program of its own so that `llmlab` links neither
// xeus nor ZeroMQ nor the crypto and Kerberos libraries they bring, which every `llmlab run`
// would otherwise map at start-up.
#pragma once

#include <optional>
#include <string>

namespace llmlab::app::kernel {

// The kernel beside the running executable (the build tree, an unpacked tarball), else the
// installed one (CMake's libexec/llmlab). Nullopt when neither exists; `tried` then names both
// paths, ready for an error message.
std::optional<std::string> find_kernel_executable(std::string& tried);

// `llmlab kernel -f CONNECTION_FILE --dialect D`: replaces this process with `llmlab-kernel -f
// CONNECTION_FILE --dialect D` (D is "rlab" or "matlab"). The PID stays the same, so Jupyter's
// SIGINT (interrupt_mode "signal") and its shutdown reach the kernel. Returns only on failure: a
// one-line error on stderr, and the exit status (1).
int exec_kernel(const std::string& connection_path, const std::string& dialect);

}  // namespace llmlab::app::kernel
