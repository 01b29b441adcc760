// builtins.md §4 Element-wise math, as functions: plus, minus, times, ..., not, uminus and xor,
// so that @plus is a handle. Each is the script operator itself (runtime/operators.hpp).
#include "runtime/operators.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "base/utf8.hpp"
#include "builtins/kinds.hpp"
#include "builtins/registry.hpp"
#include "lang/ast.hpp"
#include "num/rng.hpp"

namespace llmlab::builtins {
namespace {

using runtime::Call;
using runtime::Kind;
using runtime::Value;

// xor(a, b): element-wise exclusive or, with the shapes and truth rules of `&` and `|`
// (language.md §13.5): the negations of both operands differ exactly where one is true.
Value xor_builtin(Call& call) {
  const Value a = runtime::unary_operation(lang::UnaryOp::Not, call.value(0));
  const Value b = runtime::unary_operation(lang::UnaryOp::Not, call.value(1));
  return runtime::binary_operation(lang::BinaryOp::NotEqual, a, b);
}

template <lang::BinaryOp op>
Value operator_function(Call& call) {
  return runtime::binary_operation(op, call.value(0), call.value(1));
}

Value not_function(Call& call) {
  return runtime::unary_operation(lang::UnaryOp::Not, call.value(0));
}

Value uminus_function(Call& call) {
  return runtime::unary_operation(lang::UnaryOp::Negate, call.value(0));
}

}  // namespace

extern const BuiltinTable kOperatorBuiltins = {
    {"xor", xor_builtin, 2, 2,
     "Element-wise exclusive or, shaped as & and | shape. Example: xor([true, false], [true, "
     "true])"},
    {"plus", operator_function<lang::BinaryOp::Add>, 2, 2,
     "a + b as a function (@plus). Example: plus(1, 2)"},
    {"minus", operator_function<lang::BinaryOp::Subtract>, 2, 2,
     "a - b as a function. Example: minus(5, 2)"},
    {"times", operator_function<lang::BinaryOp::ElementMultiply>, 2, 2,
     "a .* b as a function. Example: times([1, 2], [3, 4])"},
    {"mtimes", operator_function<lang::BinaryOp::Multiply>, 2, 2,
     "a * b as a function. Example: mtimes([1, 2], [3; 4])"},
    {"rdivide", operator_function<lang::BinaryOp::ElementDivide>, 2, 2,
     "a ./ b as a function. Example: rdivide([1, 2], 4)"},
    {"power", operator_function<lang::BinaryOp::ElementPower>, 2, 2,
     "a .^ b as a function. Example: power(2, [1, 2, 3])"},
    {"eq", operator_function<lang::BinaryOp::Equal>, 2, 2,
     "a == b as a function. Example: eq([1, 2], 2)"},
    {"ne", operator_function<lang::BinaryOp::NotEqual>, 2, 2,
     "a ~= b as a function. Example: ne([1, 2], 2)"},
    {"lt", operator_function<lang::BinaryOp::Less>, 2, 2,
     "a < b as a function. Example: lt([1, 2], 2)"},
    {"le", operator_function<lang::BinaryOp::LessEqual>, 2, 2,
     "a <= b as a function. Example: le([1, 2], 2)"},
    {"gt", operator_function<lang::BinaryOp::Greater>, 2, 2,
     "a > b as a function. Example: gt([1, 2], 1)"},
    {"ge", operator_function<lang::BinaryOp::GreaterEqual>, 2, 2,
     "a >= b as a function. Example: ge([1, 2], 2)"},
    {"and", operator_function<lang::BinaryOp::ElementAnd>, 2, 2,
     "a & b as a function. Example: and(true, false)"},
    {"or", operator_function<lang::BinaryOp::ElementOr>, 2, 2,
     "a | b as a function. Example: or(true, false)"},
    {"not", not_function, 1, 1, "~a as a function. Example: not([true, false])"},
    {"uminus", uminus_function, 1, 1, "-a as a function. Example: uminus([1, -2])"},
};

}  // namespace llmlab::builtins
