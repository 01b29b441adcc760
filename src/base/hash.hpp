// FNV-1a, 64 and 32 bits: a fast content hash for names and identities (sweep configuration ids,
// the checkpoint that pairs a model with its optimiser state, figure ids in SVG, a page's block
// anchors). Not for security: anyone can make two inputs collide on purpose.
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

// The 64-bit hash in 32 bits, its halves xor-ed: short ids that still depend on every byte.
constexpr std::uint32_t fold_to_32(std::uint64_t hash) {
  return static_cast<std::uint32_t>(hash ^ (hash >> 32));
}

// FNV-1a with 32-bit state (a different hash from fold_to_32(fnv1a_64(bytes))).
constexpr std::uint32_t fnv1a_32(std::string_view bytes) {
  std::uint32_t hash = 2166136261u;
  for (const char c : bytes) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 16777619u;
  }
  return hash;
}

}  // namespace llmlab
