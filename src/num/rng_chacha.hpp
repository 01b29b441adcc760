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
// words 14–15) read as a stream of 32-bit words (rng.md §1.3). rand buffers four blocks; the
// word sequence does not depend on the buffer size (a u64 straddling a refill takes the next
// word either way), so eight blocks are computed at once, one per lane of a 256-bit vector.
class ChaCha12Stream {
 public:
  explicit ChaCha12Stream(const ChaChaKey& key);

  std::uint32_t next_u32() {
    if (index_ >= kBufferWords) refill();
    return buffer_[index_++];
  }
  // The next two words of the stream, low half first; a pair may straddle a refill.
  std::uint64_t next_u64() {
    if (index_ + 2 > kBufferWords) return next_u64_across_refill();
    const std::uint64_t low = buffer_[index_];
    const std::uint64_t high = buffer_[index_ + 1];
    index_ += 2;
    return (high << 32) | low;
  }
  // 32-bit words consumed since keying (two per next_u64), for draw-count checks. Every
  // generated word not left in the buffer was consumed.
  std::uint64_t words_consumed() const {
    return block_counter_ * kBlockWords - (kBufferWords - index_);
  }

 private:
  static constexpr std::size_t kBlockWords = 16;
  static constexpr std::size_t kBufferBlocks = 8;
  static constexpr std::size_t kBufferWords = kBlockWords * kBufferBlocks;

  void refill();
  std::uint64_t next_u64_across_refill();

  ChaChaKey key_;
  std::uint64_t block_counter_ = 0;  // blocks generated so far
  std::array<std::uint32_t, kBufferWords> buffer_{};
  std::size_t index_ = kBufferWords;  // empty: the first read refills
};

}  // namespace llmlab::num
