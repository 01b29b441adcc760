// Reading a whole file: the one way every layer does it. It fails with the system's reason
// (strerror's text, e.g. "No such file or directory", "Is a directory"); each caller words the
// error its user sees around that reason, and an unreadable file is never taken as empty.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace llmlab {

// The bytes of the file at `path`, or nullopt with `reason` set.
std::optional<std::string> read_file(const std::filesystem::path& path, std::string& reason);

// `path` made absolute and normalised (no `.` or `..` steps), for a message that says where a
// file was looked for: a relative name alone does not say which directory it was taken from.
std::string full_path(const std::filesystem::path& path);

}  // namespace llmlab
