// The runnable book's WebAssembly entry (issue #29, llmlab-book.js): a page's Web Worker calls
// llmlab_page_open once and then llmlab_page_handle with each PageProtocol request, getting the
// JSON reply back. The lesson libraries are embedded in the module's in-memory file system under
// /llmlab/lessons (cmake/wasm_executable.cmake), and pages run from /llmlab/notebooks, so a
// block's `import "../lessons/…"` reads what it reads in a checkout.
#include <filesystem>
#include <memory>
#include <string>

#include "notebook/execute.hpp"
#include "notebook/page_protocol.hpp"

namespace {

std::unique_ptr<llmlab::notebook::PageProtocol> g_protocol;
std::string g_reply;  // alive until the next call, for the caller to copy out

}  // namespace

extern "C" {

// A fresh session for the page `page_name` (messages name it), drawing figures in the page's
// theme. Called again, it starts over.
void llmlab_page_open(const char* page_name, int light_theme) {
  using llmlab::notebook::ExecuteOptions;
  // The page's folder holds nothing but what blocks `save`; `..` out of it must resolve.
  std::error_code ignored;
  std::filesystem::create_directories("/llmlab/notebooks", ignored);
  ExecuteOptions options{
      .source_path = std::string("/llmlab/notebooks/") + (page_name ? page_name : "page.md"),
      .working_directory = "/llmlab/notebooks",
      .fallback_title = "page",
      .theme = light_theme != 0 ? llmlab::notebook::Theme::Light : llmlab::notebook::Theme::Dark,
      // The page's Stop button ends a runaway block (it restarts the worker): no time limit.
      .block_timeout_seconds = 0.0};
  g_protocol = std::make_unique<llmlab::notebook::PageProtocol>(std::move(options));
}

// One request's reply (page_protocol.hpp), valid until the next call.
const char* llmlab_page_handle(const char* request) {
  if (!g_protocol) llmlab_page_open(nullptr, 0);
  g_reply = g_protocol->handle(request ? request : "");
  return g_reply.c_str();
}
}
