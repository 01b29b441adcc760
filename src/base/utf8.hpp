// UTF-8 encoding of one code point, shared by every reader that turns escapes or code numbers
// into text (sprintf's %c, TOML's \u escapes, the trainer's character vocabulary).
#pragma once

#include <string>

namespace llmlab {

// Appends `code` as UTF-8; a value that is no Unicode scalar (a surrogate or > U+10FFFF)
// becomes U+FFFD, the replacement character.
void append_utf8(std::string& out, char32_t code);

}  // namespace llmlab
