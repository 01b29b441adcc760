// Reading a decimal number from text, the same in every build and whatever the process's locale.
// std::from_chars for double is missing from the libc++ of the WebAssembly build's emscripten,
// so this is strtod under the "C" locale (its decimal point is always '.'), used by every build.
#pragma once

#include <optional>
#include <string_view>

namespace llmlab {

// The correctly rounded double that the whole of `text` denotes; nullopt when any of it is not
// part of one number. Beyond the double range it saturates, as a literal does in rlab: "1e400"
// is inf, "1e-400" is 0. strtod's other spellings (hexadecimal, "inf", "nan", leading spaces)
// are accepted too: a caller that allows only decimals checks the text's shape itself.
std::optional<double> parse_double(std::string_view text);

}  // namespace llmlab
