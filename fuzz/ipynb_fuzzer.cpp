// libFuzzer target: .ipynb import (notebook/ipynb.hpp) on arbitrary bytes. Every input either
// converts or is refused with llmlab::Error; none may crash, and none may grow the markdown
// beyond what the file holds plus the bounded blank lines its metadata may ask for.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "base/error.hpp"
#include "notebook/ipynb.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view ipynb(reinterpret_cast<const char*>(data), size);
  try {
    const std::string markdown = llmlab::notebook::ipynb_to_markdown(ipynb);
    // Each cell costs at least 2 bytes of JSON ("{}") and may ask for at most 1000 blank lines
    // (plus its fences and the file's own 1000 after the last cell): an input of n bytes yields
    // well under 1024 * (n + 2) bytes of markdown.
    if (markdown.size() > 1024 * (size + 2)) std::abort();
  } catch (const llmlab::Error&) {
    // A refused notebook: the message names what is wrong.
  }
  return 0;
}
