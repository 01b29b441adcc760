// MATLAB's backslash escapes (escapes.hpp).
#include "builtins/escapes.hpp"

namespace llmlab::builtins {

std::string with_matlab_escapes(const std::string& text) {
  std::string out;
  for (std::size_t k = 0; k < text.size(); ++k) {
    if (text[k] != '\\' || k + 1 == text.size()) {
      out.push_back(text[k]);
      continue;
    }
    const char next = text[++k];
    switch (next) {
      case 't':
        out.push_back('\t');
        break;
      case 'n':
        out.push_back('\n');
        break;
      case 'r':
        out.push_back('\r');
        break;
      case 'f':
        out.push_back('\f');
        break;
      case 'v':
        out.push_back('\v');
        break;
      case 'a':
        out.push_back('\a');
        break;
      case 'b':
        out.push_back('\b');
        break;
      case '\\':
        out.push_back('\\');
        break;
      default:
        out.push_back('\\');
        out.push_back(next);
    }
  }
  return out;
}

}  // namespace llmlab::builtins
