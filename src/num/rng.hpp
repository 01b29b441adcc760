// The session random generator, bit-exact with rustlab 0.3.6 (rand 0.8.5 StdRng, rand_distr
// 0.4.3): ChaCha12 words, the double conversions, the normal ziggurat, the integer range sampler
// and the row-major fills of rand/randn/randi (rng.md). Builtins keep one in the Session.
#pragma once

#include <cstdint>
#include <optional>
#include <span>

#include "num/matrix.hpp"
#include "num/rng_chacha.hpp"

namespace llmlab::num {

class Rng {
 public:
  Rng();  // seeded from OS entropy, as rustlab before any seed() (rng.md §6.1)
  explicit Rng(std::uint64_t seed);

  // seed(N): restart the stream for N and remember N as the master seed (rng.md §6.1).
  void seed(std::uint64_t seed);
  // seed(): a fresh entropy-seeded stream; the master seed is forgotten.
  void seed_from_entropy();
  const std::optional<std::uint64_t>& master_seed() const { return master_seed_; }

  std::uint32_t next_u32() { return stream_.next_u32(); }
  std::uint64_t next_u64() { return stream_.next_u64(); }
  std::uint64_t words_consumed() const { return stream_.words_consumed(); }

  // Top 53 bits times 2^-53, in [0, 1) (rng.md §3.1, Rust's gen::<f64>()).
  double standard_f64();
  // Uniform(0, 1) as rand() samples it: top 52 bits as a mantissa in [1, 2), minus 1 (§3.2).
  double uniform01();
  // (2m + 1) * 2^-53 for the top 52 bits m: never 0 or 1 (§3.3, the ziggurat tail only).
  double open01();
  // Standard normal by rand_distr's ziggurat (§4). The first layer test, which accepts about
  // 99% of draws, is inline in rng.cpp; the rest lives in rng_ziggurat.cpp.
  double standard_normal();
  // out[k] = the k-th next standard_normal(): the same stream and values, one call per fill.
  void fill_standard_normal(std::span<double> out);
  // Uniform integer in [lo, hi], both included, by rand 0.8's widening multiply with its
  // conservative rejection zone (§5). Requires lo <= hi.
  std::int64_t range_i64(std::int64_t lo, std::int64_t hi);
  std::uint64_t range_u64(std::uint64_t lo, std::uint64_t hi);

 private:
  // The ziggurat after `bits` failed the first layer test: tail, wedge test and, on rejection,
  // fresh draws until a sample is accepted (rng_ziggurat.cpp).
  double standard_normal_rejected(std::uint64_t bits);

  ChaCha12Stream stream_;
  std::optional<std::uint64_t> master_seed_;
};

// The per-task seed of parmap (rng.md §6.7): SplitMix64's finaliser of master + index * golden.
std::uint64_t derive_task_seed(std::uint64_t master, std::uint64_t index);

// Row-major fills: sample k lands at row k / columns, column k % columns (rng.md §6.3, §6.5).
Matrix rand_matrix(Rng& rng, Index rows, Index columns);
Matrix randn_matrix(Rng& rng, Index rows, Index columns);
Matrix randi_matrix(Rng& rng, std::int64_t lo, std::int64_t hi, Index rows, Index columns);

// Argument conversions of the random builtins (rng.md §6.2–6.5).
// seed(N): N >= 2^64 saturates to 2^64 - 1; N must already be a finite non-negative integer.
std::uint64_t seed_from_double(double value);
// randi bounds: truncation toward zero, saturating at the int64 limits, NaN -> 0.
std::int64_t bound_from_double(double value);
// A size taken from a size vector: rounded half away from zero, negative or NaN -> 0.
Index size_from_vector_element(double value);

}  // namespace llmlab::num
