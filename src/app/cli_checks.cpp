#include "app/cli_checks.hpp"

#include <charconv>
#include <cstdint>
#include <limits>
#include <string>

namespace llmlab::app {

const CLI::Validator& whole_number_check() {
  static const CLI::Validator check(
      [](const std::string& text) -> std::string {
        std::uint64_t value = 0;
        const char* end = text.data() + text.size();
        const auto [stop, error] = std::from_chars(text.data(), end, value);
        if (text.empty() || text[0] == '-' || text[0] == '+' || error != std::errc() ||
            stop != end) {
          return "must be a whole number from 0 to " +
                 std::to_string(std::numeric_limits<std::uint64_t>::max()) + ", got " + text;
        }
        return {};
      },
      "UINT");
  return check;
}

}  // namespace llmlab::app
