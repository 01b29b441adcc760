// What makes a rendered HTML page runnable in the browser (issue #29, docs/notebooks.md): the
// page runtime's script tags and styles, and the manifest it reads (each code block's source and
// first line, the page's name and theme). With JavaScript off none of it shows.
#pragma once

#include <string>

#include "notebook/executed.hpp"
#include "notebook/render.hpp"

namespace llmlab::notebook {

// The <style> and deferred <script> tags for <head>: the bundled editor, then the page runtime,
// both under ASSETS/llmlab/.
std::string runnable_head(const std::string& assets_href);

// A prose block's HTML with its value marks (executed.hpp) as
// <span data-llmlab-value="N">…</span>, N counting the page's values from `next_value`. A value
// in a tag (a link's address) or a heading stays as rendered, its marks dropped.
std::string value_elements(std::string_view html, int& next_value);

// `text` without value marks.
std::string without_value_marks(std::string_view text);

// <script type="application/json" id="llmlab-page">…</script>: the manifest for the runtime.
std::string runnable_manifest(const ExecutedNotebook& notebook, const HtmlOptions& options);

}  // namespace llmlab::notebook
