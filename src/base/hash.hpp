// FNV-1a, 64 bits: a fast content hash for names and identities (sweep configuration ids, the
// checkpoint that pairs a model with its optimiser state). Not for security: anyone can make
// two inputs collide on purpose.
#pragma once

#include <cstdint>
#include <string_view>

namespace llmlab {

constexpr std::uint64_t kFnv1a64Offset = 14695981039346656037ULL;

// The hash of `bytes`, or of `bytes` appended to what gave `hash` (so text can be fed in
// pieces: fnv1a_64(b, fnv1a_64(a)) == fnv1a_64(a + b)).
constexpr std::uint64_t fnv1a_64(std::string_view bytes, std::uint64_t hash = kFnv1a64Offset) {
  for (const char c : bytes) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 1099511628211ULL;
  }
  return hash;
}

}  // namespace llmlab
