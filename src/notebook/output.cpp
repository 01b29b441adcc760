// Atomic, change-only file writes and KaTeX vendoring for rendered notebooks.
#include "notebook/output.hpp"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <system_error>

#include "base/error.hpp"

#ifndef LLMLAB_SOURCE_ROOT
#define LLMLAB_SOURCE_ROOT ""
#endif

namespace llmlab::notebook {

namespace fs = std::filesystem;

bool write_if_changed(const fs::path& path, std::string_view content) {
  std::error_code ec;
  const fs::path temporary = path.string() + std::string(kTemporarySuffix);
  // A render killed between writing and renaming left this behind: it goes at the next render.
  fs::remove(temporary, ec);
  if (fs::is_directory(path, ec)) throw Error("cannot write " + path.string() + ": is a directory");
  if (fs::exists(path, ec)) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream existing;
    existing << in.rdbuf();
    if (in && existing.str() == content) return false;
  }
  if (path.has_parent_path()) {
    fs::create_directories(path.parent_path(), ec);
    if (ec) {
      throw Error("cannot create directory " + path.parent_path().string() + ": " + ec.message());
    }
  }
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!out) {
      throw Error("cannot write " + path.string() + ": " + std::strerror(errno));
    }
    out.write(content.data(), static_cast<std::streamsize>(content.size()));
    out.close();
    if (!out) {
      fs::remove(temporary, ec);
      throw Error("cannot write " + path.string() + ": " + std::strerror(errno));
    }
  }
  fs::rename(temporary, path, ec);
  if (ec) {
    const std::string reason = ec.message();
    fs::remove(temporary, ec);
    throw Error("cannot write " + path.string() + ": " + reason);
  }
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

namespace {

fs::path find_katex() {
  if (const char* dir = std::getenv("LLMLAB_KATEX_DIR"); dir && *dir) {
    if (fs::exists(fs::path(dir) / "katex.min.js")) return dir;
  }
  const fs::path built_from = fs::path(LLMLAB_SOURCE_ROOT) / "web/node_modules/katex/dist";
  if (fs::exists(built_from / "katex.min.js")) return built_from;
  return {};
}

void copy_file_if_changed(const fs::path& from, const fs::path& to) {
  std::ifstream in(from, std::ios::binary);
  std::ostringstream content;
  content << in.rdbuf();
  write_if_changed(to, content.str());
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
