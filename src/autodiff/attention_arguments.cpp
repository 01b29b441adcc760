#include "autodiff/attention_arguments.hpp"

#include <fmt/format.h>

#include <cmath>

#include "base/error.hpp"
#include "base/messages/arguments.hpp"
#include "base/messages/attention.hpp"
#include "base/messages/system.hpp"
#include "runtime/call.hpp"
#include "runtime/nd_values.hpp"

namespace llmlab::autodiff {

using runtime::Kind;
using runtime::Value;

namespace {

num::NdArray operand(const Value& value, std::string_view name) {
  if (!runtime::is_numeric_or_nd(value) || value.is(Kind::Bool)) {
    throw Error(fmt::format(messages::attention_not_numeric_array, name, value.kind_name()));
  }
  return runtime::as_nd_array(value);
}

double number(const Value& value, std::string_view option) {
  if (!value.is_numeric() || value.element_count() != 1) {
    throw Error(fmt::format(messages::attention_option_needs_number, option));
  }
  return value.as_scalar();
}

int heads_of(const Value& value) {
  const double heads = number(value, "heads");
  if (!(heads >= 1.0) || heads != std::floor(heads) || heads > 65536.0) {
    throw Error(fmt::format(messages::spoken_by, "attention",
                            fmt::format(messages::must_be_positive_integer, "heads")));
  }
  return static_cast<int>(heads);
}

double scale_of(const Value& value) {
  const double scale = number(value, "scale");
  if (!std::isfinite(scale)) throw Error(std::string(messages::attention_scale_not_finite));
  return scale;
}

}  // namespace

AttentionArguments read_attention_arguments(std::span<const Value> arguments) {
  AttentionArguments result;
  result.packed = arguments.size() < 2 || arguments[1].is(Kind::String);
  if (!result.packed && arguments.size() < 3) {
    throw Error(std::string(messages::attention_usage));
  }
  if (result.packed) {
    result.qkv = operand(arguments[0], "qkv");
  } else {
    result.q = operand(arguments[0], "q");
    result.k = operand(arguments[1], "k");
    result.v = operand(arguments[2], "v");
  }
  // The builtins' one name/value parser (names in any letter case or a unique prefix).
  nn::AttentionOptions& options = result.options;
  const auto at = [arguments](int index) -> const Value& {
    return arguments[static_cast<std::size_t>(index)];
  };
  runtime::read_name_value_options(
      "attention", arguments, result.packed ? 1 : 3,
      {{"heads", [&](int index) { options.heads = heads_of(at(index)); }},
       {"causal", [&](int index) { options.causal = number(at(index), "causal") != 0.0; }},
       {"scale", [&](int index) { options.scale = scale_of(at(index)); }}});
  return result;
}

nn::AttentionResult attention_of(const AttentionArguments& arguments) {
  if (arguments.packed) return nn::attention_packed(arguments.qkv, arguments.options);
  return nn::attention_pages(arguments.q, arguments.k, arguments.v, arguments.options);
}

}  // namespace llmlab::autodiff
