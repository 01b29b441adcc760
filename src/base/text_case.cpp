// ASCII case folding (see text_case.hpp).
#include "base/text_case.hpp"

namespace llmlab {

// By hand rather than std::tolower: the C locale's rule is ASCII too, but a program that sets
// another locale must not change how option names compare.
std::string lowercase(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

}  // namespace llmlab
