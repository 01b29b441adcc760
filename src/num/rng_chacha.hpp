// The ChaCha12 word stream behind rustlab's StdRng and the 64-bit seed expansion that keys it
// (rng.md §1–2). Only what the random builtins need: no seeking, no byte output, stream 0.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace llmlab::num {

using ChaChaKey = std::array<std::uint32_t, 8>;

// rand_core's seed_from_u64: a PCG32-style generator run eight times on a state starting at
// `seed`, each output one key word (rng.md §2).
ChaChaKey chacha_key_from_seed(std::uint64_t seed);

// ChaCha12 (original layout: 64-bit block counter in words 12–13, 64-bit stream number 0 in
// words 14–15) read as a stream of 32-bit words, four blocks buffered at a time (rng.md §1.3).
class ChaCha12Stream {
 public:
  explicit ChaCha12Stream(const ChaChaKey& key);

  std::uint32_t next_u32();
  // The next two words of the stream, low half first; a pair may straddle a refill.
  std::uint64_t next_u64();
  // 32-bit words consumed since keying (two per next_u64), for draw-count checks.
  std::uint64_t words_consumed() const { return words_consumed_; }

 private:
  static constexpr std::size_t kBlockWords = 16;
  static constexpr std::size_t kBufferBlocks = 4;
  static constexpr std::size_t kBufferWords = kBlockWords * kBufferBlocks;

  void refill();

  ChaChaKey key_;
  std::uint64_t block_counter_ = 0;
  std::array<std::uint32_t, kBufferWords> buffer_{};
  std::size_t index_ = kBufferWords;  // empty: the first read refills
  std::uint64_t words_consumed_ = 0;
};

}  // namespace llmlab::num
