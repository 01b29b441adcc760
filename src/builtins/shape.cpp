// The numeric constructor and shape builtins (builtins.md §3): linspace, logspace, repmat,
// reshape, diag, meshgrid, flips, circshift, tril/triu. The numerics are in num/shape.hpp; these
// adapters pick the Vector or Matrix result kind the spec gives each form.
#include "num/shape.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <string_view>

#include "base/utf8.hpp"
#include "builtins/registry.hpp"
#include "runtime/struct_array.hpp"

namespace llmlab::builtins {

namespace {

using runtime::Call;
using runtime::Kind;
using runtime::Value;

// The (rows, columns) of `f(A, m, n)` or `f(A, [m, n])` starting at argument `index`.
std::pair<num::Index, num::Index> size_arguments(const Call& call, int index) {
  if (call.has(index + 1)) return {call.count_argument(index), call.count_argument(index + 1)};
  const Value& sizes = call.value(index);
  if (sizes.is(Kind::Vector) && sizes.matrix_value().size() == 2) {
    const num::Matrix m = sizes.matrix_value();
    // Non-negative integers below 2^53 convert exactly (and without overflow) to Index.
    auto is_size = [](double x) { return x >= 0 && x < 0x1p53 && x == std::floor(x); };
    if (!is_size(m[0]) || !is_size(m[1])) {
      call.fail("size vector must hold two non-negative integers");
    }
    return {static_cast<num::Index>(m[0]), static_cast<num::Index>(m[1])};
  }
  const num::Index n = call.count_argument(index);
  return {n, n};
}

// A numeric argument that is not an array becomes a 1×1 block (Scalar, Complex, Bool).
const Value& numeric(const Call& call, int index, const char* what) {
  const Value& x = call.value(index);
  if (!x.is_numeric()) call.fail(std::string(what) + " " + std::string(x.kind_name()));
  return x;
}

Value linspace(Call& call) {
  const num::Index n = call.has(2) ? call.count_argument(2) : 100;
  return Value::vector(num::linspace(call.scalar(0), call.scalar(1), n));
}

Value logspace(Call& call) {
  const num::Index n = call.has(2) ? call.integer(2) : 50;
  return Value::vector(num::logspace(call.scalar(0), call.scalar(1), n));
}

// Always a Matrix; the logical mark survives (language.md §13.6).
Value repmat(Call& call) {
  // MATLAB's `repmat('-', 1, 40)` rule line: a string tiles along its row. A string is a single
  // row of characters (there are no character matrices), so more rows keep rlab's error.
  if (call.value(0).is(Kind::String)) {
    const auto [m, n] = size_arguments(call, 1);
    if (m != 1) call.fail("cannot tile string");
    const std::string& text = call.value(0).string_value();
    std::string tiled;
    tiled.reserve(text.size() * static_cast<std::size_t>(n));
    for (num::Index k = 0; k < n; ++k) tiled += text;
    return Value::string(std::move(tiled));
  }
  // A struct tiles into a struct array: repmat(struct("W", 0), 1, L) preallocates L layers.
  if (runtime::is_struct_like(call.value(0))) {
    const auto [m, n] = size_arguments(call, 1);
    if (m != 1) call.fail("cannot tile struct (struct arrays have one row)");
    const std::vector<Value> items = runtime::struct_elements(call.value(0));
    std::vector<Value> tiled;
    for (num::Index k = 0; k < n; ++k) tiled.insert(tiled.end(), items.begin(), items.end());
    return Value::struct_array(std::move(tiled));
  }
  // A string array tiles along its one dimension, as MATLAB's repmat({'-'}, 1, n) does.
  if (call.value(0).is(Kind::StringArray)) {
    const auto [m, n] = size_arguments(call, 1);
    if (m != 1) call.fail("cannot tile string_array");
    const std::vector<std::string>& items = call.value(0).string_array_value();
    std::vector<std::string> tiled;
    tiled.reserve(items.size() * static_cast<std::size_t>(n));
    for (num::Index k = 0; k < n; ++k) tiled.insert(tiled.end(), items.begin(), items.end());
    return Value::string_array(std::move(tiled));
  }
  const Value& a = numeric(call, 0, "cannot tile");
  const auto [m, n] = size_arguments(call, 1);
  return Value::matrix(num::repmat(a.as_matrix(), m, n), a.is_logical() && a.is_array());
}

// MATLAB's size placeholder `[]` in `reshape(A, [], n)`: the extent the element count leaves.
bool is_placeholder(const Value& v) { return v.is_array() && v.matrix_value().empty(); }

std::pair<num::Index, num::Index> reshape_sizes(const Call& call, num::Index total) {
  if (!call.has(2) || (!is_placeholder(call.value(1)) && !is_placeholder(call.value(2)))) {
    return size_arguments(call, 1);
  }
  const bool rows_free = is_placeholder(call.value(1));
  if (rows_free && is_placeholder(call.value(2))) call.fail("only one size may be []");
  const num::Index known = call.count_argument(rows_free ? 2 : 1);
  if (known == 0 || total % known != 0) {
    call.fail(fmt::format("cannot reshape {} elements with a dimension of {}", total, known));
  }
  return rows_free ? std::pair{total / known, known} : std::pair{known, total / known};
}

// Column-major reshape; 1×n and n×1 targets give a Vector (builtins.md §3).
Value reshape(Call& call) {
  const Value& a = numeric(call, 0, "cannot reshape");
  const auto [rows, columns] = reshape_sizes(call, a.as_matrix().size());
  num::Matrix result = num::reshape(a.as_matrix(), rows, columns);
  const bool logical = a.is_logical() && a.is_array();
  if (rows == 1 || columns == 1) return Value::vector(std::move(result), logical);
  return Value::matrix(std::move(result), logical);
}

// diag(v[, k]) builds a matrix from a Vector (or Scalar); diag(M[, k]) extracts a Vector.
Value diag(Call& call) {
  const Value& x = call.value(0);
  const num::Index k = call.has(1) ? call.integer(1) : 0;
  if (x.is(Kind::Matrix)) return Value::vector(num::diagonal_of(x.matrix_value(), k));
  if (!x.is_numeric()) call.fail("expected vector or matrix, got " + std::string(x.kind_name()));
  return Value::matrix(num::diagonal_matrix(x.as_matrix(), k));
}

Value meshgrid(Call& call) {
  const num::Matrix x = call.matrix(0);
  const num::Matrix y = call.has(1) ? call.matrix(1) : x;
  auto [grid_x, grid_y] = num::meshgrid(x, y);
  return Value::tuple({Value::matrix(std::move(grid_x)), Value::matrix(std::move(grid_y))});
}

// A string reversed character by character (UTF-8 sequences kept whole).
std::string reversed_characters(const std::string& text) {
  const std::vector<std::string_view> characters = characters_of(text);
  std::string result;
  result.reserve(text.size());
  for (auto it = characters.rbegin(); it != characters.rend(); ++it) result += *it;
  return result;
}

// Flips keep kind and shape; a Vector is a row, so flipud leaves it unchanged. A string and a
// string array are rows too (MATLAB: fliplr("abc") is "cba").
Value fliplr(Call& call) {
  const Value& text = call.value(0);
  if (text.is(Kind::String)) return Value::string(reversed_characters(text.string_value()));
  if (text.is(Kind::StringArray)) {
    std::vector<std::string> items = text.string_array_value();
    std::reverse(items.begin(), items.end());
    return Value::string_array(std::move(items));
  }
  const Value& x = numeric(call, 0, "unsupported type");
  if (!x.is_array()) return x;
  return Value::like(x, num::flip_columns(x.matrix_value()));
}
Value flipud(Call& call) {
  const Value& text = call.value(0);
  if (text.is(Kind::String) || text.is(Kind::StringArray)) return text;
  const Value& x = numeric(call, 0, "unsupported type");
  if (!x.is_array()) return x;
  return Value::like(x, num::flip_rows(x.matrix_value()));
}

// flip(x): MATLAB's reversal along the first dimension longer than one (a vector, a 1×N matrix
// and a string reverse their order, an N×1 or R×C matrix its rows); flip(x, dim) names it.
Value flip(Call& call) {
  const Value& x = call.value(0);
  if (call.has(1)) return call.dim_argument(1) == 2 ? fliplr(call) : flipud(call);
  const bool along_rows = x.is(Kind::Matrix) && x.matrix_value().rows() > 1;
  return along_rows ? flipud(call) : fliplr(call);
}

// circshift(v, k) rotates a Vector right; circshift(M, k[, dim]) rotates rows down (dim 1) or
// columns right (dim 2).
Value circshift(Call& call) {
  const Value& x = numeric(call, 0, "unsupported type");
  const num::Index k = call.integer(1);
  num::Dimension dimension = x.is(Kind::Vector) ? num::Dimension::Columns : num::Dimension::Rows;
  if (call.has(2)) {
    const std::int64_t dim = call.integer(2);
    if (dim != 1 && dim != 2) call.fail("dim must be 1 or 2, got " + std::to_string(dim));
    dimension = dim == 1 ? num::Dimension::Rows : num::Dimension::Columns;
  }
  if (!x.is_array()) return x;
  return Value::like(x, num::circular_shift(x.matrix_value(), k, dimension));
}

Value tril(Call& call) {
  return Value::matrix(num::lower_triangle(call.matrix(0), call.has(1) ? call.integer(1) : 0));
}
Value triu(Call& call) {
  return Value::matrix(num::upper_triangle(call.matrix(0), call.has(1) ? call.integer(1) : 0));
}

}  // namespace

extern const BuiltinTable kShapeBuiltins = {
    // name        function   min max help
    {"linspace", linspace, 2, 3, "n evenly spaced points from a to b (Vector; n = 100 default)."},
    {"logspace", logspace, 2, 3, "n points from 10^a to 10^b, evenly spaced in log (n = 50)."},
    {"repmat", repmat, 2, 3, "Tile A m×n times (a Matrix; a string repeats along its row)."},
    {"reshape", reshape, 2, 3, "Column-major reshape to m×n (Vector when m or n is 1)."},
    {"diag", diag, 1, 2, "Diagonal matrix from a Vector, or a diagonal of a Matrix."},
    {"meshgrid", meshgrid, 1, 2, "[X, Y] grids: X(i, j) = x(j), Y(i, j) = y(i)."},
    {"fliplr", fliplr, 1, 1, "Reverse the column order."},
    {"flipud", flipud, 1, 1, "Reverse the row order."},
    {"flip", flip, 1, 2, "Reverse along the first dimension longer than one; flip(x, dim)."},
    {"circshift", circshift, 2, 3, "Rotate a Vector right, or Matrix rows down (dim 2: columns)."},
    {"tril", tril, 1, 2, "Lower triangle: keep entries with j <= i + k."},
    {"triu", triu, 1, 2, "Upper triangle: keep entries with j >= i + k."},
};

}  // namespace llmlab::builtins
