// UTF-8 (RFC 3629): encoding, 1 to 4 bytes by the size of the code point, and cutting text
// into characters.
#include "base/utf8.hpp"

namespace llmlab {
void append_utf8(std::string& out, char32_t code) {
  const bool scalar = code <= 0x10FFFF && (code < 0xD800 || code > 0xDFFF);
  const char32_t c = scalar ? code : char32_t{0xFFFD};
  if (c < 0x80) {
    out.push_back(static_cast<char>(c));
  } else if (c < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (c >> 6)));
    out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
  } else if (c < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (c >> 12)));
    out.push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (c >> 18)));
    out.push_back(static_cast<char>(0x80 | ((c >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
  }
}

namespace {

bool continues_sequence(char byte) { return (static_cast<unsigned char>(byte) & 0xC0) == 0x80; }

}  // namespace

std::size_t character_count(std::string_view text) {
  std::size_t count = 0;
  for (std::size_t at = 0; at < text.size(); ++at)
    count += at == 0 || !continues_sequence(text[at]);
  return count;
}

std::vector<std::string_view> characters_of(std::string_view text) {
  std::vector<std::string_view> characters;
  characters.reserve(text.size());
  for (std::size_t at = 0; at < text.size();) {
    std::size_t length = 1;
    while (at + length < text.size() && continues_sequence(text[at + length])) ++length;
    characters.push_back(text.substr(at, length));
    at += length;
  }
  return characters;
}

char32_t code_point_of(std::string_view character) {
  if (character.empty()) return 0;
  const auto lead = static_cast<unsigned char>(character[0]);
  // The lead byte's high bits give the sequence length; its remaining bits start the value.
  char32_t code = lead < 0x80   ? lead
                  : lead < 0xE0 ? lead & 0x1Fu
                  : lead < 0xF0 ? lead & 0x0Fu
                                : lead & 0x07u;
  for (std::size_t k = 1; k < character.size(); ++k) {
    code = (code << 6) | (static_cast<unsigned char>(character[k]) & 0x3Fu);
  }
  return code;
}

}  // namespace llmlab
