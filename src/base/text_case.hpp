// Case folding of ASCII letters, the one rule for every case-insensitive comparison in llmlab
// (option names, colour names, file extensions, strcmpi, lower()). Bytes outside A-Z, UTF-8
// sequences included, are left as they are, so folding never changes a text's length.
#pragma once

#include <string>
#include <string_view>

namespace llmlab {

// `text` with A-Z mapped to a-z.
std::string lowercase(std::string_view text);

}  // namespace llmlab
