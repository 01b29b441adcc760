// Rng: seeding, the uniform conversions, the integer range sampler and the row-major fills
// (rng.md §2, §3, §5, §6). The normal sampler lives in rng_ziggurat.cpp.
#include "num/rng.hpp"

#include <bit>
#include <cmath>
#include <limits>
#include <random>

#include "base/error.hpp"
#include "num/rng_ziggurat_tables.hpp"

namespace llmlab::num {
namespace {

constexpr std::uint64_t kExponentOfOne = 0x3FF0000000000000ull;  // biased exponent of [1, 2)
// The widening 64x64 -> 128-bit multiply of the range sampler; __extension__ keeps -Wpedantic
// quiet.
__extension__ using Uint128 = unsigned __int128;

std::uint64_t entropy_seed() {
  std::random_device device;
  return (static_cast<std::uint64_t>(device()) << 32) | device();
}

}  // namespace

Rng::Rng() : stream_(chacha_key_from_seed(entropy_seed())) {}

Rng::Rng(std::uint64_t seed) : stream_(chacha_key_from_seed(seed)), master_seed_(seed) {}

void Rng::seed(std::uint64_t seed) {
  stream_ = ChaCha12Stream(chacha_key_from_seed(seed));
  master_seed_ = seed;
}

void Rng::seed_from_entropy() {
  stream_ = ChaCha12Stream(chacha_key_from_seed(entropy_seed()));
  master_seed_.reset();
}

double Rng::standard_f64() {
  // 2^-53 scaling of a 53-bit integer is exact.
  return static_cast<double>(next_u64() >> 11) * 0x1p-53;
}

double Rng::uniform01() {
  const double one_to_two = std::bit_cast<double>((next_u64() >> 12) | kExponentOfOne);
  // rand's Uniform computes (value - 1) * scale + low with scale 1 and low 0 here; both are exact.
  return (one_to_two - 1.0) * 1.0 + 0.0;
}

double Rng::open01() {
  const double one_to_two = std::bit_cast<double>((next_u64() >> 12) | kExponentOfOne);
  return one_to_two - (1.0 - 0x1p-53);
}

std::uint64_t Rng::range_u64(std::uint64_t lo, std::uint64_t hi) {
  LLMLAB_ASSERT(lo <= hi);
  const std::uint64_t range = hi - lo + 1;  // wraps to 0 for the full 64-bit range
  if (range == 0) return next_u64();
  // rand 0.8 rejects against `range` shifted up to the top bit, not the largest multiple of
  // range: a different (larger) rejection set, so the same zone is needed to stay in step.
  const std::uint64_t zone = (range << std::countl_zero(range)) - 1;
  for (;;) {
    const Uint128 product = static_cast<Uint128>(next_u64()) * range;
    if (static_cast<std::uint64_t>(product) <= zone) {
      return lo + static_cast<std::uint64_t>(product >> 64);
    }
  }
}

std::int64_t Rng::range_i64(std::int64_t lo, std::int64_t hi) {
  LLMLAB_ASSERT(lo <= hi);
  // Offsetting by 2^63 maps int64 order onto uint64 order, so the unsigned sampler with its
  // wrap-around arithmetic gives the same values as rand's signed one.
  constexpr std::uint64_t kOffset = 0x8000000000000000ull;
  // The full range takes one word pair as it is, reinterpreted as signed (no offset).
  if (lo == std::numeric_limits<std::int64_t>::min() &&
      hi == std::numeric_limits<std::int64_t>::max()) {
    return static_cast<std::int64_t>(next_u64());
  }
  const std::uint64_t value =
      range_u64(static_cast<std::uint64_t>(lo) ^ kOffset, static_cast<std::uint64_t>(hi) ^ kOffset);
  return static_cast<std::int64_t>(value ^ kOffset);
}

std::uint64_t derive_task_seed(std::uint64_t master, std::uint64_t index) {
  std::uint64_t z = master + index * 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

namespace {

// The ziggurat's first layer test (rng.md §4.2), kept inline so a fill costs one draw, a table
// look-up and a compare per sample. A subtract, a multiply and a compare: nothing a fused
// multiply-add could change, unlike the wedge test in rng_ziggurat.cpp.
inline bool normal_fast_path(std::uint64_t bits, double& x) {
  const auto layer = static_cast<std::size_t>(bits & 0xFF);  // the lowest 8 bits
  // The top 52 bits as a mantissa in [2, 4), minus 3: a signed uniform in [-1, 1).
  const double u = std::bit_cast<double>((bits >> 12) | 0x4000000000000000ull) - 3.0;
  x = u * detail::kZigguratX[layer];
  return std::abs(x) < detail::kZigguratX[layer + 1];
}

}  // namespace

double Rng::standard_normal() {
  const std::uint64_t bits = next_u64();
  double x;
  if (normal_fast_path(bits, x)) return x;
  return standard_normal_rejected(bits);
}

void Rng::fill_standard_normal(std::span<double> out) {
  for (double& value : out) {
    const std::uint64_t bits = next_u64();
    double x;
    value = normal_fast_path(bits, x) ? x : standard_normal_rejected(bits);
  }
}

namespace {

template <class Sample>
Matrix fill_row_major(Index rows, Index columns, Sample sample) {
  LLMLAB_ASSERT(rows >= 0 && columns >= 0);
  Matrix result(rows, columns);
  std::span<double> values = result.mutable_real_values();
  for (double& value : values) value = sample();
  return result;
}

}  // namespace

Matrix rand_matrix(Rng& rng, Index rows, Index columns) {
  return fill_row_major(rows, columns, [&rng] { return rng.uniform01(); });
}

Matrix randn_matrix(Rng& rng, Index rows, Index columns) {
  LLMLAB_ASSERT(rows >= 0 && columns >= 0);
  Matrix result(rows, columns);
  rng.fill_standard_normal(result.mutable_real_values());
  return result;
}

Matrix randi_matrix(Rng& rng, std::int64_t lo, std::int64_t hi, Index rows, Index columns) {
  return fill_row_major(rows, columns,
                        [&rng, lo, hi] { return static_cast<double>(rng.range_i64(lo, hi)); });
}

std::uint64_t seed_from_double(double value) {
  LLMLAB_ASSERT(std::isfinite(value) && value >= 0.0 && std::trunc(value) == value);
  if (value >= 0x1p64) return std::numeric_limits<std::uint64_t>::max();
  return static_cast<std::uint64_t>(value);
}

std::int64_t bound_from_double(double value) {
  if (std::isnan(value)) return 0;
  if (value >= 0x1p63) return std::numeric_limits<std::int64_t>::max();
  if (value < -0x1p63) return std::numeric_limits<std::int64_t>::min();
  return static_cast<std::int64_t>(value);  // truncates toward zero
}

Index size_from_vector_element(double value) {
  if (std::isnan(value) || value <= 0.0) return 0;
  const double rounded = std::round(value);  // halves away from zero
  if (rounded >= 0x1p62) return Index{1} << 62;
  return static_cast<Index>(rounded);
}

}  // namespace llmlab::num
