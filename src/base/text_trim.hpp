// Blank removal at both ends of a line of text, the one rule for the line-oriented readers
// (notebook sources, sweep files).
#pragma once

#include <string_view>

namespace llmlab {

// `text` without the spaces, tabs, carriage returns and newlines at either end; a view into
// `text`, so it lives as long as the text does.
std::string_view trim(std::string_view text);

}  // namespace llmlab
