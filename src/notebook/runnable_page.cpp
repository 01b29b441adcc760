// The runnable page's static part: everything the page runtime (web/runtime/page.js) needs that
// the rendered HTML does not already hold. The blocks' code travels as JSON and not as the
// highlighted source, because hidden blocks show none and still run in the session.
#include "notebook/runnable_page.hpp"

#include <fmt/format.h>

#include "base/json.hpp"

namespace llmlab::notebook {

namespace {

// The runtime's controls, in the page's colours. Everything here styles elements page.js adds.
constexpr std::string_view kRunnableStyle = R"css(<style>
.llmlab-toolbar { position: sticky; top: 0; z-index: 2; display: flex; flex-wrap: wrap; gap: .5rem;
  align-items: center; background: var(--page); padding: .5rem 0; border-bottom: 1px solid var(--code); }
body.with-topbar .llmlab-toolbar { top: 2.4rem; }
body.llmlab-runnable main [id] { scroll-margin-top: 3.5rem; }
body.llmlab-runnable.with-topbar main [id] { scroll-margin-top: 6rem; }
.llmlab-button { font: 14px "DejaVu Sans", system-ui, sans-serif; color: var(--text);
  background: var(--code); border: 1px solid var(--muted); border-radius: 4px; padding: 2px 10px; cursor: pointer; }
.llmlab-button:hover { border-color: var(--accent); }
.llmlab-status { color: var(--muted); font-size: 14px; }
.llmlab-controls { display: flex; justify-content: flex-end; margin: .25rem 0; }
.llmlab-editor { margin: 1rem 0 .25rem; }
.llmlab-editor .cm-editor { max-width: 100%; }
html[data-llmlab-state="busy"] .llmlab-button[data-llmlab-run] { opacity: .6; }
</style>
)css";

// JSON inside <script> must hold no "</script" and no "<!--" (which changes how the rest is
// read): every "<" is written as \u003c, which JSON reads back as "<".
std::string script_safe(const std::string& json) {
  std::string out;
  out.reserve(json.size());
  for (const char c : json) {
    if (c == '<') {
      out += "\\u003c";
    } else {
      out += c;
    }
  }
  return out;
}

// The length of a value mark at `at`: the character itself, or percent-encoded where cmark
// wrote it into a link's address.
std::size_t mark_length(std::string_view html, std::size_t at, char mark) {
  if (html[at] == mark) return 1;
  const std::string_view encoded = mark == kValueOpen ? "%1E" : "%1F";
  return html.substr(at).starts_with(encoded) ? encoded.size() : 0;
}

}  // namespace

std::string value_elements(std::string_view html, int& next_value) {
  std::string out;
  out.reserve(html.size());
  bool in_tag = false;
  bool in_heading = false;
  bool open = false;  // a span was opened for the current value
  for (std::size_t i = 0; i < html.size();) {
    const char c = html[i];
    if (const std::size_t length = mark_length(html, i, kValueOpen)) {
      open = !in_tag && !in_heading;
      if (open) out += fmt::format("<span data-llmlab-value=\"{}\">", next_value);
      ++next_value;
      i += length;
      continue;
    }
    if (const std::size_t length = mark_length(html, i, kValueClose)) {
      if (open) out += "</span>";
      open = false;
      i += length;
      continue;
    }
    if (c == '<') {
      in_tag = true;
      const std::string_view rest = html.substr(i + 1);
      if (rest.size() >= 2 && rest[0] == 'h' && rest[1] >= '1' && rest[1] <= '6') in_heading = true;
      if (rest.size() >= 3 && rest[0] == '/' && rest[1] == 'h' && rest[2] >= '1' &&
          rest[2] <= '6') {
        in_heading = false;
      }
    } else if (c == '>') {
      in_tag = false;
    }
    out += c;
    ++i;
  }
  return out;
}

std::string without_value_marks(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    if (c != kValueOpen && c != kValueClose) out += c;
  }
  return out;
}

// The session's worker starts while the page is still being read, before any script of the page
// runs: a browser starts a worker only when the page's thread is free, and typesetting the page
// keeps it busy for a while (issue #29). page.js takes the worker over; a failure to start is
// kept on it for page.js to report. Pages opened from a file start none (browsers refuse).
constexpr std::string_view kEarlyWorker = R"js(<script>
if (location.protocol !== 'file:' && window.Worker) {{
  try {{
    performance.mark('llmlab:worker-requested');
    window.llmlabWorker = new Worker('{0}/llmlab/worker.js');
    llmlabWorker.onerror = (event) => {{
      llmlabWorker.failure = event.message || 'the worker did not start';
    }};
  }} catch (error) {{
    window.llmlabWorker = null;
  }}
}}
</script>
)js";

std::string runnable_head(const std::string& assets_href) {
  // No icon: served pages would otherwise ask the server for /favicon.ico, and log its 404.
  return "<link rel=\"icon\" href=\"data:,\">\n" + std::string(kRunnableStyle) +
         fmt::format(kEarlyWorker, assets_href) +
         fmt::format(
             "<script defer src=\"{0}/llmlab/editor.js\"></script>\n"
             "<script defer src=\"{0}/llmlab/page.js\"></script>\n",
             assets_href);
}

std::string runnable_manifest(const ExecutedNotebook& notebook, const HtmlOptions& options) {
  json::Value blocks = json::Value::array();
  for (const ExecutedBlock& block : notebook.blocks) {
    if (block.block.kind != BlockKind::Code) continue;
    json::Value entry{{"line", block.block.line}, {"code", block.block.text}};
    if (block.block.directives.details) entry["details"] = *block.block.directives.details;
    blocks.push_back(std::move(entry));
  }
  json::Value values = json::Value::array();
  for (const ProseValue& value : notebook.values) {
    values.push_back(
        {{"after", value.after_block},
         {"expression", value.expression},
         {"format", value.format ? json::Value(*value.format) : json::Value(nullptr)}});
  }
  const json::Value manifest{{"page", options.page_name},
                             {"light", options.theme == Theme::Light},
                             {"blocks", std::move(blocks)},
                             {"values", std::move(values)}};
  return "<script type=\"application/json\" id=\"llmlab-page\">" +
         script_safe(manifest.dump(-1, ' ', false, json::Value::error_handler_t::replace)) +
         "</script>\n";
}

}  // namespace llmlab::notebook
