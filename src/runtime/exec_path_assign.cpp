// Assignment to general targets (llmlab's MATLAB extension of §2.2–§2.6): nested fields
// `s.a.b = e`, a subscripted field `s.f(i) = e`, dynamic fields `s.(name) = e`, compound
// assignment `v(i) += e`, and any of these as outputs of a multiple assignment. The target is
// checked and the new value fully computed before anything is written, so a failing assignment
// leaves every variable as it was.
#include <fmt/format.h>

#include <span>
#include <string>
#include <vector>

#include "base/error.hpp"
#include "base/located.hpp"
#include "runtime/cell_array.hpp"
#include "runtime/display.hpp"
#include "runtime/evaluator.hpp"
#include "runtime/operators.hpp"
#include "runtime/struct_array.hpp"

namespace llmlab::runtime::detail {

namespace {

// The names of a target's field steps, in order, with dynamic names `.(expr)` evaluated.
using FieldNames = std::vector<std::string>;

// The value a target's fields lead to, or nullptr where the path does not exist yet. Raises the
// error of §2.5 when a step meets a value that is not a struct.
const Value* find_field_path(std::string written, std::span<const lang::TargetStep> steps,
                             const FieldNames& fields, const Variable& root) {
  const Value* node = root.defined ? &root.value : nullptr;
  for (std::size_t k = 0; k < fields.size() && node != nullptr; ++k) {
    if (!node->is(Kind::Struct)) {
      throw Error(fmt::format("'{}' is a {}, not a struct", written, node->kind_name()),
                  steps[k].loc);
    }
    node = node->field(fields[k]);
    written += "." + fields[k];
  }
  return node;
}

// The value the fields lead to, for writing: structs and fields missing on the way are created
// (the checks of find_field_path have already passed).
Value& make_field_path(const FieldNames& fields, Variable& root) {
  if (fields.empty()) {
    root.defined = true;
    return root.value;
  }
  if (!root.defined) {
    root.value = Value::structure();
    root.defined = true;
  }
  Value* node = &root.value;
  for (const std::string& field : fields) {
    if (!node->is(Kind::Struct)) *node = Value::structure();  // a field that did not exist yet
    StructFields& members = node->mutable_struct_fields();
    node = &members[field];
  }
  return *node;
}

// The element `c{k} op= v` updates.
Value brace_read_for_update(const Value& container, std::span<const Value> subscripts) {
  if (!container.is(Kind::Cell)) {
    throw Error(fmt::format("brace indexing needs a cell array, got {}", container.kind_name()));
  }
  return cell_brace_read(container, subscripts);
}

}  // namespace

std::string index_assign_echo(std::string_view name, const AssignEcho& result) {
  switch (result.form) {
    case AssignEcho::Form::Element:
      return echo_element_write(name, result.written(), result.value);
    case AssignEcho::Form::Row:
      return echo_row_write(name, result.subscripts[0], result.row);
    case AssignEcho::Form::Positions:
      return echo_positions_updated(name, result.count);
    case AssignEcho::Form::Region:
      return echo_region_updated(name, result.rows, result.columns);
    case AssignEcho::Form::Whole:
      return fmt::format("{} = {}\n", name, result.text);
  }
  return {};
}

void Evaluator::exec_path_assign(const lang::PathAssignStmt& statement) {
  std::optional<lang::BinaryOp> op;
  if (statement.op != lang::AssignOp::Set) op = lang::compound_operator(statement.op);
  assign_target(statement.target, eval(*statement.value), op, assignment_echo_enabled(statement));
}

void Evaluator::assign_target(const lang::AssignTarget& target, Value rhs,
                              std::optional<lang::BinaryOp> op, bool echo_on) {
  if (target.steps.size() > 1 && !target.steps.front().is_field) {
    assign_struct_element(target, std::move(rhs), op, echo_on);
    return;
  }
  assign_steps(target.root, target.root.text, slot(target.root), target.steps, std::move(rhs), op,
               echo_on);
}

// `s(k).f… = rhs`: the fields are assigned in a copy of element k (an empty-field struct past
// the end), which then replaces the element, growing the struct array as needed.
void Evaluator::assign_struct_element(const lang::AssignTarget& target, Value rhs,
                                      std::optional<lang::BinaryOp> op, bool echo_on) {
  Variable& root = slot(target.root);
  const Value current = root.defined ? root.value : Value();
  const bool empty_array = current.is_array() && current.matrix_value().empty();
  if (root.defined && !is_struct_like(current) && !empty_array) {
    throw Error(fmt::format("'{}' is a {}, not a struct", target.root.text, current.kind_name()),
                target.steps.front().loc);
  }
  const lang::ExprList& written = target.steps.front().subscripts;
  std::vector<Value> subscripts(written.size());
  eval_subscripts(written, current, true, subscripts);
  const num::Index position =
      located(target.steps.front().loc, [&] { return single_struct_position(subscripts); });
  std::vector<Value> items = struct_elements(current);
  const auto at = static_cast<std::size_t>(position);
  Variable element;
  element.defined = true;
  element.value = at < items.size() ? items[at] : empty_like(items);
  const std::string name = fmt::format("{}({})", target.root.text, position + 1);
  assign_steps(target.root, name, element, std::span(target.steps).subspan(1), std::move(rhs), op,
               false);
  if (at >= items.size()) items.resize(at + 1, empty_like(items));
  items[at] = std::move(element.value);
  root.value = make_struct_array(std::move(items));
  root.defined = true;
  if (echo_on) session_.write(echo(target.root.text, root.value, session_));
}

void Evaluator::assign_steps(const lang::Name& root_name, const std::string& root_text,
                             Variable& root, std::span<const lang::TargetStep> steps, Value rhs,
                             std::optional<lang::BinaryOp> op, bool echo_on) {
  const bool subscripted = !steps.empty() && !steps.back().is_field;
  const std::size_t field_steps = steps.size() - (subscripted ? 1 : 0);
  // The field names, dynamic ones evaluated, and the target as echo lines and errors show it
  // ("s.a.b", without the subscripts).
  FieldNames fields;
  std::string name = root_text;
  for (std::size_t k = 0; k < field_steps; ++k) {
    const lang::TargetStep& step = steps[k];
    fields.push_back(step.field_expr ? dynamic_field_name(*step.field_expr) : step.field);
    name += "." + fields.back();
  }

  // Read phase: find the current value, evaluate the subscripts (with `end` bound to it) and
  // compute the value to store. Nothing is written yet.
  std::vector<Value> subscripts;
  bool leaf_exists = false;
  {
    const Value* leaf = find_field_path(root_text, steps, fields, root);
    leaf_exists = leaf != nullptr;
    const Value snapshot = leaf_exists ? *leaf : Value();
    if (subscripted) {
      const lang::ExprList& written = steps.back().subscripts;
      subscripts.resize(written.size());
      eval_subscripts(written, snapshot, true, subscripts);
    }
    if (op) {
      if (!leaf_exists) {
        throw Error(steps.empty() || field_steps == 0
                        ? fmt::format("undefined variable '{}'", root_text)
                        : fmt::format("struct has no field '{}'", fields.back()),
                    root_name.loc);
      }
      const bool braces = subscripted && steps.back().braces;
      const Value current = !subscripted ? snapshot
                            : braces     ? brace_read_for_update(snapshot, subscripts)
                                         : index_read(snapshot, subscripts);
      Warning warning;
      rhs = binary_operation(*op, current, rhs, &warning);
      session_.warn(warning);
    }
  }
  // The snapshot is gone, so storage the target owns alone is written in place.

  if (!subscripted) {
    Value& destination = make_field_path(fields, root);
    destination = std::move(rhs);
    if (echo_on) session_.write(echo(name, destination, session_));
    return;
  }
  if (steps.back().braces) {
    // c{k} = v stores v, `[]` included (no deletion), growing the cell (§13.12).
    if (leaf_exists) {
      Value& destination = make_field_path(fields, root);
      cell_brace_assign(destination, true, name, subscripts, std::move(rhs));
    } else {
      Value created;
      cell_brace_assign(created, false, name, subscripts, std::move(rhs));
      make_field_path(fields, root) = std::move(created);
    }
    if (echo_on) session_.write(echo(name, make_field_path(fields, root), session_));
    return;
  }
  if (is_deletion_value(rhs)) {
    if (!leaf_exists) throw Error(fmt::format("[]-deletion: undefined variable '{}'", name));
    Value& destination = make_field_path(fields, root);
    index_delete(destination, true, name, subscripts);
    if (echo_on) session_.write(echo(name, destination, session_));
    return;
  }
  AssignEcho result;
  if (leaf_exists) {
    Value& destination = make_field_path(fields, root);
    result = index_assign(destination, true, name, subscripts, rhs);
  } else {
    // A new variable or field: built aside, so a bad subscript creates nothing.
    Value created;
    result = index_assign(created, false, name, subscripts, rhs);
    make_field_path(fields, root) = std::move(created);
  }
  if (echo_on) session_.write(index_assign_echo(name, result));
}

}  // namespace llmlab::runtime::detail
