// Writing rendered files: atomically (temporary file, then rename) and only when the content
// changed, so re-renders leave unchanged files (and their timestamps) alone.
#pragma once

#include <filesystem>
#include <string_view>

namespace llmlab::notebook {

// The suffix of the temporary file a write goes through before its rename.
inline constexpr std::string_view kTemporarySuffix = ".tmp-llmlab";

// Returns true when the file was (re)written. Throws llmlab::Error on I/O failure. A stale
// temporary of `path` (from a render killed mid-write) is removed first.
bool write_if_changed(const std::filesystem::path& path, std::string_view content);

// Removes the temporaries in `directory` that killed renders left behind (the figures of a
// previous render may have had other names than this one's).
void remove_stale_temporaries(const std::filesystem::path& directory);

// Copies KaTeX (katex.min.css, katex.min.js, contrib/auto-render.min.js, fonts/) into
// `assets_dir`/katex. Looks in $LLMLAB_KATEX_DIR, then web/node_modules/katex/dist next to
// the source tree the binary was built from. Returns false (and copies nothing) when KaTeX
// is not found: the page still works, with math shown as TeX source.
bool vendor_katex(const std::filesystem::path& assets_dir);

}  // namespace llmlab::notebook
