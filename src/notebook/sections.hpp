// Headings in prose, for where an exercise box ends (issue #16): at the next heading of the same
// or a higher level than the section it started in (notebook.md §1.4).
#pragma once

#include <string>
#include <string_view>
#include <utility>

namespace llmlab::notebook {

// The level of an ATX heading line (`## Title` is 2), 0 for any other line.
int heading_level(std::string_view line);

// The level of the last heading in `text` outside fenced code, or `current` when it has none.
int last_heading_level(std::string_view text, int current);

// `text` cut before its first heading (outside fenced code) of level 1..`max_level`: the part
// before it and the rest, which starts with that heading. With no such heading the rest is
// empty. A `max_level` of 0 never cuts.
std::pair<std::string, std::string> split_at_heading(std::string_view text, int max_level);

}  // namespace llmlab::notebook
