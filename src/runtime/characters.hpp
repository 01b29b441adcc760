// The characters of a string value. rlab strings hold UTF-8 text and count, index and iterate
// by character (Unicode scalar value, language.md §1 and §6.2), never by byte.
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

namespace llmlab::runtime {

// Number of characters in `text`: the number of pieces characters_of() cuts it into.
std::size_t character_count(std::string_view text);

// `text` cut into its characters, each a view of one whole UTF-8 sequence.
std::vector<std::string_view> characters_of(std::string_view text);

// The code point of one character as characters_of() returns it.
char32_t code_point_of(std::string_view character);

}  // namespace llmlab::runtime
