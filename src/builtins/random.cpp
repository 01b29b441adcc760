// builtins.md §3 Constructors and shapes, the random ones (rng.md §6): seed, rng, rand, randn,
// randi and randperm. Argument forms and result kinds here; the generator, samplers and
// row-major fills live in num/rng.*. The stream is the Session's num::Rng, entropy-seeded until
// the first seed(N).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <string_view>
#include <vector>

#include "base/messages/arguments.hpp"
#include "base/messages/arrays.hpp"
#include "base/messages/statistics.hpp"
#include "base/text_case.hpp"
#include "builtins/kinds.hpp"
#include "builtins/registry.hpp"
#include "num/format.hpp"
#include "num/ops.hpp"
#include "num/rng.hpp"
#include "runtime/nd_values.hpp"

namespace llmlab::builtins {
namespace {

using runtime::Call;
using runtime::Kind;
using runtime::Value;

num::Rng& session_rng(Call& call) { return call.session().extension<num::Rng>(); }

// seed(N) / seed() (rng.md §6.2).
// Seeds the stream from argument 0, which must be a non-negative integer.
Value seed_from_argument(Call& call, num::Rng& rng) {
  const double n = call.scalar(0);
  if (!std::isfinite(n) || n < 0.0 || std::trunc(n) != n) {
    call.fail(fmt::format(messages::expected_non_negative_integer_got, num::format_shortest(n)));
  }
  rng.seed(num::seed_from_double(n));
  return Value::none();
}

Value seed(Call& call) {
  if (call.count() > 1) call.fail(messages::seed_call_form);
  num::Rng& rng = session_rng(call);
  if (call.count() == 0) {
    rng.seed_from_entropy();
    return Value::none();
  }
  return seed_from_argument(call, rng);
}

// The generator's name rng(s, name) takes: one of MATLAB's is accepted (the stream stays
// rlab's, as the help says); another is an error, not a silent default.
void check_generator_name(Call& call, int index) {
  static constexpr std::string_view kGenerators[] = {
      "twister",  "simdTwister", "combRecursive", "multFibonacci", "philox",
      "threefry", "v4",          "v5uniform",     "v5normal"};
  const std::string& generator = call.string(index);
  const auto named = [&](std::string_view known) {
    return runtime::same_word(generator, lowercase(known));
  };
  if (std::none_of(std::begin(kGenerators), std::end(kGenerators), named)) {
    call.fail(fmt::format(messages::unknown_generator, generator));
  }
}

// MATLAB's rng(n), rng(n, generator), rng("default") (seed 0) and rng("shuffle") (entropy),
// mapped onto seed(): the stream stays rlab's (rng.md) whatever generator is named, so the
// numbers are reproducible here but are not MATLAB's.
Value rng_builtin(Call& call) {
  num::Rng& rng = session_rng(call);
  if (call.has(1)) check_generator_name(call, 1);
  if (call.value(0).is(Kind::String)) {
    const std::string& mode = call.string(0);
    const bool default_seed = runtime::same_word(mode, "default");
    if (default_seed && call.has(1)) call.fail(messages::default_takes_no_generator);
    if (default_seed) {
      rng.seed(num::seed_from_double(0.0));
    } else if (runtime::same_word(mode, "shuffle")) {
      rng.seed_from_entropy();
    } else {
      call.fail(fmt::format(messages::bad_rng_mode, mode));
    }
    return Value::none();
  }
  return seed_from_argument(call, rng);
}

// The shape forms shared by rand and randn (rng.md §6.3): () scalar, (n) vector of n (n×n in
// the matlab dialect), ([m, n]) and (m, n) an m×n matrix; three or more sizes an N-D array,
// drawn page after page, each page row by row (its storage order), so that with one seed
// rand(2, 3, 4)(:, :, 1) is rand(2, 3). Sizes are checked before anything is drawn.
template <class Fill>
Value random_array(Call& call, Fill fill) {
  if (call.count() == 0) return Value::scalar(fill(1, 1)[0]);
  if (std::optional<num::Dims> dims = nd_size_arguments(call, 0)) {
    const auto [rows, columns] = num::storage_shape(*dims);
    return runtime::nd_result(num::NdArray::from_pages(std::move(*dims), fill(rows, columns)));
  }
  if (call.count() == 2) {
    return Value::matrix(fill(call.count_argument(0), call.count_argument(1)));
  }
  const Value& size = call.value(0);
  if (size.is_array()) {
    const num::Matrix sizes = size.matrix_value();
    if (sizes.size() != 2) {
      call.fail(fmt::format(messages::size_not_scalar_or_pair, sizes.size(), size.kind_name()));
    }
    return Value::matrix(
        fill(num::size_from_vector_element(sizes[0]), num::size_from_vector_element(sizes[1])));
  }
  return lone_count_array(call, call.count_argument(0), fill);
}

Value rand(Call& call) {
  num::Rng& rng = session_rng(call);
  return random_array(call, [&rng](num::Index rows, num::Index columns) {
    return num::rand_matrix(rng, rows, columns);
  });
}

Value randn(Call& call) {
  num::Rng& rng = session_rng(call);
  return random_array(call, [&rng](num::Index rows, num::Index columns) {
    return num::randn_matrix(rng, rows, columns);
  });
}

// randi(spec), randi(spec, n), randi(spec, m, n) (rng.md §6.5): spec is imax, [imax] or
// [lo, hi, ...]; bounds truncate toward zero.
Value randi(Call& call) {
  const Value& spec = call.value(0);
  std::int64_t lo = 1;
  std::int64_t hi = 1;
  if (call.session().dialect() == lang::Dialect::Matlab && spec.is_numeric()) {
    // MATLAB's bounds are whole numbers below flintmax, imax at least 1.
    const num::Matrix bounds = spec.as_matrix();
    for (num::Index k = 0; k < bounds.size(); ++k) {
      if (bounds[k] != std::floor(bounds[k]) || !(std::abs(bounds[k]) < 0x1p53)) {
        call.fail(messages::randi_bounds_too_large);
      }
    }
    if (bounds.size() == 1 && bounds[0] < 1.0)
      call.fail(fmt::format(messages::must_be_at_least_one, "IMAX"));
  }
  // A row of bounds; in matlab code a column too (rlab's column is an error, rng.md §6.5).
  const bool matlab_vector =
      call.session().dialect() == lang::Dialect::Matlab && spec.is(Kind::Matrix) &&
      (spec.matrix_value().rows() == 1 || spec.matrix_value().columns() == 1);
  if (spec.is(Kind::Vector) || matlab_vector) {
    const num::Matrix bounds = spec.matrix_value();
    if (bounds.empty()) call.fail(messages::range_empty);
    if (bounds.size() >= 2) lo = num::bound_from_double(bounds[0]);
    hi = num::bound_from_double(bounds[bounds.size() >= 2 ? 1 : 0]);
  } else if (spec.is(Kind::Matrix)) {
    call.fail(messages::range_is_matrix);
  } else {
    hi = num::bound_from_double(call.scalar(0));
  }
  if (lo > hi) {
    call.fail(fmt::format(messages::random_bounds_out_of_order, lo, hi));
  }
  if (call.session().dialect() == lang::Dialect::Matlab &&
      static_cast<double>(hi) - static_cast<double>(lo) >= 0x1p53 - 1.0) {
    call.fail(messages::randi_range_too_large);
  }
  num::Rng& rng = session_rng(call);
  if (call.count() == 1) return Value::scalar(num::randi_matrix(rng, lo, hi, 1, 1)[0]);
  if (call.count() == 2) {
    return lone_count_array(call, call.count_argument(1), [&](num::Index rows, num::Index columns) {
      return num::randi_matrix(rng, lo, hi, rows, columns);
    });
  }
  const std::int64_t rows = call.count_argument(1);
  const std::int64_t columns = call.count_argument(2);
  return Value::matrix(num::randi_matrix(rng, lo, hi, rows, columns));
}

// randperm(n), randperm(n, k): k distinct integers from 1..n in random order, as a Vector.
// Algorithm: the first k steps of a forward Fisher–Yates shuffle of 1..n; step i swaps slot i
// with slot j drawn uniformly from i..n−1 by the session's integer sampler (the one randi
// uses, rng.md §5), so one seed gives one permutation. The last step of a full shuffle has
// only one choice and draws nothing.
Value randperm(Call& call) {
  const num::Index n = call.count_argument(0);
  const num::Index k = call.has(1) ? call.count_argument(1) : n;
  if (k > n) {
    call.fail(fmt::format(messages::k_exceeds_n, n, k));
  }
  num::Matrix slots(1, n);
  std::span<double> values = slots.mutable_real_values();
  for (num::Index i = 0; i < n; ++i) {
    values[static_cast<std::size_t>(i)] = static_cast<double>(i + 1);
  }
  num::Rng& rng = call.session().extension<num::Rng>();
  for (num::Index i = 0; i < k && i + 1 < n; ++i) {
    const std::int64_t j = rng.range_i64(i, n - 1);
    std::swap(values[static_cast<std::size_t>(i)], values[static_cast<std::size_t>(j)]);
  }
  num::Matrix result(1, k);
  for (num::Index i = 0; i < k; ++i) result.set(i, values[static_cast<std::size_t>(i)]);
  return Value::vector(std::move(result));
}

// rand(..., "single" | "double") and rand(..., "like", x): MATLAB's class argument (the
// samples drawn as doubles, then converted). Any other text keeps rand's own error.
template <runtime::BuiltinBody body>
Value with_precision(Call& call) {
  const int count = call.count();
  // MATLAB's legacy generator controls name generators whose streams llmlab does not have: a
  // clear error rather than numbers from another generator.
  if (count >= 1 && call.value(0).is(Kind::String)) {
    const Value& control = call.value(0);
    if (runtime::is_word(control, "seed") || runtime::is_word(control, "state") ||
        runtime::is_word(control, "twister")) {
      call.fail(fmt::format(messages::legacy_generator, call.name(), control.string_value()));
    }
  }
  const auto text_at = [&](int k, std::string_view text) {
    return k >= 0 && call.value(k).is(Kind::String) && call.value(k).string_value() == text;
  };
  const bool like = count >= 2 && runtime::is_word(call.value(count - 2), "like");
  if (text_at(count - 1, "single") || text_at(count - 1, "double") || like) {
    return class_aware<body, ClassRange::Floating>(call);
  }
  return body(call);
}

}  // namespace

extern const BuiltinTable kRandomBuiltins = {
    {"seed", seed, 0, -1,
     "seed(N) restarts the random stream at N; seed() reseeds from the OS. Example: seed(42); "
     "rand()"},
    {"rng", rng_builtin, 1, 2,
     "MATLAB's rng(N), rng(\"default\"), rng(\"shuffle\"): seed() by another name. Example: "
     "rng(0); randn(1, 2)"},
    {"rand", with_precision<rand>, 0, -1,
     "Uniform samples in [0, 1): rand(), rand(n) vector, rand(m, n) matrix. Example: rand(2, 3)"},
    {"randn", with_precision<randn>, 0, -1,
     "Standard normal samples: randn(), randn(n) vector, randn(m, n). Example: randn(1, 4)"},
    {"randi", class_aware<randi>, 1, 5,
     "Uniform integers: randi(imax), randi([lo, hi], n), randi(imax, m, n). Example: randi(6, 1, "
     "5)"},
    {"randperm", randperm, 1, 2,
     "Random permutation of 1..n, or k distinct of them: randperm(n, k). Example: randperm(5)"},
};

}  // namespace llmlab::builtins
