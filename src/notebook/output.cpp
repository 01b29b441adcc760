// Atomic, change-only file writes and KaTeX vendoring for rendered notebooks.
#include "notebook/output.hpp"

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <system_error>

#include "base/error.hpp"
#include "base/file.hpp"

#ifndef LLMLAB_SOURCE_ROOT
#define LLMLAB_SOURCE_ROOT ""
#endif

namespace llmlab::notebook {

namespace fs = std::filesystem;

bool write_if_changed(const fs::path& path, std::string_view content) {
  std::error_code ec;
  if (fs::exists(path, ec)) {
    std::string reason;
    const std::optional<std::string> existing = read_file(path, reason);
    if (existing && *existing == content) return false;
  }
  if (path.has_parent_path()) {
    fs::create_directories(path.parent_path(), ec);
    if (ec) {
      throw Error("cannot create directory " + path.parent_path().string() + ": " + ec.message());
    }
  }
  const fs::path temporary = path.string() + ".tmp-llmlab";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!out)
      throw Error("cannot write " + path.string() + ": permission denied or no such directory");
    out.write(content.data(), static_cast<std::streamsize>(content.size()));
    if (!out) throw Error("cannot write " + path.string());
  }
  fs::rename(temporary, path, ec);
  if (ec) {
    fs::remove(temporary, ec);
    throw Error("cannot write " + path.string() + ": " + ec.message());
  }
  return true;
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

}  // namespace llmlab::notebook
