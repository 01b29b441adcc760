// Statement execution (language.md §2, §13.1–§13.4): assignments and their echo lines, control
// flow as Flow results, try/catch, function definitions, run and import.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>

#include "base/error.hpp"
#include "base/file.hpp"
#include "base/located.hpp"
#include "base/messages/language.hpp"
#include "base/stop.hpp"
#include "base/utf8.hpp"
#include "lang/dialect.hpp"
#include "lang/parser.hpp"
#include "runtime/cell_array.hpp"
#include "runtime/class_values.hpp"
#include "runtime/display.hpp"
#include "runtime/evaluator.hpp"
#include "runtime/literals.hpp"
#include "runtime/matlab_shapes.hpp"
#include "runtime/nd_values.hpp"
#include "runtime/operators.hpp"
#include "runtime/predefined.hpp"
#include "runtime/struct_array.hpp"
#include "runtime/tracked.hpp"

namespace llmlab::runtime::detail {

namespace {

// Whether NAME(args) goes to the variable NAME rather than to a function (§3.6). Only the
// builtin call is silent.
bool variable_takes_call(const Variable& variable) {
  if (!variable.defined) return false;
  const VariableUse use = variable_use(variable.value);
  return use == VariableUse::Index || use == VariableUse::Call;
}

}  // namespace

Evaluator::Evaluator(Interpreter& interpreter, Session& session, InterpreterOptions options)
    : interpreter_(interpreter), session_(session), options_(options), frame_(&top_) {
  top_.layout = std::make_shared<Layout>();
  top_.kind = FrameKind::TopLevel;
  top_.variables.resize(top_.layout->size());
  for (const std::string_view name : kPredefinedNames) {
    top_.at(top_.layout->slot_of(std::string(name))) = Variable{*predefined_value(name), true};
  }
}

void Evaluator::raise_interrupt() {
  const int reason = interrupted_.exchange(0, std::memory_order_relaxed);
  if (reason == static_cast<int>(InterruptReason::TimeLimit)) {
    throw Stop("time limit exceeded", StopReason::TimeLimit);
  }
  throw Stop("interrupted", StopReason::Interrupt);
}

void Evaluator::stop_at_step() {
  if (interrupted_.load(std::memory_order_relaxed) != 0) raise_interrupt();
  throw Stop("step budget exhausted", StopReason::StepBudget);
}

void Evaluator::run_program(const lang::Program& program, ExecMode mode) {
  const ExecMode saved = mode_;
  const lang::Program* const saved_program = program_;
  mode_ = mode;
  program_ = &program;
  frame_ = &top_;
  depth_ = 0;
  mark_stack_base();
  ends_.clear();
  steps_ = 0;
  CodeSwap code(top_, compile(program.unit, top_.layout));
  try {
    define_local_functions(program);
    const Flow flow = exec_block(program.body);
    mode_ = saved;
    program_ = saved_program;
    // `return` at top level stops the program with the error text `return` (§2.12).
    if (flow == Flow::Return) throw Error(std::string(messages::return_at_top_level));
  } catch (...) {
    mode_ = saved;
    program_ = saved_program;
    frame_ = &top_;
    depth_ = 0;
    ends_.clear();
    throw;
  }
}

Value Evaluator::evaluate_expression(const lang::Program& program, const lang::Expr& expression) {
  frame_ = &top_;
  ends_.clear();
  mark_stack_base();
  CodeSwap code(top_, compile(program.unit, top_.layout));
  return eval(expression);
}

Value Evaluator::evaluate_nested(const lang::Program& program, const lang::Expr& expression) {
  CodeSwap code(*frame_, compile(program.unit, frame_->layout));
  // `end` inside the typed text belongs to no subscript of the caller's.
  std::vector<EndBinding> saved = std::move(ends_);
  ends_.clear();
  try {
    Value value = eval(expression);
    ends_ = std::move(saved);
    return value;
  } catch (...) {
    ends_ = std::move(saved);
    throw;
  }
}

void Evaluator::run_nested(const lang::Program& program) {
  CodeSwap code(*frame_, compile(program.unit, frame_->layout));
  // `end` inside the text belongs to no subscript of the caller's.
  std::vector<EndBinding> saved = std::move(ends_);
  ends_.clear();
  check_depth();
  ++depth_;
  try {
    // `return` inside the text ends the text only.
    exec_block(program.body);
  } catch (...) {
    --depth_;
    ends_ = std::move(saved);
    throw;
  }
  --depth_;
  ends_ = std::move(saved);
}

bool Evaluator::echo_enabled(const lang::Stmt& statement) const {
  // rlab echoes at the top level only (§2.7); MATLAB shows every unsuppressed statement,
  // inside functions too.
  return !statement.suppressed &&
         (frame_->kind == FrameKind::TopLevel || session_.dialect() == lang::Dialect::Matlab);
}

bool Evaluator::assignment_echo_enabled(const lang::Stmt& statement) const {
  return echo_enabled(statement) && mode_ != ExecMode::Notebook;
}

Flow Evaluator::exec_block(const lang::Block& block) {
  for (const lang::StmtPtr& statement : block) {
    const Flow flow = exec_statement(*statement);
    if (flow != Flow::Normal) return flow;
  }
  return Flow::Normal;
}

Flow Evaluator::exec(const lang::Stmt& statement) {
  return located(statement.loc, [&] { return exec_unlocated(statement); });
}

Flow Evaluator::exec_unlocated(const lang::Stmt& statement) {
  switch (statement.kind) {
    case lang::StmtKind::Expression:
      exec_expression_statement(statement.as<lang::ExpressionStmt>());
      return Flow::Normal;
    case lang::StmtKind::Assign:
      exec_assign(statement.as<lang::AssignStmt>());
      return Flow::Normal;
    case lang::StmtKind::IndexAssign:
      exec_index_assign(statement.as<lang::IndexAssignStmt>());
      return Flow::Normal;
    case lang::StmtKind::MultiAssign:
      exec_multi_assign(statement.as<lang::MultiAssignStmt>());
      return Flow::Normal;
    case lang::StmtKind::PathAssign:
      exec_path_assign(statement.as<lang::PathAssignStmt>());
      return Flow::Normal;
    case lang::StmtKind::If:
      return exec_if(statement.as<lang::IfStmt>());
    case lang::StmtKind::For:
      return exec_for(statement.as<lang::ForStmt>());
    case lang::StmtKind::While:
      return exec_while(statement.as<lang::WhileStmt>());
    case lang::StmtKind::Switch:
      return exec_switch(statement.as<lang::SwitchStmt>());
    case lang::StmtKind::Break:
      return Flow::Break;
    case lang::StmtKind::Continue:
      return Flow::Continue;
    case lang::StmtKind::Return:
      return Flow::Return;
    case lang::StmtKind::Try:
      return exec_try(statement.as<lang::TryStmt>());
    case lang::StmtKind::Function:
      define_function(statement.as<lang::FunctionStmt>());
      return Flow::Normal;
    case lang::StmtKind::Run:
      return exec_run(statement.as<lang::RunStmt>());
    case lang::StmtKind::Declare:
      exec_declare(statement.as<lang::DeclareStmt>());
      return Flow::Normal;
  }
  return Flow::Normal;
}

// Out of line, so the dispatch above stays a small function (it runs for every statement).
[[gnu::noinline]] void Evaluator::define_function(const lang::FunctionStmt& statement) {
  const std::shared_ptr<const lang::FunctionDef>& definition = statement.function;
  std::shared_ptr<const UserFunction>& function = functions_[definition->name];
  // Running the same definition again (a loop, a re-run block) keeps its code.
  if (!function || function->definition != definition) {
    function = std::make_shared<const UserFunction>(
        UserFunction{definition, compile(definition->unit, std::make_shared<Layout>())});
  }
}

// `global x y` / `persistent k`: each name's slot now holds the shared value (a new one starts as
// [], MATLAB's rule) and is written back at every call boundary (SharedBinding).
void Evaluator::exec_declare(const lang::DeclareStmt& statement) {
  for (const lang::Name& name : statement.names) {
    Value& storage = shared_storage(statement.declare_kind, name.text);
    const int slot = frame_->slot_of(name);
    if (frame_->shared.empty()) sharing_frames_.push_back(frame_);
    auto bound =
        std::find_if(frame_->shared.begin(), frame_->shared.end(),
                     [slot](const SharedBinding& binding) { return binding.slot == slot; });
    if (bound == frame_->shared.end()) {
      frame_->shared.push_back(SharedBinding{slot, &storage});
    } else {
      bound->storage = &storage;
    }
    frame_->at(slot) = Variable{storage, true};
  }
}

Value& Evaluator::shared_storage(lang::DeclareKind kind, const std::string& name) {
  const Value empty = Value::matrix(num::Matrix(0, 0));
  if (kind == lang::DeclareKind::Global) return globals_.try_emplace(name, empty).first->second;
  if (frame_->function == nullptr) throw Error(std::string(messages::persistent_outside_function));
  const std::shared_ptr<const lang::FunctionDef>& definition = frame_->function->definition;
  auto& entry = persistents_[definition.get()];
  entry.first = definition;
  return entry.second.try_emplace(name, empty).first->second;
}

void Evaluator::write_shared_values() {
  for (Frame* frame : sharing_frames_) {
    for (const SharedBinding& binding : frame->shared) {
      const Variable& local = frame->at(binding.slot);
      // A cleared name leaves the shared value as it was (MATLAB's `clear x` of a global).
      if (local.defined) *binding.storage = local.value;
    }
  }
}

void Evaluator::read_shared_values() {
  for (Frame* frame : sharing_frames_) {
    for (const SharedBinding& binding : frame->shared) {
      frame->at(binding.slot) = Variable{*binding.storage, true};
    }
  }
}

void Evaluator::release_shared_frame(Frame& ending) {
  if (ending.shared.empty()) return;
  for (const SharedBinding& binding : ending.shared) {
    const Variable& local = ending.at(binding.slot);
    if (local.defined) *binding.storage = local.value;
  }
  std::erase(sharing_frames_, &ending);
}

void Evaluator::define_local_functions(const lang::Program& program) {
  if (program.dialect != lang::Dialect::Matlab) return;
  for (const lang::StmtPtr& statement : program.body) {
    if (statement->kind == lang::StmtKind::Function) {
      define_function(statement->as<lang::FunctionStmt>());
    }
  }
}

void Evaluator::exec_expression_statement(const lang::ExpressionStmt& statement) {
  const lang::Expr& expression = *statement.expr;
  // A call that is the whole statement sees nargout 0 (§13.3), a bare function name too
  // (`toc`, `ls`: MATLAB's command form, where nothing takes the result).
  const auto bare_call = [this](const lang::Name& name) {
    return !slot(name).defined && names_function(name);
  };
  Value value;
  if (expression.kind == lang::ExprKind::Call) {
    value = eval_call(expression.as<lang::CallExpr>(), 0);
  } else if (expression.kind == lang::ExprKind::Identifier &&
             bare_call(expression.as<lang::IdentifierExpr>().name)) {
    value = call_by_name(expression.as<lang::IdentifierExpr>().name.text, {}, 0, expression.loc);
  } else if (expression.kind == lang::ExprKind::Identifier &&
             !slot(expression.as<lang::IdentifierExpr>().name).defined &&
             run_script_file(expression.as<lang::IdentifierExpr>().name.text, expression.loc)) {
    return;  // a script file, run where it is named (a script gives no value)
  } else if (expression.kind == lang::ExprKind::MethodCall) {
    value = eval_method_call(expression.as<lang::MethodCallExpr>(), 0);
  } else {
    value = eval(expression);
  }
  if (value.is_none()) return;
  bool silent = false;
  bool names_variable = false;
  std::string_view label = "ans";
  if (expression.kind == lang::ExprKind::Call) {
    const lang::Name& name = expression.as<lang::CallExpr>().name;
    silent =
        is_quiet_builtin(name) && !variable_takes_call(slot(name)) && !has_user_function(name.text);
  } else if (expression.kind == lang::ExprKind::Identifier) {
    const lang::Name& name = expression.as<lang::IdentifierExpr>().name;
    const Variable& variable = slot(name);
    names_variable = variable.defined;
    // MATLAB's pi, Inf, NaN, i... are functions: `pi` alone is `ans = 3.1416` until assigned.
    if (names_variable && session_.dialect() == lang::Dialect::Matlab &&
        is_untouched_predefined(name.text, variable.value)) {
      names_variable = false;
    }
    if (names_variable) label = name.text;
    silent = is_quiet_builtin(name) && !names_variable && !has_user_function(name.text);
  }
  // MATLAB's `ans` (§13.12): every unassigned value but a variable shown by its name.
  if (!silent && !names_variable) {
    Variable& ans = frame_->at(frame_->layout->slot_of("ans"));
    ans.value = value;
    ans.defined = true;
  }
  if (!echo_enabled(statement) || silent) return;
  if (session_.dialect() != lang::Dialect::Matlab) {
    session_.write_result(value, echo_display(value, session_));
    return;
  }
  // MATLAB labels what it shows (§14): `ans = 5`, and `x = 5` for a variable named alone.
  std::string labelled = echo(label, value, session_);
  if (labelled.ends_with('\n')) labelled.pop_back();
  session_.write_result(value, labelled);
}

void Evaluator::exec_assign(const lang::AssignStmt& statement) {
  // Real-scalar right sides normally took the fast path (fast_statement.cpp) before this.
  Value value = eval(*statement.value);
  if (statement.op != lang::AssignOp::Set) {
    const Variable& current = slot(statement.target);
    if (!current.defined) {
      throw Error(fmt::format(messages::undefined_variable, statement.target.text), statement.loc);
    }
    const lang::BinaryOp op = lang::compound_operator(statement.op);
    if (current.value.is_double_scalar() && value.is_double_scalar()) {
      const num::Arithmetic arithmetic = *arithmetic_operator(op);
      value = Value::scalar(
          num::arithmetic(arithmetic, current.value.scalar_value(), value.scalar_value()));
    } else {
      value = operate(op, current.value, value);
    }
  }
  Variable& variable = slot(statement.target);
  variable.value = std::move(value);
  variable.defined = true;
  if (assignment_echo_enabled(statement)) {
    session_.write(echo(statement.target.text, variable.value, session_));
  }
}

void Evaluator::exec_index_assign(const lang::IndexAssignStmt& statement) {
  with_values(statement.indices.size(),
              [&](std::span<Value> subscripts) { exec_index_assign_with(statement, subscripts); });
}

void Evaluator::exec_index_assign_with(const lang::IndexAssignStmt& statement,
                                       std::span<Value> slots) {
  // The right side first, then the subscripts with `end` bound to the variable (§6.4).
  Value rhs = eval(*statement.value);
  std::vector<Value> spread;
  std::span<Value> subscripts;
  {
    const Variable& current = slot(statement.target);
    const Value snapshot = current.defined ? current.value : Value();
    subscripts = eval_spreading_subscripts(statement.indices, snapshot, true, slots, spread);
  }
  // The snapshot is gone: the variable's storage has one owner again, so the write is in place.
  Variable& variable = slot(statement.target);
  const std::string& name = statement.target.text;
  if (is_deletion_value(rhs)) {
    if (session_.dialect() == lang::Dialect::Matlab) {
      matlab_index_delete(variable.value, variable.defined, name, subscripts);
    } else {
      index_delete(variable.value, variable.defined, name, subscripts);
    }
    variable.defined = true;
    if (assignment_echo_enabled(statement)) session_.write(echo(name, variable.value, session_));
    return;
  }
  if (variable.defined && session_.dialect() == lang::Dialect::Matlab) {
    rhs = matlab_written_value(variable.value, std::move(rhs));
  }
  const AssignEcho result = index_assign(variable.value, variable.defined, name, subscripts, rhs);
  variable.defined = true;
  if (assignment_echo_enabled(statement)) {
    session_.write(index_assign_echo(name, result, variable.value, session_));
  }
}

// The right side of [a, b, ...] = e: a call asked for as many outputs, a comma-separated list,
// or any other value.
Value Evaluator::multi_assign_value(const lang::MultiAssignStmt& statement, int count) {
  Value result;
  const lang::Expr& expression = *statement.value;
  bool direct_call = false;
  if (expression.kind == lang::ExprKind::Call) {
    const auto& call = expression.as<lang::CallExpr>();
    const Variable& variable = slot(call.name);
    // In matlab code a variable holding a function handle gives the call's outputs too
    // ([r, c] = f(x) with f = @(x) size(x)).
    direct_call = !variable.defined ||
                  (session_.dialect() == lang::Dialect::Matlab && variable.value.is_callable());
  }
  if (direct_call) {
    reassigned_ = &statement.targets;  // eval_call_with's builtin branch consumes it
    try {
      result = eval_call(expression.as<lang::CallExpr>(), count);
    } catch (...) {
      reassigned_ = nullptr;
      throw;
    }
    reassigned_ = nullptr;
  } else if (expression.kind == lang::ExprKind::CellIndex ||
             expression.kind == lang::ExprKind::Field) {
    // [a, b] = c{:} and [a, b] = s.f: MATLAB's comma-separated list gives one value each.
    std::vector<Value> values;
    eval_list_elements(std::span(&statement.value, 1), values);
    result = values.size() == 1 ? std::move(values.front()) : Value::tuple(std::move(values));
  } else {
    result = eval(expression);
  }
  return result;
}

void Evaluator::exec_multi_assign(const lang::MultiAssignStmt& statement) {
  const int count = static_cast<int>(statement.targets.size());
  Value result = multi_assign_value(statement, count);
  const bool echo_on = assignment_echo_enabled(statement);
  if (result.is(Kind::Tuple)) {
    const std::vector<Value> items = result.tuple_items();
    if (static_cast<int>(items.size()) < count) {
      throw Error(fmt::format(messages::multi_assign_count_mismatch, count, items.size()));
    }
    for (int k = 0; k < count; ++k) {
      const auto& target = statement.targets[static_cast<std::size_t>(k)];
      if (!target) continue;  // `~` discards the output (§13.4)
      const Value& item = items[static_cast<std::size_t>(k)];
      if (!target->plain()) {
        assign_target(*target, item, std::nullopt, echo_on);
        continue;
      }
      assign(target->root, item);
      if (echo_on) session_.write(echo(target->root.text, item, session_));
    }
    return;
  }
  if (count != 1) {
    throw Error(fmt::format(messages::multi_assign_count_mismatch, count, 1));
  }
  const auto& target = statement.targets[0];
  if (!target) return;
  if (!target->plain()) {
    assign_target(*target, std::move(result), std::nullopt, echo_on);
    return;
  }
  if (echo_on) session_.write(echo(target->root.text, result, session_));
  assign(target->root, std::move(result));
}

Flow Evaluator::exec_if(const lang::IfStmt& statement) {
  for (std::size_t k = 0; k < statement.clauses.size(); ++k) {
    const lang::IfClause& clause = statement.clauses[k];
    if (condition(*clause.condition, k == 0 ? "if" : "elseif")) return exec_block(clause.body);
  }
  if (statement.has_else) return exec_block(statement.else_body);
  return Flow::Normal;
}

namespace {

// The phases of a for loop over a value (not a plain range), one per kind whose values are made
// one at a time. Each calls `iteration(value)` until it returns false; they are templates over
// the loop's iteration so that the call stays inlined, as when exec_for was one function.

// A vector: its elements in its class, each a complex scalar where its imaginary part is not 0.
template <class Iteration>
void iterate_elements(const Value& iterable, Iteration& iteration) {
  const num::Matrix& values = iterable.matrix_value();
  for (num::Index k = 0; k < values.size(); ++k) {
    const num::Complex element = values.complex_at(k);
    if (!iteration(
            tagged(element.imag() == 0.0 ? Value::scalar(element.real()) : Value::complex(element),
                   iterable.num_class()))) {
      break;
    }
  }
}

// A matrix iterates over its columns, each as M(:, k) reads it (§13.10): a vector in rlab, an
// R×1 column in matlab code (§14).
template <class Iteration>
void iterate_columns(const Value& iterable, bool matlab, Iteration& iteration) {
  const num::Index columns = iterable.matrix_value().columns();
  for (num::Index k = 0; k < columns; ++k) {
    const Value subscripts[] = {Value::all_index(), Value::scalar(static_cast<double>(k + 1))};
    if (!iteration(matlab ? as_matlab_value(matlab_index_read(iterable, subscripts))
                          : index_read(iterable, subscripts))) {
      break;
    }
  }
}

// MATLAB binds each column of a cell as a cell: a one-element cell for a row cell (§13.12).
template <class Iteration>
void iterate_cell_columns(const Value& iterable, Iteration& iteration) {
  // The columns of the d1×(d2·…·dn) fold, as MATLAB iterates an N-D value; a struct array's
  // columns the same way (a 1×N array's elements).
  const bool structs = iterable.is(Kind::StructArray);
  const num::Dims dims = structs ? iterable.struct_array_dims() : iterable.cell_value().dims();
  const num::Index columns = num::element_count(std::span<const num::Index>(dims).subspan(1));
  for (num::Index k = 0; k < columns; ++k) {
    const Value subscripts[] = {Value::all_index(), Value::scalar(static_cast<double>(k + 1))};
    if (!iteration(structs ? struct_array_read(iterable, subscripts)
                           : cell_paren_read(iterable, subscripts))) {
      break;
    }
  }
}

// A string array of MATLAB's binds each column, a string for a row (index_read of (:, k)).
template <class Iteration>
void iterate_string_columns(const Value& iterable, Iteration& iteration) {
  const std::int64_t rows = iterable.string_array_rows();
  const std::int64_t columns = rows == 0 ? 0 : iterable.element_count() / rows;
  for (std::int64_t k = 0; k < columns; ++k) {
    const Value subscripts[] = {Value::all_index(), Value::scalar(static_cast<double>(k + 1))};
    if (!iteration(index_read(iterable, subscripts))) break;
  }
}

// A value on an autodiff tape: its elements (a vector) or columns, read as indexing reads them,
// so each iteration's value stays on the tape.
template <class Iteration>
void iterate_tracked(const Value& iterable, Iteration& iteration) {
  const Value& primal = primal_of(iterable);
  const bool by_element = !primal.is(Kind::Matrix);
  const num::Index count = by_element ? primal.element_count() : primal.matrix_value().columns();
  for (num::Index k = 0; k < count; ++k) {
    const Value position = Value::scalar(static_cast<double>(k + 1));
    const Value column[] = {Value::all_index(), position};
    const Value element[] = {position};
    if (!iteration(by_element ? index_read(iterable, element) : index_read(iterable, column)))
      break;
  }
}

// What a for loop binds, by the kind of value it iterates.
template <class Iteration>
void iterate_value(Value& iterable, bool matlab, const lang::ForStmt& statement,
                   Iteration& iteration) {
  switch (iterable.kind()) {
    case Kind::Vector:
      iterate_elements(iterable, iteration);
      break;
    case Kind::Scalar:
    case Kind::Complex:
    case Kind::Bool:
      iteration(iterable);
      break;
    case Kind::NdArray:
      // MATLAB iterates an N-D array as its d1×(d2·…·dn) fold, one column at a time.
      iterable = folded_to_matrix(iterable);
      iterate_columns(iterable, matlab, iteration);
      break;
    case Kind::Matrix:
      iterate_columns(iterable, matlab, iteration);
      break;
    case Kind::String:
      if (iterable.is_string_class()) {  // a string scalar is one column: one pass
        iteration(iterable);
        break;
      }
      for (const std::string_view character : characters_of(iterable.string_value())) {
        if (!iteration(Value::string(std::string(character)))) break;
      }
      break;
    case Kind::Cell:
      iterate_cell_columns(iterable, iteration);
      break;
    case Kind::StringArray:
      if (iterable.is_string_class()) {
        iterate_string_columns(iterable, iteration);
        break;
      }
      // A row cell of text in matlab code ({'a', 'b'}): each column as a one-element cell.
      if (!matlab)
        throw Error(fmt::format(messages::for_cannot_iterate, "string_array"),
                    statement.iterable->loc);
      for (const std::string& item : iterable.string_array_value()) {
        if (!iteration(Value::string_array({item}))) break;
      }
      break;
    case Kind::StructArray:
      iterate_cell_columns(iterable, iteration);
      break;
    case Kind::Tracked:
      iterate_tracked(iterable, iteration);
      break;
    default:
      throw Error(fmt::format(messages::for_cannot_iterate, iterable.kind_name()),
                  statement.iterable->loc);
  }
}

}  // namespace

Flow Evaluator::exec_for(const lang::ForStmt& statement) {
  // Runs the body once with `value` bound; false when the loop must stop (break or return).
  Flow outcome = Flow::Normal;
  auto iteration = [&](Value value) {
    step();
    assign(statement.variable, std::move(value));
    const Flow flow = exec_body(statement, statement.body);
    if (flow == Flow::Break) return false;
    if (flow == Flow::Return) {
      outcome = Flow::Return;
      return false;
    }
    return true;
  };
  Value iterable;
  if (statement.iterable->kind == lang::ExprKind::Range) {
    const auto& range = statement.iterable->as<lang::RangeExpr>();
    const RangeBounds bounds = eval_range_bounds(range);
    // A range whose start or step depends on the input of grad is built as a vector on the
    // tape and iterated below, so each value of the loop variable keeps its gradient.
    // So is a range of an integer class, single or char, whose elements keep the class.
    if (bounds.tracked() || is_special_class(bounds.element_class) ||
        bounds.element_class == NumClass::Char) {
      iterable = range_value(bounds, range);
    } else {
      // A plain range iterates without building the vector (§3.3).
      const double start = bounds.start, step = bounds.step, stop = bounds.stop;
      const std::int64_t count = located(range.loc, [&] { return range_count(start, step, stop); });
      if (count == 0) return Flow::Normal;
      if (exec_compiled_range(statement, start, step, count)) return Flow::Normal;
      for (std::int64_t k = 0; k < count; ++k) {
        if (!iteration(Value::scalar(range_element(start, step, k)))) break;
      }
      return outcome;
    }
  } else {
    iterable = eval(*statement.iterable);
  }
  iterate_value(iterable, session_.dialect() == lang::Dialect::Matlab, statement, iteration);
  return outcome;
}

Flow Evaluator::exec_while(const lang::WhileStmt& statement) {
  while (condition(*statement.condition, "while")) {
    step();  // an empty body must still see interrupts and the step budget
    const Flow flow = exec_body(statement, statement.body);
    if (flow == Flow::Break) break;
    if (flow == Flow::Return) return flow;
  }
  return Flow::Normal;
}

Flow Evaluator::exec_switch(const lang::SwitchStmt& statement) {
  const Value subject = eval(*statement.subject);
  for (const lang::SwitchCase& candidate : statement.cases) {
    if (case_matches(subject, eval(*candidate.value))) return exec_block(candidate.body);
  }
  if (statement.has_otherwise) return exec_block(statement.otherwise_body);
  return Flow::Normal;
}

Flow Evaluator::exec_try(const lang::TryStmt& statement) {
  const std::size_t saved_ends = ends_.size();
  Frame* const saved_frame = frame_;
  const int saved_depth = depth_;
  try {
    return exec_block(statement.body);
  } catch (const Error& error) {
    ends_.resize(saved_ends, EndBinding{nullptr, 0, 0, false});
    frame_ = saved_frame;
    depth_ = saved_depth;
    repeated_frames_ = 0;  // the caught error's call chain is not printed
    session_.set_last_error(error.what());
    if (!statement.has_catch) return Flow::Normal;
    if (statement.error_variable) {
      StructFields fields;
      fields.emplace("message", Value::string(error.what()));
      fields.emplace("identifier", Value::string(error.identifier()));
      assign(*statement.error_variable, Value::structure(std::move(fields)));
    }
    return exec_block(statement.catch_body);
  }
}

Flow Evaluator::exec_run(const lang::RunStmt& statement) {
  namespace fs = std::filesystem;
  const std::string command = statement.run_kind == lang::RunKind::Run ? "run" : "import";
  const std::vector<fs::path> candidates =
      file_candidates(statement.path, statement.loc, statement.run_kind == lang::RunKind::Import);
  fs::path chosen;
  for (const fs::path& candidate : candidates) {
    std::error_code ignored;
    if (fs::is_regular_file(candidate, ignored)) {
      chosen = candidate;
      break;
    }
  }
  if (chosen.empty()) {
    if (statement.run_kind == lang::RunKind::Import) {
      // Each full path tried: a folder alone was empty for a file imported by a relative name
      // from the current directory, which said nothing about where the file was looked for.
      std::string searched;
      for (const fs::path& candidate : candidates) {
        searched += (searched.empty() ? "" : ", ") + full_path(candidate);
      }
      throw Error(fmt::format(messages::import_not_found, statement.path, searched));
    }
    chosen = candidates.front();
  }
  if (statement.run_kind == lang::RunKind::Import) {
    std::error_code ignored;
    const std::string key = fs::weakly_canonical(chosen, ignored).string();
    if (!imported_.insert(key).second) return Flow::Normal;
  }
  auto file =
      std::make_shared<const SourceFile>(chosen.string(), read_file_or_throw(chosen, command));
  auto program = std::make_shared<const lang::Program>(
      lang::parse_program(file, lang::dialect_of_path(chosen.string())));
  // The file runs in the current scope; `return` inside it ends the enclosing function (or, at
  // top level, the program). It counts as a call towards the depth limit, so a file that runs
  // itself ends in the recursion error, not in a stack overflow.
  check_depth();
  DialectScope dialect(session_, program->dialect);
  CodeSwap code(*frame_, compile(program->unit, frame_->layout));
  ++depth_;
  Flow flow = Flow::Normal;
  try {
    define_local_functions(*program);
    flow = exec_block(program->body);
  } catch (...) {
    --depth_;
    throw;
  }
  --depth_;
  return flow == Flow::Return ? Flow::Return : Flow::Normal;
}

}  // namespace llmlab::runtime::detail
