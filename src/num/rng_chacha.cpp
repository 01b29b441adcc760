// ChaCha12 block function, buffering and seed expansion (rng.md §1–2). Reference: D. J.
// Bernstein, "ChaCha, a variant of Salsa20" (2008); rand_core 0.6 SeedableRng::seed_from_u64.
#include "num/rng_chacha.hpp"

#include <bit>

namespace llmlab::num {
namespace {

// "expand 32-byte k" as four little-endian words.
constexpr std::array<std::uint32_t, 4> kSigma = {0x61707865u, 0x3320646eu, 0x79622d32u,
                                                 0x6b206574u};
constexpr int kDoubleRounds = 6;  // ChaCha12

void quarter_round(std::array<std::uint32_t, 16>& x, int a, int b, int c, int d) {
  const auto ia = static_cast<std::size_t>(a), ib = static_cast<std::size_t>(b),
             ic = static_cast<std::size_t>(c), id = static_cast<std::size_t>(d);
  x[ia] += x[ib];
  x[id] = std::rotl(x[id] ^ x[ia], 16);
  x[ic] += x[id];
  x[ib] = std::rotl(x[ib] ^ x[ic], 12);
  x[ia] += x[ib];
  x[id] = std::rotl(x[id] ^ x[ia], 8);
  x[ic] += x[id];
  x[ib] = std::rotl(x[ib] ^ x[ic], 7);
}

// One 16-word output block for `counter`; stream number 0.
void chacha12_block(const ChaChaKey& key, std::uint64_t counter, std::uint32_t* out) {
  std::array<std::uint32_t, 16> input{};
  for (std::size_t i = 0; i < 4; ++i) input[i] = kSigma[i];
  for (std::size_t i = 0; i < 8; ++i) input[4 + i] = key[i];
  input[12] = static_cast<std::uint32_t>(counter);
  input[13] = static_cast<std::uint32_t>(counter >> 32);
  input[14] = 0;
  input[15] = 0;
  std::array<std::uint32_t, 16> x = input;
  for (int round = 0; round < kDoubleRounds; ++round) {
    quarter_round(x, 0, 4, 8, 12);
    quarter_round(x, 1, 5, 9, 13);
    quarter_round(x, 2, 6, 10, 14);
    quarter_round(x, 3, 7, 11, 15);
    quarter_round(x, 0, 5, 10, 15);
    quarter_round(x, 1, 6, 11, 12);
    quarter_round(x, 2, 7, 8, 13);
    quarter_round(x, 3, 4, 9, 14);
  }
  for (std::size_t i = 0; i < 16; ++i) out[i] = x[i] + input[i];
}

}  // namespace

ChaChaKey chacha_key_from_seed(std::uint64_t seed) {
  // PCG32 (XSH-RR output) with rand_core's increment; the state advances before each output.
  constexpr std::uint64_t kMultiplier = 6364136223846793005ull;
  constexpr std::uint64_t kIncrement = 11634580027462260723ull;
  ChaChaKey key{};
  std::uint64_t state = seed;
  for (std::uint32_t& word : key) {
    state = state * kMultiplier + kIncrement;
    const auto xorshifted = static_cast<std::uint32_t>(((state >> 18) ^ state) >> 27);
    const auto rotation = static_cast<int>(state >> 59);
    word = std::rotr(xorshifted, rotation);
  }
  return key;
}

ChaCha12Stream::ChaCha12Stream(const ChaChaKey& key) : key_(key) {}

void ChaCha12Stream::refill() {
  for (std::size_t block = 0; block < kBufferBlocks; ++block) {
    chacha12_block(key_, block_counter_ + block, buffer_.data() + block * kBlockWords);
  }
  block_counter_ += kBufferBlocks;
  index_ = 0;
}

std::uint32_t ChaCha12Stream::next_u32() {
  if (index_ >= kBufferWords) refill();
  ++words_consumed_;
  return buffer_[index_++];
}

std::uint64_t ChaCha12Stream::next_u64() {
  // Two consecutive words, low first; when only one word is left the high half comes from the
  // next buffer, nothing is skipped (rng.md §1.3, third case).
  const std::uint64_t low = next_u32();
  const std::uint64_t high = next_u32();
  return (high << 32) | low;
}

}  // namespace llmlab::num
