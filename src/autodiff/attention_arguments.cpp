#include "autodiff/attention_arguments.hpp"

#include <fmt/format.h>

#include <cmath>

#include "base/error.hpp"
#include "base/messages/arguments.hpp"
#include "base/messages/attention.hpp"
#include "base/messages/system.hpp"
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

void read_option(nn::AttentionOptions& options, const std::string& name, const Value& value) {
  if (name == "heads") {
    const double heads = number(value, name);
    if (!(heads >= 1.0) || heads != std::floor(heads) || heads > 65536.0) {
      throw Error(fmt::format(messages::spoken_by, "attention",
                              fmt::format(messages::must_be_positive_integer, "heads")));
    }
    options.heads = static_cast<int>(heads);
  } else if (name == "causal") {
    options.causal = number(value, name) != 0.0;
  } else if (name == "scale") {
    const double scale = number(value, name);
    if (!std::isfinite(scale)) throw Error(std::string(messages::attention_scale_not_finite));
    options.scale = scale;
  } else {
    throw Error(fmt::format(messages::attention_unknown_option, name));
  }
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
  for (std::size_t k = result.packed ? 1 : 3; k < arguments.size(); k += 2) {
    if (!arguments[k].is(Kind::String)) {
      throw Error(
          fmt::format(messages::attention_expected_option_name, k + 1, arguments[k].kind_name()));
    }
    if (k + 1 >= arguments.size()) {
      throw Error(fmt::format(messages::attention_option_needs_value, arguments[k].string_value()));
    }
    read_option(result.options, arguments[k].string_value(), arguments[k + 1]);
  }
  return result;
}

nn::AttentionResult attention_of(const AttentionArguments& arguments) {
  if (arguments.packed) return nn::attention_packed(arguments.qkv, arguments.options);
  return nn::attention_pages(arguments.q, arguments.k, arguments.v, arguments.options);
}

}  // namespace llmlab::autodiff
