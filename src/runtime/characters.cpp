// Counting and cutting UTF-8 text into characters for string values.
#include "runtime/characters.hpp"

namespace llmlab::runtime {
namespace {

bool continues_sequence(char byte) { return (static_cast<unsigned char>(byte) & 0xC0) == 0x80; }

}  // namespace

// A character starts at the first byte and at every byte that does not continue a sequence, so
// invalid text (a stray continuation byte) still counts and cuts the same way.
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

}  // namespace llmlab::runtime
