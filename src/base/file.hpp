// Reading and writing whole files: the one way every layer does it. Both fail with the
// system's reason (strerror's text, e.g. "No such file or directory", "Is a directory"); each
// caller words the error its user sees around that reason, and an unreadable file is never
// taken as empty.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace llmlab {

// The bytes of the file at `path`, or nullopt with `reason` set.
std::optional<std::string> read_file(const std::filesystem::path& path, std::string& reason);

// How every layer words a file it could not read: "cannot read '/full/path': reason". The full
// path says which directory a relative name was looked for in.
std::string cannot_read(const std::filesystem::path& path, std::string_view reason);

// The bytes of the file at `path`; an unreadable file throws Error("WHO: cannot read ...")
// (no "WHO: " when `who` is empty).
std::string read_file_or_throw(const std::filesystem::path& path, std::string_view who);

// read_file_or_throw, except that a file that does not exist reads as "" (a log or a list that
// nothing has written yet); any other failure still throws.
std::string read_file_if_present(const std::filesystem::path& path, std::string_view who);

// Replaces the file at `path` with `bytes` so that a reader sees the old file or the new one,
// never a part, and a crash or a full disk leaves the old one in place: the bytes go to a fresh
// temporary in the target's folder (O_CREAT|O_EXCL|O_NOFOLLOW, a unique name, so no link
// planted there is followed), are fsynced, renamed over the target, and the folder is fsynced.
// A symlink to a regular file (or to no file yet) is written through: its target is replaced
// and the link kept; with LinkAtPath::Replace, a link at `path` is never followed and the new
// file takes its place (a folder of the process's own, where any link is someone else's). A
// target that is not a regular file (a folder, a device, a fifo, a socket) is refused. The new
// file keeps an existing file's permissions. Returns false with `reason` set (the system's
// message, or "not a regular file (a character device)" and such).
enum class LinkAtPath { Follow, Replace };
bool write_file(const std::filesystem::path& path, std::string_view bytes, std::string& reason,
                LinkAtPath links = LinkAtPath::Follow);

// write_file in two steps, for writers that must have several files ready before any of them
// replaces its target (a notebook page and its figures): stage_file checks the target and
// writes and fsyncs the temporary; commit renames it over the target and fsyncs the folder.
// A StagedFile dropped without a commit removes its temporary.
class StagedFile {
 public:
  StagedFile(StagedFile&& other) noexcept;
  StagedFile& operator=(StagedFile&&) = delete;
  StagedFile(const StagedFile&) = delete;
  StagedFile& operator=(const StagedFile&) = delete;
  ~StagedFile();
  // Returns false with `reason` set; the temporary is removed either way.
  bool commit(std::string& reason);

 private:
  friend std::optional<StagedFile> stage_file(const std::filesystem::path&, std::string_view,
                                              std::string&, LinkAtPath);
  StagedFile(std::filesystem::path temporary, std::filesystem::path target);
  std::filesystem::path temporary_;  // empty once committed or moved from
  std::filesystem::path target_;     // where links end: the file the rename replaces
};
std::optional<StagedFile> stage_file(const std::filesystem::path& path, std::string_view bytes,
                                     std::string& reason, LinkAtPath links = LinkAtPath::Follow);

// Whether `filename` is one of the writer's temporaries (".<name>.tmp-<...>"), which only a
// process killed between its write and its rename leaves behind.
bool is_write_temporary(std::string_view filename);

// Removes the temporaries a killed writer of `target` left in its folder: a process that owns
// such a writer (the sweep, of its trainers) clears them once the writer is known dead.
void remove_write_temporaries(const std::filesystem::path& target);

// `path` made absolute and normalised (no `.` or `..` steps), for a message that says where a
// file was looked for: a relative name alone does not say which directory it was taken from.
std::string full_path(const std::filesystem::path& path);

}  // namespace llmlab
