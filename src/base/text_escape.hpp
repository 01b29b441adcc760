// Escaping text for the formats llmlab writes: XML/HTML (SVG figures, notebook pages) and
// quoted strings in JSON and TOML (run records, saved workspaces). One place, so every writer
// escapes the same characters.
#pragma once

#include <string>
#include <string_view>

namespace llmlab {

// Which characters become entities: the set depends on where the text lands.
enum class EscapeFor {
  Markup,         // & < > " ': element text and attribute values (SVG, HTML)
  Text,           // & < >: text that only must not be taken for a tag or an entity
  MarkdownProse,  // & < > [ ]: a value inside markdown prose, which must not open a link either
};

// `text` with the characters of the set as entities; everything else (UTF-8 included)
// unchanged.
std::string xml_escape(std::string_view text, EscapeFor where = EscapeFor::Markup);

// A relative file path as a URL path (an href or a markdown link target): every byte but
// letters, digits, `-._~` and `/` percent-encoded, so a file name holding `"`, `<`, `#`, `?`,
// `%` or a space stays one literal path and cannot end an attribute.
std::string percent_encode_path(std::string_view path);
// The inverse: %XX sequences back to bytes; anything else unchanged.
std::string percent_decode(std::string_view text);

// A double-quoted string valid in JSON and in TOML (basic string): \" \\ \n \t \r, other
// control characters (and DEL) as \uXXXX.
std::string quoted_string(std::string_view text);

// Bytes as base64 (RFC 4648, with `=` padding): images inside JSON (Jupyter's image/png).
std::string base64(std::string_view bytes);

}  // namespace llmlab
