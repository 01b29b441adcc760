// Atomic, change-only file writes and KaTeX vendoring for rendered notebooks.
#include "notebook/output.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <system_error>

#include "base/error.hpp"
#include "base/file.hpp"
#include "base/messages/notebook.hpp"
#include "base/messages/system.hpp"

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

void create_parent(const fs::path& path) {
  if (!path.has_parent_path()) return;
  std::error_code ec;
  fs::create_directories(path.parent_path(), ec);
  if (ec) {
    throw Error(fmt::format(messages::cannot_create_output_directory, path.parent_path().string(),
                            ec.message()));
  }
}

// base/file's writer (a fresh temporary, fsync, rename; links written through, devices
// refused), staged so that a page's files can all be ready before any is replaced.
StagedFile staged(const fs::path& path, std::string_view content) {
  create_parent(path);
  std::string reason;
  std::optional<StagedFile> file = stage_file(path, content, reason);
  if (!file) throw Error(fmt::format(messages::cannot_write_file, path.string(), reason));
  return std::move(*file);
}

void commit(StagedFile& file, const fs::path& path) {
  std::string reason;
  if (!file.commit(reason))
    throw Error(fmt::format(messages::cannot_write_file, path.string(), reason));
}

// A render killed between writing a temporary and renaming it left the temporary behind; the
// next write of the same target removes it, changed or not (the writer's ".<name>.tmp-..." and
// the ".tmp-llmlab" of renders before it).
void remove_stale_temporaries_of(const fs::path& path) {
  std::error_code ignored;
  fs::remove(path.string() + std::string(kOldTemporarySuffix), ignored);
  const fs::path folder = path.has_parent_path() ? path.parent_path() : fs::path(".");
  const std::string prefix = "." + path.filename().string() + ".tmp-";
  std::error_code ec;
  for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->path().filename().string().starts_with(prefix)) fs::remove(it->path(), ignored);
  }
}

}  // namespace

bool write_if_changed(const fs::path& path, std::string_view content) {
  remove_stale_temporaries_of(path);
  if (unchanged(path, content)) return false;
  StagedFile file = staged(path, content);
  commit(file, path);
  return true;
}

void remove_stale_temporaries(const fs::path& directory) {
  std::error_code ec;
  if (!fs::is_directory(directory, ec)) return;
  for (fs::directory_iterator it(directory, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (is_write_temporary(name) || name.ends_with(kOldTemporarySuffix)) {
      std::error_code ignored;
      fs::remove(it->path(), ignored);
    }
  }
}

void write_all_or_none(const std::vector<PendingFile>& files) {
  // Every temporary written before any rename; an error on the way drops (removes) them all.
  std::vector<std::pair<StagedFile, fs::path>> ready;
  for (const PendingFile& file : files) {
    remove_stale_temporaries_of(file.path);
    if (unchanged(file.path, file.content)) continue;
    ready.emplace_back(staged(file.path, file.content), file.path);
  }
  for (auto& [file, path] : ready) commit(file, path);
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
  if (!content) throw Error(cannot_read(from, reason));
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
