// Where a file name written in a script points. A relative name resolves against the session's
// base directory when it has one (a notebook's folder; the kernel's folder, moved by `cd`) and
// otherwise against the process's working directory, as in Octave and Python (`llmlab run` and
// the REPL have no base directory).
#pragma once

#include <filesystem>
#include <string_view>

#include "runtime/session.hpp"

namespace llmlab::builtins {

// The directory relative names resolve against: the base directory, else the working directory.
std::filesystem::path working_directory(const runtime::Session& session);

// `name` as the session reads it: `~` is the home directory; unchanged when absolute, else
// under working_directory().
std::filesystem::path session_path(const runtime::Session& session, std::string_view name);

}  // namespace llmlab::builtins
