// Assignment to general targets (llmlab's MATLAB lvalues, beyond §2.2–§2.6): any chain of
// fields `.f` / `.(expr)`, struct-array elements `(k).`, cell elements `{k}` and a final
// subscript, e.g. `s.a.b = e`, `p.h(2).w(:, 1) = 0`, `c{2}.x = 1`, `s.m(2, :) = []`; compound
// assignment `v(i) += e`; and any of these as outputs of a multiple assignment.
//
// Two phases. The read phase walks the current value (through copies, which only share
// storage) evaluating every field name and subscript, with `end` bound to the level it
// subscripts, and checks every level. Only then does the write phase take the variable's slot
// (evaluation may add names and so move the frame's variables) and write down the chain in
// place. A level the write creates or grows (a new field, element or cell position) is built
// aside and stored once the levels below it succeeded, and the final write checks before it
// writes, so a failing assignment leaves every variable as it was.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <span>
#include <string>
#include <vector>

#include "base/error.hpp"
#include "base/located.hpp"
#include "base/messages/indexing.hpp"
#include "base/messages/language.hpp"
#include "base/messages/system.hpp"
#include "runtime/cell_array.hpp"
#include "runtime/display.hpp"
#include "runtime/evaluator.hpp"
#include "runtime/matlab_shapes.hpp"
#include "runtime/operators.hpp"
#include "runtime/struct_array.hpp"

namespace llmlab::runtime::detail {

// One step of a target as the read phase resolved it.
struct ResolvedStep {
  const lang::TargetStep* written = nullptr;
  enum class Form { Field, Element, CellElement, Subscript } form = Form::Field;
  std::string field;              // Field: the name, a dynamic one evaluated
  std::vector<Value> subscripts;  // Element, CellElement, Subscript: evaluated with their `end`
  // Element: the struct-array element (0-based, linear), nullopt past the end (a growth).
  std::optional<num::Index> position;
  std::optional<num::Index> cell_position;  // CellElement: the element, nullopt past the end
  std::string base_text;  // the target before this step ("p.h(2)"), for messages and echoes
};

struct TargetPlan {
  std::vector<ResolvedStep> steps;
  std::string text;              // the target so far, while it is resolved
  bool through_element = false;  // some step inside the chain is `(k).` or `{k}`
  AssignEcho echo;               // what the final `(subscripts) = v` did
  bool indexed_write = false;    // the final step was such a write (not a deletion or `{}`)
  bool matlab = false;           // matlab code: the written array keeps its class
};

namespace {

// Marks a plan in use for one assignment; on the way out it drops the values the plan still
// holds (subscripts may share storage with variables, which would then copy on their next
// write) and frees its depth.
class PlanInUse {
 public:
  PlanInUse(TargetPlan& plan, std::size_t& depth) : plan_(plan), depth_(depth) { ++depth_; }
  ~PlanInUse() {
    for (ResolvedStep& step : plan_.steps) step.subscripts.clear();
    if (plan_.indexed_write) plan_.echo = AssignEcho{};
    --depth_;
  }
  PlanInUse(const PlanInUse&) = delete;
  PlanInUse& operator=(const PlanInUse&) = delete;

 private:
  TargetPlan& plan_;
  std::size_t& depth_;
};

bool is_empty_array(const Value& value) { return value.is_array() && value.matrix_value().empty(); }

// A level that a write makes into a struct or cell: missing, or MATLAB's empty `[]` (what the
// fields of a grown struct array's new elements hold); `{}` is rlab's empty string array.
bool replaceable(const Value& value, bool defined) {
  return !defined || is_empty_array(value) ||
         (value.is(Kind::StringArray) && value.string_array_value().empty());
}

// "{2}", "{1,3}" (or "(2)", "(1,3)"): a cell or struct-array element in messages and echoes.
std::string subscripts_text(std::span<const Value> subscripts, char open = '(', char close = ')') {
  std::string text(1, open);
  for (std::size_t k = 0; k < subscripts.size(); ++k) {
    if (k > 0) text += ",";
    const Value& s = subscripts[k];
    text += s.is(Kind::Scalar) ? fmt::format("{}", s.scalar_value()) : std::string("...");
  }
  return text + close;
}

std::string brace_text(std::span<const Value> subscripts) {
  return subscripts_text(subscripts, '{', '}');
}

// The element `c{k} op= v` updates.
Value brace_read_for_update(const Value& container, std::span<const Value> subscripts) {
  if (!container.is(Kind::Cell)) {
    throw Error(fmt::format(messages::brace_needs_cell, container.kind_name()));
  }
  return cell_brace_read(container, subscripts);
}

void write_step(Value& node, bool defined, TargetPlan& plan, std::size_t k, Value& rhs);

// `.f` at step k: into the struct node holds, or a new struct in place of a missing level or
// [] (the read phase let only those through).
void write_field_step(Value& node, bool defined, TargetPlan& plan, std::size_t k, Value& rhs) {
  ResolvedStep& step = plan.steps[k];
  const bool last = k + 1 == plan.steps.size();
  if (defined && node.is(Kind::Struct)) {
    if (last) {
      node.set_field(step.field, std::move(rhs));
      return;
    }
    StructFields& fields = node.mutable_struct_fields();
    if (auto it = fields.find(step.field); it != fields.end()) {
      write_step(it->second, true, plan, k + 1, rhs);
      return;
    }
    Value child;
    write_step(child, false, plan, k + 1, rhs);
    fields.emplace(step.field, std::move(child));
    return;
  }
  Value child;
  if (last) {
    child = std::move(rhs);
  } else {
    write_step(child, false, plan, k + 1, rhs);
  }
  Value created = Value::structure();
  created.set_field(step.field, std::move(child));
  node = std::move(created);
}

// `(k).` at step k: in place inside the struct array, or past its end, where the element is
// built aside and the array grows once the levels below succeeded.
void write_element_step(Value& node, bool defined, TargetPlan& plan, std::size_t k, Value& rhs) {
  const std::optional<num::Index> position = plan.steps[k].position;
  const auto at = static_cast<std::size_t>(position.value_or(0));
  if (defined && node.is(Kind::Struct) && position) {
    write_step(node, true, plan, k + 1, rhs);
    return;
  }
  if (defined && node.is(Kind::StructArray) && position) {
    std::vector<Value>& items = node.mutable_struct_array_items();
    const std::size_t fields_before = items[at].struct_fields().size();
    write_step(items[at], true, plan, k + 1, rhs);
    // A new field in one element is a new field of the array: the others get [].
    if (items[at].struct_fields().size() != fields_before) unify_struct_fields(items);
    return;
  }
  const bool grows_array = defined && is_struct_like(node);
  Value element = empty_like(grows_array ? struct_elements(node) : std::vector<Value>{});
  write_step(element, true, plan, k + 1, rhs);
  node = struct_array_grown(node, grows_array, plan.steps[k].subscripts, std::move(element));
}

// `{k}` at step k: in place inside the cell, or a new element built aside, then stored.
void write_cell_step(Value& node, bool defined, TargetPlan& plan, std::size_t k, Value& rhs) {
  ResolvedStep& step = plan.steps[k];
  if (defined && node.is(Kind::Cell) && step.cell_position) {
    CellArray& cells = node.mutable_cell();
    write_step(cells.items[static_cast<std::size_t>(*step.cell_position)], true, plan, k + 1, rhs);
    return;
  }
  Value element;
  write_step(element, false, plan, k + 1, rhs);
  if (defined) {
    cell_brace_assign(node, true, step.base_text, step.subscripts, std::move(element));
  } else {
    Value created;
    cell_brace_assign(created, false, step.base_text, step.subscripts, std::move(element));
    node = std::move(created);
  }
}

// The final subscript: c{k} = v stores v, `[]` included (no deletion), growing the cell
// (§13.12); (subs) = [] deletes (§6.5); any other (subs) = v is §6.4's write. A new
// variable or field is built aside, so a bad subscript creates nothing.
void write_final_subscript(Value& node, bool defined, TargetPlan& plan, ResolvedStep& step,
                           Value& rhs) {
  const std::string& name = step.base_text;
  if (step.written->braces) {
    if (defined) {
      cell_brace_assign(node, true, name, step.subscripts, std::move(rhs));
      return;
    }
    Value created;
    cell_brace_assign(created, false, name, step.subscripts, std::move(rhs));
    node = std::move(created);
    return;
  }
  if (is_deletion_value(rhs)) {
    if (!defined)
      throw Error(fmt::format(messages::spoken_by, "[]-deletion",
                              fmt::format(messages::undefined_variable, name)));
    if (plan.matlab) {
      matlab_index_delete(node, true, name, step.subscripts);
    } else {
      index_delete(node, true, name, step.subscripts);
    }
    return;
  }
  plan.indexed_write = true;
  if (defined) {
    if (plan.matlab) rhs = matlab_written_value(node, std::move(rhs));
    plan.echo = index_assign(node, true, name, step.subscripts, rhs);
    return;
  }
  Value created;
  plan.echo = index_assign(created, false, name, step.subscripts, rhs);
  node = std::move(created);
}

// Writes `rhs` at step `k` of the plan and below into `node` (`defined`: node holds a value).
void write_step(Value& node, bool defined, TargetPlan& plan, std::size_t k, Value& rhs) {
  switch (plan.steps[k].form) {
    case ResolvedStep::Form::Field:
      return write_field_step(node, defined, plan, k, rhs);
    case ResolvedStep::Form::Element:
      return write_element_step(node, defined, plan, k, rhs);
    case ResolvedStep::Form::CellElement:
      return write_cell_step(node, defined, plan, k, rhs);
    case ResolvedStep::Form::Subscript:
      return write_final_subscript(node, defined, plan, plan.steps[k], rhs);
  }
}

// The value the fields of a target without inner subscripts lead to after the write (for the
// echo); `count` fields from the root.
const Value& follow_fields(const Value& root, const TargetPlan& plan, std::size_t count) {
  const Value* node = &root;
  for (std::size_t k = 0; k < count; ++k) node = node->field(plan.steps[k].field);
  return *node;
}

// Where the read phase stands: `current` points at the value of the level being resolved,
// inside `root` (a copy of the variable: it shares storage, and keeps what it points into
// alive and in place whatever the evaluation of names and subscripts does to the frame) or
// inside `made` (an element past the end, made up); `exists` says the level holds a value.
// `missing` says why the target does not exist yet, for `op=`.
struct ReadCursor {
  Value root;
  Value made;
  const Value* current = nullptr;
  bool exists = false;
  std::string missing;
  SourceLoc missing_at;
};

const Value& absent_level() {
  static const Value kAbsent;
  return kAbsent;
}

// `.f` (its name in step.field): checks the level is a struct or may become one, then moves
// the cursor to the field.
void resolve_field(ReadCursor& cursor, ResolvedStep& step, const lang::TargetStep& written,
                   std::string& text) {
  const Value* current = cursor.current;
  if (cursor.exists && current->is(Kind::StructArray)) {
    throw Error(fmt::format(messages::struct_array_field_target, text,
                            fmt::join(current->struct_array_dims(), "×"), text, step.field),
                written.loc);
  }
  if (cursor.exists && !current->is(Kind::Struct) && !replaceable(*current, cursor.exists)) {
    throw Error(fmt::format(messages::field_target_not_struct, text, current->kind_name()),
                written.loc);
  }
  text += '.';
  text += step.field;
  const Value* child =
      cursor.exists && current->is(Kind::Struct) ? current->field(step.field) : nullptr;
  if (child == nullptr && cursor.missing.empty()) {
    cursor.missing = fmt::format(messages::no_such_field, step.field);
    cursor.missing_at = written.loc;
  }
  cursor.exists = child != nullptr;
  cursor.current = cursor.exists ? child : &absent_level();
}

// `(k).`: one element of a struct array, grown past its end with empty-field structs.
void resolve_element(ReadCursor& cursor, ResolvedStep& step, const lang::TargetStep& written,
                     std::string& text) {
  step.form = ResolvedStep::Form::Element;
  const Value* current = cursor.current;
  if (cursor.exists && !is_struct_like(*current) && !replaceable(*current, cursor.exists)) {
    throw Error(fmt::format(messages::field_target_not_struct, text, current->kind_name()),
                written.loc);
  }
  const bool one = current->is(Kind::Struct);
  const bool array = current->is(Kind::StructArray);
  const Value none;
  step.position = located(written.loc, [&] {
    return struct_position(cursor.exists && (one || array) ? *current : none, step.subscripts);
  });
  const std::string element_text = subscripts_text(step.subscripts);
  text += element_text;
  const std::size_t size = one ? 1 : array ? current->struct_array_items().size() : 0;
  if (step.position) {
    if (array)
      cursor.current = &current->struct_array_items()[static_cast<std::size_t>(*step.position)];
  } else {
    if (cursor.missing.empty()) {
      cursor.missing = fmt::format(messages::index_out_of_bounds_length,
                                   element_text.substr(1, element_text.size() - 2), size);
      cursor.missing_at = written.loc;
    }
    Value element = empty_like(one     ? std::vector<Value>{*current}
                               : array ? current->struct_array_items()
                                       : std::vector<Value>{});
    cursor.made = std::move(element);
    cursor.current = &cursor.made;
  }
  cursor.exists = true;
}

// `{k}`: one element of a cell, grown past its end.
void resolve_cell_element(ReadCursor& cursor, ResolvedStep& step, const lang::TargetStep& written,
                          std::string& text) {
  step.form = ResolvedStep::Form::CellElement;
  const Value* current = cursor.current;
  if (cursor.exists && !current->is(Kind::Cell) && !replaceable(*current, cursor.exists)) {
    throw Error(fmt::format(messages::brace_target_not_cell, text, current->kind_name()),
                written.loc);
  }
  step.cell_position =
      located(written.loc, [&] { return cell_brace_position(*current, text, step.subscripts); });
  text += brace_text(step.subscripts);
  if (step.cell_position) {
    cursor.current = &current->cell_value().items[static_cast<std::size_t>(*step.cell_position)];
  } else {
    if (cursor.missing.empty()) {
      cursor.missing = fmt::format(messages::assignment_path_missing, text);
      cursor.missing_at = written.loc;
    }
    cursor.current = &absent_level();
  }
  cursor.exists = step.cell_position.has_value();
}

// What `target op= e` combines with e: the target's value, which must exist.
Value value_to_update(const ReadCursor& cursor, const TargetPlan& plan) {
  if (!cursor.missing.empty()) throw Error(cursor.missing, cursor.missing_at);
  if (!plan.steps.empty() && plan.steps.back().form == ResolvedStep::Form::Subscript) {
    const std::vector<Value>& subscripts = plan.steps.back().subscripts;
    return plan.steps.back().written->braces ? brace_read_for_update(*cursor.current, subscripts)
                                             : index_read(*cursor.current, subscripts);
  }
  return *cursor.current;
}

}  // namespace

std::string index_assign_echo(std::string_view name, const AssignEcho& result, const Value& whole,
                              const Session& session) {
  // MATLAB echoes the whole variable after any indexed write.
  if (matlab_layout(session)) return echo(name, whole, session);
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
    case AssignEcho::Form::Variable:
      return echo(name, whole, session);
  }
  return {};
}

void Evaluator::exec_path_assign(const lang::PathAssignStmt& statement) {
  std::optional<lang::BinaryOp> op;
  if (statement.op != lang::AssignOp::Set) op = lang::compound_operator(statement.op);
  assign_target(statement.target, eval(*statement.value), op, assignment_echo_enabled(statement));
}

// The read phase: evaluates every field name and subscript of the target into `plan`,
// checking each level, and for `op=` combines the old value into `rhs`.
void Evaluator::resolve_target(const lang::AssignTarget& target, TargetPlan& plan,
                               std::optional<lang::BinaryOp> op, Value& rhs) {
  ReadCursor cursor;
  {
    const Variable& variable = slot(target.root);
    cursor.exists = variable.defined;
    if (cursor.exists) cursor.root = variable.value;
  }
  cursor.current = cursor.exists ? &cursor.root : &absent_level();
  if (!cursor.exists) cursor.missing = fmt::format(messages::undefined_variable, target.root.text);
  cursor.missing_at = target.root.loc;
  std::string& text = plan.text;
  text = target.root.text;
  const std::size_t count = target.steps.size();
  plan.steps.resize(count);
  plan.through_element = false;
  plan.indexed_write = false;
  for (std::size_t k = 0; k < count; ++k) {
    const lang::TargetStep& written = target.steps[k];
    ResolvedStep& step = plan.steps[k];
    step.written = &written;
    step.base_text = text;
    step.cell_position.reset();
    step.position.reset();
    if (written.is_field) {
      step.form = ResolvedStep::Form::Field;
      if (written.field_expr) {
        step.field = dynamic_field_name(*written.field_expr);
      } else {
        step.field = written.field;  // assigned, not constructed: the plan's buffer is reused
      }
      resolve_field(cursor, step, written, text);
      continue;
    }
    step.subscripts.resize(written.subscripts.size());
    eval_subscripts(written.subscripts, *cursor.current, true, step.subscripts);
    if (k + 1 == count) {
      step.form = ResolvedStep::Form::Subscript;
      break;
    }
    plan.through_element = true;
    if (written.braces) {
      resolve_cell_element(cursor, step, written, text);
    } else {
      resolve_element(cursor, step, written, text);
    }
  }
  // `target op= e` is `target = target op (e)`.
  if (op) rhs = operate(*op, value_to_update(cursor, plan), rhs);
}

void Evaluator::assign_target(const lang::AssignTarget& target, Value rhs,
                              std::optional<lang::BinaryOp> op, bool echo_on) {
  // Plans are kept per nesting depth (a subscript may call a function that assigns), so a
  // target in a loop reuses its buffers instead of allocating them each time.
  if (target_plan_depth_ == target_plans_.size()) {
    target_plans_.push_back(std::make_shared<TargetPlan>());
  }
  TargetPlan& plan = *target_plans_[target_plan_depth_];
  PlanInUse in_use(plan, target_plan_depth_);
  plan.matlab = session_.dialect() == lang::Dialect::Matlab;
  resolve_target(target, plan, op, rhs);
  // Every expression of the target has run: the slot reference stays valid from here on, and
  // the read phase's copies are gone, so storage the variable owns alone is written in place.
  Variable& root = slot(target.root);
  if (plan.steps.empty()) {
    root.value = std::move(rhs);
  } else {
    write_step(root.value, root.defined, plan, 0, rhs);
  }
  root.defined = true;
  if (!echo_on) return;
  // Echo lines: matlab code, or a target through an element, shows the whole variable
  // (MATLAB's way); in rlab code a field path `name = value`, a final subscript §8.6's line for
  // a write, the container otherwise.
  if (plan.through_element || plan.steps.empty() || session_.dialect() == lang::Dialect::Matlab) {
    session_.write(echo(target.root.text, root.value, session_));
    return;
  }
  const ResolvedStep& last = plan.steps.back();
  if (last.form == ResolvedStep::Form::Field) {
    session_.write(echo(last.base_text + "." + last.field,
                        follow_fields(root.value, plan, plan.steps.size()), session_));
    return;
  }
  const Value& container = follow_fields(root.value, plan, plan.steps.size() - 1);
  if (plan.indexed_write) {
    session_.write(index_assign_echo(last.base_text, plan.echo, container, session_));
    return;
  }
  session_.write(echo(last.base_text, container, session_));
}

}  // namespace llmlab::runtime::detail
