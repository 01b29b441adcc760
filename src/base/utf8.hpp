// UTF-8, shared: encoding one code point (sprintf's %c, TOML's \u escapes, the trainer's
// character vocabulary) and cutting text into its characters (rlab strings count, index and
// iterate by character, language.md §1 and §6.2; error carets count columns by character).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace llmlab {

// Appends `code` as UTF-8; a value that is no Unicode scalar (a surrogate or > U+10FFFF)
// becomes U+FFFD, the replacement character.
void append_utf8(std::string& out, char32_t code);

// Number of characters in `text`: the number of pieces characters_of() cuts it into.
std::size_t character_count(std::string_view text);

// `text` cut into its characters, each a view of one whole UTF-8 sequence. A character starts at
// the first byte and at every byte that does not continue a sequence, so invalid text (a stray
// continuation byte) still counts and cuts the same way.
std::vector<std::string_view> characters_of(std::string_view text);

// The code point of one character as characters_of() returns it.
char32_t code_point_of(std::string_view character);

}  // namespace llmlab
