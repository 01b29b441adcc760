// MATLAB staples Octave's tests call beside the function they test (issue #26): the platform
// predicates ismac, ispc, isunix; toeplitz; poly (a polynomial from its roots or a matrix's
// characteristic polynomial); pow2; and bounds' matlab form (matlab_staples.hpp). Values as MATLAB
// defines them, checked against Octave 7.3.
#include "builtins/matlab_staples.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

#include "base/error.hpp"
#include "base/messages/arguments.hpp"
#include "base/messages/mathematics.hpp"
#include "builtins/kinds.hpp"
#include "builtins/registry.hpp"
#include "num/linalg.hpp"
#include "num/nd_shape.hpp"
#include "num/ops.hpp"
#include "runtime/nd_values.hpp"

namespace llmlab::builtins {

using runtime::Call;
using runtime::Value;

namespace {

Value ismac(Call&) { return Value::boolean(false); }
Value ispc(Call&) { return Value::boolean(false); }
Value isunix(Call&) { return Value::boolean(true); }

// toeplitz(c, r): T(i, j) = c(i − j + 1) on and below the diagonal, r(j − i + 1) above it (the
// column wins the diagonal). toeplitz(r) is symmetric, Hermitian for complex r.
Value toeplitz(Call& call) {
  num::Matrix c = call.matrix(0);
  const num::Matrix r = call.has(1) ? call.matrix(1) : c;
  if (!is_one_dimensional(c) || !is_one_dimensional(r)) {
    call.fail(call.has(1) ? fmt::format(messages::must_be_vector_plural, "C and R")
                          : fmt::format(messages::must_be_vector, "C"));
  }
  if (!call.has(1) && c.is_complex()) {
    c = num::conjugate(c);
    if (!c.empty()) c.set(0, std::conj(c.complex_at(0)));
  }
  num::Matrix t(c.size(), r.size());
  for (num::Index i = 0; i < c.size(); ++i) {
    for (num::Index j = 0; j < r.size(); ++j) {
      t.set(i, j, i >= j ? c.complex_at(i - j) : r.complex_at(j - i));
    }
  }
  t.demote_if_real();
  return Value::matrix(std::move(t));
}

// True when the roots' non-real members pair with their conjugates (Octave's test), so the
// coefficients are real.
bool conjugate_pairs(const num::Matrix& roots) {
  std::vector<std::pair<double, double>> above;
  std::vector<std::pair<double, double>> below;
  for (num::Index k = 0; k < roots.size(); ++k) {
    const num::Complex z = roots.complex_at(k);
    if (z.imag() > 0) above.emplace_back(z.real(), z.imag());
    if (z.imag() < 0) below.emplace_back(z.real(), -z.imag());
  }
  std::sort(above.begin(), above.end());
  std::sort(below.begin(), below.end());
  return above == below;
}

// poly(r): the monic polynomial with roots r (a vector); poly(A): the characteristic
// polynomial of a square A, from its eigenvalues; poly([]) is 1.
Value poly(Call& call) {
  const num::Matrix x = call.matrix(0);
  if (x.empty()) return Value::scalar(1.0);
  num::Matrix roots = x;
  if (!is_one_dimensional(x)) {
    if (x.rows() != x.columns()) call.fail(messages::not_vector_or_square);
    roots = num::eig(x).values;
  }
  const num::Index n = roots.size();
  std::vector<num::Complex> y(static_cast<std::size_t>(n + 1));
  y[0] = 1.0;
  for (num::Index j = 0; j < n; ++j) {
    const num::Complex v = roots.complex_at(j);
    for (num::Index k = j + 1; k >= 1; --k) {
      y[static_cast<std::size_t>(k)] -= v * y[static_cast<std::size_t>(k - 1)];
    }
  }
  const bool real = x.is_real() || conjugate_pairs(roots);
  num::Matrix result(1, n + 1);
  for (num::Index k = 0; k <= n; ++k) {
    const num::Complex value = y[static_cast<std::size_t>(k)];
    if (real) {
      result.set(k, value.real());
    } else {
      result.set(k, value);
    }
  }
  return Value::matrix(std::move(result));
}

// pow2(x) = 2.^x; pow2(f, e) = f .* 2.^e.
Value pow2(Call& call) {
  const num::Matrix e = call.matrix(call.has(1) ? 1 : 0);
  const num::Matrix power = num::elementwise(num::Arithmetic::Power, 2.0, e);
  if (!call.has(1)) return Value::matrix(power);
  return Value::matrix(num::elementwise(num::Arithmetic::Multiply, call.matrix(0), power));
}

}  // namespace

Value matlab_bounds(Call& call) {
  std::vector<Value> arguments = {call.value(0), Value::matrix(num::Matrix(0, 0))};
  for (int k = 1; k < call.count(); ++k) {
    const Value& option = call.value(k);
    if (option.is_text()) {
      const std::string flag = option.string_value();
      if (runtime::nan_flag(option) == runtime::NanFlag::Omit) continue;
      call.fail(fmt::format(messages::nan_option_unsupported, flag));
    }
    arguments.push_back(option);
  }
  if (arguments.size() == 2) arguments.pop_back();  // min(x), not min(x, [])
  const Value low = call.invoke(Value::function_handle("min"), arguments);
  if (call.nargout() < 2) return low;
  return Value::tuple({low, call.invoke(Value::function_handle("max"), arguments)});
}

namespace {

// Where y and dim sit in trapz(y), trapz(y, dim), trapz(x, y), trapz(x, y, dim).
struct IntegrandLayout {
  int y = 0;
  std::optional<int> dim;  // 1-based, as written
};

IntegrandLayout integrand_layout(const Call& call) {
  if (call.count() >= 3) return {1, static_cast<int>(call.integer(2))};
  if (call.count() == 2 && call.value(0).is_nd_array() && call.value(1).element_count() == 1) {
    return {0, static_cast<int>(call.integer(1))};
  }
  return {call.count() - 1, std::nullopt};
}

int first_non_singleton(const num::Dims& dims) {
  for (std::size_t k = 0; k < dims.size(); ++k) {
    if (dims[k] != 1) return static_cast<int>(k);
  }
  return 0;
}

}  // namespace

Value integrate_nd_slices(Call& call, Value (*f)(Call&), bool running) {
  const IntegrandLayout layout = integrand_layout(call);
  const Value& y = call.value(layout.y);
  if (!y.is_nd_array()) return f(call);
  const num::Dims dims = y.nd_value().dims();
  const int dim = layout.dim ? *layout.dim - 1 : first_non_singleton(dims);
  if (dim < 0 || dim >= static_cast<int>(dims.size())) return f(call);
  std::vector<Value> arguments;
  if (layout.y == 1) {
    const Value& x = call.value(0);
    arguments.push_back(x.is_nd_array() ? Value::matrix(num::slices_along(x.nd_value(), dim)) : x);
  }
  arguments.push_back(Value::matrix(num::slices_along(y.nd_value(), dim)));
  arguments.push_back(Value::scalar(1.0));
  runtime::Call inner(call.interpreter(), call.name(), arguments, 1);
  const num::Matrix integrated = f(inner).as_matrix();
  num::Dims result_dims = dims;
  if (!running) result_dims[static_cast<std::size_t>(dim)] = 1;
  return runtime::nd_result(num::from_slices_along(integrated, result_dims, dim));
}

extern const BuiltinTable kMatlabStapleBuiltins = {
    {"ismac", ismac, 0, 0, "True on macOS: llmlab runs on Linux, so false. Example: ismac()"},
    {"ispc", ispc, 0, 0, "True on Windows: llmlab runs on Linux, so false. Example: ispc()"},
    {"isunix", isunix, 0, 0, "True on Unix (Linux, macOS): true for llmlab. Example: isunix()"},
    {"toeplitz", toeplitz, 1, 2,
     "Toeplitz matrix with first column c and first row r (the column wins the diagonal); "
     "toeplitz(r) is symmetric (Hermitian for complex r). Example: toeplitz([1 2 3], [1 4 5])"},
    {"poly", poly, 1, 1,
     "Coefficients of the monic polynomial with roots r, or the characteristic polynomial of a "
     "square matrix. Example: poly([1 2 3])"},
    {"pow2", pow2, 1, 2, "2.^x, or f .* 2.^e with two arguments. Example: pow2([0 1 -1])"},
};

}  // namespace llmlab::builtins
