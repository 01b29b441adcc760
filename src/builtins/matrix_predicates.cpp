// builtins.md §7, questions about a matrix's structure (MATLAB additions): isdiag, istriu,
// istril, isbanded, issymmetric and ishermitian. Each is a logical answer about a 2-D numeric
// or logical matrix; another kind of value (text, a cell, an N-D array) has no such structure
// and gets false, as in MATLAB and Octave, except where noted.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <string>

#include "base/messages/arguments.hpp"
#include "base/messages/linalg.hpp"
#include "base/text_case.hpp"
#include "builtins/registry.hpp"
#include "runtime/char_matrix.hpp"

namespace llmlab::builtins {
namespace {

using runtime::Call;
using runtime::Kind;
using runtime::Value;

// The 2-D numeric or logical matrix a structure question is about; nullopt for anything else.
std::optional<num::Matrix> structured_matrix(const Value& x) {
  if (runtime::is_char(x) || x.is_nd_array() || !x.is_numeric()) return std::nullopt;
  return x.as_matrix();
}

// Whether every element outside the band of diagonals lower..upper (below and above the main
// one) is zero: a_ij = 0 whenever i - j > lower or j - i > upper.
bool within_band(const num::Matrix& a, double lower, double upper) {
  for (num::Index i = 0; i < a.rows(); ++i) {
    for (num::Index j = 0; j < a.columns(); ++j) {
      const auto below = static_cast<double>(i - j);
      if ((below > lower || -below > upper) && a.complex_at(i, j) != num::Complex(0.0)) {
        return false;
      }
    }
  }
  return true;
}

constexpr double kUnbounded = std::numeric_limits<double>::infinity();

template <int lower, int upper>
Value band_question(Call& call) {
  const std::optional<num::Matrix> a = structured_matrix(call.value(0));
  if (!a) return Value::boolean(false);
  const auto bound = [](int b) { return b < 0 ? kUnbounded : static_cast<double>(b); };
  return Value::boolean(within_band(*a, bound(lower), bound(upper)));
}

// isbanded(A, lower, upper): lower and upper are non-negative numbers.
Value isbanded(Call& call) {
  double bounds[2] = {0.0, 0.0};
  for (int k = 1; k <= 2; ++k) {
    const Value& bound = call.value(k);
    if (!bound.is_numeric() || bound.is_array() || !(bound.as_scalar() >= 0.0)) {
      call.fail(fmt::format(messages::must_be_non_negative_integers, "LOWER and UPPER"));
    }
    bounds[k - 1] = bound.as_scalar();
  }
  const std::optional<num::Matrix> a = structured_matrix(call.value(0));
  if (!a) return Value::boolean(false);
  return Value::boolean(within_band(*a, std::floor(bounds[0]), std::floor(bounds[1])));
}

// The options of issymmetric and ishermitian: "skew" or "nonskew", then a tolerance (Octave's
// extension: ‖A ∓ Aᵀ‖∞ ≤ tol·‖A‖∞); a tolerance alone is allowed too.
struct SymmetryOptions {
  bool skew = false;
  double tolerance = 0.0;
};

SymmetryOptions symmetry_options(Call& call) {
  SymmetryOptions options;
  int next = 1;
  if (call.has(1) && call.value(1).is(Kind::String)) {
    const std::string option = lowercase(call.string(1));
    if (option != "skew" && option != "nonskew") call.fail(messages::bad_skew_option);
    options.skew = option == "skew";
    next = 2;
  } else if (call.has(1) && !call.value(1).is_numeric()) {
    call.fail(messages::bad_symmetry_argument);
  }
  if (call.has(next)) {
    const Value& tol = call.value(next);
    if (!tol.is_numeric() || tol.is_array() || !(tol.as_scalar() >= 0.0)) {
      call.fail(messages::bad_tolerance);
    }
    options.tolerance = tol.as_scalar();
  }
  if (call.has(next + 1)) call.fail(messages::issymmetric_call_form);
  return options;
}

// Whether a equals ±(its transpose, conjugated for a Hermitian question), exactly or within
// the tolerance; a non-square matrix is neither.
bool symmetric_within(const num::Matrix& a, bool conjugate, const SymmetryOptions& options) {
  if (a.rows() != a.columns()) return false;
  const double sign = options.skew ? -1.0 : 1.0;
  const auto mirror = [&](num::Index i, num::Index j) {
    const num::Complex v = a.complex_at(j, i);
    return sign * (conjugate ? std::conj(v) : v);
  };
  if (options.tolerance == 0.0) {
    for (num::Index i = 0; i < a.rows(); ++i) {
      for (num::Index j = 0; j < a.columns(); ++j) {
        if (a.complex_at(i, j) != mirror(i, j)) return false;
      }
    }
    return true;
  }
  double largest_row = 0.0, largest_gap_row = 0.0;
  for (num::Index i = 0; i < a.rows(); ++i) {
    double row = 0.0, gap = 0.0;
    for (num::Index j = 0; j < a.columns(); ++j) {
      row += std::abs(a.complex_at(i, j));
      gap += std::abs(a.complex_at(i, j) - mirror(i, j));
    }
    largest_row = std::max(largest_row, row);
    largest_gap_row = std::max(largest_gap_row, gap);
  }
  return largest_gap_row <= options.tolerance * largest_row;
}

// issymmetric(A[, "skew" | "nonskew"][, tol]): text counts by its character codes; a cell or
// a struct is an error, as in MATLAB.
Value issymmetric(Call& call) {
  const SymmetryOptions options = symmetry_options(call);
  const Value& x = call.value(0);
  if (runtime::is_char(x)) {
    return Value::boolean(symmetric_within(runtime::char_codes(x), false, options));
  }
  if (!x.is_numeric() && !x.is_nd_array()) {
    call.fail(messages::predicate_bad_matrix);
  }
  const std::optional<num::Matrix> a = structured_matrix(x);
  return Value::boolean(a && symmetric_within(*a, false, options));
}

// ishermitian(A[, "skew" | "nonskew"][, tol]): false for anything but a numeric matrix.
Value ishermitian(Call& call) {
  const SymmetryOptions options = symmetry_options(call);
  const std::optional<num::Matrix> a = structured_matrix(call.value(0));
  return Value::boolean(a && symmetric_within(*a, true, options));
}

}  // namespace

extern const BuiltinTable kMatrixPredicateBuiltins = {
    {"isdiag", band_question<0, 0>, 1, 1,
     "Whether a matrix is diagonal (every element off the main diagonal zero). Example: "
     "isdiag(eye(3))"},
    {"istriu", band_question<0, -1>, 1, 1,
     "Whether a matrix is upper triangular (zeros below the main diagonal). Example: "
     "istriu([1, 2; 0, 3])"},
    {"istril", band_question<-1, 0>, 1, 1,
     "Whether a matrix is lower triangular (zeros above the main diagonal). Example: "
     "istril([1, 0; 2, 3])"},
    {"isbanded", isbanded, 3, 3,
     "Whether a matrix is zero outside `lower` diagonals below and `upper` above the main one: "
     "isbanded(A, lower, upper). Example: isbanded([1, 2, 0; 3, 4, 5; 0, 6, 7], 1, 1)"},
    {"issymmetric", issymmetric, 1, 3,
     "Whether A equals its transpose (\"skew\": its negated transpose), exactly or within a "
     "relative tolerance. Example: issymmetric([1, 2; 2, 1])"},
    {"ishermitian", ishermitian, 1, 3,
     "Whether A equals its conjugate transpose (\"skew\": its negation), exactly or within a "
     "relative tolerance. Example: ishermitian([2, 1; 1, 3])"},
};

}  // namespace llmlab::builtins
