// libFuzzer target: the notebook parser (notebook.md §1) and the prose renderer on arbitrary
// bytes. Parsing never executes code, so every input must parse to a document; rendering the
// prose of that document through cmark-gfm with the raw-HTML filter must not crash either.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "notebook/document.hpp"
#include "notebook/links.hpp"
#include "notebook/markdown_html.hpp"
#include "notebook/parse.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace llmlab::notebook;
  const std::string_view source(reinterpret_cast<const char*>(data), size);
  const Document document = parse_notebook(source);
  int headings = 0;
  for (const Block& block : document.blocks) {
    if (block.kind == BlockKind::Prose) {
      (void)markdown_to_html(transform_wikilinks(block.text), &headings, nullptr);
    }
  }
  return 0;
}
