#include "base/output_cap.hpp"

#include <fmt/format.h>

namespace llmlab {

namespace {

bool is_continuation(char byte) { return (static_cast<unsigned char>(byte) & 0xC0) == 0x80; }

}  // namespace

std::string_view OutputCap::admit(std::string_view text) {
  if (cut_ > 0) {
    cut_ += text.size();
    return {};
  }
  std::size_t room = limit_ - kept_;
  if (text.size() <= room) {
    kept_ += text.size();
    return text;
  }
  while (room > 0 && is_continuation(text[room])) --room;
  kept_ += room;
  cut_ += text.size() - room;
  return text.substr(0, room);
}

std::string OutputCap::marker() const {
  if (cut_ == 0) return {};
  return fmt::format("[output cut: {} more bytes past the {}-byte limit (--max-output)]", cut_,
                     limit_);
}

}  // namespace llmlab
