// Atomic, change-only file writes and KaTeX vendoring for rendered notebooks.
#include "notebook/output.hpp"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <system_error>

#include "base/error.hpp"
#include "base/file.hpp"

#ifndef LLMLAB_SOURCE_ROOT
#define LLMLAB_SOURCE_ROOT ""
#endif

namespace llmlab::notebook {

namespace fs = std::filesystem;

namespace {

bool unchanged(const fs::path& path, std::string_view content) {
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) return false;
  std::string reason;
  const std::optional<std::string> existing = read_file(path, reason);
  return existing && *existing == content;
}

// The reason an operation on `path` failed: errno's text when the library set it, else a
// description of what is in the way (std::ofstream does not promise errno).
std::string failure_reason(const fs::path& path, int saved_errno) {
  if (saved_errno != 0) return std::strerror(saved_errno);
  std::error_code ec;
  if (fs::is_directory(path, ec)) return "is a directory";
  if (path.has_parent_path() && !fs::is_directory(path.parent_path(), ec)) {
    return "no such directory";
  }
  return "permission denied";
}

// Writes `content` to a temporary beside `path` and returns the temporary's path.
fs::path write_temporary(const fs::path& path, std::string_view content) {
  std::error_code ec;
  if (path.has_parent_path()) {
    fs::create_directories(path.parent_path(), ec);
    if (ec) {
      throw Error("cannot create directory " + path.parent_path().string() + ": " + ec.message());
    }
  }
  if (fs::is_directory(path, ec)) throw Error("cannot write " + path.string() + ": is a directory");
  const fs::path temporary = path.string() + std::string(kTemporarySuffix);
  errno = 0;
  std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
  if (!out) throw Error("cannot write " + path.string() + ": " + failure_reason(temporary, errno));
  out.write(content.data(), static_cast<std::streamsize>(content.size()));
  out.flush();
  if (!out) {
    const int saved = errno;
    out.close();
    fs::remove(temporary, ec);
    throw Error("cannot write " + path.string() + ": " + failure_reason(temporary, saved));
  }
  return temporary;
}

void install(const fs::path& temporary, const fs::path& path) {
  std::error_code ec;
  fs::rename(temporary, path, ec);
  if (ec) {
    std::error_code ignored;
    fs::remove(temporary, ignored);
    throw Error("cannot write " + path.string() + ": " + ec.message());
  }
}

}  // namespace

namespace {

// A render killed between writing a temporary and renaming it left the temporary behind; the
// next write of the same target removes it, changed or not.
void remove_stale_temporary(const fs::path& path) {
  std::error_code ignored;
  fs::remove(path.string() + std::string(kTemporarySuffix), ignored);
}

}  // namespace

bool write_if_changed(const fs::path& path, std::string_view content) {
  remove_stale_temporary(path);
  if (unchanged(path, content)) return false;
  install(write_temporary(path, content), path);
  return true;
}

void remove_stale_temporaries(const fs::path& directory) {
  std::error_code ec;
  if (!fs::is_directory(directory, ec)) return;
  for (fs::directory_iterator it(directory, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name.ends_with(kTemporarySuffix)) {
      std::error_code ignored;
      fs::remove(it->path(), ignored);
    }
  }
}

void write_all_or_none(const std::vector<PendingFile>& files) {
  std::vector<std::pair<fs::path, fs::path>> staged;  // temporary, target
  try {
    for (const PendingFile& file : files) {
      remove_stale_temporary(file.path);
      if (unchanged(file.path, file.content)) continue;
      staged.emplace_back(write_temporary(file.path, file.content), file.path);
    }
  } catch (...) {
    std::error_code ignored;
    for (const auto& [temporary, target] : staged) fs::remove(temporary, ignored);
    throw;
  }
  for (const auto& [temporary, target] : staged) install(temporary, target);
}

namespace {

fs::path find_katex() {
  if (const char* dir = std::getenv("LLMLAB_KATEX_DIR"); dir && *dir) {
    if (fs::exists(fs::path(dir) / "katex.min.js")) return dir;
  }
  const fs::path built_from = fs::path(LLMLAB_SOURCE_ROOT) / "web/node_modules/katex/dist";
  if (fs::exists(built_from / "katex.min.js")) return built_from;
  return {};
}

// An unreadable source is an error: copying it as an empty file would pass unnoticed.
void copy_file_if_changed(const fs::path& from, const fs::path& to) {
  std::string reason;
  const std::optional<std::string> content = read_file(from, reason);
  if (!content) throw Error("cannot read " + from.string() + ": " + reason);
  write_if_changed(to, *content);
}

}  // namespace

bool vendor_katex(const fs::path& assets_dir) {
  const fs::path source = find_katex();
  if (source.empty()) return false;
  const fs::path target = assets_dir / "katex";
  copy_file_if_changed(source / "katex.min.css", target / "katex.min.css");
  copy_file_if_changed(source / "katex.min.js", target / "katex.min.js");
  copy_file_if_changed(source / "contrib/auto-render.min.js",
                       target / "contrib/auto-render.min.js");
  for (const fs::directory_entry& entry : fs::directory_iterator(source / "fonts")) {
    // woff2 is what every current browser loads; the older formats only add weight.
    if (entry.path().extension() == ".woff2") {
      copy_file_if_changed(entry.path(), target / "fonts" / entry.path().filename());
    }
  }
  return true;
}

bool vendor_mermaid(const fs::path& assets_dir) {
  fs::path source;
  if (const char* dir = std::getenv("LLMLAB_MERMAID_DIR"); dir && *dir) source = dir;
  if (source.empty() || !fs::exists(source / "mermaid.min.js")) {
    source = fs::path(LLMLAB_SOURCE_ROOT) / "web/node_modules/mermaid/dist";
  }
  if (!fs::exists(source / "mermaid.min.js")) return false;
  copy_file_if_changed(source / "mermaid.min.js", assets_dir / "mermaid" / "mermaid.min.js");
  return true;
}

}  // namespace llmlab::notebook
