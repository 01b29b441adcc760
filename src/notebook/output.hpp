// Writing rendered files: through base/file's writer (a fresh temporary, fsync, rename) and only
// when the content changed, so re-renders leave unchanged files (and their timestamps) alone.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace llmlab::notebook {

// The suffix of the temporaries of renders before base/file's writer (still cleaned up).
inline constexpr std::string_view kOldTemporarySuffix = ".tmp-llmlab";

// Returns true when the file was (re)written. Throws llmlab::Error on I/O failure, naming the
// path and the operating system's reason.
bool write_if_changed(const std::filesystem::path& path, std::string_view content);

// Removes the temporaries in `directory` that killed renders left behind (the figures of a
// previous render may have had other names than this one's).
void remove_stale_temporaries(const std::filesystem::path& directory);

// The files of one rendered page, written all or none: every changed file first goes to a
// temporary beside its target, and only when all of them were written are they renamed into
// place; a failure removes the temporaries and leaves the earlier output as it was.
struct PendingFile {
  std::filesystem::path path;
  std::string content;
};
void write_all_or_none(const std::vector<PendingFile>& files);

// Copies KaTeX (katex.min.css, katex.min.js, contrib/auto-render.min.js, fonts/) into
// `assets_dir`/katex. Looks in $LLMLAB_KATEX_DIR, then web/node_modules/katex/dist next to
// the source tree the binary was built from. Returns false (and copies nothing) when KaTeX
// is not found: the page still works, with math shown as TeX source.
bool vendor_katex(const std::filesystem::path& assets_dir);

// Copies mermaid.min.js into `assets_dir`/mermaid, from $LLMLAB_MERMAID_DIR or
// web/node_modules/mermaid/dist. Returns false when it is not installed: diagrams then show as
// their source in a code box.
bool vendor_mermaid(const std::filesystem::path& assets_dir);

}  // namespace llmlab::notebook
