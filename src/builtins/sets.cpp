// builtins.md §6 Cumulative operations, sorting and searching, on sets: setdiff, intersect and
// union of numeric arrays or string arrays (sorted, or in order of appearance with "stable"),
// and ismember. Numeric results are Vectors, as unique's are.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "base/large_stack.hpp"
#include "base/utf8.hpp"
#include "builtins/kinds.hpp"
#include "builtins/registry.hpp"
#include "lang/ast.hpp"
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
  if (!x.is(Kind::StringArray)) {
    call.fail(fmt::format("argument {}: expected string_array, got {}", index + 1, x.kind_name()));
  }
  return x.string_array_value();
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
  const std::string& option = call.string(index);
  if (option == "sorted") return Order::Sorted;
  if (option == "stable") return Order::Stable;
  call.fail(fmt::format("unknown option \"{}\" (\"sorted\" or \"stable\")", option));
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

// String operands (a String counts as a one-element string array) take the text forms.
bool text_operands(const Call& call) { return call.value(0).is_text() || call.value(1).is_text(); }

Value setdiff(Call& call) {
  return text_operands(call) ? setdiff_of<std::string>(call) : setdiff_of<double>(call);
}

Value intersect(Call& call) {
  return text_operands(call) ? intersect_of<std::string>(call) : intersect_of<double>(call);
}

Value union_builtin(Call& call) {
  return text_operands(call) ? union_of<std::string>(call) : union_of<double>(call);
}

// The 1-based position of the first item of `set` that `matches` accepts, or 0.
template <class Matches>
double first_position(std::size_t count, Matches&& matches) {
  for (std::size_t k = 0; k < count; ++k) {
    if (matches(k)) return static_cast<double>(k + 1);
  }
  return 0.0;
}

// ismember(x, set): whether each element of x occurs in set, and with a second output where
// (the first occurrence, 0 when absent). Strings are looked up in a string array (or compared
// with a string); numbers among numbers, with a Bool for a scalar x and a logical array of x's
// shape otherwise.
Value ismember(Call& call) {
  const Value& x = call.value(0);
  const Value& set = call.value(1);
  num::Matrix where;
  bool scalar = false;
  if (x.is(Kind::String) || x.is(Kind::StringArray)) {
    std::vector<std::string> items;
    if (set.is(Kind::StringArray)) {
      items = set.string_array_value();
    } else if (set.is(Kind::String)) {
      items = {set.string_value()};
    } else {
      call.fail(fmt::format("a string is looked up in a string array, got {}", set.kind_name()));
    }
    const std::vector<std::string> keys =
        x.is(Kind::String) ? std::vector<std::string>{x.string_value()} : x.string_array_value();
    scalar = x.is(Kind::String);
    where = num::Matrix(1, static_cast<num::Index>(keys.size()), 0.0);
    for (std::size_t k = 0; k < keys.size(); ++k) {
      where.set(static_cast<num::Index>(k),
                first_position(items.size(), [&](std::size_t i) { return items[i] == keys[k]; }));
    }
  } else {
    const num::Matrix keys = call.matrix(0);
    const num::Matrix items = call.matrix(1);
    scalar = !x.is_array();
    where = num::Matrix(keys.rows(), keys.columns(), 0.0);
    for (num::Index k = 0; k < keys.size(); ++k) {
      where.set(k, first_position(static_cast<std::size_t>(items.size()), [&](std::size_t i) {
                  return items.complex_at(static_cast<num::Index>(i)) == keys.complex_at(k);
                }));
    }
  }
  num::Matrix found = where;
  for (double& value : found.mutable_real_values()) value = value > 0.0 ? 1.0 : 0.0;
  const bool matrix = x.is(Kind::Matrix);
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

extern const BuiltinTable kSetBuiltins = {
    {"setdiff", setdiff, 2, 3,
     "Distinct elements of a not in b: setdiff(a, b), [c, ia] = ... Example: setdiff([1, 2, 3, 4], "
     "[2, 4])"},
    {"intersect", intersect, 2, 3,
     "Distinct elements in both: [c, ia, ib] = intersect(a, b). Example: intersect([1, 2, 3], [2, "
     "3, 4])"},
    {"union", union_builtin, 2, 3,
     "Distinct elements of either: [c, ia, ib] = union(a, b). Example: union([3, 1], [2, 1])"},
    {"ismember", ismember, 2, 2,
     "ismember(x, set): true where x occurs in set; [tf, loc] also gives the position. Example: "
     "ismember([1, 5], [1, 2, 3])"},
};

}  // namespace llmlab::builtins
