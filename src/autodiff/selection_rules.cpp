// Gradient rules of the builtins whose outputs are chosen input elements or per-slice
// statistics: sort, sortrows, maxk, mink (through their index outputs), cummax, cummin, median,
// range, bounds (to the chosen elements), cumprod, var, std and zscore. At a tie the gradient
// goes to one element: the one the index output names, else the first in the slice.
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <vector>

#include "autodiff/array_math.hpp"
#include "autodiff/rules.hpp"
#include "num/ops.hpp"

namespace llmlab::autodiff {

namespace {

using runtime::Kind;
using runtime::primal_of;

std::size_t at(Index i) { return static_cast<std::size_t>(i); }

// A node whose output element j copies input element source[j] (flat positions; -1 for none).
Value record_selection(RuleCall& call, Value result, std::vector<Index> source, const Matrix& x) {
  const Value operands[] = {call.arguments[0]};
  call.tape.add_saved_bytes(source.size() * sizeof(Index));
  return record_first(call, std::move(result), operands,
                      [source = std::move(source), rows = x.rows(), columns = x.columns()](
                          const Matrix& g, GradientSink& sink) {
                        if (!sink.wants(0)) return;
                        std::span<double> out = sink.accumulator(0, rows, columns);
                        for (std::size_t j = 0; j < source.size(); ++j) {
                          if (source[j] >= 0) out[at(source[j])] += g[static_cast<Index>(j)];
                        }
                      });
}

// A reduction whose gradient is the output's, spread back over the slices of x, times a
// fixed factor per element of x (median's weights, var's and vecnorm's derivatives).
Value record_scaled(RuleCall& call, Value result, Matrix factor) {
  const Value operands[] = {call.arguments[0]};
  return call.tape.record(
      std::move(result), operands,
      [factor = std::move(factor)](const Matrix& g, GradientSink& sink) {
        sink.add(0, num::elementwise(num::Arithmetic::Multiply,
                                     expand(g, factor.rows(), factor.columns()), factor));
      });
}

// The sources of an output laid out by slices of x (`along`), where `index` holds the 1-based
// position inside each slice of every output element (sort's and maxk's index outputs).
std::vector<Index> sources_from_index(const Matrix& x, const Matrix& index, Along along) {
  std::vector<Index> source(at(index.size()), -1);
  for (Index r = 0; r < index.rows(); ++r) {
    for (Index c = 0; c < index.columns(); ++c) {
      const Index k = static_cast<Index>(index(r, c)) - 1;
      const Index flat = r * index.columns() + c;
      if (along == Along::ColumnSlices) {
        source[at(flat)] = k * x.columns() + c;
      } else {
        source[at(flat)] = r * x.columns() + k;
      }
    }
  }
  return source;
}

// sort(x[, dim][, direction]) and maxk/mink(x, k[, dim]): each output element from the input
// element its index output names. `dim_position` is where the dim argument may be.
template <std::size_t kDimPosition>
Value indexed_selection(RuleCall& call) {
  Value both = call.plain(2);
  const Matrix x = call.matrix(0);
  const Matrix index = both.tuple_items()[1].as_matrix();
  const Along along = running_along(primal_of(call.arguments[0]), x, dim_at(call, kDimPosition));
  Value result = call.nargout >= 2 ? both : both.tuple_items()[0];
  return record_selection(call, std::move(result), sources_from_index(x, index, along), x);
}

// sort's dim is its first numeric argument after x (sort(x, dim, dir) or sort(x, dir)).
Value sort_rule(RuleCall& call) {
  if (call.arguments.size() >= 2 && primal_of(call.arguments[1]).is_numeric()) {
    return indexed_selection<1>(call);
  }
  return indexed_selection<99>(call);
}

// [B, i] = sortrows(M, ...): B = M(i, :).
Value sortrows_rule(RuleCall& call) {
  Value both = call.plain(2);
  const Matrix x = call.matrix(0);
  const Matrix order = both.tuple_items()[1].as_matrix();
  std::vector<Index> source;
  for (Index r = 0; r < order.size(); ++r) {
    for (Index c = 0; c < x.columns(); ++c) {
      source.push_back((static_cast<Index>(order[r]) - 1) * x.columns() + c);
    }
  }
  Value result = call.nargout >= 2 ? both : both.tuple_items()[0];
  return record_selection(call, std::move(result), std::move(source), x);
}

// The first element of the slice equal to `value` (NaN matches nothing), or -1.
Index first_equal(std::span<const double> in, Index start, Index stride, Index count,
                  double value) {
  for (Index i = 0; i < count; ++i) {
    if (in[at(start + i * stride)] == value) return start + i * stride;
  }
  return -1;
}

// cummax/cummin(x[, dim]): each running extremum from the first element that holds it.
Value running_extremum_rule(RuleCall& call) {
  Value result = call.plain();
  const Matrix x = call.matrix(0);
  const Matrix y = primal_of(result).as_matrix();
  const Along along = running_along(primal_of(call.arguments[0]), x, dim_at(call, 1));
  std::vector<Index> source(at(y.size()), -1);
  std::span<const double> in = x.real_values();
  for_each_slice(x, along, [&](Index start, Index stride, Index count, Index) {
    for (Index i = 0; i < count; ++i) {
      const Index p = start + i * stride;
      source[at(p)] = first_equal(in, start, stride, i + 1, y[p]);
    }
  });
  return record_selection(call, std::move(result), std::move(source), x);
}

// A reduction to one chosen element per slice (range's ends, bounds, median of an odd count):
// the slices read off the output's shape.
std::vector<Index> chosen_per_slice(const Matrix& x, const Matrix& y) {
  std::vector<Index> source(at(y.size()), -1);
  std::span<const double> in = x.real_values();
  for_each_slice(x, reduced_along(x, y.rows(), y.columns()),
                 [&](Index start, Index stride, Index count, Index slice) {
                   source[at(slice)] = first_equal(in, start, stride, count, y[slice]);
                 });
  return source;
}

// bounds(x[, dim]): [smallest, largest] per slice, each from its first holder.
Value bounds_rule(RuleCall& call) {
  std::vector<Value> primals;  // x and the dim, if given
  for (const Value& argument : call.arguments) primals.push_back(primal_of(argument));
  const Value both = call.invoke(primals, 2);
  const Matrix x = call.matrix(0);
  std::vector<Value> items = both.tuple_items();
  for (Value& item : items) {
    const Matrix y = item.as_matrix();
    item = record_selection(call, item, chosen_per_slice(x, y), x);
  }
  if (call.nargout < 2) return items[0];
  return Value::tuple(std::move(items));
}

// range(x[, dim]) = max - min per slice: +g to the first maximum, -g to the first minimum.
Value range_rule(RuleCall& call) {
  Value result = call.plain();
  const Matrix x = call.matrix(0);
  const Matrix y = primal_of(result).as_matrix();
  std::vector<Index> high(at(y.size()), -1), low(at(y.size()), -1);
  std::span<const double> in = x.real_values();
  for_each_slice(x, reduced_along(x, y.rows(), y.columns()),
                 [&](Index start, Index stride, Index count, Index slice) {
                   for (Index i = 0; i < count; ++i) {
                     const Index p = start + i * stride;
                     if (std::isnan(in[at(p)])) continue;
                     if (high[at(slice)] < 0 || in[at(p)] > in[at(high[at(slice)])]) {
                       high[at(slice)] = p;
                     }
                     if (low[at(slice)] < 0 || in[at(p)] < in[at(low[at(slice)])]) {
                       low[at(slice)] = p;
                     }
                   }
                 });
  const Value operands[] = {call.arguments[0]};
  return call.tape.record(
      std::move(result), operands,
      [high, low, rows = x.rows(), columns = x.columns()](const Matrix& g, GradientSink& sink) {
        if (!sink.wants(0)) return;
        std::span<double> out = sink.accumulator(0, rows, columns);
        for (std::size_t j = 0; j < high.size(); ++j) {
          if (high[j] < 0) continue;
          out[at(high[j])] += g[static_cast<Index>(j)];
          out[at(low[j])] -= g[static_cast<Index>(j)];
        }
      });
}

// median: the middle element of each sorted slice (stably sorted, so the first of equal
// values), or half to each of the two middle ones; a slice holding NaN has a NaN median and
// NaN gradients.
Value median_rule(RuleCall& call) {
  Value result = call.plain();
  const Matrix x = call.matrix(0);
  const Matrix y = primal_of(result).as_matrix();
  Matrix weights(x.rows(), x.columns());
  std::span<double> w = weights.mutable_real_values();
  std::span<const double> in = x.real_values();
  for_each_slice(x, reduced_along(x, y.rows(), y.columns()),
                 [&](Index start, Index stride, Index count, Index) {
                   std::vector<Index> order(at(count));
                   std::iota(order.begin(), order.end(), Index{0});
                   const auto value = [&](Index i) { return in[at(start + i * stride)]; };
                   if (std::any_of(order.begin(), order.end(),
                                   [&](Index i) { return std::isnan(value(i)); })) {
                     for (const Index i : order) {
                       w[at(start + i * stride)] = std::numeric_limits<double>::quiet_NaN();
                     }
                     return;
                   }
                   std::stable_sort(order.begin(), order.end(),
                                    [&](Index a, Index b) { return value(a) < value(b); });
                   if (count % 2 == 1) {
                     w[at(start + order[at(count / 2)] * stride)] = 1.0;
                   } else if (count > 0) {
                     w[at(start + order[at(count / 2 - 1)] * stride)] += 0.5;
                     w[at(start + order[at(count / 2)] * stride)] += 0.5;
                   }
                 });
  return record_scaled(call, std::move(result), std::move(weights));
}

// cumprod(x[, dim]): ∂y_i/∂x_j = Π_{k ≤ i, k ≠ j} x_k, so the gradient of x_j is
// (Π_{k < j} x_k) · S_j with S_j = g_j + x_{j+1} S_{j+1}: exact at zeros, one pass each way.
Value cumprod_rule(RuleCall& call) {
  return record_running(call, [](const Matrix& x, const Matrix& g, std::span<double> out,
                                 Index start, Index stride, Index count) {
    std::span<const double> in = x.real_values();
    double suffix = 0.0;
    for (Index i = count - 1; i >= 0; --i) {
      const Index p = start + i * stride;
      const double next = i + 1 < count ? in[at(p + stride)] : 0.0;
      suffix = g[p] + next * suffix;
      out[at(p)] = suffix;
    }
    double prefix = 1.0;
    for (Index i = 0; i < count; ++i) {
      const Index p = start + i * stride;
      out[at(p)] *= prefix;
      prefix *= in[at(p)];
    }
  });
}

// var(x), var(x, dim), var(x, w, dim) and std: per slice of N elements with mean m and
// divisor D (N - 1, or N when w = 1), ∂var/∂x_i = 2 (x_i - m) / D and ∂std = ∂var / (2 std).
// A slice of one element has var 0 and gradient 0.
template <bool kStd>
Value spread_rule(RuleCall& call) {
  Value result = call.plain();
  const Matrix x = call.matrix(0);
  const Matrix y = primal_of(result).as_matrix();
  // w = 1 divides by N: std(x, 1, dim), and std(x, 1) in matlab code (rlab reads a dim there).
  const bool weighted =
      call.arguments.size() == 3 || (call.arguments.size() == 2 && call.second_is_weight());
  const bool population = weighted && dim_at(call, 1) == 1.0;
  Matrix factor(x.rows(), x.columns());
  std::span<double> f = factor.mutable_real_values();
  std::span<const double> in = x.real_values();
  for_each_slice(x, reduced_along(x, y.rows(), y.columns()),
                 [&](Index start, Index stride, Index count, Index slice) {
                   if (count <= 1) return;
                   double mean = 0.0;
                   for (Index i = 0; i < count; ++i) mean += in[at(start + i * stride)];
                   mean /= static_cast<double>(count);
                   const double divisor = static_cast<double>(population ? count : count - 1);
                   const double spread = y[slice];
                   for (Index i = 0; i < count; ++i) {
                     const Index p = start + i * stride;
                     const double dvar = 2.0 * (in[at(p)] - mean) / divisor;
                     f[at(p)] = kStd ? (spread == 0.0 ? 0.0 : dvar / (2.0 * spread)) : dvar;
                   }
                 });
  return record_scaled(call, std::move(result), std::move(factor));
}

// zscore(x[, w, dim]): z = (x - m) / s per slice; with D the divisor of s,
// ∂L/∂x_j = (g_j - mean(g) - z_j Σ_i g_i z_i / D) / s (0 where s = 0, as z is).
Value zscore_rule(RuleCall& call) {
  Value result = call.plain();
  const Matrix x = call.matrix(0);
  const Matrix z = primal_of(result).as_matrix();
  const bool population = dim_at(call, 1) == 1.0;
  const Along along = running_along(primal_of(call.arguments[0]), x, dim_at(call, 2));
  const Value operands[] = {call.arguments[0]};
  return call.tape.record(
      std::move(result), operands, [x, z, along, population](const Matrix& g, GradientSink& sink) {
        Matrix d(x.rows(), x.columns());
        std::span<double> out = d.mutable_real_values();
        std::span<const double> in = x.real_values();
        for_each_slice(x, along, [&](Index start, Index stride, Index count, Index) {
          const auto n = static_cast<double>(count);
          double mean = 0.0, mean_g = 0.0, gz = 0.0;
          for (Index i = 0; i < count; ++i) {
            const Index p = start + i * stride;
            mean += in[at(p)] / n;
            mean_g += g[p] / n;
            gz += g[p] * z[p];
          }
          double squares = 0.0;
          for (Index i = 0; i < count; ++i) {
            const double e = in[at(start + i * stride)] - mean;
            squares += e * e;
          }
          const double divisor = population ? n : n - 1.0;
          const double s = divisor > 0.0 ? std::sqrt(squares / divisor) : 0.0;
          if (s == 0.0) return;
          for (Index i = 0; i < count; ++i) {
            const Index p = start + i * stride;
            out[at(p)] = (g[p] - mean_g - z[p] * gz / divisor) / s;
          }
        });
        sink.add(0, std::move(d));
      });
}

// vecnorm(A[, p[, dim]]): per slice, ∂‖x‖_p/∂x_i = sign(x_i) (|x_i| / ‖x‖)^(p-1); for p = Inf
// the first element of largest magnitude takes it all; a zero slice has gradient 0.
Value vecnorm_rule(RuleCall& call) {
  Value result = call.plain();
  const Matrix x = call.matrix(0);
  const Matrix y = primal_of(result).as_matrix();
  const double p = dim_at(call, 1).value_or(2.0);
  Matrix factor(x.rows(), x.columns());
  std::span<double> f = factor.mutable_real_values();
  std::span<const double> in = x.real_values();
  const auto sign = [](double v) { return v > 0 ? 1.0 : (v < 0 ? -1.0 : 0.0); };
  for_each_slice(x, reduced_along(x, y.rows(), y.columns()),
                 [&](Index start, Index stride, Index count, Index slice) {
                   const double norm = y[slice];
                   if (norm == 0.0 || count == 0) return;
                   if (std::isinf(p)) {
                     Index best = start;
                     for (Index i = 0; i < count; ++i) {
                       const Index q = start + i * stride;
                       if (std::abs(in[at(q)]) > std::abs(in[at(best)])) best = q;
                     }
                     f[at(best)] = sign(in[at(best)]);
                     return;
                   }
                   for (Index i = 0; i < count; ++i) {
                     const Index q = start + i * stride;
                     f[at(q)] = sign(in[at(q)]) * std::pow(std::abs(in[at(q)]) / norm, p - 1.0);
                   }
                 });
  return record_scaled(call, std::move(result), std::move(factor));
}

// cov(x), cov(X), cov(x, y): C = V_cᵀ V_c / (N - 1) over the N × k variables V (x's elements as
// one column, X's columns, or [x(:), y(:)]) centred by column, so V̄ = V_c (G + Gᵀ) / (N - 1),
// split back to the arguments.
Value cov_rule(RuleCall& call) {
  Value result = call.plain();
  std::vector<Matrix> parts;
  for (std::size_t k = 0; k < call.arguments.size(); ++k) parts.push_back(call.matrix(k));
  const bool one_matrix = parts.size() == 1 && parts[0].rows() > 1 && parts[0].columns() > 1;
  const Index observations = one_matrix ? parts[0].rows() : parts[0].size();
  const Index variables = one_matrix ? parts[0].columns() : static_cast<Index>(parts.size());
  Matrix centred(observations, variables);
  for (Index v = 0; v < variables; ++v) {
    double mean = 0.0;
    for (Index i = 0; i < observations; ++i) {
      const double value = one_matrix ? parts[0](i, v) : parts[at(v)].real_values()[at(i)];
      // 1-D arguments in storage order, which is their element order.
      centred.set(i, v, value);
      mean += value / static_cast<double>(observations);
    }
    for (Index i = 0; i < observations; ++i) centred.set(i, v, centred(i, v) - mean);
  }
  std::vector<std::pair<Index, Index>> shapes;
  for (const Matrix& m : parts) shapes.emplace_back(m.rows(), m.columns());
  return call.tape.record(std::move(result), call.arguments,
                          [centred, shapes, one_matrix](const Matrix& g, GradientSink& sink) {
                            const Index n = centred.rows(), k = centred.columns();
                            if (n <= 1) return;
                            const Matrix gk = g.with_shape(k, k);
                            Matrix symmetric(k, k);
                            for (Index a = 0; a < k; ++a) {
                              for (Index b = 0; b < k; ++b)
                                symmetric.set(a, b, gk(a, b) + gk(b, a));
                            }
                            const Matrix d = scaled(product(centred, symmetric),
                                                    1.0 / static_cast<double>(n - 1));
                            if (one_matrix) {
                              sink.add(0, d);
                              return;
                            }
                            for (std::size_t v = 0; v < shapes.size(); ++v) {
                              if (!sink.wants(v)) continue;
                              Matrix column(shapes[v].first, shapes[v].second);
                              for (Index i = 0; i < n; ++i)
                                column.set(i, d(i, static_cast<Index>(v)));
                              sink.add(v, std::move(column));
                            }
                          });
}

}  // namespace

extern const std::vector<NamedRule> kSelectionRules = {
    {"vecnorm", vecnorm_rule},
    {"cov", cov_rule},
    {"sort", sort_rule},
    {"sortrows", sortrows_rule},
    {"maxk", indexed_selection<2>},
    {"mink", indexed_selection<2>},
    {"cummax", running_extremum_rule},
    {"cummin", running_extremum_rule},
    {"bounds", bounds_rule},
    {"range", range_rule},
    {"median", median_rule},
    {"cumprod", cumprod_rule},
    {"var", spread_rule<false>},
    {"std", spread_rule<true>},
    {"zscore", zscore_rule},
};

}  // namespace llmlab::autodiff
