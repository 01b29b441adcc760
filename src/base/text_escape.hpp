// Escaping text for the formats llmlab writes: XML/HTML (SVG figures, notebook pages) and
// quoted strings in JSON and TOML (run records, saved workspaces). One place, so every writer
// escapes the same characters.
#pragma once

#include <string>
#include <string_view>

namespace llmlab {

// & < > " ' as entities; everything else (UTF-8 included) unchanged.
std::string xml_escape(std::string_view text);

// A double-quoted string valid in JSON and in TOML (basic string): \" \\ \n \t \r, other
// control characters (and DEL) as \uXXXX.
std::string quoted_string(std::string_view text);

}  // namespace llmlab
