// Session defaults: output to stdout and stderr, short format.
#include "runtime/session.hpp"

#include <cstdio>

namespace llmlab::runtime {

std::string_view format_mode_name(FormatMode mode) {
  switch (mode) {
    case FormatMode::Short:
      return "short";
    case FormatMode::Long:
      return "long";
    case FormatMode::Hex:
      return "hex";
    case FormatMode::Commas:
      return "commas";
    case FormatMode::ShortG:
      return "short g";
    case FormatMode::LongG:
      return "long g";
    case FormatMode::ShortE:
      return "short e";
    case FormatMode::LongE:
      return "long e";
  }
  return "short";
}

bool is_matlab_format(FormatMode mode) {
  return mode == FormatMode::ShortG || mode == FormatMode::LongG || mode == FormatMode::ShortE ||
         mode == FormatMode::LongE;
}

Session::Session()
    : output_([](std::string_view text) { std::fwrite(text.data(), 1, text.size(), stdout); }),
      error_output_(
          [](std::string_view text) { std::fwrite(text.data(), 1, text.size(), stderr); }) {}

}  // namespace llmlab::runtime
