// Expression evaluation (language.md §3, §5, §6.3): the scalar fast paths live here, array
// work goes to operators.cpp, indexing.cpp and num/ops.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <optional>

#include "base/error.hpp"
#include "base/located.hpp"
#include "base/messages/indexing.hpp"
#include "base/messages/language.hpp"
#include "runtime/cell_array.hpp"
#include "runtime/char_matrix.hpp"
#include "runtime/class_values.hpp"
#include "runtime/evaluator.hpp"
#include "runtime/expression_text.hpp"
#include "runtime/literals.hpp"
#include "runtime/matlab_shapes.hpp"
#include "runtime/operators.hpp"
#include "runtime/string_class.hpp"
#include "runtime/tracked.hpp"

namespace llmlab::runtime::detail {

using lang::BinaryOp;
using lang::ExprKind;

namespace {

// A negative base to a fractional power: NaN in rlab, MATLAB's complex value in matlab code, so
// the generic path computes it.
inline bool dialect_decides(double base, double exponent) {
  return base < 0.0 && exponent != std::trunc(exponent);
}

// Real scalar ∘ real scalar, the hot path of scalar loops. Returns false when `op` is not an
// arithmetic or comparison operator, or is a power the generic path decides (below).
inline bool scalar_binary(BinaryOp op, double a, double b, Value& out) {
  return dispatch_scalar_operator(
      op,
      [&]<num::Arithmetic A>() {
        if constexpr (A == num::Arithmetic::Power) {
          if (dialect_decides(a, b)) return false;
        }
        out = Value::scalar(num::arithmetic<A>(a, b));
        return true;
      },
      [&]<num::Comparison C>() {
        out = Value::boolean(num::compare(C, a, b));
        return true;
      },
      [] { return false; });
}

}  // namespace

ScalarResult Evaluator::try_scalar(const lang::Expr& expression) {
  switch (expression.kind) {
    case ExprKind::Number:
      return {expression.as<lang::NumberExpr>().value, true};
    case ExprKind::Identifier: {
      const Variable& variable = slot(expression.as<lang::IdentifierExpr>().name);
      if (!variable.defined || !variable.value.is_double_scalar()) return {0.0, false};
      return {variable.value.scalar_value(), true};
    }
    case ExprKind::Unary: {
      const auto& unary = expression.as<lang::UnaryExpr>();
      if (unary.op != lang::UnaryOp::Negate) return {0.0, false};
      const ScalarResult operand = try_scalar(*unary.operand);
      return {-operand.value, operand.ok};
    }
    case ExprKind::Binary: {
      const auto& binary = expression.as<lang::BinaryExpr>();
      if (!arithmetic_operator(binary.op)) return {0.0, false};
      const ScalarResult a = try_scalar(*binary.left);
      if (!a.ok) return a;
      const ScalarResult b = try_scalar(*binary.right);
      if (!b.ok) return b;
      const auto not_scalar = [] { return ScalarResult{0.0, false}; };
      return dispatch_scalar_operator(
          binary.op,
          [&]<num::Arithmetic A>() {
            if constexpr (A == num::Arithmetic::Power) {
              if (dialect_decides(a.value, b.value)) return not_scalar();
            }
            return ScalarResult{num::arithmetic<A>(a.value, b.value), true};
          },
          [&]<num::Comparison>() { return not_scalar(); }, not_scalar);
    }
    default:
      return {0.0, false};
  }
}

Value Evaluator::eval(const lang::Expr& expression) {
  Value value = eval_node(expression);
  // MATLAB has no vector kind (language.md §14): matlab code sees a Vector, whoever made it, as
  // the 1×N matrix it is, and a 1×1 array as its number.
  if ((value.is(Kind::Vector) || value.is(Kind::Matrix)) &&
      session_.dialect() == lang::Dialect::Matlab) {
    return as_matlab_value(std::move(value));
  }
  return value;
}

Value Evaluator::eval_node(const lang::Expr& expression) {
  switch (expression.kind) {
    case ExprKind::Number:
      return Value::scalar(expression.as<lang::NumberExpr>().value);
    case ExprKind::Imaginary:
      return in_dialect(Value::complex({0.0, expression.as<lang::ImaginaryExpr>().value}));
    case ExprKind::String:
      return eval_string(expression.as<lang::StringExpr>());
    case ExprKind::Identifier:
      return eval_identifier(expression.as<lang::IdentifierExpr>());
    case ExprKind::End:
      return eval_end(expression.as<lang::EndExpr>());
    case ExprKind::Colon:
      return Value::all_index();
    case ExprKind::Range:
      return eval_range(expression.as<lang::RangeExpr>());
    case ExprKind::Unary: {
      check_stack();
      const auto& unary = expression.as<lang::UnaryExpr>();
      Value operand = eval(*unary.operand);
      if (unary.op == lang::UnaryOp::Negate && operand.is_double_scalar()) {
        return Value::scalar(-operand.scalar_value());
      }
      if (session_.dialect() == lang::Dialect::Matlab) {
        return located(unary.loc, [&] { return matlab_unary_operation(unary.op, operand); });
      }
      return located(unary.loc, [&] { return unary_operation(unary.op, operand); });
    }
    case ExprKind::Binary:
      check_stack();
      return eval_binary(expression.as<lang::BinaryExpr>());
    case ExprKind::Call:
      return eval_call(expression.as<lang::CallExpr>(), 1);
    case ExprKind::Index:
      check_stack();
      return eval_index_expression(expression.as<lang::IndexExpr>());
    case ExprKind::CellIndex:
      return eval_cell_index(expression.as<lang::CellIndexExpr>());
    case ExprKind::Field:
      check_stack();
      return eval_field(expression.as<lang::FieldExpr>());
    case ExprKind::MethodCall:
      check_stack();
      return eval_method_call(expression.as<lang::MethodCallExpr>(), 1);
    case ExprKind::Matrix:
      return eval_matrix(expression.as<lang::MatrixExpr>());
    case ExprKind::StringArray: {
      const auto& literal = expression.as<lang::StringArrayExpr>();
      if (!literal.row_starts.empty()) return eval_cell_rows(literal);
      std::vector<Value> elements;
      eval_list_elements(literal.elements, elements);
      return located(literal.loc, [&] { return make_string_array(elements); });
    }
    case ExprKind::Lambda:
      return eval_lambda(expression.as<lang::LambdaExpr>());
    case ExprKind::FunctionHandle:
      return eval_function_handle(expression.as<lang::FunctionHandleExpr>());
  }
  return Value();
}

Value Evaluator::eval_identifier(const lang::IdentifierExpr& expression) {
  const Variable& variable = slot(expression.name);
  if (variable.defined) return variable.value;
  // A bare name that is no variable but a function is a call without arguments (§13.10).
  if (names_function(expression.name) || load_function_file(expression.name.text, expression.loc)) {
    return call_by_name(expression.name.text, {}, 1, expression.loc);
  }
  throw Error(fmt::format(messages::undefined_variable, expression.name.text), expression.loc);
}

Value Evaluator::eval_binary(const lang::BinaryExpr& expression) {
  const BinaryOp op = expression.op;
  if (op == BinaryOp::AndAnd || op == BinaryOp::OrOr) {
    const Value left = eval(*expression.left);
    const bool a = located(expression.left->loc, [&] { return short_circuit_truth(left); });
    if (op == BinaryOp::AndAnd && !a) return Value::boolean(false);
    if (op == BinaryOp::OrOr && a) return Value::boolean(true);
    const Value right = eval(*expression.right);
    return Value::boolean(
        located(expression.right->loc, [&] { return short_circuit_truth(right); }));
  }
  if (const ScalarResult x = try_scalar(*expression.left); x.ok) {
    if (const ScalarResult y = try_scalar(*expression.right); y.ok) {
      Value result;
      if (scalar_binary(op, x.value, y.value, result)) return result;
    }
  }
  Value left = eval(*expression.left);
  if (expression.condition_short_circuit &&
      (left.is(Kind::Scalar) || left.is(Kind::Bool) || left.is(Kind::Complex))) {
    // MATLAB's short-circuit `&` / `|` at the top of a condition (§13.5).
    const bool a = left.complex_value() != num::Complex(0.0, 0.0);
    if (op == BinaryOp::ElementAnd && !a) return Value::boolean(false);
    if (op == BinaryOp::ElementOr && a) return Value::boolean(true);
  }
  Value right = eval(*expression.right);
  if (left.is_double_scalar() && right.is_double_scalar()) {
    Value result;
    if (scalar_binary(op, left.scalar_value(), right.scalar_value(), result)) return result;
  }
  return located(expression.loc, [&] { return operate(op, left, right); });
}

Value Evaluator::operate(lang::BinaryOp op, const Value& left, const Value& right) {
  Warning warning;
  Value result = session_.dialect() == lang::Dialect::Matlab
                     ? matlab_binary_operation(op, left, right, &warning)
                     : binary_operation(op, left, right, &warning);
  session_.warn(warning);
  return in_dialect(std::move(result));
}

// A quoted literal: char text, except a double-quoted one in matlab code, which is MATLAB's
// string scalar (language.md §14).
Value Evaluator::eval_string(const lang::StringExpr& expression) const {
  if (expression.quote == lang::QuoteKind::Double && session_.dialect() == lang::Dialect::Matlab) {
    return Value::string_scalar(expression.value);
  }
  return Value::string(expression.value);
}

Value Evaluator::in_dialect(Value value) const {
  if (session_.dialect() != lang::Dialect::Matlab) return value;
  return narrow_complex(std::move(value));
}

double Evaluator::range_bound_number(const Value& value, const lang::Expr& expression) {
  const Value& bound = primal_of(value);
  if (bound.is(Kind::Scalar)) return bound.scalar_value();
  // A char bound in matlab code is its character's code ('a':'e'); of several, the first, as
  // MATLAB takes the first element of any bound.
  if (bound.is(Kind::String) && session_.dialect() == lang::Dialect::Matlab &&
      !bound.string_value().empty()) {
    return text_codes(bound.string_value())[0];
  }
  // A one-element array is its element (MATLAB), so `1:find(c >= 0.9, 1)` is a range.
  if (bound.is_array() && bound.matrix_value().size() == 1) {
    const num::Complex element = bound.matrix_value().complex_at(0);
    if (std::abs(element.imag()) < 1e-10) return element.real();
  }
  return located(expression.loc, [&] { return bound.as_scalar(); });
}

Evaluator::RangeBounds Evaluator::eval_range_bounds(const lang::RangeExpr& expression) {
  RangeBounds bounds;
  bounds.start_value = eval(*expression.start);
  bounds.start = range_bound_number(bounds.start_value, *expression.start);
  bounds.step_value = Value::scalar(1.0);
  if (expression.step) {
    bounds.step_value = eval(*expression.step);
    bounds.step = range_bound_number(bounds.step_value, *expression.step);
  }
  // The stop only decides the count: it carries no gradient.
  const Value stop = eval(*expression.stop);
  bounds.stop = range_bound_number(stop, *expression.stop);
  if (bounds.start_value.has_special_class() || bounds.step_value.has_special_class() ||
      stop.has_special_class()) {
    bounds.element_class = located(expression.loc, [&] {
      return arithmetic_class(
          arithmetic_class(bounds.start_value.num_class(), bounds.step_value.num_class()),
          stop.num_class());
    });
  }
  // A char end makes a char range, 'a':'e' and 'a':100 (Octave's rule; a numeric step keeps
  // it char). Only matlab code reads a char bound at all.
  if (bounds.start_value.is(Kind::String) || stop.is(Kind::String)) {
    bounds.element_class = NumClass::Char;
  }
  return bounds;
}

Value Evaluator::range_value(const RangeBounds& bounds, const lang::RangeExpr& expression) {
  return located(expression.loc, [&] {
    Value plain = make_range(bounds.start, bounds.step, bounds.stop);
    if (bounds.element_class == NumClass::Char) return char_array(plain.as_matrix(), "colon");
    if (is_special_class(bounds.element_class)) {
      return converted_to_class(std::move(plain), bounds.element_class);
    }
    if (!bounds.tracked()) return plain;
    return tracked_range(bounds.start_value, bounds.step_value, std::move(plain));
  });
}

Value Evaluator::eval_range(const lang::RangeExpr& expression) {
  return range_value(eval_range_bounds(expression), expression);
}

Value Evaluator::eval_matrix(const lang::MatrixExpr& expression) {
  std::vector<std::vector<Value>> rows(expression.rows.size());
  for (std::size_t r = 0; r < expression.rows.size(); ++r) {
    eval_list_elements(expression.rows[r], rows[r]);
  }
  // MATLAB's `[]` is 0×0 (rlab's is the empty vector).
  if (session_.dialect() == lang::Dialect::Matlab &&
      std::all_of(rows.begin(), rows.end(), [](const auto& row) { return row.empty(); })) {
    return Value::matrix(num::Matrix(0, 0));
  }
  return located(expression.loc, [&] { return concatenate(rows, session_.dialect()); });
}

// {a, b; c, d}: each row's elements (lists expanded), then a cell of those rows, or one string
// array when every element is a string (§13.12).
Value Evaluator::eval_cell_rows(const lang::StringArrayExpr& literal) {
  std::vector<std::vector<Value>> rows(literal.row_starts.size() + 1);
  std::size_t begin = 0;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const std::size_t end =
        r < literal.row_starts.size() ? literal.row_starts[r] : literal.elements.size();
    eval_list_elements(std::span(literal.elements).subspan(begin, end - begin), rows[r]);
    begin = end;
  }
  return located(literal.loc, [&] { return make_cell_rows(rows, session_.dialect()); });
}

// The elements of a [ ] or { } literal. `s.f` of a struct array stands for the field of every
// element in turn (MATLAB's comma-separated list), so `[people.age]` gathers the ages.
void Evaluator::eval_list_elements(std::span<const lang::ExprPtr> elements,
                                   std::vector<Value>& out) {
  out.reserve(elements.size());
  for (const lang::ExprPtr& element : elements) {
    if (element->kind == lang::ExprKind::Field) {
      const auto& field = element->as<lang::FieldExpr>();
      if (!names_containers_package(*field.base)) {
        const Value base = eval(*field.base);
        if (base.is(Kind::StructArray)) {
          for (const Value& item : base.struct_array_items()) out.push_back(field_of(item, field));
        } else {
          out.push_back(field_of(base, field));
        }
        continue;
      }
    }
    // c{:} in a literal or in a call's arguments stands for every element it selects
    // (MATLAB's comma-separated list).
    if (element->kind == lang::ExprKind::CellIndex) {
      const auto& index = element->as<lang::CellIndexExpr>();
      const Value base = eval(*index.base);
      if (base.is(Kind::Cell)) {
        std::vector<Value> subscripts(index.args.size());
        eval_subscripts(index.args, base, false, subscripts);
        const Value selected =
            located(index.loc, [&] { return cell_paren_read(base, subscripts); });
        for (const Value& item : selected.cell_value().items) out.push_back(item);
        continue;
      }
      // names{:} of a string array (rlab's cell of strings): each selected string.
      if (base.is(Kind::StringArray)) {
        std::vector<Value> subscripts(index.args.size());
        eval_subscripts(index.args, base, false, subscripts);
        const Value selected = located(index.loc, [&] { return index_read(base, subscripts); });
        if (selected.is(Kind::StringArray)) {
          for (const std::string& item : selected.string_array_value()) {
            out.push_back(Value::string(item));
          }
        } else {
          out.push_back(selected);
        }
        continue;
      }
    }
    out.push_back(eval(*element));
  }
}

// `containers.Map` names MATLAB's package function when no variable is called `containers`.
bool Evaluator::names_containers_package(const lang::Expr& expression) {
  if (expression.kind != lang::ExprKind::Identifier) return false;
  const lang::Name& name = expression.as<lang::IdentifierExpr>().name;
  return name.text == "containers" && !slot(name).defined;
}

Value Evaluator::eval_field(const lang::FieldExpr& expression) {
  if (!expression.name_expr && names_containers_package(*expression.base)) {
    std::vector<Value> none;
    return located(expression.loc, [&] {
      return call_by_name("containers." + expression.field, none, 1, expression.loc);
    });
  }
  return field_of(eval(*expression.base), expression);
}

Value Evaluator::field_of(const Value& base, const lang::FieldExpr& expression) {
  const std::string name =
      expression.name_expr ? dynamic_field_name(*expression.name_expr) : expression.field;
  if (base.is(Kind::Struct)) {
    if (const Value* field = base.field(name)) return *field;
    throw Error(fmt::format(messages::no_such_field, name), expression.loc);
  }
  if (base.is(Kind::Object)) {
    if (std::optional<Value> property = base.object_value()->property(name)) return *property;
  }
  if (base.is(Kind::StructArray)) {
    throw Error(fmt::format(messages::field_access_struct_array, name,
                            fmt::join(base.struct_array_dims(), "×"), name),
                expression.loc);
  }
  throw Error(fmt::format(messages::field_access_kind, name, base.kind_name()), expression.loc);
}

std::string Evaluator::dynamic_field_name(const lang::Expr& name) {
  const Value value = eval(name);
  if (!value.is(Kind::String)) {
    throw Error(fmt::format(messages::dynamic_field_name_not_string, value.kind_name()), name.loc);
  }
  if (value.string_value().empty())
    throw Error(std::string(messages::dynamic_field_name_empty), name.loc);
  return value.string_value();
}

Value Evaluator::eval_lambda(const lang::LambdaExpr& expression) {
  // The lambda captures a snapshot of the whole current scope (§3.8); it runs with the code of
  // the unit it is written in, whose layout gives its parameters slots too, so the body's names
  // resolve once for every call.
  auto code = std::make_shared<LambdaCode>();
  code->definition = expression.def;
  code->code = frame_->code->shared_from_this();
  // Only up to the last defined variable: a call's frame gives the rest their empty default,
  // and the unit's later names (all have slots from the start) need not be copied per call.
  const std::vector<Variable>& scope = frame_->variables;
  std::size_t used = scope.size();
  while (used > 0 && !scope[used - 1].defined) --used;
  code->captured.assign(scope.begin(), scope.begin() + static_cast<std::ptrdiff_t>(used));
  Lambda lambda;
  for (const lang::Name& parameter : expression.def->params)
    lambda.parameters.push_back(parameter.text);
  lambda.text = expression_text(*expression.def->body);
  lambda.code = code;
  return Value::lambda(std::move(lambda));
}

Value Evaluator::eval_function_handle(const lang::FunctionHandleExpr& expression) {
  // @name of a variable holding a lambda is that lambda (§3.8).
  const Variable& variable = slot(expression.name);
  if (variable.defined && variable.value.is(Kind::Lambda)) return variable.value;
  return Value::function_handle(expression.name.text);
}

Value Evaluator::eval_end(const lang::EndExpr& expression) {
  if (ends_.empty()) throw Error(fmt::format(messages::undefined_variable, "end"), expression.loc);
  const EndBinding& binding = ends_.back();
  return Value::scalar(
      end_value(*binding.container, binding.position, binding.count, binding.for_write));
}

void Evaluator::eval_arguments(const lang::ExprList& arguments, std::span<Value> out) {
  for (std::size_t k = 0; k < arguments.size(); ++k) out[k] = eval(*arguments[k]);
}

void Evaluator::eval_subscripts(const lang::ExprList& arguments, const Value& container,
                                bool for_write, std::span<Value> out) {
  const int count = static_cast<int>(arguments.size());
  ends_.push_back(EndBinding{&container, 0, count, for_write});
  try {
    for (int k = 0; k < count; ++k) {
      // Inner index operations push their own binding and pop it, so the outer one is
      // visible again here (§6.3, §12 item 4).
      ends_.back().position = k;
      out[static_cast<std::size_t>(k)] = eval(*arguments[static_cast<std::size_t>(k)]);
    }
  } catch (...) {
    ends_.pop_back();
    throw;
  }
  ends_.pop_back();
}

// Each c{...} is evaluated first, since the number of subscripts it stands for decides which
// dimension a later `end` means (A(c{:}, end) with c = {1, 2} is A(1, 2, end)).
std::span<Value> Evaluator::eval_spreading_subscripts(const lang::ExprList& arguments,
                                                      const Value& container, bool for_write,
                                                      std::span<Value> out,
                                                      std::vector<Value>& spread) {
  const auto is_list = [](const lang::ExprPtr& e) { return e->kind == lang::ExprKind::CellIndex; };
  if (std::none_of(arguments.begin(), arguments.end(), is_list)) {
    eval_subscripts(arguments, container, for_write, out);
    return out;
  }
  std::vector<std::vector<Value>> lists(arguments.size());
  std::size_t count = 0;
  for (std::size_t k = 0; k < arguments.size(); ++k) {
    if (is_list(arguments[k])) {
      eval_list_elements(std::span(&arguments[k], 1), lists[k]);
      count += lists[k].size();
    } else {
      ++count;
    }
  }
  spread.reserve(count);
  ends_.push_back(EndBinding{&container, 0, static_cast<int>(count), for_write});
  try {
    for (std::size_t k = 0; k < arguments.size(); ++k) {
      if (is_list(arguments[k])) {
        for (Value& item : lists[k]) spread.push_back(std::move(item));
        continue;
      }
      ends_.back().position = static_cast<int>(spread.size());
      spread.push_back(eval(*arguments[k]));
    }
  } catch (...) {
    ends_.pop_back();
    throw;
  }
  ends_.pop_back();
  return spread;
}

// Its own function, not inlined, so that the list's vector does not widen the frames of the
// call path (eval_call_with), which recursion stacks a thousand deep.
[[gnu::noinline]] Value Evaluator::read_indexed(const Value& container,
                                                const lang::ExprList& subscripts,
                                                std::span<Value> slots, const SourceLoc& where) {
  std::vector<Value> spread;
  const std::span<Value> given =
      eval_spreading_subscripts(subscripts, container, false, slots, spread);
  if (session_.dialect() == lang::Dialect::Matlab) {
    return located(where, [&] { return matlab_index_read(container, given); });
  }
  return located(where, [&] { return index_read(container, given); });
}

Value Evaluator::eval_index_expression(const lang::IndexExpr& expression) {
  const Value base = eval(*expression.base);
  if (base.is_callable()) {
    // A function value that an expression gave (c{2}(3), s.f(x), make()(x)): parentheses
    // call it, as MATLAB does; a function value has no elements to index.
    return with_values(expression.args.size(), [&](std::span<Value> arguments) {
      std::vector<Value> expanded;
      std::span<Value> given = eval_call_arguments(expression.args, arguments, expanded);
      return located(expression.loc, [&] { return call_value(base, given, 1, expression.loc); });
    });
  }
  return with_values(expression.args.size(), [&](std::span<Value> subscripts) {
    return read_indexed(base, expression.args, subscripts, expression.loc);
  });
}

// c{k} (§13.12): one element of a cell; on a string array (rlab's cell of strings) the string.
Value Evaluator::eval_cell_index(const lang::CellIndexExpr& expression) {
  const Value base = eval(*expression.base);
  return with_values(expression.args.size(), [&](std::span<Value> subscripts) {
    eval_subscripts(expression.args, base, false, subscripts);
    return located(expression.loc, [&] {
      if (base.is(Kind::Cell)) return cell_brace_read(base, subscripts);
      if (base.is_string_class()) return string_class_brace_read(base, subscripts);
      if (base.is(Kind::StringArray)) {
        Value element = index_read(base, subscripts);
        if (!element.is(Kind::String)) {
          throw Error(std::string(messages::brace_selects_several_strings));
        }
        return element;
      }
      throw Error(fmt::format(messages::brace_needs_cell, base.kind_name()));
    });
  });
}

bool Evaluator::condition(const lang::Expr& expression, std::string_view statement) {
  const Value value = eval(expression);
  if (value.is(Kind::Bool) || value.is(Kind::Scalar)) return value.scalar_value() != 0.0;
  // In matlab code a char condition is its codes: true when not empty and none is 0.
  if (value.is(Kind::String) && session_.dialect() == lang::Dialect::Matlab) {
    const std::string& text = value.string_value();
    return !text.empty() && text.find('\0') == std::string::npos;
  }
  return located(expression.loc, [&] { return condition_truth(value, statement); });
}

}  // namespace llmlab::runtime::detail
