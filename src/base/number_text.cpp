// parse_double: strtod_l with a "C" locale made once.
#include "base/number_text.hpp"

#include <locale.h>

#include <clocale>
#include <cstdlib>
#include <string>

namespace llmlab {

namespace {

locale_t c_locale() {
  // Made once and kept for the life of the process: every parse shares it.
  static const locale_t locale = newlocale(LC_ALL_MASK, "C", locale_t{});
  return locale;
}

}  // namespace

std::optional<double> parse_double(std::string_view text) {
  if (text.empty()) return std::nullopt;
  const std::string terminated(text);  // strtod reads up to a NUL, which a string_view lacks
  char* stop = nullptr;
  const double value = strtod_l(terminated.c_str(), &stop, c_locale());
  if (stop != terminated.c_str() + terminated.size()) return std::nullopt;
  return value;
}

}  // namespace llmlab
