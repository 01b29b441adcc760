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
constexpr int kLanes = 8;         // blocks computed together

// One state word of kLanes consecutive blocks, lane b belonging to block counter + b. GCC and
// Clang vector extensions: plain SIMD code (AVX2 on x86-64-v3) without intrinsics.
typedef std::uint32_t Lanes __attribute__((vector_size(sizeof(std::uint32_t) * kLanes)));

// Vectors pass by reference: by value, a 256-bit vector would change the calling convention
// of these helpers in builds without AVX (GCC's -Wpsabi).
template <int Bits>
inline void rotate_left(Lanes& v) {
  v = (v << Bits) | (v >> (32 - Bits));
}

// Half a quarter round: add, xor, rotate d by First; then c and b likewise by Second.
template <int First, int Second>
inline void half_round(Lanes& a, Lanes& b, Lanes& c, Lanes& d) {
  a += b;
  d ^= a;
  rotate_left<First>(d);
  c += d;
  b ^= c;
  rotate_left<Second>(b);
}

inline void quarter_round(Lanes& a, Lanes& b, Lanes& c, Lanes& d) {
  half_round<16, 12>(a, b, c, d);
  half_round<8, 7>(a, b, c, d);
}

// kLanes consecutive 16-word output blocks starting at `counter`, stream number 0, written
// block after block to out[0 .. 16 * kLanes).
void chacha12_blocks(const ChaChaKey& key, std::uint64_t counter, std::uint32_t* out) {
  Lanes input[16];
  for (std::size_t i = 0; i < 4; ++i) input[i] = Lanes{} + kSigma[i];
  for (std::size_t i = 0; i < 8; ++i) input[4 + i] = Lanes{} + key[i];
  for (int lane = 0; lane < kLanes; ++lane) {
    const std::uint64_t block = counter + static_cast<std::uint64_t>(lane);
    input[12][lane] = static_cast<std::uint32_t>(block);
    input[13][lane] = static_cast<std::uint32_t>(block >> 32);
  }
  input[14] = Lanes{};
  input[15] = Lanes{};
  Lanes x[16];
  for (std::size_t i = 0; i < 16; ++i) x[i] = input[i];
  for (int round = 0; round < kDoubleRounds; ++round) {
    quarter_round(x[0], x[4], x[8], x[12]);
    quarter_round(x[1], x[5], x[9], x[13]);
    quarter_round(x[2], x[6], x[10], x[14]);
    quarter_round(x[3], x[7], x[11], x[15]);
    quarter_round(x[0], x[5], x[10], x[15]);
    quarter_round(x[1], x[6], x[11], x[12]);
    quarter_round(x[2], x[7], x[8], x[13]);
    quarter_round(x[3], x[4], x[9], x[14]);
  }
  for (std::size_t i = 0; i < 16; ++i) x[i] += input[i];
  // Transpose: word i of block b is lane b of x[i].
  for (int lane = 0; lane < kLanes; ++lane) {
    for (std::size_t i = 0; i < 16; ++i) out[static_cast<std::size_t>(lane) * 16 + i] = x[i][lane];
  }
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
  static_assert(kBufferBlocks == kLanes);
  chacha12_blocks(key_, block_counter_, buffer_.data());
  block_counter_ += kBufferBlocks;
  index_ = 0;
}

std::uint64_t ChaCha12Stream::next_u64_across_refill() {
  // When only one word is left the high half comes from the next buffer; nothing is skipped
  // (rng.md §1.3, third case).
  const std::uint64_t low = next_u32();
  const std::uint64_t high = next_u32();
  return (high << 32) | low;
}

}  // namespace llmlab::num
