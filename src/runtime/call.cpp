// Call's typed argument getters: the uniform argument errors of builtins.md §0.2.
#include "runtime/call.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cmath>
#include <string>

#include "base/error.hpp"
#include "base/messages/arguments.hpp"
#include "base/messages/cells_structs.hpp"
#include "base/messages/system.hpp"
#include "base/text_case.hpp"
#include "num/format.hpp"
#include "runtime/char_matrix.hpp"
#include "runtime/interpreter.hpp"

namespace llmlab::runtime {

namespace {

// A kind as an argument error names it: an N-D array by its extents ("a 2×3×4 array").
std::string kind_text(const Value& value) {
  if (is_char_matrix(value)) {
    const num::Matrix& codes = value.matrix_value();
    return fmt::format(messages::kind_char_matrix, codes.rows(), codes.columns());
  }
  if (!value.is_nd_array()) return std::string(value.kind_name());
  return fmt::format(messages::kind_nd_array, fmt::join(value.nd_value().dims(), "×"));
}

}  // namespace

const Value& Call::value(int index) const {
  LLMLAB_ASSERT(has(index));
  return arguments_[static_cast<std::size_t>(index)];
}

Value Call::take(int index) {
  const Value& argument = value(index);
  if (owned_.data() != arguments_.data() || owned_.size() != arguments_.size()) return argument;
  return std::move(owned_[static_cast<std::size_t>(index)]);
}

void Call::fail(std::string_view message) const {
  throw Error(fmt::format(messages::spoken_by, name_, message));
}

void Call::fail_not_two_dimensional(const Value& argument, int index) const {
  const std::string which = count() == 1 || index < 0 ? std::string("the argument")
                                                      : fmt::format("argument {}", index + 1);
  fail(fmt::format(messages::must_be_two_dimensional, which,
                   fmt::join(argument.nd_value().dims(), "×")));
}

void Call::fail_argument(int index, std::string_view expected, std::string_view got) const {
  throw Error(fmt::format(messages::argument_expected_got, name_, index + 1, expected, got));
}

namespace {

// The option a name picks: the one it spells in any letter case, else the one it begins (MATLAB's
// partial matching, so "Collapse" is "CollapseDelimiters"); null when none or several do.
const NameValueOption* option_named(std::string_view name,
                                    std::initializer_list<NameValueOption> options) {
  const std::string folded = lowercase(name);
  const NameValueOption* begun = nullptr;
  int begun_count = 0;
  for (const NameValueOption& option : options) {
    const std::string candidate = lowercase(option.name);
    if (candidate == folded) return &option;
    if (!folded.empty() && candidate.starts_with(folded)) {
      begun = &option;
      ++begun_count;
    }
  }
  return begun_count == 1 ? begun : nullptr;
}

}  // namespace

void read_name_value_options(std::string_view who, std::span<const Value> arguments, int first,
                             std::initializer_list<NameValueOption> options) {
  const int count = static_cast<int>(arguments.size());
  for (int index = first; index < count; index += 2) {
    const Value& name_value = arguments[static_cast<std::size_t>(index)];
    if (!name_value.is(Kind::String)) {
      throw Error(fmt::format(messages::argument_expected_got, who, index + 1,
                              messages::kind_option_name, kind_text(name_value)));
    }
    const std::string& name = name_value.string_value();
    const NameValueOption* option = option_named(name, options);
    if (option == nullptr) {
      std::vector<std::string> known;
      for (const NameValueOption& candidate : options) {
        known.push_back(fmt::format("'{}'", candidate.name));
      }
      throw Error(fmt::format(messages::spoken_by, who,
                              fmt::format(messages::unknown_option, name, fmt::join(known, ", "))));
    }
    if (index + 1 >= count) {
      throw Error(
          fmt::format(messages::spoken_by, who, fmt::format(messages::option_needs_value, name)));
    }
    option->take(index + 1);
  }
}

bool is_word(const Value& value, std::string_view word) {
  return value.is(Kind::String) && same_word(value.string_value(), word);
}

bool same_word(std::string_view text, std::string_view word) {
  return text.size() == word.size() && lowercase(text) == word;
}

std::optional<NanFlag> nan_flag(const Value& value) {
  if (!value.is(Kind::String)) return std::nullopt;
  const std::string flag = lowercase(value.string_value());
  if (flag == "omitnan") return NanFlag::Omit;
  if (flag == "includenan") return NanFlag::Include;
  return std::nullopt;
}

const Value& Call::structure(int index) const {
  const Value& argument = value(index);
  if (!argument.is(Kind::Struct)) fail_argument(index, messages::kind_struct, kind_text(argument));
  return argument;
}

const Value& Call::function(int index, bool by_name) const {
  const Value& argument = value(index);
  if (argument.is_callable() || (by_name && argument.is(Kind::String))) return argument;
  fail_argument(index, by_name ? messages::kind_function_or_name : messages::kind_function,
                kind_text(argument));
}

int Call::choice(int index, std::initializer_list<std::string_view> choices,
                 std::string_view what) const {
  const Value& argument = value(index);
  if (argument.is(Kind::String)) {
    const std::string folded = lowercase(argument.string_value());
    int position = 0;
    for (const std::string_view candidate : choices) {
      if (lowercase(candidate) == folded) return position;
      ++position;
    }
  }
  std::vector<std::string> quoted;
  for (const std::string_view candidate : choices)
    quoted.push_back(fmt::format("\"{}\"", candidate));
  const std::string last = quoted.back();
  quoted.pop_back();
  const std::string expected =
      quoted.empty() ? last : fmt::format("{} or {}", fmt::join(quoted, ", "), last);
  fail(fmt::format(messages::must_be_one_of,
                   what.empty() ? fmt::format("argument {}", index + 1) : std::string(what),
                   expected,
                   argument.is(Kind::String) ? fmt::format("\"{}\"", argument.string_value())
                                             : kind_text(argument)));
}

num::Matrix Call::matrix(int index) const {
  const Value& argument = value(index);
  if (argument.is_nd_array()) fail_not_two_dimensional(argument, index);
  if (!argument.is_numeric()) fail_argument(index, messages::kind_numeric, argument.kind_name());
  return argument.as_matrix();
}

double Call::scalar(int index) const {
  const Value& argument = value(index);
  switch (argument.kind()) {
    case Kind::Scalar:
    case Kind::Bool:
      return argument.scalar_value();
    case Kind::Complex:
      if (std::abs(argument.complex_value().imag()) < 1e-10) return argument.complex_value().real();
      break;
    default:
      break;
  }
  fail_argument(index, messages::kind_scalar, kind_text(argument));
}

namespace {

// |x| below 2^63 converts to int64 exactly; past it the conversion is undefined behaviour, and
// no count or index that large means anything here.
constexpr double kInt64Bound = 9223372036854775808.0;

}  // namespace

std::int64_t Call::integer(int index) const {
  const double number = scalar(index);
  if (!std::isfinite(number) || number != std::floor(number) || std::fabs(number) >= kInt64Bound) {
    fail_argument(index, messages::kind_integer, num::format_shortest(number));
  }
  return static_cast<std::int64_t>(number);
}

std::int64_t Call::count_argument(int index) const {
  const double number = scalar(index);
  if (!std::isfinite(number) || number != std::floor(number) || number < 0 ||
      number >= kInt64Bound) {
    fail_argument(index, messages::kind_non_negative_integer, num::format_shortest(number));
  }
  return static_cast<std::int64_t>(number);
}

std::optional<int> Call::dim_argument(int index) const {
  if (!has(index)) return std::nullopt;
  const double dim = scalar(index);
  if (dim != 1.0 && dim != 2.0)
    fail(fmt::format(messages::dim_not_one_or_two, num::format_shortest(dim)));
  return static_cast<int>(dim);
}

int Call::nd_dim_argument(int index) const {
  const double dim = scalar(index);
  if (!(dim >= 1.0) || dim != std::floor(dim) || dim > 1e9) {
    fail(fmt::format(messages::must_be_positive_integer_got, "dim", num::format_shortest(dim)));
  }
  return static_cast<int>(dim) - 1;
}

const std::string& Call::string(int index) const {
  const Value& argument = value(index);
  if (!argument.is(Kind::String)) fail_argument(index, messages::kind_string, kind_text(argument));
  return argument.string_value();
}

std::vector<std::string> Call::texts(int index) const {
  const Value& argument = value(index);
  if (argument.is(Kind::String)) return {argument.string_value()};
  if (argument.is(Kind::StringArray)) return argument.string_array_value();
  if (argument.is(Kind::Cell)) {
    std::vector<std::string> out;
    for (const Value& item : argument.cell_value().items) {
      if (!item.is(Kind::String)) {
        fail_argument(index, messages::kind_cell_of_texts,
                      fmt::format("a cell holding {}", item.kind_name()));
      }
      out.push_back(item.string_value());
    }
    return out;
  }
  fail_argument(index, messages::kind_texts, kind_text(argument));
}

bool Call::boolean(int index) const {
  const Value& argument = value(index);
  if (argument.is(Kind::Bool)) return argument.bool_value();
  return scalar(index) != 0.0;
}

Session& Call::session() const { return interpreter_.session(); }

Value Call::invoke(const Value& function, std::vector<Value> arguments, int nargout) const {
  return interpreter_.invoke(function, std::move(arguments), nargout);
}

}  // namespace llmlab::runtime
