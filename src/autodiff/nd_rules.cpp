// Builtins called on N-D arrays that depend on the input of grad (issue #27). Most gradient
// rules are written for matrices; an N-D array reaches them as a matrix view of itself, so
// each rule stays written once:
// - element-wise builtins see the array's storage (num/nd_array.hpp), a view that moves no
//   element, and their result is seen again with the array's extents;
// - builtins along a dim (softmax, layernorm, sum, ...) see the array's slices along that dim as
//   the rows of a matrix and run with dim 2, the result put back along the dim (along dim 2 the
//   rows are the storage itself: no copy);
// - element moves (reshape, permute, cat, ...), the operators and pagemtimes take N dims as
//   they are: the tape's rearrangement and broadcasting rules are N-D.
// Any other builtin is an error naming it, never a result without its gradient.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <optional>

#include "autodiff/graph_ops.hpp"
#include "autodiff/rules.hpp"
#include "base/messages/arguments.hpp"
#include "base/messages/autodiff.hpp"
#include "num/nd_shape.hpp"
#include "runtime/call.hpp"
#include "runtime/nd_values.hpp"

namespace llmlab::autodiff {

using runtime::Kind;
using runtime::primal_of;

namespace {

// How a builtin that is not N-D-native meets an N-D array.
enum class Form { AsItIs, OverStorage, AlongDim, ClassesAlongDim2, Reshape, Permute, Unpermute };

// Where a builtin along a dim reads it, and the dim it uses when none is given.
enum class DefaultDim { Second, FirstNonSingleton };
struct DimSpec {
  DefaultDim fallback = DefaultDim::Second;
  // The one-slice forms of the nn builtins take no dim (a 1×N matrix is one slice): a matrix
  // of one row is given none.
  bool one_row_takes_no_dim = false;
  // Where the dim is: the second argument, or the third after [] (max(x, [], dim)).
  std::size_t position = 1;
  // max(a, b) and min(a, b): a second argument that is not [] is an array to compare with.
  bool second_may_be_array = false;
  // std(x, dim) and var(x, dim) in rlab: of two arguments the second is the dim (in matlab
  // code it is the weight, and the dim comes third).
  bool rlab_dim_second = false;
};

struct NdForm {
  std::string_view name;
  Form form;
  DimSpec dim;
};

constexpr DimSpec kNnDim{DefaultDim::Second, true};
constexpr DimSpec kReductionDim{DefaultDim::FirstNonSingleton, false};
constexpr DimSpec kExtremumDim{DefaultDim::FirstNonSingleton, false, 2, true};
// std(x, w, dim) and var: the dim third, after the weight (second in rlab's two-argument form).
constexpr DimSpec kSpreadDim{DefaultDim::FirstNonSingleton, false, 2, false, true};
// The dim third: maxk(x, k, dim), diff(x, n, dim), movmean(x, k, dim), zscore(x, w, dim).
constexpr DimSpec kThirdDim{DefaultDim::FirstNonSingleton, false, 2};

const NdForm kForms[] = {
    // Element moves and value holders: N-D through the tape's own rules.
    {"reshape", Form::Reshape, {}},
    {"repmat", Form::AsItIs, {}},
    {"flip", Form::AsItIs, {}},
    {"circshift", Form::AsItIs, {}},
    {"cat", Form::AsItIs, {}},
    {"horzcat", Form::AsItIs, {}},
    {"vertcat", Form::AsItIs, {}},
    {"permute", Form::Permute, {}},
    {"ipermute", Form::Unpermute, {}},
    {"squeeze", Form::AsItIs, {}},
    {"pagetranspose", Form::AsItIs, {}},
    {"pagemtimes", Form::AsItIs, {}},
    {"attention", Form::AsItIs, {}},
    {"plus", Form::AsItIs, {}},
    {"minus", Form::AsItIs, {}},
    {"times", Form::AsItIs, {}},
    {"rdivide", Form::AsItIs, {}},
    {"power", Form::AsItIs, {}},
    {"struct", Form::AsItIs, {}},
    {"setfield", Form::AsItIs, {}},
    {"deal", Form::AsItIs, {}},
    {"feval", Form::AsItIs, {}},
    {"bsxfun", Form::AsItIs, {}},
    {"arrayfun", Form::AsItIs, {}},
    {"num2cell", Form::AsItIs, {}},
    // Element-wise.
    {"abs", Form::OverStorage, {}},
    {"sqrt", Form::OverStorage, {}},
    {"exp", Form::OverStorage, {}},
    {"expm1", Form::OverStorage, {}},
    {"log", Form::OverStorage, {}},
    {"log1p", Form::OverStorage, {}},
    {"log2", Form::OverStorage, {}},
    {"log10", Form::OverStorage, {}},
    {"sin", Form::OverStorage, {}},
    {"cos", Form::OverStorage, {}},
    {"tan", Form::OverStorage, {}},
    {"asin", Form::OverStorage, {}},
    {"acos", Form::OverStorage, {}},
    {"atan", Form::OverStorage, {}},
    {"sinh", Form::OverStorage, {}},
    {"cosh", Form::OverStorage, {}},
    {"tanh", Form::OverStorage, {}},
    {"erf", Form::OverStorage, {}},
    {"erfc", Form::OverStorage, {}},
    {"real", Form::OverStorage, {}},
    {"conj", Form::OverStorage, {}},
    {"double", Form::OverStorage, {}},
    {"uminus", Form::OverStorage, {}},
    {"gelu", Form::OverStorage, {}},
    {"relu", Form::OverStorage, {}},
    {"sign", Form::OverStorage, {}},
    {"normpdf", Form::OverStorage, {}},
    {"normcdf", Form::OverStorage, {}},
    {"floor", Form::OverStorage, {}},
    {"ceil", Form::OverStorage, {}},
    {"round", Form::OverStorage, {}},
    {"fix", Form::OverStorage, {}},
    {"atan2", Form::OverStorage, {}},
    {"hypot", Form::OverStorage, {}},
    {"mod", Form::OverStorage, {}},
    {"rem", Form::OverStorage, {}},
    {"gamma", Form::OverStorage, {}},
    {"gammaln", Form::OverStorage, {}},
    {"lgamma", Form::OverStorage, {}},
    {"nthroot", Form::OverStorage, {}},
    {"deg2rad", Form::OverStorage, {}},
    {"rad2deg", Form::OverStorage, {}},
    // Along a dim.
    {"softmax", Form::AlongDim, kNnDim},
    {"log_softmax", Form::AlongDim, kNnDim},
    {"layernorm", Form::AlongDim, kNnDim},
    {"rmsnorm", Form::AlongDim, kNnDim},
    {"sum", Form::AlongDim, kReductionDim},
    {"mean", Form::AlongDim, kReductionDim},
    {"prod", Form::AlongDim, kReductionDim},
    {"cumsum", Form::AlongDim, kReductionDim},
    {"cumprod", Form::AlongDim, kReductionDim},
    {"max", Form::AlongDim, kExtremumDim},
    {"min", Form::AlongDim, kExtremumDim},
    {"median", Form::AlongDim, kReductionDim},
    {"range", Form::AlongDim, kReductionDim},
    {"sort", Form::AlongDim, kReductionDim},
    {"std", Form::AlongDim, kSpreadDim},
    {"var", Form::AlongDim, kSpreadDim},
    {"cummax", Form::AlongDim, kReductionDim},
    {"cummin", Form::AlongDim, kReductionDim},
    {"bounds", Form::AlongDim, kReductionDim},
    {"maxk", Form::AlongDim, kThirdDim},
    {"mink", Form::AlongDim, kThirdDim},
    {"diff", Form::AlongDim, kThirdDim},
    {"zscore", Form::AlongDim, kThirdDim},
    {"vecnorm", Form::AlongDim, kThirdDim},
    {"movmean", Form::AlongDim, kThirdDim},
    {"movsum", Form::AlongDim, kThirdDim},
    {"cross_entropy", Form::ClassesAlongDim2, {}},
};

const NdForm* find_form(std::string_view name) {
  for (const NdForm& form : kForms) {
    if (form.name == name) return &form;
  }
  return nullptr;
}

[[noreturn]] void no_nd_rule(const RuleCall& call) { call.fail(messages::nd_no_gradient_rule); }

Value call_rule(RuleCall& call, Rule rule, std::vector<Value> arguments) {
  RuleCall inner{call.tape, call.name, arguments, call.nargout, call.invoke, call.dialect};
  return rule(inner);
}

// The extents of the storage matrix of an array of extents `dims`.
num::Dims storage_dims(const num::Dims& dims) {
  const auto [rows, columns] = num::storage_shape(dims);
  return {rows, columns};
}

// Every N-D argument seen as its storage (they must share their extents); a result with as many
// elements is seen with those extents again, any other (sum(x, "all")) is kept as it is.
Value over_storage(RuleCall& call, Rule rule) {
  num::Dims dims;
  std::vector<Value> arguments(call.arguments.begin(), call.arguments.end());
  for (Value& argument : arguments) {
    const Value& primal = primal_of(argument);
    if (!primal.is_nd_array()) {
      if (primal.is_array() && primal.element_count() > 1) {
        call.fail(messages::nd_and_matrix_arguments);
      }
      continue;
    }
    if (!dims.empty() && primal.nd_value().dims() != dims) {
      call.fail(messages::nd_arguments_sizes_differ);
    }
    dims = primal.nd_value().dims();
    argument = view_as(argument, storage_dims(dims));
  }
  Value result = call_rule(call, rule, std::move(arguments));
  const Value& primal = primal_of(result);
  if (!runtime::is_numeric_or_nd(primal) || primal.element_count() != num::element_count(dims)) {
    return result;
  }
  return view_as(result, dims);
}

// The argument that holds the dim: at the spec's position, or a "dim" option's value
// (layernorm), or none.
std::optional<std::size_t> dim_slot(const RuleCall& call, const DimSpec& spec) {
  for (std::size_t k = 1; k + 1 < call.arguments.size(); ++k) {
    if (runtime::is_word(primal_of(call.arguments[k]), "dim")) return k + 1;
  }
  if (spec.rlab_dim_second && !call.second_is_weight() && call.arguments.size() == 2) {
    return primal_of(call.arguments[1]).is(Kind::String) ? std::nullopt
                                                         : std::optional<std::size_t>(1);
  }
  if (call.arguments.size() <= spec.position) return std::nullopt;
  const Value& argument = primal_of(call.arguments[spec.position]);
  if (argument.is(Kind::String)) return std::nullopt;  // "omitnan", "gamma", ...
  return spec.position;
}

// max(a, b) of two arrays: element-wise, not along a dim.
bool compares_two_arrays(const RuleCall& call, const DimSpec& spec) {
  if (!spec.second_may_be_array || call.arguments.size() < 2) return false;
  const Value& second = primal_of(call.arguments[1]);
  return !(second.is_array() && second.matrix_value().empty());
}

bool is_all(const Value& value) { return runtime::is_word(value, "all"); }

int dim_of(const RuleCall& call, const Value& value) {
  const Value& primal = primal_of(value);
  if (!primal.is_numeric() || primal.element_count() != 1) {
    call.fail(messages::nd_rule_takes_one_dim);
  }
  const double dim = primal.as_scalar();
  if (!(dim >= 1.0) || dim != std::floor(dim) || dim > 64.0) {
    call.fail(fmt::format(messages::must_be_positive_integer, "dim"));
  }
  return static_cast<int>(dim) - 1;
}

// The arguments with the dim replaced by 2 (inserted when it was defaulted), or without it when
// the rows are a single row of a builtin whose one-slice form takes none.
std::vector<Value> with_dim_two(const RuleCall& call, const DimSpec& spec,
                                std::optional<std::size_t> slot, bool drop) {
  std::vector<Value> arguments(call.arguments.begin(), call.arguments.end());
  if (drop) {
    if (slot) {
      const bool named = *slot >= 2 && primal_of(arguments[*slot - 1]).is(Kind::String);
      const auto first = static_cast<std::ptrdiff_t>(named ? *slot - 1 : *slot);
      arguments.erase(arguments.begin() + first,
                      arguments.begin() + static_cast<std::ptrdiff_t>(*slot) + 1);
    }
    return arguments;
  }
  if (slot) {
    arguments[*slot] = Value::scalar(2.0);
    return arguments;
  }
  if (spec.position == 2 && arguments.size() < 2) arguments.push_back(Value::matrix(Matrix(0, 0)));
  arguments.insert(arguments.begin() + static_cast<std::ptrdiff_t>(spec.position),
                   Value::scalar(2.0));
  return arguments;
}

// The result of a 2-D rule over the rows, put back along `dim` with extents `dims` (each output
// of a tuple: max's values and indices).
Value put_back(const Value& result, num::Dims dims, int dim, Index slices) {
  if (result.is(Kind::Tuple)) {
    std::vector<Value> items;
    for (const Value& item : result.tuple_items())
      items.push_back(put_back(item, dims, dim, slices));
    return Value::tuple(std::move(items));
  }
  dims[static_cast<std::size_t>(dim)] = storage_of(result).size() / std::max<Index>(slices, 1);
  return from_rows_along(result, dims, dim);
}

Value along_dim(RuleCall& call, Rule rule, const DimSpec& spec) {
  const Value& x = call.arguments[0];
  if (compares_two_arrays(call, spec)) return over_storage(call, rule);
  if (!primal_of(x).is_nd_array()) no_nd_rule(call);
  if (std::any_of(call.arguments.begin() + 1, call.arguments.end(),
                  [](const Value& argument) { return is_all(primal_of(argument)); })) {
    return over_storage(call, rule);
  }
  const std::optional<std::size_t> slot = dim_slot(call, spec);
  num::Dims dims = primal_of(x).nd_value().dims();
  const int dim =
      slot ? dim_of(call, call.arguments[*slot])
           : (spec.fallback == DefaultDim::Second ? 1 : num::first_non_singleton_dim(dims));
  if (static_cast<std::size_t>(dim) >= dims.size())
    dims.resize(static_cast<std::size_t>(dim) + 1, 1);
  const Value rows = rows_along(x, dim);
  const bool drop = spec.one_row_takes_no_dim && storage_of(rows).rows() == 1;
  std::vector<Value> arguments = with_dim_two(call, spec, slot, drop);
  arguments[0] = rows;
  return put_back(call_rule(call, rule, std::move(arguments)), dims, dim, storage_of(rows).rows());
}

// cross_entropy(logits, targets[, reduction]) with N-D logits: the classes along dim 2, each
// position of the other dims one example, its target at that position of `targets`.
Value classes_along_dim_two(RuleCall& call, Rule rule) {
  const Value& logits = call.arguments[0];
  if (!primal_of(logits).is_nd_array() || call.arguments.size() < 2) no_nd_rule(call);
  const num::Dims dims = primal_of(logits).nd_value().dims();
  std::vector<Value> arguments(call.arguments.begin(), call.arguments.end());
  arguments[0] = rows_along(logits, 1);
  const num::NdArray targets = runtime::as_nd_array(primal_of(call.arguments[1]));
  arguments[1] = Value::matrix(num::reshaped(targets, num::Dims{targets.size(), 1}).to_matrix());
  const Value result = call_rule(call, rule, std::move(arguments));
  const num::Dims per_example = num::reduced_dims(dims, 1);
  if (primal_of(result).element_count() != num::element_count(per_example)) return result;
  return view_as(result, per_example);
}

// reshape and permute of an N-D array keep MATLAB's linear order or move whole dims: the
// gradient is the output's reshaped or permuted back (no map of element positions).
Value reshape_nd(RuleCall& call) {
  const num::Dims from = runtime::dims_of(primal_of(call.arguments[0]));
  const Value operands[] = {call.arguments[0]};
  return call.tape.record_graph(call.plain(), operands, [from](const Value& g, ValueSink& sink) {
    sink.add(0, reshaped_to(g, from));
  });
}

Value permute_nd(RuleCall& call, bool inverse) {
  const std::vector<double> given = runtime::linear_elements(primal_of(call.arguments[1]));
  // The order that undoes the call: permute's inverse, or ipermute's own order.
  std::vector<int> undo(given.size());
  for (std::size_t k = 0; k < given.size(); ++k) {
    const auto dim = static_cast<std::size_t>(given[k]) - 1;
    (inverse ? undo[k] : undo[dim]) = static_cast<int>(inverse ? dim : k);
  }
  const Value operands[] = {call.arguments[0]};
  return call.tape.record_graph(call.plain(), operands, [undo](const Value& g, ValueSink& sink) {
    sink.add(0, permuted_by(g, undo));
  });
}

}  // namespace

bool has_nd_argument(std::span<const Value> arguments) {
  return std::any_of(arguments.begin(), arguments.end(),
                     [](const Value& argument) { return primal_of(argument).is_nd_array(); });
}

bool takes_nd_form(std::string_view name, std::span<const Value> arguments) {
  if (has_nd_argument(arguments)) return true;
  // A reshape or permute of a matrix into three or more dims.
  if (name == "reshape") {
    return arguments.size() > 3 ||
           (arguments.size() == 2 && primal_of(arguments[1]).element_count() > 2);
  }
  return (name == "permute" || name == "ipermute") && arguments.size() == 2 &&
         primal_of(arguments[1]).element_count() > 2;
}

Value nd_rule(RuleCall& call, Rule rule) {
  if (rule == &no_gradient) return rule(call);
  const NdForm* form = find_form(call.name);
  if (form == nullptr) no_nd_rule(call);
  switch (form->form) {
    case Form::AsItIs:
      return rule(call);
    case Form::OverStorage:
      return over_storage(call, rule);
    case Form::AlongDim:
      return along_dim(call, rule, form->dim);
    case Form::ClassesAlongDim2:
      return classes_along_dim_two(call, rule);
    case Form::Reshape:
      return reshape_nd(call);
    case Form::Permute:
    case Form::Unpermute:
      return permute_nd(call, form->form == Form::Unpermute);
  }
  no_nd_rule(call);
}

}  // namespace llmlab::autodiff
