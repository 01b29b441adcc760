// Escaping text for the formats llmlab writes: XML/HTML (SVG figures, notebook pages) and
// quoted strings in JSON and TOML (run records, saved workspaces). One place, so every writer
// escapes the same characters.
#pragma once

#include <string>
#include <string_view>

namespace llmlab {

// & < > " ' as entities; everything else (UTF-8 included) unchanged.
std::string xml_escape(std::string_view text);

// A relative file path as a URL path (an href or a markdown link target): every byte but
// letters, digits, `-._~` and `/` percent-encoded, so a file name holding `"`, `<`, `#`, `?`,
// `%` or a space stays one literal path and cannot end an attribute.
std::string percent_encode_path(std::string_view path);
// The inverse: %XX sequences back to bytes; anything else unchanged.
std::string percent_decode(std::string_view text);

// A double-quoted string valid in JSON and in TOML (basic string): \" \\ \n \t \r, other
// control characters (and DEL) as \uXXXX.
std::string quoted_string(std::string_view text);

}  // namespace llmlab
