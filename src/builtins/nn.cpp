// The ML / transformer builtins of builtins.md §8: softmax, log_softmax, relu, gelu, gelu_grad,
// layernorm, rmsnorm, causal_mask, row_entropies_bits, cross_entropy. Adapters only: they sort
// out argument forms, slices and errors; the numerics are the nn/ kernels on the matrices'
// contiguous row-major doubles.
#include <fmt/format.h>

#include <cmath>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "autodiff/attention_arguments.hpp"
#include "base/messages/arguments.hpp"
#include "base/messages/arrays.hpp"
#include "base/messages/models.hpp"
#include "builtins/kinds.hpp"
#include "builtins/registry.hpp"
#include "nn/attention_pages.hpp"
#include "nn/entropy.hpp"
#include "nn/gelu.hpp"
#include "nn/layernorm.hpp"
#include "nn/layernorm_complex.hpp"
#include "nn/rmsnorm.hpp"
#include "nn/softmax.hpp"
#include "num/format.hpp"
#include "num/nd_shape.hpp"

namespace llmlab::builtins {
namespace {

using runtime::Call;
using runtime::Kind;
using runtime::Value;

// How §8 slices an argument: a Scalar, a Vector and a 1-D-shaped Matrix are one slice; an R×C
// Matrix with R, C > 1 splits into rows (dim 2, the default) or columns (dim 1). An N-D array
// (issue #27) splits along any dim, dim 2 by default as a matrix does: the rows of every page.
enum class Form { Scalar, Vector, OneDimensional, Matrix, NdArray };
enum class Slices { Whole, Rows, Columns };

using RowKernel = void (*)(std::span<double>, std::span<const double>, int, int);
using ElementKernel = void (*)(std::span<double>, std::span<const double>);

int checked_int(const Call& call, num::Index size) {
  if (size > std::numeric_limits<int>::max()) call.fail(messages::array_too_large_for_kernels);
  return static_cast<int>(size);
}

// The form of argument 1, or the §8 type error for non-numeric and empty arguments.
Form form_of(const Call& call) {
  const Value& x = call.value(0);
  const std::string kinds = fmt::format(messages::argument_not_non_empty_array_got, x.kind_name());
  switch (x.kind()) {
    case Kind::Scalar:
    case Kind::Bool:
    case Kind::Complex:
      return Form::Scalar;
    case Kind::Vector:
      if (x.matrix_value().empty()) call.fail(kinds);
      return Form::Vector;
    case Kind::Matrix: {
      const num::Matrix& m = x.matrix_value();
      if (m.empty())
        call.fail(call.name() == "layernorm" || call.name() == "rmsnorm"
                      ? fmt::format(messages::must_be_non_empty, "matrix")
                      : kinds);
      return m.rows() == 1 || m.columns() == 1 ? Form::OneDimensional : Form::Matrix;
    }
    case Kind::NdArray:
      if (x.nd_value().empty()) call.fail(kinds);
      return Form::NdArray;
    default:
      call.fail(kinds);
  }
}

std::string_view form_name(Form form) {
  switch (form) {
    case Form::Scalar:
      return "scalar form";
    case Form::Vector:
      return "vector form";
    default:
      return "1-D-shaped matrix";
  }
}

// A dim argument (§0.2): 1 or 2.
Slices dim_argument(const Call& call, const Value& value) {
  if (!value.is_numeric()) call.fail(fmt::format(messages::dim_not_one_or_two, value.kind_name()));
  const double dim = value.as_scalar();
  if (dim != 1.0 && dim != 2.0) {
    call.fail(fmt::format(messages::dim_not_one_or_two, num::format_shortest(dim)));
  }
  return dim == 1.0 ? Slices::Columns : Slices::Rows;
}

num::Matrix real_of(const num::Matrix& x) { return x.is_complex() ? x.real_part() : x; }

// The real input of a function with no complex form (softmax, gelu, the entropies): an array
// whose imaginary parts are not all zero is an error, never silently its real part.
num::Matrix real_input(const Call& call, const num::Matrix& x) {
  if (!x.is_complex()) return x;
  for (num::Index k = 0; k < x.size(); ++k) {
    if (x.complex_at(k).imag() != 0.0) {
      call.fail(messages::complex_input_unsupported);
    }
  }
  return x.real_part();
}

// Runs a row kernel over the slices of a real matrix: every row, every column (through a
// transpose, so the kernel always sees contiguous slices), or all elements as one slice.
template <class Kernel>
num::Matrix map_slices(const Call& call, const num::Matrix& input, Slices slices, Kernel&& kernel) {
  const num::Matrix x = slices == Slices::Columns ? input.transposed() : input;
  // The row kernels write every element of every slice.
  num::Matrix result = num::Matrix::uninitialized(x.rows(), x.columns());
  const int N = slices == Slices::Whole ? 1 : checked_int(call, x.rows());
  const int C = checked_int(call, slices == Slices::Whole ? x.size() : x.columns());
  kernel(result.mutable_real_values(), x.real_values(), N, C);
  return slices == Slices::Columns ? result.transposed() : result;
}

// A row kernel over the slices of an N-D array along 0-based `dim` (num::rows_along: the
// storage itself along dim 2), its result in the array's extents.
template <class Kernel>
Value nd_map_slices(const Call& call, int dim, Kernel&& kernel) {
  const num::NdArray& array = call.value(0).nd_value();
  const num::Matrix rows = real_input(call, num::rows_along(array, dim));
  return runtime::nd_result(num::from_rows_along(
      map_slices(call, rows, Slices::Rows, std::forward<Kernel>(kernel)), array.dims(), dim));
}

// softmax and log_softmax: `f(x)` or `f(M, dim)` (§8 softmax, log_softmax).
Value row_softmax(Call& call, RowKernel kernel) {
  const Form form = form_of(call);
  if (form == Form::NdArray)
    return nd_map_slices(call, call.has(1) ? call.nd_dim_argument(1) : 1, kernel);
  Slices slices = Slices::Whole;
  if (form == Form::Matrix) {
    slices = call.has(1) ? dim_argument(call, call.value(1)) : Slices::Rows;
  } else if (call.has(1)) {
    call.fail(fmt::format(messages::takes_one_argument, form_name(form)));
  }
  return Value::like(call.value(0),
                     map_slices(call, real_input(call, call.matrix(0)), slices, kernel));
}

Value softmax(Call& call) { return row_softmax(call, &nn::softmax_forward<double>); }
Value log_softmax(Call& call) { return row_softmax(call, &nn::log_softmax_forward<double>); }

Value elementwise(Call& call, ElementKernel kernel) {
  const num::Matrix x = real_input(call, call.matrix(0));
  num::Matrix result = num::Matrix::uninitialized(x.rows(), x.columns());  // the kernel writes all
  kernel(result.mutable_real_values(), x.real_values());
  return Value::like(call.value(0), std::move(result));
}

Value relu(Call& call) { return elementwise(call, &nn::relu_forward<double>); }
Value gelu(Call& call) { return elementwise(call, &nn::gelu_forward<double>); }
Value gelu_grad(Call& call) { return elementwise(call, &nn::gelu_grad<double>); }

// The options of layernorm and rmsnorm: positional `(x, eps)` for one-slice forms,
// `(M, dim, eps)` for a matrix, then name–value pairs "gamma", "beta", "eps", "dim".
struct NormOptions {
  Slices slices = Slices::Whole;
  int nd_dim = 1;  // an N-D array's dim, 0-based
  double eps = 1e-5;
  std::optional<num::Matrix> gamma;
  std::optional<num::Matrix> beta;
};

NormOptions norm_options(const Call& call, Form form, bool takes_beta) {
  NormOptions options;
  if (form == Form::Matrix) options.slices = Slices::Rows;
  int index = 1;
  const bool sliced = form == Form::Matrix || form == Form::NdArray;
  const int positional_limit = sliced ? 2 : 1;
  for (int position = 0; index < call.count() && !call.value(index).is(Kind::String);
       ++position, ++index) {
    if (position >= positional_limit) {
      const std::string_view usage = form == Form::Vector   ? messages::norm_vector_form
                                     : form == Form::Scalar ? messages::norm_scalar_form
                                     : form == Form::OneDimensional
                                         ? messages::norm_one_dimensional_form
                                         : messages::norm_matrix_form;
      call.fail(usage);
    }
    if (form == Form::NdArray && position == 0) {
      options.nd_dim = call.nd_dim_argument(index);
    } else if (form == Form::Matrix && position == 0) {
      options.slices = dim_argument(call, call.value(index));
    } else {
      options.eps = call.scalar(index);
    }
  }
  const Call::Option gamma{"gamma", [&](int k) { options.gamma = real_of(call.matrix(k)); }};
  const Call::Option beta{"beta", [&](int k) { options.beta = real_of(call.matrix(k)); }};
  const Call::Option eps{"eps", [&](int k) { options.eps = call.scalar(k); }};
  const Call::Option dim{"dim", [&](int k) {
                           if (form == Form::NdArray) {
                             options.nd_dim = call.nd_dim_argument(k);
                             return;
                           }
                           const Slices slices = dim_argument(call, call.value(k));
                           if (form == Form::Matrix) options.slices = slices;  // others ignore dim
                         }};
  if (takes_beta) {
    call.name_value_options(index, {gamma, beta, eps, dim});
  } else {
    call.name_value_options(index, {gamma, eps, dim});
  }
  return options;
}

// gamma or beta as a span of the slice length, or empty when not given.
std::span<const double> affine(const Call& call, const std::optional<num::Matrix>& parameter,
                               std::string_view name, num::Index length) {
  if (!parameter) return {};
  if (parameter->size() != length) {
    call.fail(fmt::format(messages::element_count_mismatch, name, parameter->size(), length));
  }
  return parameter->real_values();
}

num::Index slice_length(const num::Matrix& x, Slices slices) {
  switch (slices) {
    case Slices::Whole:
      return x.size();
    case Slices::Rows:
      return x.columns();
    default:
      return x.rows();
  }
}

// Complex layernorm, row by row through the same transpose rule as map_slices.
num::Matrix complex_layernorm(const Call& call, const num::Matrix& input,
                              const NormOptions& options) {
  const num::Matrix x = options.slices == Slices::Columns ? input.transposed() : input;
  num::Matrix result(x.rows(), x.columns(), num::Matrix::Element::ComplexValued);
  const int N = options.slices == Slices::Whole ? 1 : checked_int(call, x.rows());
  const int C = checked_int(call, options.slices == Slices::Whole ? x.size() : x.columns());
  nn::layernorm_forward_complex(result.mutable_complex_values(), x.complex_values(),
                                affine(call, options.gamma, "gamma", C),
                                affine(call, options.beta, "beta", C), N, C, options.eps);
  return options.slices == Slices::Columns ? result.transposed() : result;
}

Value layernorm(Call& call) {
  const Form form = form_of(call);
  const NormOptions options = norm_options(call, form, true);
  if (form == Form::NdArray) {
    const num::Index length = call.value(0).nd_value().extent(options.nd_dim);
    const auto gamma = affine(call, options.gamma, "gamma", length);
    const auto beta = affine(call, options.beta, "beta", length);
    return nd_map_slices(
        call, options.nd_dim, [&](std::span<double> y, std::span<const double> in, int N, int C) {
          nn::layernorm_forward<double>(y, {}, {}, in, gamma, beta, N, C, options.eps);
        });
  }
  const num::Matrix x = call.matrix(0);
  if (x.is_complex()) return Value::like(call.value(0), complex_layernorm(call, x, options));
  const num::Index length = slice_length(x, options.slices);
  const auto gamma = affine(call, options.gamma, "gamma", length);
  const auto beta = affine(call, options.beta, "beta", length);
  return Value::like(call.value(0),
                     map_slices(call, x, options.slices,
                                [&](std::span<double> y, std::span<const double> in, int N, int C) {
                                  nn::layernorm_forward<double>(y, {}, {}, in, gamma, beta, N, C,
                                                                options.eps);
                                }));
}

Value rmsnorm(Call& call) {
  const Form form = form_of(call);
  const NormOptions options = norm_options(call, form, false);
  if (form == Form::NdArray) {
    const auto gamma =
        affine(call, options.gamma, "gamma", call.value(0).nd_value().extent(options.nd_dim));
    return nd_map_slices(call, options.nd_dim,
                         [&](std::span<double> y, std::span<const double> in, int N, int C) {
                           nn::rmsnorm_forward<double>(y, {}, in, gamma, N, C, options.eps);
                         });
  }
  const num::Matrix x = real_input(call, call.matrix(0));
  const auto gamma = affine(call, options.gamma, "gamma", slice_length(x, options.slices));
  return Value::like(call.value(0),
                     map_slices(call, x, options.slices,
                                [&](std::span<double> y, std::span<const double> in, int N, int C) {
                                  nn::rmsnorm_forward<double>(y, {}, in, gamma, N, C, options.eps);
                                }));
}

// causal_mask(T): the T×T additive mask, 0 on and below the diagonal, -1e9 above (§8).
Value causal_mask(Call& call) {
  const std::int64_t size = call.count_argument(0);
  if (size < 1) call.fail(messages::size_below_1);
  const int T = checked_int(call, size);
  num::Matrix mask(size, size);
  nn::causal_mask<double>(mask.mutable_real_values(), T, -1e9);
  return Value::matrix(std::move(mask));
}

// row_entropies_bits(P): one entropy in bits per row of P; a Vector or Scalar is one row (§8).
Value row_entropies_bits(Call& call) {
  const num::Matrix p = real_input(call, call.matrix(0));
  const bool one_row = !call.value(0).is(Kind::Matrix);
  const int N = one_row ? 1 : checked_int(call, p.rows());
  const int C = checked_int(call, one_row ? p.size() : p.columns());
  num::Matrix entropies(1, N);
  nn::row_entropies_bits<double>(entropies.mutable_real_values(), p.real_values(), N, C);
  return Value::vector(std::move(entropies));
}

// Targets 1…V (script indices) as 0-based classes, one per logits row.
// The targets are read in MATLAB's linear order (a T×B matrix for T×V×B logits).
std::vector<int> class_targets(const Call& call, int N, int V) {
  if (!runtime::is_numeric_or_nd(call.value(1))) {
    call.fail(fmt::format(messages::argument_2_not_numeric, call.value(1).kind_name()));
  }
  if (runtime::as_nd_array(call.value(1)).is_complex())
    call.fail(fmt::format(messages::must_be_real, "targets"));
  const std::vector<double> targets = runtime::linear_elements(call.value(1));
  if (std::ssize(targets) != N)
    call.fail(fmt::format(messages::target_row_count_mismatch, targets.size(), N));
  std::vector<int> classes(static_cast<std::size_t>(N));
  for (int n = 0; n < N; ++n) {
    const double target = targets[static_cast<std::size_t>(n)];
    if (!(target >= 1.0 && target <= static_cast<double>(V)) || target != std::floor(target)) {
      call.fail(fmt::format(messages::target_out_of_range, num::format_shortest(target), V, n + 1));
    }
    classes[static_cast<std::size_t>(n)] = static_cast<int>(target) - 1;
  }
  return classes;
}

// The reduction argument of cross_entropy: true for "none" (a loss per example).
bool per_example_losses(const Call& call) {
  return call.has(2) && call.choice(2, {"mean", "none"}, "argument 3 (reduction)") == 1;
}

// cross_entropy(logits, targets[, "none" | "mean"]): mean (or per-row) -log softmax at the
// target, from the logits through log-sum-exp (§8 cross_entropy). N-D logits (issue #27) hold
// the classes along dim 2 (T×V×B, as a page product of T×C×B activations gives them): each
// position of the other dims is one example, its target at that position of `targets` (T×B),
// and "none" gives the losses with extent 1 at dim 2.
Value cross_entropy(Call& call) {
  const Value& input = call.value(0);
  const bool nd = input.is_nd_array();
  const num::Matrix logits =
      real_input(call, nd ? num::rows_along(input.nd_value(), 1) : call.matrix(0));
  const bool one_row = !nd && !input.is(Kind::Matrix);
  const int N = one_row ? 1 : checked_int(call, logits.rows());
  const int V = checked_int(call, one_row ? logits.size() : logits.columns());
  if (N == 0 || V == 0) call.fail(fmt::format(messages::must_be_non_empty, "logits"));
  const bool per_example = per_example_losses(call);
  const std::vector<int> targets = class_targets(call, N, V);
  num::Matrix losses(1, N);
  nn::crossentropy_from_logits_forward<double>(losses.mutable_real_values(), logits.real_values(),
                                               targets, N, V);
  if (per_example && nd) {
    const num::Dims dims = num::reduced_dims(input.nd_value().dims(), 1);
    return runtime::nd_result(num::from_rows_along(losses.with_shape(N, 1), dims, 1));
  }
  if (per_example) return Value::vector(std::move(losses));
  double sum = 0.0;
  for (const double loss : losses.real_values()) sum += loss;
  return Value::scalar(sum / static_cast<double>(N));
}

// y = attention(q, k, v, ...), attention(qkv, ...) and [y, weights] = attention(...): scaled
// dot-product attention page by page (issue #27; nn/attention_pages.hpp).
Value attention(Call& call) {
  const autodiff::AttentionArguments arguments =
      autodiff::read_attention_arguments(call.arguments());
  nn::AttentionResult result = autodiff::attention_of(arguments);
  Value y = runtime::nd_result(std::move(result.output));
  if (call.nargout() < 2) return y;
  return Value::tuple({std::move(y), runtime::nd_result(std::move(result.weights))});
}

}  // namespace

extern const BuiltinTable kNnBuiltins = {
    // name               function            min max  help
    {"softmax", softmax, 1, 2,
     "Softmax of each row (dim 2, default) or column (dim 1). Example: softmax([1, 2, 3])"},
    {"log_softmax", log_softmax, 1, 2,
     "Log of softmax per row or column, computed stably. Example: log_softmax([1, 2, 3])"},
    {"relu", element_wise<relu>, 1, 1, "max(x, 0), element-wise. Example: relu([-1, 0, 2])"},
    {"gelu", element_wise<gelu>, 1, 1,
     "GELU (tanh approximation), element-wise. Example: gelu([-1, 0, 1])"},
    {"gelu_grad", element_wise<gelu_grad>, 1, 1,
     "Derivative of gelu (tanh form), element-wise. Example: gelu_grad([-1, 0, 1])"},
    {"layernorm", layernorm, 1, 11,
     "Standardise each row (or column) to mean 0, variance 1; eps 1e-5 inside the root. Example: "
     "layernorm([1, 2, 3; 2, 4, 8])"},
    {"rmsnorm", rmsnorm, 1, 9,
     "Divide each row (or column) by its root mean square. Example: rmsnorm([1, 2, 3])"},
    {"causal_mask", causal_mask, 1, 1,
     "T×T mask: 0 on and below the diagonal, -1e9 above. Example: causal_mask(3)"},
    {"row_entropies_bits", row_entropies_bits, 1, 1,
     "Shannon entropy in bits of each row. Example: row_entropies_bits([0.5, 0.5; 1, 0])"},
    {"attention", attention, 1, 9,
     "Scaled dot-product attention per page: softmax(q*k'/sqrt(d) + mask)*v, options \"heads\", "
     "\"causal\", \"scale\"; attention(qkv, ...) takes q, k, v side by side in one array; [y, "
     "weights] = attention(...). Example: attention(rand(4, 8, 2), "
     "rand(4, 8, 2), rand(4, 8, 2), \"heads\", 2, \"causal\", true)"},
    {"cross_entropy", cross_entropy, 2, 3,
     "Mean (or per-row, \"none\") cross-entropy loss. Example: cross_entropy([2, 1, 0; 0, 1, 2], "
     "[1, 3])"},
};

}  // namespace llmlab::builtins
