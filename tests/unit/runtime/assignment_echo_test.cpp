// Every assignment form echoes through one function (language.md §8.6, §13.12): under every
// `format` mode, `[x] = v`, `[a, b] = f(...)`, `x op= v`, `s.f = v`, `c{1} = v` and a deletion
// echo exactly what the plain assignment of the same value echoes; an element write keeps
// §8.6's line under rlab's display and shows the whole variable under MATLAB's modes.
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "harness.hpp"

namespace llmlab::runtime {
namespace {

using testing::Harness;

constexpr FormatMode kModes[] = {FormatMode::Short,  FormatMode::Long,   FormatMode::Hex,
                                 FormatMode::Commas, FormatMode::ShortG, FormatMode::LongG,
                                 FormatMode::ShortE, FormatMode::LongE};

// Right sides whose display differs between the modes: a scalar, a row, a matrix, a complex.
constexpr std::string_view kValues[] = {"2.25", "[1.5, 2.25, -1e-7]", "[1.5, 2.25; -3, 4e5]",
                                        "3 - 4 * j"};

// What `text` echoes in a fresh session under `mode`.
std::string echo_of(FormatMode mode, const std::string& text) {
  Harness h;
  h.session().set_format_mode(mode);
  return h.run(text);
}

// `text`'s echo with its leading target name replaced, so `t = v` reads as `s.f = v`.
std::string renamed(std::string text, std::string_view from, std::string_view to) {
  EXPECT_EQ(text.rfind(from, 0), 0u) << text;
  return text.replace(0, from.size(), to);
}

std::string label(FormatMode mode, std::string_view value) {
  return std::string(format_mode_name(mode)) + " / " + std::string(value);
}

TEST(assignment_echo, every_form_echoes_as_plain_assignment_in_every_mode) {
  for (const FormatMode mode : kModes) {
    for (const std::string_view value_text : kValues) {
      SCOPED_TRACE(label(mode, value_text));
      const std::string value(value_text);
      const std::string plain = echo_of(mode, "x = " + value + "\n");
      ASSERT_FALSE(plain.empty());
      EXPECT_EQ(echo_of(mode, "[x] = " + value + "\n"), plain);
      EXPECT_EQ(echo_of(mode, "x = 0;\nx += " + value + "\n"), plain);
      EXPECT_EQ(echo_of(mode,
                        "function [p, q] = pair(v)\n  p = v;\n  q = v;\nend\n"
                        "[x, y] = pair(" +
                            value + ")\n"),
                plain + renamed(plain, "x", "y"));
      EXPECT_EQ(echo_of(mode, "s.f = " + value + "\n"), renamed(plain, "x", "s.f"));
      EXPECT_EQ(echo_of(mode, "p.q.f = " + value + "\n"), renamed(plain, "x", "p.q.f"));
      EXPECT_EQ(echo_of(mode, "c{1} = " + value + "\n"), echo_of(mode, "c = {" + value + "}\n"));
    }
  }
}

TEST(assignment_echo, deletion_echoes_the_new_value_as_plain_assignment) {
  for (const FormatMode mode : kModes) {
    SCOPED_TRACE(format_mode_name(mode));
    EXPECT_EQ(echo_of(mode, "x = [9, 1.5, 2.25];\nx(1) = []\n"),
              echo_of(mode, "x = [1.5, 2.25]\n"));
  }
}

TEST(assignment_echo, element_write_under_matlab_modes_shows_the_whole_variable) {
  for (const FormatMode mode : kModes) {
    SCOPED_TRACE(format_mode_name(mode));
    const std::string written = echo_of(mode, "x = [1, 0];\nx(2) = 2.25\n");
    const std::string field_written = echo_of(mode, "s.v = [1, 0];\ns.v(2) = 2.25\n");
    if (is_matlab_format(mode)) {
      EXPECT_EQ(written, echo_of(mode, "x = [1, 2.25]\n"));
      EXPECT_EQ(field_written, renamed(echo_of(mode, "x = [1, 2.25]\n"), "x", "s.v"));
    } else {
      // rlab's line names the element and shows it in complex display whatever the mode.
      EXPECT_EQ(written, "x(2) = 2.25+0j\n");
      EXPECT_EQ(field_written, "s.v(2) = 2.25+0j\n");
    }
  }
}

}  // namespace
}  // namespace llmlab::runtime
