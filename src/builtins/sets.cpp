// builtins.md §6 Cumulative operations, sorting and searching, on sets: setdiff, intersect and
// union of numeric arrays or string arrays (sorted, or in order of appearance with "stable"),
// and ismember. Numeric results are Vectors, as unique's are; in matlab code numeric operands
// take MATLAB's shapes and options ("rows", setxor, unique's "first"/"last").
#include "builtins/sets.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "base/large_stack.hpp"
#include "base/messages/arguments.hpp"
#include "base/messages/sets.hpp"
#include "base/text_case.hpp"
#include "base/utf8.hpp"
#include "builtins/kinds.hpp"
#include "builtins/registry.hpp"
#include "lang/ast.hpp"
#include "runtime/cell_array.hpp"
#include "runtime/operators.hpp"

namespace llmlab::builtins {
namespace {

using runtime::Call;
using runtime::Kind;
using runtime::Value;

// The elements of one set operand: real numbers or strings, in storage order (column-major for
// a matrix, as x(:) reads them).
template <class T>
std::vector<T> elements_of(Call& call, int index);

template <>
std::vector<double> elements_of<double>(Call& call, int index) {
  const num::Matrix m = real_matrix(call, index);
  std::vector<double> out;
  out.reserve(static_cast<std::size_t>(m.size()));
  for (num::Index c = 0; c < m.columns(); ++c) {
    for (num::Index r = 0; r < m.rows(); ++r) out.push_back(m(r, c));
  }
  return out;
}

template <>
std::vector<std::string> elements_of<std::string>(Call& call, int index) {
  const Value& x = call.value(index);
  if (x.is(Kind::String)) return {x.string_value()};
  // An empty array beside texts holds no texts ([] in intersect([], {'a'})), in matlab code.
  if (call.session().dialect() == lang::Dialect::Matlab && x.is_array() &&
      x.matrix_value().empty()) {
    return {};
  }
  if (!x.is(Kind::StringArray) && !x.is(Kind::Cell)) {
    call.fail(fmt::format(messages::argument_not_string_array, index + 1, x.kind_name()));
  }
  return call.texts(index);  // a cell of strings too
}

Value set_value(std::vector<double> items) { return Value::vector(num::Matrix::row(items)); }

Value set_value(std::vector<std::string> items) { return Value::string_array(std::move(items)); }

Value positions_value(const std::vector<double>& positions) {
  return Value::vector(num::Matrix::row(positions));
}

// One member of a result: its value and the 1-based position it came from in its operand.
template <class T>
struct Member {
  T value;
  double position;
};

// The first occurrence of every distinct element of `items` in order of appearance.
template <class T>
std::vector<Member<T>> distinct(const std::vector<T>& items) {
  std::map<T, bool> seen;
  std::vector<Member<T>> out;
  for (std::size_t k = 0; k < items.size(); ++k) {
    if (seen.emplace(items[k], true).second) {
      out.push_back({items[k], static_cast<double>(k + 1)});
    }
  }
  return out;
}

enum class Order { Sorted, Stable };

// The optional trailing "sorted" or "stable" of a set operation.
Order order_option(Call& call, int index) {
  if (!call.has(index)) return Order::Sorted;
  const std::string option = lowercase(call.string(index));
  if (option == "sorted") return Order::Sorted;
  if (option == "stable") return Order::Stable;
  call.fail(fmt::format(messages::unknown_order_option, option));
}

// The result value and, for [c, ia, ib] = f(...), the position vectors of each part.
template <class T>
Value set_result(Call& call, std::vector<Member<T>> from_a, std::vector<Member<T>> from_b,
                 Order order, int position_outputs) {
  if (order == Order::Sorted) {
    const auto by_value = [](const Member<T>& p, const Member<T>& q) { return p.value < q.value; };
    std::stable_sort(from_a.begin(), from_a.end(), by_value);
    std::stable_sort(from_b.begin(), from_b.end(), by_value);
  }
  // A union's parts interleave when sorted; they are merged by value, a's members first.
  std::vector<T> values;
  std::vector<double> positions_a;
  std::vector<double> positions_b;
  std::size_t i = 0;
  std::size_t j = 0;
  while (i < from_a.size() || j < from_b.size()) {
    const bool take_a =
        j == from_b.size() ||
        (i < from_a.size() && (order == Order::Stable || !(from_b[j].value < from_a[i].value)));
    if (take_a) {
      values.push_back(from_a[i].value);
      positions_a.push_back(from_a[i++].position);
    } else {
      values.push_back(from_b[j].value);
      positions_b.push_back(from_b[j++].position);
    }
  }
  if (call.nargout() <= 1) return set_value(std::move(values));
  std::vector<Value> outputs = {set_value(std::move(values)), positions_value(positions_a)};
  if (position_outputs == 2) outputs.push_back(positions_value(positions_b));
  return Value::tuple(std::move(outputs));
}

template <class T>
std::map<T, double> first_positions(const std::vector<T>& items) {
  std::map<T, double> positions;
  for (std::size_t k = 0; k < items.size(); ++k) {
    positions.emplace(items[k], static_cast<double>(k + 1));
  }
  return positions;
}

// setdiff(a, b): the distinct elements of a that are not in b; [c, ia] = setdiff(a, b).
template <class T>
Value setdiff_of(Call& call) {
  const std::map<T, double> in_b = first_positions(elements_of<T>(call, 1));
  std::vector<Member<T>> kept;
  for (const Member<T>& member : distinct(elements_of<T>(call, 0))) {
    if (!in_b.contains(member.value)) kept.push_back(member);
  }
  return set_result<T>(call, std::move(kept), {}, order_option(call, 2), 1);
}

// intersect(a, b): the distinct elements in both; [c, ia, ib] = intersect(a, b).
template <class T>
Value intersect_of(Call& call) {
  const std::map<T, double> in_b = first_positions(elements_of<T>(call, 1));
  std::vector<Member<T>> common;
  std::vector<double> positions_b;
  for (const Member<T>& member : distinct(elements_of<T>(call, 0))) {
    if (const auto found = in_b.find(member.value); found != in_b.end()) {
      common.push_back(member);
    }
  }
  const Order order = order_option(call, 2);
  Value result = set_result<T>(call, common, {}, order, 1);
  if (call.nargout() <= 1) return result;
  if (order == Order::Sorted) {
    std::stable_sort(common.begin(), common.end(),
                     [](const Member<T>& p, const Member<T>& q) { return p.value < q.value; });
  }
  for (const Member<T>& member : common) positions_b.push_back(in_b.at(member.value));
  std::vector<Value> outputs = result.tuple_items();
  outputs.push_back(positions_value(positions_b));
  return Value::tuple(std::move(outputs));
}

// union(a, b): the distinct elements of either; [c, ia, ib] = union(a, b), ib naming the
// elements that only b has.
template <class T>
Value union_of(Call& call) {
  const std::vector<Member<T>> from_a = distinct(elements_of<T>(call, 0));
  std::map<T, bool> in_a;
  for (const Member<T>& member : from_a) in_a.emplace(member.value, true);
  std::vector<Member<T>> only_b;
  for (const Member<T>& member : distinct(elements_of<T>(call, 1))) {
    if (!in_a.contains(member.value)) only_b.push_back(member);
  }
  return set_result<T>(call, from_a, std::move(only_b), order_option(call, 2), 2);
}

// --- MATLAB's set operations (the matlab dialect, language.md §14) -----------------------------
// Numeric operands as MATLAB and Octave shape them: the items are the elements (x(:)) or, with
// "rows", the rows of a matrix; a result is a row when its operands are rows (unique: x a row;
// union, intersect, setxor: both rows; setdiff: a a row) and a column otherwise, a matrix of
// rows with "rows"; index outputs are columns. Empty operands follow Octave (intersect with an
// empty operand is [], unique of a 0×0 array is 0×0 and of another empty 0×1).

// The items of one operand, row-major: item k is flat[k·width, (k+1)·width).
struct SetItems {
  std::vector<double> flat;
  num::Index width = 1;
  num::Index count = 0;
  bool row = false;     // the operand is a 1×N row
  bool column = false;  // the operand is an N×1 column
  bool empty = false;   // the operand has no elements
  bool zero_by_zero = false;
  bool logical = false;
};

// A MATLAB set operation's options: "rows", "sorted" or "stable", "first" or "last".
struct SetOptions {
  bool by_rows = false;
  Order order = Order::Sorted;
  bool last = false;
  // Octave's "legacy": a row unless both operands are columns, index outputs shaped as the
  // result, the last occurrence of a repeated item.
  bool legacy = false;
};

SetOptions set_options(Call& call, int first) {
  SetOptions options;
  int first_or_last = 0;
  int sorted_or_stable = 0;
  int legacy = 0;
  for (int k = first; k < call.count(); ++k) {
    if (!call.value(k).is(Kind::String))
      call.fail(fmt::format(messages::must_be_strings, "options"));
    const std::string option = lowercase(call.string(k));
    if (option == "rows") {
      options.by_rows = true;
    } else if (option == "sorted" || option == "stable") {
      ++sorted_or_stable;
      options.order = option == "stable" ? Order::Stable : Order::Sorted;
    } else if (option == "legacy") {
      ++legacy;
      options.legacy = true;
    } else if ((option == "first" || option == "last") && call.name() == "unique") {
      ++first_or_last;
      options.last = option == "last";
    } else {
      call.fail(fmt::format(messages::invalid_option, option));
    }
  }
  if (first_or_last > 1) call.fail(messages::first_and_last);
  if (call.name() == "unique" && legacy > 0 && sorted_or_stable > 0) {
    call.fail(messages::order_with_legacy);
  }
  if (sorted_or_stable + legacy > 1) {
    call.fail(call.name() == "unique" && legacy == 0 ? messages::sorted_and_stable
                                                     : messages::one_order_option);
  }
  if (first_or_last > 0 && sorted_or_stable > 0) {
    call.fail(messages::occurrence_with_order);
  }
  return options;
}

SetItems set_items(Call& call, int index, bool by_rows) {
  const Value& x = call.value(index);
  const num::Matrix m = real_matrix(call, index);
  SetItems items;
  items.row = m.rows() == 1;
  items.column = m.columns() == 1;
  items.empty = m.empty();
  items.zero_by_zero = m.rows() == 0 && m.columns() == 0;
  items.logical = x.is_logical();
  if (by_rows) {
    items.width = m.columns();
    items.count = items.zero_by_zero ? 0 : m.rows();
    const std::span<const double> values = m.real_values();
    items.flat.assign(values.begin(), values.end());
  } else {
    items.count = m.size();
    items.flat.reserve(static_cast<std::size_t>(m.size()));
    for (num::Index c = 0; c < m.columns(); ++c) {
      for (num::Index r = 0; r < m.rows(); ++r) items.flat.push_back(m(r, c));
    }
  }
  return items;
}

// Items compared element by element, NaN after every number (as sort places it).
int compare_items(const SetItems& a, num::Index i, const SetItems& b, num::Index j) {
  for (num::Index c = 0; c < a.width; ++c) {
    const double x = a.flat[static_cast<std::size_t>(i * a.width + c)];
    const double y = b.flat[static_cast<std::size_t>(j * b.width + c)];
    if (std::isnan(x) || std::isnan(y)) {
      if (std::isnan(x) && std::isnan(y)) continue;
      return std::isnan(x) ? 1 : -1;
    }
    if (x != y) return x < y ? -1 : 1;
  }
  return 0;
}

// Equal items; NaN equals nothing (unique keeps every NaN).
bool same_items(const SetItems& a, num::Index i, const SetItems& b, num::Index j) {
  for (num::Index c = 0; c < a.width; ++c) {
    if (!(a.flat[static_cast<std::size_t>(i * a.width + c)] ==
          b.flat[static_cast<std::size_t>(j * b.width + c)])) {
      return false;
    }
  }
  return true;
}

// The distinct items: `picked` (0-based, in result order) and, for each item, the 1-based
// position of its value in the result.
struct DistinctItems {
  std::vector<num::Index> picked;
  std::vector<double> inverse;
};

DistinctItems distinct_items(const SetItems& items, Order order, bool last) {
  std::vector<num::Index> sorted(static_cast<std::size_t>(items.count));
  for (num::Index k = 0; k < items.count; ++k) sorted[static_cast<std::size_t>(k)] = k;
  std::stable_sort(sorted.begin(), sorted.end(), [&](num::Index p, num::Index q) {
    return compare_items(items, p, items, q) < 0;
  });
  // Groups of equal items, each as [begin, end) in `sorted`.
  std::vector<std::pair<std::size_t, std::size_t>> groups;
  for (std::size_t k = 0; k < sorted.size(); ++k) {
    if (k == 0 || !same_items(items, sorted[k - 1], items, sorted[k])) {
      groups.emplace_back(k, k + 1);
    } else {
      groups.back().second = k + 1;
    }
  }
  if (order == Order::Stable) {
    std::stable_sort(groups.begin(), groups.end(), [&](const auto& g, const auto& h) {
      return sorted[g.first] < sorted[h.first];
    });
  }
  DistinctItems out;
  out.inverse.resize(sorted.size());
  for (std::size_t g = 0; g < groups.size(); ++g) {
    const auto [begin, end] = groups[g];
    out.picked.push_back(last && order == Order::Sorted ? sorted[end - 1] : sorted[begin]);
    for (std::size_t k = begin; k < end; ++k) {
      out.inverse[static_cast<std::size_t>(sorted[k])] = static_cast<double>(g + 1);
    }
  }
  return out;
}

// The picked items as a result: a matrix of rows with "rows", else a row or a column.
Value items_value(const SetItems& items, const std::vector<num::Index>& picked, bool by_rows,
                  bool row, bool logical) {
  const auto count = static_cast<num::Index>(picked.size());
  num::Matrix out = by_rows ? num::Matrix(count, items.width)
                            : (row ? num::Matrix(1, count) : num::Matrix(count, 1));
  for (num::Index k = 0; k < count; ++k) {
    for (num::Index c = 0; c < items.width; ++c) {
      out.set(k * items.width + c, items.flat[static_cast<std::size_t>(
                                       picked[static_cast<std::size_t>(k)] * items.width + c)]);
    }
  }
  return Value::matrix(std::move(out), logical);
}

Value index_column(const std::vector<double>& positions) {
  return Value::matrix(num::Matrix::column(positions));
}

// An index output: a column, or with "legacy" a row beside a row result.
Value index_output(const std::vector<double>& positions, const SetOptions& options, bool row) {
  if (options.legacy && row && !options.by_rows) return Value::matrix(num::Matrix::row(positions));
  return index_column(positions);
}

// [c, ia, ib] of union and setxor: each picked item of a's and b's joined items (a's first,
// `a_count` of them) goes to ia or ib as its 1-based position in its own operand.
Value with_origins(Value values, const std::vector<num::Index>& picked, num::Index a_count,
                   const SetOptions& options, bool row) {
  std::vector<double> from_a;
  std::vector<double> from_b;
  for (const num::Index k : picked) {
    if (k < a_count) {
      from_a.push_back(static_cast<double>(k + 1));
    } else {
      from_b.push_back(static_cast<double>(k - a_count + 1));
    }
  }
  return Value::tuple(
      {std::move(values), index_output(from_a, options, row), index_output(from_b, options, row)});
}

// Whether a two-operand result is a row: both operands rows, or with "legacy" unless both are
// columns.
bool row_result(const SetOptions& options, const SetItems& a, const SetItems& b) {
  if (options.by_rows) return false;
  return options.legacy ? !a.column || !b.column : a.row && b.row;
}

std::vector<double> one_based(const std::vector<num::Index>& picked) {
  std::vector<double> out;
  for (const num::Index k : picked) out.push_back(static_cast<double>(k + 1));
  return out;
}

// Items of b joined below a's (union's [a; b] and [a(:); b(:)]).
// With "rows", two operands that both have rows must have as many columns.
void require_same_width(Call& call, const SetItems& a, const SetItems& b, bool by_rows) {
  if (by_rows && a.count > 0 && b.count > 0 && a.width != b.width) {
    call.fail(
        fmt::format(messages::must_match_vs, "number of columns in A and B", a.width, b.width));
  }
}

// What union, intersect, setdiff and setxor read first: the options after the two operands,
// then the operands as items (rows with "rows").
struct SetOperands {
  SetOptions options;
  SetItems a;
  SetItems b;
};

SetOperands set_operands(Call& call) {
  SetOperands operands;
  operands.options = set_options(call, 2);
  operands.a = set_items(call, 0, operands.options.by_rows);
  operands.b = set_items(call, 1, operands.options.by_rows);
  return operands;
}

SetItems joined_items(Call& call, const SetItems& a, const SetItems& b, bool by_rows) {
  require_same_width(call, a, b, by_rows);
  SetItems joined = a.count > 0 ? a : b;
  joined.flat = a.flat;
  joined.flat.insert(joined.flat.end(), b.flat.begin(), b.flat.end());
  joined.count = a.count + b.count;
  return joined;
}

// unique(x, options): [c, i, j], c(j) reproducing x.
Value matlab_unique_numbers(Call& call) {
  const SetOptions options = set_options(call, 1);
  const SetItems x = set_items(call, 0, options.by_rows);
  const bool row = !options.by_rows && x.row;
  if (x.count == 0) {
    const Value empty = x.zero_by_zero || options.by_rows
                            ? Value::matrix(real_matrix(call, 0), x.logical)
                            : Value::matrix(num::Matrix(0, 1), x.logical);
    if (call.nargout() <= 1) return empty;
    const Value none = Value::matrix(num::Matrix(0, 0));
    return Value::tuple({empty, none, none});
  }
  const DistinctItems distinct = distinct_items(x, options.order, options.last || options.legacy);
  Value values = items_value(x, distinct.picked, options.by_rows, row, x.logical);
  if (call.nargout() <= 1) return values;
  return Value::tuple({std::move(values), index_output(one_based(distinct.picked), options, row),
                       index_output(distinct.inverse, options, row)});
}

// union(a, b, options): [c, ia, ib], ib naming what only b has.
Value matlab_union(Call& call) {
  const auto [options, a, b] = set_operands(call);
  const SetItems joined = joined_items(call, a, b, options.by_rows);
  const bool logical = a.logical && b.logical;
  if (joined.count == 0) {
    const Value empty = Value::matrix(num::Matrix(0, options.by_rows ? joined.width : 1), logical);
    if (call.nargout() <= 1) return empty;
    const Value none = Value::matrix(num::Matrix(0, 0));
    return Value::tuple({empty, none, none});
  }
  const DistinctItems distinct = distinct_items(joined, options.order, options.legacy);
  const bool row = row_result(options, a, b);
  Value values = items_value(joined, distinct.picked, options.by_rows, row, logical);
  if (call.nargout() <= 1) return values;
  return with_origins(std::move(values), distinct.picked, a.count, options, row);
}

// For each distinct item of `a` (its first occurrence), whether `b` holds it, and where first.
std::vector<double> first_matches(const SetItems& a, const std::vector<num::Index>& picked,
                                  const SetItems& b, bool last = false) {
  std::vector<double> where;
  for (const num::Index i : picked) {
    double found = 0.0;
    for (num::Index j = 0; j < b.count && (last || found == 0.0); ++j) {
      if (same_items(a, i, b, j)) found = static_cast<double>(j + 1);
    }
    where.push_back(found);
  }
  return where;
}

// intersect(a, b, options): [c, ia, ib] with c = a(ia) = b(ib).
Value matlab_intersect(Call& call) {
  const auto [options, a, b] = set_operands(call);
  if (a.empty || b.empty) {
    const Value none = Value::matrix(num::Matrix(0, 0));
    if (call.nargout() <= 1) return none;
    return Value::tuple({none, none, none});
  }
  require_same_width(call, a, b, options.by_rows);
  const DistinctItems distinct = distinct_items(a, options.order, options.legacy);
  const std::vector<double> in_b = first_matches(a, distinct.picked, b, options.legacy);
  std::vector<num::Index> common;
  std::vector<double> positions_b;
  for (std::size_t k = 0; k < distinct.picked.size(); ++k) {
    if (in_b[k] == 0.0) continue;
    common.push_back(distinct.picked[k]);
    positions_b.push_back(in_b[k]);
  }
  const bool row = row_result(options, a, b);
  Value values = items_value(a, common, options.by_rows, row, a.logical && b.logical);
  if (call.nargout() <= 1) return values;
  return Value::tuple({std::move(values), index_output(one_based(common), options, row),
                       index_output(positions_b, options, row)});
}

// setdiff(a, b, options): [c, ia], the distinct items of a that b lacks.
Value matlab_setdiff(Call& call) {
  const auto [options, a, b] = set_operands(call);
  require_same_width(call, a, b, options.by_rows);
  if (a.count == 0) {
    const Value empty = a.zero_by_zero || options.by_rows
                            ? Value::matrix(real_matrix(call, 0), a.logical)
                            : Value::matrix(num::Matrix(0, 1), a.logical);
    if (call.nargout() <= 1) return empty;
    return Value::tuple({empty, Value::matrix(num::Matrix(0, 0))});
  }
  const DistinctItems distinct = distinct_items(a, options.order, options.legacy);
  const std::vector<double> in_b = first_matches(a, distinct.picked, b);
  std::vector<num::Index> kept;
  for (std::size_t k = 0; k < distinct.picked.size(); ++k) {
    if (in_b[k] == 0.0) kept.push_back(distinct.picked[k]);
  }
  const bool row = options.legacy ? row_result(options, a, b) : !options.by_rows && a.row;
  Value values = items_value(a, kept, options.by_rows, row, a.logical);
  if (call.nargout() <= 1) return values;
  return Value::tuple({std::move(values), index_output(one_based(kept), options, row)});
}

// setxor(a, b, options): [c, ia, ib], the distinct items in exactly one of a and b.
Value matlab_setxor(Call& call) {
  const auto [options, a, b] = set_operands(call);
  const SetItems joined = joined_items(call, a, b, options.by_rows);
  const bool logical = a.logical && b.logical;
  const DistinctItems distinct_a = distinct_items(a, options.order, options.legacy);
  const DistinctItems distinct_b = distinct_items(b, options.order, options.legacy);
  const std::vector<double> a_in_b = first_matches(a, distinct_a.picked, b);
  const std::vector<double> b_in_a = first_matches(b, distinct_b.picked, a);
  // The kept items as positions in `joined` (b's after a's), then in result order.
  std::vector<num::Index> kept;
  for (std::size_t k = 0; k < distinct_a.picked.size(); ++k) {
    if (a_in_b[k] == 0.0) kept.push_back(distinct_a.picked[k]);
  }
  for (std::size_t k = 0; k < distinct_b.picked.size(); ++k) {
    if (b_in_a[k] == 0.0) kept.push_back(distinct_b.picked[k] + a.count);
  }
  if (options.order == Order::Sorted) {
    std::stable_sort(kept.begin(), kept.end(), [&](num::Index p, num::Index q) {
      return compare_items(joined, p, joined, q) < 0;
    });
  }
  // One empty operand leaves the other's unique values in their own shape.
  const bool row = options.legacy ? row_result(options, a, b)
                   : a.empty      ? b.row
                   : b.empty      ? a.row
                                  : a.row && b.row;
  Value values = items_value(joined, kept, options.by_rows, row, logical);
  if (call.nargout() <= 1) return values;
  return with_origins(std::move(values), kept, a.count, options, row);
}

// ismember(a, s, "rows"): for each row of a, whether s has it and the first row that does.
Value matlab_ismember_rows(Call& call) {
  if (!runtime::is_word(call.value(2), "rows"))
    call.fail(fmt::format(messages::invalid_option, call.string(2)));
  const SetItems a = set_items(call, 0, true);
  const SetItems s = set_items(call, 1, true);
  if (a.count > 0 && s.count > 0 && a.width != s.width) {
    call.fail(fmt::format(messages::rows_column_counts_differ, a.width, s.width));
  }
  std::vector<num::Index> all(static_cast<std::size_t>(a.count));
  for (num::Index k = 0; k < a.count; ++k) all[static_cast<std::size_t>(k)] = k;
  const std::vector<double> where = first_matches(a, all, s);
  num::Matrix found(a.count, 1);
  for (num::Index k = 0; k < a.count; ++k) {
    found.set(k, where[static_cast<std::size_t>(k)] > 0.0 ? 1.0 : 0.0);
  }
  Value tf = Value::matrix(std::move(found), true);
  if (call.nargout() < 2) return tf;
  return Value::tuple({std::move(tf), index_column(where)});
}

// Whether a set operation takes MATLAB's numeric forms: matlab code, operands neither text nor
// complex (those keep the forms above).
bool matlab_numeric_sets(const Call& call, int operands) {
  if (call.session().dialect() != lang::Dialect::Matlab) return false;
  for (int k = 0; k < operands; ++k) {
    const Value& x = call.value(k);
    if (!x.is_numeric() || x.is(Kind::Complex) || (x.is_array() && x.matrix_value().is_complex())) {
      return false;
    }
  }
  return true;
}

// Text operands (a String counts as a one-element string array, a cell of texts as its texts)
// take the text forms.
bool text_operands(const Call& call) {
  const auto text = [](const Value& v) { return v.is_text() || runtime::is_text_cell(v); };
  return text(call.value(0)) || text(call.value(1));
}

bool is_row(const Value& v) { return size_of(v).first == 1; }

bool matlab_code(const Call& call) { return call.session().dialect() == lang::Dialect::Matlab; }

// A text result is a row (a string array) where MATLAB's rule makes it one, an N×1 cell of
// texts otherwise (an empty one is 0×1).
Value oriented_texts(Value result, bool row) {
  return row ? result : runtime::texts_as_column(std::move(result));
}

// rlab's set operations take one option, "sorted" or "stable".
void one_option(Call& call) {
  if (call.has(3)) call.fail(messages::takes_one_order_option);
}

// Text results in matlab code: setdiff's is a row when a is; intersect's and union's when both
// operands are (an empty union of texts is Octave's 0×1 cell unless both are rows).
Value setdiff(Call& call) {
  if (matlab_numeric_sets(call, 2)) return matlab_setdiff(call);
  one_option(call);
  if (!text_operands(call)) return setdiff_of<double>(call);
  return oriented_texts(setdiff_of<std::string>(call), !matlab_code(call) || is_row(call.value(0)));
}

bool both_rows(const Call& call) {
  return !matlab_code(call) || (is_row(call.value(0)) && is_row(call.value(1)));
}

Value intersect(Call& call) {
  if (matlab_numeric_sets(call, 2)) return matlab_intersect(call);
  one_option(call);
  if (!text_operands(call)) return intersect_of<double>(call);
  // An empty intersection of texts stays {} (Octave's 0×0, whatever the operands' shapes).
  Value result = intersect_of<std::string>(call);
  const Value& values = result.is(Kind::Tuple) ? result.tuple_items().front() : result;
  const bool empty = values.is(Kind::StringArray) && values.string_array_value().empty();
  return oriented_texts(std::move(result), empty || both_rows(call));
}

Value union_builtin(Call& call) {
  if (matlab_numeric_sets(call, 2)) return matlab_union(call);
  one_option(call);
  if (!text_operands(call)) return union_of<double>(call);
  return oriented_texts(union_of<std::string>(call), both_rows(call));
}

Value setxor(Call& call) {
  if (!call.value(0).is_numeric() || !call.value(1).is_numeric()) {
    call.fail(fmt::format(messages::operands_not_numeric, call.value(0).kind_name(),
                          call.value(1).kind_name()));
  }
  return matlab_setxor(call);
}

// The 1-based position of the first item of `set` that `matches` accepts, or 0.
template <class Matches>
double first_position(std::size_t count, Matches&& matches) {
  for (std::size_t k = 0; k < count; ++k) {
    if (matches(k)) return static_cast<double>(k + 1);
  }
  return 0.0;
}

// Where each text of argument 1 (a string, string array or cell of texts) first occurs in
// argument 2's texts (0 when absent), in argument 1's shape (a cell's texts are column-major).
num::Matrix text_positions(Call& call) {
  const Value& x = call.value(0);
  const Value& set = call.value(1);
  if (!set.is(Kind::StringArray) && !set.is(Kind::String) && !set.is(Kind::Cell)) {
    call.fail(fmt::format(messages::string_lookup_not_string_array, set.kind_name()));
  }
  const std::vector<std::string> items = call.texts(1);
  const std::vector<std::string> keys = call.texts(0);
  const bool cell = x.is(Kind::Cell);
  const num::Index rows = cell ? x.cell_value().rows : 1;
  num::Matrix where(rows, cell ? x.cell_value().columns : static_cast<num::Index>(keys.size()),
                    0.0);
  for (std::size_t k = 0; k < keys.size(); ++k) {
    const auto at = static_cast<num::Index>(k);
    where.set(at % rows, at / rows,
              first_position(items.size(), [&](std::size_t i) { return items[i] == keys[k]; }));
  }
  return where;
}

// Where each element of argument 1 first occurs among argument 2's (0 when absent), in
// argument 1's shape.
num::Matrix number_positions(Call& call) {
  const num::Matrix keys = call.matrix(0);
  const num::Matrix items = call.matrix(1);
  num::Matrix where(keys.rows(), keys.columns(), 0.0);
  for (num::Index k = 0; k < keys.size(); ++k) {
    where.set(k, first_position(static_cast<std::size_t>(items.size()), [&](std::size_t i) {
                return items.complex_at(static_cast<num::Index>(i)) == keys.complex_at(k);
              }));
  }
  return where;
}

// ismember(x, set): whether each element of x occurs in set, and with a second output where
// (the first occurrence, 0 when absent). Strings are looked up in a string array (or compared
// with a string); numbers among numbers, with a Bool for a scalar x and a logical array of x's
// shape otherwise.
Value ismember(Call& call) {
  if (call.has(2)) return matlab_ismember_rows(call);
  // In matlab code a char beside a char or a number is its character codes, looked up one
  // character at a time (ismember('1', '0123456789') is true); text in a cell stays whole.
  if (call.session().dialect() == lang::Dialect::Matlab) {
    const Value& x = call.value(0);
    const Value& set = call.value(1);
    const bool codes = (x.is(Kind::String) && (set.is(Kind::String) || set.is_numeric())) ||
                       (x.is_numeric() && set.is(Kind::String));
    if (codes) {
      const auto as_codes = [&](const Value& v) {
        return v.is(Kind::String) ? call.invoke(Value::function_handle("double"), {v}) : v;
      };
      const Value operands[] = {as_codes(x), as_codes(set)};
      runtime::Call numbers(call.interpreter(), call.name(), operands, call.nargout());
      return ismember(numbers);
    }
  }
  const Value& x = call.value(0);
  const bool text_cell = runtime::is_text_cell(x);
  const bool texts = x.is(Kind::String) || x.is(Kind::StringArray) || text_cell;
  const num::Matrix where = texts ? text_positions(call) : number_positions(call);
  const bool scalar = texts ? x.is(Kind::String) : !x.is_array();
  num::Matrix found = where;
  for (double& value : found.mutable_real_values()) value = value > 0.0 ? 1.0 : 0.0;
  const bool matrix = x.is(Kind::Matrix) || text_cell;
  const Value tf = scalar   ? Value::boolean(found[0] != 0.0)
                   : matrix ? Value::matrix(std::move(found), true)
                            : Value::vector(std::move(found), true);
  if (call.nargout() < 2) return tf;
  const Value loc = scalar   ? Value::scalar(where[0])
                    : matrix ? Value::matrix(std::move(where))
                             : Value::vector(std::move(where));
  return Value::tuple({tf, loc});
}

}  // namespace

std::optional<Value> matlab_unique(Call& call) {
  if (!matlab_numeric_sets(call, 1)) return std::nullopt;
  return matlab_unique_numbers(call);
}

extern const BuiltinTable kSetBuiltins = {
    {"setdiff", setdiff, 2, 4,
     "Distinct elements of a not in b: setdiff(a, b), [c, ia] = ... Example: setdiff([1, 2, 3, 4], "
     "[2, 4])"},
    {"intersect", intersect, 2, 4,
     "Distinct elements in both: [c, ia, ib] = intersect(a, b). Example: intersect([1, 2, 3], [2, "
     "3, 4])"},
    {"union", union_builtin, 2, 4,
     "Distinct elements of either: [c, ia, ib] = union(a, b). Example: union([3, 1], [2, 1])"},
    {"ismember", ismember, 2, 3,
     "ismember(x, set): true where x occurs in set; [tf, loc] also gives the position; "
     "ismember(A, S, \"rows\") for rows. Example: ismember([1, 5], [1, 2, 3])"},
    {"setxor", setxor, 2, 4,
     "Distinct elements in exactly one of a and b: [c, ia, ib] = setxor(a, b). Example: "
     "setxor([1, 2, 3], [2, 5])"},
};

}  // namespace llmlab::builtins
