// The cap on what one notebook block or one kernel cell may print: the first `limit` bytes are
// kept, the rest counted, and a marker says how much was cut. A loop that prints for seconds
// would otherwise write a page of hundreds of megabytes, or exhaust memory before the page is
// written (issue #25).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace llmlab {

// 1 MiB: far more than a reader scrolls through under one block.
inline constexpr std::size_t kDefaultMaxOutput = std::size_t{1} << 20;

class OutputCap {
 public:
  explicit OutputCap(std::size_t limit = kDefaultMaxOutput) : limit_(limit) {}

  // The part of `text` that still fits, cut before a UTF-8 sequence rather than inside one;
  // the rest is counted as cut.
  std::string_view admit(std::string_view text);
  // Starts over for the next block or cell.
  void reset() { kept_ = cut_ = 0; }

  std::size_t cut() const { return cut_; }
  // "[output cut: 12345 more bytes past the 1048576-byte limit (--max-output)]", or "" when
  // nothing was cut.
  std::string marker() const;

 private:
  std::size_t limit_;
  std::size_t kept_ = 0;
  std::size_t cut_ = 0;
};

}  // namespace llmlab
