#include "app/cli_checks.hpp"

#include <fmt/format.h>

#include <charconv>
#include <cstdint>
#include <limits>
#include <string>

#include "base/messages/cli.hpp"

namespace llmlab::app {

const CLI::Validator& whole_number_check() {
  static const CLI::Validator check(
      [](const std::string& text) -> std::string {
        std::uint64_t value = 0;
        const char* end = text.data() + text.size();
        const auto [stop, error] = std::from_chars(text.data(), end, value);
        if (text.empty() || text[0] == '-' || text[0] == '+' || error != std::errc() ||
            stop != end) {
          return fmt::format(messages::option_not_whole_number,
                             std::numeric_limits<std::uint64_t>::max(), text);
        }
        return {};
      },
      "UINT");
  return check;
}

}  // namespace llmlab::app
