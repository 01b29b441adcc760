// builtins.md §5–§6 on signals (MATLAB additions), for smoothing and filtering training
// curves: conv (full, same, valid), filter (a rational transfer function, as an EMA of losses is
// written), movmean and movsum (centred windows shrunk at the ends), cumtrapz and gradient.
// Inputs are vector-like; results keep the orientation of the signal.
#include "num/signal.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "base/error.hpp"
#include "base/messages/arguments.hpp"
#include "base/messages/language.hpp"
#include "base/messages/mathematics.hpp"
#include "builtins/kinds.hpp"
#include "builtins/matlab_staples.hpp"
#include "builtins/registry.hpp"
#include "builtins/slices.hpp"
#include "builtins/trapezoid.hpp"
#include "num/format.hpp"
#include "num/nd_array.hpp"
#include "num/nd_shape.hpp"
#include "runtime/nd_values.hpp"

namespace llmlab::builtins {
namespace {

using runtime::Call;
using runtime::Kind;
using runtime::Value;

std::vector<double> signal_argument(Call& call, int index, const char* what) {
  const num::Matrix m = real_matrix(call, index);
  if (m.rows() > 1 && m.columns() > 1) {
    call.fail(fmt::format(messages::must_be_vector_got_matrix, what, m.rows(), m.columns()));
  }
  return {m.real_values().begin(), m.real_values().end()};
}

// A result laid out like the signal at `index`: an N×1 column stays a column, anything else
// gives a Vector.
Value like_signal(const Call& call, int index, const std::vector<double>& values) {
  const Value& model = call.value(index);
  const bool column = model.is(Kind::Matrix) && model.matrix_value().columns() == 1 &&
                      model.matrix_value().rows() > 1;
  num::Matrix result = num::Matrix::row(values);
  if (column) return Value::matrix(result.with_shape(result.size(), 1));
  return Value::vector(std::move(result));
}

// gradient(y[, h]): MATLAB's numerical derivative of a vector — central differences inside,
// one-sided at the two ends, spacing h (default 1).
Value gradient(Call& call) {
  const num::Matrix y = real_matrix(call, 0);
  if (y.rows() > 1 && y.columns() > 1) call.fail(fmt::format(messages::must_be_vector, "y"));
  const std::vector<double> g = num::gradient(y.real_values(), call.scalar_or(1, 1.0));
  return same_shape(call.value(0), num::Matrix::row(g).with_shape(y.rows(), y.columns()));
}

// conv(u, v[, shape]): the full convolution (length m + n − 1), its central part of u's length
// ("same"), or the part computed without zero padding ("valid").
Value conv(Call& call) {
  const std::vector<double> u = signal_argument(call, 0, "u");
  const std::vector<double> v = signal_argument(call, 1, "v");
  static constexpr num::ConvolutionPart kParts[] = {
      num::ConvolutionPart::Full, num::ConvolutionPart::Same, num::ConvolutionPart::Valid};
  const num::ConvolutionPart part = call.has(2)
                                        ? kParts[call.choice(2, {"full", "same", "valid"}, "shape")]
                                        : num::ConvolutionPart::Full;
  // Octave's full result has the shape of the longer vector (v on a tie); rlab keeps u's.
  const bool second = call.session().dialect() == lang::Dialect::Matlab &&
                      part == num::ConvolutionPart::Full && v.size() >= u.size();
  return like_signal(call, second ? 1 : 0, num::convolve(u, v, part));
}

// filter's coefficients divided by a(1), both padded with zeros to max(numel(a), numel(b)).
struct FilterCoefficients {
  std::vector<num::Complex> b;
  std::vector<num::Complex> a;
};

FilterCoefficients filter_coefficients(Call& call) {
  const num::Matrix b_given = call.matrix(0);
  const num::Matrix a_given = call.matrix(1);
  if (a_given.empty() || a_given.complex_at(0) == num::Complex(0.0, 0.0)) {
    call.fail(messages::leading_coefficient_zero);
  }
  const num::Index order = std::max(a_given.size(), b_given.size());
  const num::Complex lead = a_given.complex_at(0);
  FilterCoefficients out{std::vector<num::Complex>(static_cast<std::size_t>(order), 0.0),
                         std::vector<num::Complex>(static_cast<std::size_t>(order), 0.0)};
  for (num::Index k = 0; k < b_given.size(); ++k)
    out.b[static_cast<std::size_t>(k)] = b_given.complex_at(k) / lead;
  for (num::Index k = 0; k < a_given.size(); ++k)
    out.a[static_cast<std::size_t>(k)] = a_given.complex_at(k) / lead;
  return out;
}

// filter's initial state zi (argument 4), nullopt for rest ([] or absent): one column of
// `states` values for every slice, or one such column for each of the `count` slices.
std::optional<num::Matrix> filter_initial_state(Call& call, num::Index states, num::Index count) {
  if (!call.has(3) || (call.value(3).is_array() && call.value(3).matrix_value().empty())) {
    return std::nullopt;
  }
  num::Matrix initial = call.matrix(3);
  const bool one_column = initial.size() == states;
  const bool per_slice = initial.size() == states * count && initial.rows() == states;
  if (!one_column && !per_slice) {
    call.fail(fmt::format(messages::bad_initial_conditions, states));
  }
  return initial;
}

// The transposed direct form II down each column of `slices` into the same column of y, from
// the initial state; each slice's final state goes to its column of `final`.
void filter_slices(const FilterCoefficients& coefficients, const num::Matrix& slices,
                   const std::optional<num::Matrix>& initial, num::Matrix& y, num::Matrix& final) {
  const std::vector<num::Complex>& b = coefficients.b;
  const std::vector<num::Complex>& a = coefficients.a;
  const num::Index length = slices.rows();
  const num::Index states = static_cast<num::Index>(b.size()) - 1;
  std::vector<num::Complex> z(static_cast<std::size_t>(std::max<num::Index>(states, 1)));
  for (num::Index s = 0; s < slices.columns(); ++s) {
    for (num::Index k = 0; k < states; ++k) {
      // zi's column-major element k of slice s (one column reused for every slice).
      z[static_cast<std::size_t>(k)] = num::Complex(0.0, 0.0);
      if (!initial) continue;
      const num::Index at = initial->size() == states ? k : k + s * states;
      z[static_cast<std::size_t>(k)] =
          initial->complex_at((at % initial->rows()) * initial->columns() + at / initial->rows());
    }
    for (num::Index n = 0; n < length; ++n) {
      const num::Complex input = slices.complex_at(n, s);
      const num::Complex output = b[0] * input + (states > 0 ? z[0] : num::Complex(0.0, 0.0));
      for (num::Index k = 0; k < states; ++k) {
        const auto i = static_cast<std::size_t>(k);
        const num::Complex next = k + 1 < states ? z[i + 1] : num::Complex(0.0, 0.0);
        z[i] = b[i + 1] * input + next - a[i + 1] * output;
      }
      y.set(n, s, output);
    }
    for (num::Index k = 0; k < states; ++k) final.set(k, s, z[static_cast<std::size_t>(k)]);
  }
}

// filter(b, a, x): y(n) = (Σ b(k)·x(n−k+1) − Σ_{k≥2} a(k)·y(n−k+1)) / a(1), from rest.
// filter in matlab code, MATLAB's full form: [y, zf] = filter(b, a, x, zi, dim) on each slice
// of x along dim (the first non-singleton by default; any N-D x), real or complex, the
// transposed direct form II from the initial state zi ([] or absent for rest; one column of
// max(numel(a), numel(b)) − 1 values for every slice, or one such column per slice); zf holds
// each slice's final state as a column.
Value matlab_filter(Call& call) {
  const FilterCoefficients coefficients = filter_coefficients(call);
  require_numeric_or_nd(call, call.value(2));
  const num::NdArray x = runtime::as_nd_array(call.value(2));
  const int dim = call.has(4) ? call.nd_dim_argument(4) : num::first_non_singleton_dim(x.dims());
  const num::Dims dims = x.dims();
  // Past the last dim every element is a slice of its own.
  const bool past = dim >= x.ndims();
  const num::Matrix slices =
      past ? num::reshaped(x, {1, x.size()}).to_matrix() : num::slices_along(x, dim);
  const num::Index count = slices.columns();
  const num::Index states = static_cast<num::Index>(coefficients.b.size()) - 1;
  const std::optional<num::Matrix> initial = filter_initial_state(call, states, count);
  num::Matrix y(slices.rows(), count, num::Matrix::Element::ComplexValued);
  num::Matrix final(states, count, num::Matrix::Element::ComplexValued);
  filter_slices(coefficients, slices, initial, y, final);
  y.demote_if_real();
  final.demote_if_real();
  const num::NdArray result = past ? num::reshaped(num::NdArray::from_matrix(std::move(y)), dims)
                                   : num::from_slices_along(y, dims, dim);
  Value filtered = runtime::nd_result(result);
  if (call.nargout() < 2) return filtered;
  return Value::tuple({std::move(filtered), Value::matrix(std::move(final))});
}

Value filter(Call& call) {
  if (call.session().dialect() == lang::Dialect::Matlab) return matlab_filter(call);
  if (call.has(3))
    throw Error(fmt::format(messages::wrong_argument_count, "filter", 3, call.count()));
  const std::vector<double> b = signal_argument(call, 0, "b");
  const std::vector<double> a = signal_argument(call, 1, "a");
  const std::vector<double> x = signal_argument(call, 2, "x");
  if (a.empty() || a.front() == 0.0) call.fail(messages::leading_coefficient_zero);
  return like_signal(call, 2, num::filter(b, a, x));
}

// The window of movmean/movsum: k elements centred on each one, or [back, forward] given as
// two numbers.
num::Window window_argument(Call& call) {
  const num::Matrix w = real_matrix(call, 1);
  const auto count = [&](double value) {
    if (!(value >= 0.0) || std::floor(value) != value) {
      call.fail(messages::bad_window);
    }
    return static_cast<std::size_t>(value);
  };
  if (w.size() == 2) return {count(w[0]), count(w[1])};
  if (w.size() != 1 || w[0] < 1.0) {
    call.fail(messages::bad_window);
  }
  return num::centred_window(count(w[0]));
}

// movmean(x, k), movsum(x, k) and movXXX(A, k, dim): a vector as one signal; a matrix per
// column, an N-D array along its first non-singleton dim, or along dim (MATLAB's).
template <std::vector<double> (*moving)(std::span<const double>, num::Window)>
Value moving_window(Call& call) {
  const Value& x = call.value(0);
  require_numeric_or_nd(call, x);
  const bool one_signal =
      !call.has(2) && !x.is_nd_array() && (!x.is_array() || is_one_dimensional(x.matrix_value()));
  if (one_signal)
    return like_signal(call, 0, moving(signal_argument(call, 0, "x"), window_argument(call)));
  const num::Window window = window_argument(call);
  const int dim =
      call.has(2) ? call.nd_dim_argument(2) : num::first_non_singleton_dim(runtime::dims_of(x));
  return nd_transform_call(call, dim, [&](const num::Matrix& slices) {
    const num::Matrix signals = slices.transposed();  // one slice per row, each contiguous
    const std::span<const double> values = signals.real_values();
    const auto length = static_cast<std::size_t>(signals.columns());
    std::vector<double> result;
    result.reserve(values.size());
    for (std::size_t start = 0; start < values.size(); start += length) {
      const std::vector<double> moved = moving(values.subspan(start, length), window);
      result.insert(result.end(), moved.begin(), moved.end());
    }
    return std::vector{
        num::Matrix::row(result).with_shape(signals.rows(), signals.columns()).transposed()};
  });
}

// cumtrapz(y) with unit spacing, cumtrapz(x, y): the running trapezoidal integral, from 0.
Value cumtrapz(Call& call) {
  if (takes_matlab_trapezoid(call)) return matlab_trapezoid(call, Integral::Running);
  if (call.has(2)) throw Error(fmt::format(messages::wrong_argument_count, "cumtrapz", "1..2", 3));
  const int y_index = call.count() == 2 ? 1 : 0;
  const std::vector<double> y = signal_argument(call, y_index, "y");
  std::vector<double> x;
  if (call.count() == 2) {
    x = signal_argument(call, 0, "x");
    if (x.size() != y.size()) {
      call.fail(fmt::format(messages::must_have_same_length_got, "x and y", x.size(), y.size()));
    }
  }
  return like_signal(call, y_index, num::cumulative_trapezoid(x, y));
}

}  // namespace

extern const BuiltinTable kSignalBuiltins = {
    {"gradient", gradient, 1, 2,
     "Numerical derivative: central inside, one-sided at the ends. Example: gradient([1, 4, 9, "
     "16])"},
    {"conv", conv, 2, 3,
     "Convolution of two vectors: conv(u, v), conv(u, v, \"same\"/\"valid\"). Example: conv([1, "
     "1], [1, 2, 1])"},
    {"filter", filter, 3, 5,
     "Rational filter y = filter(b, a, x), e.g. an EMA of a curve; in matlab code [y, zf] = "
     "filter(b, a, x, zi, dim). Example: filter(0.5, [1, -0.5], [1, 1, 1, 1])"},
    {"movmean", moving_window<num::moving_mean>, 2, 3,
     "Moving mean over a centred window of k (or [back, forward]): movmean(x, k), movmean(A, k, "
     "dim); per column of a matrix, along the first non-singleton dim of an N-D array. Example: "
     "movmean([1, 2, 3, 4, 5], 3)"},
    {"movsum", moving_window<num::moving_sum>, 2, 3,
     "Moving sum over a centred window of k (or [back, forward]): movsum(x, k), movsum(A, k, dim); "
     "per column of a matrix, along the first non-singleton dim of an N-D array. Example: "
     "movsum([1, 2, 3, 4, 5], 3)"},
    {"cumtrapz", along_nd_slices<keeps_single<cumtrapz, 2>, true>, 1, 3,
     "Running trapezoidal integral: cumtrapz(y), cumtrapz(x, y); in matlab code also "
     "cumtrapz(y, dim), cumtrapz(x, y, dim). Example: cumtrapz([1, 2, 3])"},
};

}  // namespace llmlab::builtins
