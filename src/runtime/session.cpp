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

void Session::warn(const Warning& warning) const {
  if (warning.text.empty() || !warning_enabled(warning.identifier)) return;
  last_warning_ = warning.text;
  write_error("warning: " + warning.text + "\n");
}

void Session::set_warning_enabled(std::string_view identifier, bool enabled) {
  if (identifier.empty() || identifier == "all") {
    warnings_off_ = !enabled;
    warning_exceptions_.clear();
  } else if (enabled == warnings_off_) {
    warning_exceptions_.insert(std::string(identifier));
  } else {
    warning_exceptions_.erase(std::string(identifier));
  }
}

bool Session::warning_enabled(std::string_view identifier) const {
  const bool exception = !identifier.empty() && warning_exceptions_.contains(identifier);
  return warnings_off_ == exception;
}

}  // namespace llmlab::runtime
