// A folder of this process's own for files it shows the user (the REPL's figures): made with
// mkdtemp (mode 0700, an unpredictable name) under $XDG_RUNTIME_DIR when set, else $TMPDIR, else
// /tmp, so another local user can neither prepare it nor plant links in it. Files in it are
// written by base/file.hpp's writer with LinkAtPath::Replace: a new file opened with
// O_CREAT|O_EXCL|O_NOFOLLOW, renamed into place, so a file is replaced whole and a link is never
// followed, even in a folder someone else could reach.
#pragma once

#include <filesystem>
#include <optional>
#include <string_view>

namespace llmlab::app {

class PrivateFolder {
 public:
  // `prefix` starts the folder's name (prefix-XXXXXX). Nothing is created before the first write.
  explicit PrivateFolder(std::string_view prefix) : prefix_(prefix) {}

  // Writes `bytes` as the file `name` in the folder, replacing an earlier one; returns its path.
  // Throws llmlab::Error naming the path and the system's reason.
  std::filesystem::path write(std::string_view name, std::string_view bytes);

 private:
  const std::filesystem::path& folder();
  std::string prefix_;
  std::optional<std::filesystem::path> folder_;
};

// Where private folders go: $XDG_RUNTIME_DIR when set and non-empty, else $TMPDIR, else /tmp.
std::filesystem::path private_folder_parent();

}  // namespace llmlab::app
