// Serving one Jupyter session: read the connection file, bind the five channels and answer
// requests until the front end asks the kernel to shut down.
#pragma once

#include <string>

#include "lang/dialect.hpp"

namespace llmlab::jupyter {

// The process's exit status (base/process.hpp): a bad connection file is a usage error, a port
// in use or a failure of the server a script error; messages go to stderr. The cells are read
// in `dialect`.
int run_kernel(const std::string& connection_path, lang::Dialect dialect);

}  // namespace llmlab::jupyter
