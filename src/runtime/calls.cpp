// Name resolution for NAME(args) (language.md §3.6), user-function calls (§7.2, §7.3, §13.3),
// lambda and handle calls (§7.4) and builtin dispatch with arity checks.
#include <fmt/format.h>
#include <sys/resource.h>

#include <algorithm>
#include <new>
#include <stdexcept>
#include <utility>

#include "base/error.hpp"
#include "base/located.hpp"
#include "base/messages/language.hpp"
#include "base/messages/system.hpp"
#include "runtime/call.hpp"
#include "runtime/display.hpp"
#include "runtime/evaluator.hpp"
#include "runtime/matlab_shapes.hpp"
#include "runtime/tracked.hpp"

namespace llmlab::runtime::detail {

namespace {

std::string arity_text(const NativeFunction& function) {
  if (function.max_args < 0) return fmt::format("at least {}", function.min_args);
  if (function.min_args == function.max_args) return fmt::format("{}", function.min_args);
  return fmt::format("{}..{}", function.min_args, function.max_args);
}

}  // namespace

VariableUse variable_use(const Value& value) {
  switch (value.kind()) {
    case Kind::Vector:
    case Kind::Matrix:
    case Kind::String:
    case Kind::StringArray:
    case Kind::Tuple:
    case Kind::StructArray:
    case Kind::Tracked:
    case Kind::Cell:
    case Kind::NdArray:
      return VariableUse::Index;
    case Kind::Object:
      return value.object_value()->indexable() ? VariableUse::Index : VariableUse::None;
    case Kind::Lambda:
    case Kind::FunctionHandle:
      return VariableUse::Call;
    case Kind::Scalar:
    case Kind::Complex:
    case Kind::Bool:
    case Kind::Struct:
      return VariableUse::IndexWithoutFunction;
    default:
      return VariableUse::None;
  }
}

void Evaluator::add_frame(Error& error, std::string frame) {
  constexpr std::size_t kShownRepeats = 3;
  const std::vector<std::string>& trace = error.trace();
  const bool repeat = trace.size() >= kShownRepeats &&
                      std::all_of(trace.end() - kShownRepeats, trace.end(),
                                  [&](const std::string& shown) { return shown == frame; });
  if (repeat) {
    ++repeated_frames_;
  } else {
    if (repeated_frames_ > 0) {
      error.add_trace(fmt::format("... ({} more of the line above)", repeated_frames_));
      repeated_frames_ = 0;
    }
    error.add_trace(std::move(frame));
  }
  // Leaving the outermost call: nothing can follow, so the count is written now.
  if (depth_ == 0 && repeated_frames_ > 0) {
    error.add_trace(fmt::format("... ({} more of the line above)", repeated_frames_));
    repeated_frames_ = 0;
  }
}

// --- Layout and frames -----------------------------------------------------------------------

Layout::Layout() {
  for (std::size_t k = 0; k < kPredefinedNames.size(); ++k) {
    special_[k] = slot_of(std::string(kPredefinedNames[k]));
  }
  special_[8] = slot_of("nargin");
  special_[9] = slot_of("nargout");
}

int Layout::slot_of(const std::string& name) {
  auto [it, inserted] = slots_.try_emplace(name, static_cast<int>(names_.size()));
  if (inserted) names_.push_back(name);
  return it->second;
}

int Layout::find(std::string_view name) const {
  auto it = slots_.find(std::string(name));
  return it == slots_.end() ? -1 : it->second;
}

Variable* Frame::find(std::string_view name) {
  const int slot = layout->find(name);
  if (slot < 0) return nullptr;
  Variable& variable = at(slot);
  return variable.defined ? &variable : nullptr;
}

// --- Builtins --------------------------------------------------------------------------------

void Evaluator::register_builtin(const NativeFunction& function) {
  const std::string name(function.name);
  auto it = builtin_indices_.find(name);
  if (it != builtin_indices_.end()) {
    builtins_[static_cast<std::size_t>(it->second)] = function;
    return;
  }
  builtin_indices_.emplace(name, static_cast<int>(builtins_.size()));
  builtins_.push_back(function);
}

int Evaluator::builtin_index(std::string_view name) const {
  auto it = builtin_indices_.find(std::string(name));
  return it == builtin_indices_.end() ? -1 : it->second;
}

std::shared_ptr<const UnitCode> Evaluator::compile(const lang::UnitNames& unit,
                                                   std::shared_ptr<Layout> layout) const {
  return std::make_shared<const UnitCode>(
      unit, std::move(layout), [this](const std::string& name) { return builtin_index(name); },
      builtins_);
}

bool Evaluator::names_function(const lang::Name& name) const {
  return functions_.count(name.text) != 0 || frame_->builtin_of(name) >= 0;
}

bool Evaluator::is_quiet_builtin(const lang::Name& name) const {
  const int builtin = frame_->builtin_of(name);
  return builtin >= 0 && builtins_[static_cast<std::size_t>(builtin)].quiet;
}

const NativeFunction* Evaluator::find_builtin(std::string_view name) const {
  const int index = builtin_index(name);
  return index < 0 ? nullptr : &builtins_[static_cast<std::size_t>(index)];
}

std::vector<std::string> Evaluator::builtin_names() const {
  std::vector<std::string> names;
  for (const NativeFunction& function : builtins_) names.emplace_back(function.name);
  return names;
}

bool Evaluator::has_user_function(std::string_view name) const {
  return functions_.count(std::string(name)) != 0;
}

const lang::FunctionDef* Evaluator::user_function_definition(std::string_view name) const {
  const auto it = functions_.find(std::string(name));
  return it == functions_.end() ? nullptr : it->second->definition.get();
}

std::vector<std::string> Evaluator::user_function_names() const {
  std::vector<std::string> names;
  for (const auto& entry : functions_) names.push_back(entry.first);
  std::sort(names.begin(), names.end());
  return names;
}

Value Evaluator::call_builtin(const NativeFunction& function, std::span<const Value> arguments,
                              int nargout, std::span<Value> owned) {
  const int count = static_cast<int>(arguments.size());
  if (count < function.min_args || (function.max_args >= 0 && count > function.max_args)) {
    throw Error(
        fmt::format(messages::wrong_argument_count, function.name, arity_text(function), count));
  }
  auto invoke = [&](std::span<const Value> values, int outputs) {
    Call call(interpreter_, function.name, values, outputs);
    if (values.data() == owned.data()) call.allow_take(owned);
    // A builtin's outputs in matlab code are MATLAB's matrices, never a Vector (§14).
    if (session_.dialect() == lang::Dialect::Matlab)
      return as_matlab_output(function.function(call), values);
    return function.function(call);
  };
  try {
    // A builtin on a value that depends on grad's x: its gradient rule decides (src/autodiff).
    if (Tape* tape = tape_of(arguments))
      return tape->builtin(function.name, arguments, nargout, invoke, session_.dialect());
    return invoke(arguments, nargout);
  } catch (const std::bad_alloc&) {
    // Every builtin's allocations (text, string arrays, tables), not only numeric arrays, fail
    // as a script error at the call, never as an abort (repmat("abc", 1, 1e12), blanks(1e15)).
    throw Error(fmt::format(messages::spoken_by, function.name, messages::out_of_memory));
  } catch (const std::length_error&) {
    throw Error(fmt::format(messages::spoken_by, function.name, messages::result_too_long));
  }
}

// --- User functions and lambdas --------------------------------------------------------------

void Evaluator::mark_stack_base() {
  char marker = 0;
  stack_base_ = reinterpret_cast<std::uintptr_t>(&marker);
  struct rlimit limit {};
  std::size_t available = std::size_t{8} << 20;
  if (getrlimit(RLIMIT_STACK, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY) {
    available = static_cast<std::size_t>(limit.rlim_cur);
  }
  // Keep a quarter (at least 256 KiB) for builtins and the error path.
  stack_budget_ = available - std::max(available / 4, std::size_t{256} << 10);
}

void Evaluator::check_depth() {
  bool exhausted = depth_ >= options_.max_call_depth;
  if (stack_base_ != 0) {
    char marker = 0;
    // The stack grows down from the base recorded when the run started.
    const std::uintptr_t here = reinterpret_cast<std::uintptr_t>(&marker);
    exhausted = exhausted || (here < stack_base_ && stack_base_ - here > stack_budget_);
  }
  if (exhausted) {
    throw Error(fmt::format(messages::recursion_too_deep, depth_));
  }
}

void Evaluator::throw_stack_exhausted() { throw Error(std::string(messages::stack_too_deep)); }

namespace {

// MATLAB's variable-length lists (language.md §14): a last parameter `varargin` takes the
// arguments after the named ones as a 1×N cell, a last output `varargout` gives the outputs after
// the named ones from its cell. Matlab code only; in rlab the names are ordinary (§13.10).
// The arguments from `first` on as varargin: 1×N, or MATLAB's 0×0 {} when none is left over.
Value varargin_cell(std::span<Value> arguments, std::size_t first) {
  std::vector<Value> rest;
  for (std::size_t k = first; k < arguments.size(); ++k) rest.push_back(std::move(arguments[k]));
  CellArray cells = CellArray::row(std::move(rest));
  if (cells.items.empty()) cells.rows = cells.columns = 0;
  return Value::cell(std::move(cells));
}

bool ends_with_list(const lang::FunctionDef& function, const std::vector<lang::Name>& names,
                    std::string_view list) {
  return function.dialect == lang::Dialect::Matlab && !names.empty() && names.back().text == list;
}

// The call against the definition: no more arguments than parameters (but for varargin), and
// no more outputs asked for than declared (but for varargout).
void check_call_shape(const lang::FunctionDef& function, std::size_t arguments, int nargout,
                      bool takes_varargin, bool gives_varargout) {
  if (!takes_varargin && arguments > function.params.size()) {
    throw Error(fmt::format(messages::callable_argument_count, "function", function.params.size(),
                            arguments));
  }
  const std::size_t outputs = function.outputs.size();
  // A value asked of a matlab function that declares no output is MATLAB's error too (rlab's
  // gives none, §7).
  const int checked_from = function.dialect == lang::Dialect::Matlab && outputs == 0 ? 1 : 2;
  if (!gives_varargout && nargout >= checked_from && static_cast<std::size_t>(nargout) > outputs) {
    throw Error(fmt::format(messages::too_many_outputs_requested, function.name, outputs, nargout));
  }
}

// Fills the callee's frame: the predefined names from the caller's (§7.2; every layout gives
// them slots 0..7), nargin and nargout (slots 8 and 9), the named parameters, and varargin.
void bind_arguments(Frame& frame, Frame& caller, const lang::FunctionDef& function,
                    std::span<Value> arguments, int nargout, bool takes_varargin) {
  const std::size_t named_params = function.params.size() - (takes_varargin ? 1 : 0);
  for (std::size_t k = 0; k < kPredefinedNames.size(); ++k) {
    const Variable& source = caller.at(static_cast<int>(k));
    if (source.defined) frame.variables[k] = source;
  }
  frame.variables[8] = Variable{Value::scalar(static_cast<double>(arguments.size())), true};
  frame.variables[9] = Variable{Value::scalar(static_cast<double>(nargout)), true};
  for (std::size_t k = 0; k < std::min(arguments.size(), named_params); ++k) {
    const lang::Name& parameter = function.params[k];
    if (parameter.is_placeholder()) continue;
    frame.at(frame.slot_of(parameter)) = Variable{std::move(arguments[k]), true};
  }
  if (!takes_varargin) return;
  frame.at(frame.slot_of(function.params.back())) =
      Variable{varargin_cell(arguments, named_params), true};
}

// A lambda's parameters in its frame. In matlab code a last parameter `varargin` takes the
// arguments left over, and fewer arguments than parameters leave the rest unset (an error only
// where the body reads one), as MATLAB's anonymous functions do; rlab's lambdas take exactly
// their parameters. Parameters shadow captured names; nargin/nargout do not exist in lambdas
// (§13.3).
void bind_lambda_arguments(Frame& frame, const lang::LambdaDef& definition,
                           std::span<Value> arguments, lang::Dialect dialect) {
  const bool matlab = dialect == lang::Dialect::Matlab;
  const bool takes_varargin =
      matlab && !definition.params.empty() && definition.params.back().text == "varargin";
  const std::size_t named = definition.params.size() - (takes_varargin ? 1 : 0);
  const bool count_ok = matlab ? takes_varargin || arguments.size() <= named
                               : arguments.size() == definition.params.size();
  if (!count_ok) {
    throw Error(fmt::format(messages::callable_argument_count, "lambda", definition.params.size(),
                            arguments.size()));
  }
  frame.variables[8] = Variable{};
  frame.variables[9] = Variable{};
  for (std::size_t k = 0; k < named; ++k) {
    if (definition.params[k].is_placeholder()) continue;
    // A parameter not given is unset, whatever the scope the lambda captured held by its name.
    frame.at(frame.slot_of(definition.params[k])) =
        k < arguments.size() ? Variable{std::move(arguments[k]), true} : Variable{};
  }
  if (takes_varargin) {
    frame.at(frame.slot_of(definition.params.back())) =
        Variable{varargin_cell(arguments, named), true};
  }
}

}  // namespace

Value Evaluator::call_user_function(const UserFunction& user, std::span<Value> arguments,
                                    int nargout, const SourceLoc& where) {
  const lang::FunctionDef& function = *user.definition;
  const UnitCode& code = *user.code;
  const bool takes_varargin = ends_with_list(function, function.params, "varargin");
  const bool gives_varargout = ends_with_list(function, function.outputs, "varargout");
  check_call_shape(function, arguments.size(), nargout, takes_varargin, gives_varargout);
  check_depth();

  Frame frame;
  frame.layout = code.layout();
  frame.kind = FrameKind::Function;
  frame.function = &user;
  frame.run(user.code.get());
  frame.variables.resize(frame.layout->size());
  bind_arguments(frame, *frame_, function, arguments, nargout, takes_varargin);

  // `global`/`persistent` values pass through the call (SharedBinding); the empty check keeps
  // calls in code without them at one comparison.
  if (!sharing_frames_.empty()) write_shared_values();
  // On the way out, errors included: the callee's values go back to their storage, and the
  // frames still running read what the callee changed.
  struct SharedScope {
    Evaluator& evaluator;
    Frame& callee;
    ~SharedScope() {
      evaluator.release_shared_frame(callee);
      if (!evaluator.sharing_frames_.empty()) evaluator.read_shared_values();
    }
  };
  {
    FrameSwap swap(frame_, &frame);
    DialectScope dialect(session_, function.dialect);
    const SharedScope shared{*this, frame};
    ++depth_;
    try {
      exec_block(function.body);
    } catch (Error& error) {
      --depth_;
      // A call from a builtin (grad, arrayfun) has no place of its own: name the function only.
      add_frame(error, where.valid()
                           ? fmt::format("in {} at {}", function.name, format_location(where))
                           : fmt::format("in {}", function.name));
      throw;
    } catch (...) {
      --depth_;  // a Stop (Ctrl-C, a time limit) unwinds through here too
      throw;
    }
    --depth_;
  }
  if (function.outputs.empty()) return Value();
  return collect_outputs(function, frame, nargout, gives_varargout);
}

// Output k of a finished call: a named output, or after them an element of `varargout`;
// nullopt when the body did not assign it.
std::optional<Value> Evaluator::function_output(const lang::FunctionDef& function, Frame& frame,
                                                std::size_t k, bool gives_varargout) {
  const std::size_t named = function.outputs.size() - (gives_varargout ? 1 : 0);
  Variable& output = frame.at(frame.slot_of(function.outputs[std::min(k, named)]));
  if (!output.defined) return std::nullopt;
  if (k < named) return std::move(output.value);
  if (output.value.is(Kind::StringArray)) {  // a cell of texts ({'a', 'b'})
    const std::vector<std::string>& texts = output.value.string_array_value();
    if (k - named >= texts.size()) return std::nullopt;
    return Value::string(texts[k - named]);
  }
  if (!output.value.is(Kind::Cell)) {
    throw Error(
        fmt::format(messages::varargout_not_cell, function.name, kind_name(output.value.kind())));
  }
  const CellArray& cells = output.value.cell_value();
  if (k - named >= cells.items.size()) return std::nullopt;
  return cells.items[k - named];
}

Value Evaluator::collect_outputs(const lang::FunctionDef& function, Frame& frame, int nargout,
                                 bool gives_varargout) {
  if (nargout <= 1) {
    std::optional<Value> first = function_output(function, frame, 0, gives_varargout);
    return first ? std::move(*first) : Value();
  }
  const std::size_t named = function.outputs.size() - (gives_varargout ? 1 : 0);
  std::vector<Value> items;
  for (std::size_t k = 0; k < static_cast<std::size_t>(nargout); ++k) {
    std::optional<Value> output = function_output(function, frame, k, gives_varargout);
    if (!output) {
      const std::string name =
          k < named ? function.outputs[k].text : fmt::format("varargout{{{}}}", k - named + 1);
      throw Error(fmt::format(messages::output_not_assigned, function.name, name));
    }
    items.push_back(std::move(*output));
  }
  return Value::tuple(std::move(items));
}

Value Evaluator::call_lambda(const Value& lambda, std::span<Value> arguments,
                             const SourceLoc& where, int nargout) {
  const Lambda& value = lambda.lambda_value();
  const auto& code = *std::static_pointer_cast<const LambdaCode>(value.code);
  const lang::LambdaDef& definition = *code.definition;
  check_depth();
  Frame frame;
  frame.layout = code.code->layout();
  frame.kind = FrameKind::Lambda;
  frame.run(code.code.get());
  frame.variables = code.captured;
  frame.variables.resize(frame.layout->size());
  bind_lambda_arguments(frame, definition, arguments, session_.dialect());
  FrameSwap swap(frame_, &frame);
  ++depth_;
  try {
    // In matlab code a lambda whose body is a call gives that call's outputs ([a, b] = f(x)
    // with f = @(x) size(x)), as MATLAB does; called for none (a statement), it asks none of it.
    const bool outputs = nargout != 1 && session_.dialect() == lang::Dialect::Matlab &&
                         definition.body->kind == lang::ExprKind::Call;
    Value result = outputs ? eval_call(definition.body->as<lang::CallExpr>(), nargout)
                           : eval(*definition.body);
    --depth_;
    return result;
  } catch (Error& error) {
    --depth_;
    // The error points into the lambda's body; the chain names the call (a builtin such as
    // arrayfun calling it has no place of its own to name).
    if (where.valid())
      add_frame(error, fmt::format("in {} at {}", display(lambda), format_location(where)));
    throw;
  } catch (...) {
    --depth_;
    throw;
  }
}

// --- Resolution --------------------------------------------------------------------------------

Value Evaluator::call_by_name(std::string_view name, std::span<Value> arguments, int nargout,
                              const SourceLoc& where, HandleVariables handles) {
  const std::string key(name);
  if (auto it = functions_.find(key); it != functions_.end()) {
    const std::shared_ptr<const UserFunction> function = it->second;
    return call_user_function(*function, arguments, nargout, where);
  }
  if (Variable* variable = frame_->find(name);
      variable && variable_use(variable->value) == VariableUse::Call &&
      (handles == HandleVariables::Follow || variable->value.is(Kind::Lambda))) {
    const Value callee = variable->value;
    return call_value(callee, arguments, nargout, where);
  }
  if (const NativeFunction* function = find_builtin(name)) {
    return call_builtin(*function, arguments, nargout);
  }
  if (load_function_file(name, where)) {
    if (auto it = functions_.find(key); it != functions_.end()) {
      const std::shared_ptr<const UserFunction> function = it->second;
      return call_user_function(*function, arguments, nargout, where);
    }
  }
  throw Error(undefined_function(name));
}

std::string Evaluator::undefined_function(std::string_view name) const {
  std::string message = fmt::format(messages::undefined_function, name);
  if (program_ == nullptr) return message;
  for (const lang::StmtPtr& statement : program_->body) {
    if (statement->kind != lang::StmtKind::Function) continue;
    const lang::FunctionDef& function = *statement->as<lang::FunctionStmt>().function;
    if (function.name != name) continue;
    message += fmt::format(
        " (the script defines it at line {}; a function exists once its definition has run, "
        "so define it above its first call)",
        function.loc.line);
    break;
  }
  return message;
}

Value Evaluator::call_value(const Value& function, std::span<Value> arguments, int nargout,
                            const SourceLoc& where) {
  switch (function.kind()) {
    case Kind::Lambda:
      return call_lambda(function, arguments, where, nargout);
    case Kind::FunctionHandle:
      return call_by_name(function.handle_name(), arguments, nargout, where,
                          HandleVariables::Ignore);
    case Kind::String:
      return call_by_name(function.string_value(), arguments, nargout, where);
    default:
      throw Error(fmt::format(messages::not_callable, function.kind_name()));
  }
}

// A call's arguments: c{...} of a cell and s.f of a struct array stand for every value they
// select, in turn (MATLAB's comma-separated list, §13.12), so max(c{:}) is max(c{1}, c{2}).
// Values fill `arguments` (no allocation) until an argument is such a list; from there on all of
// them are in `expanded`. s.f of a plain struct stays on the fast path, as every rustlab call does.
std::span<Value> Evaluator::eval_call_arguments(const lang::ExprList& expressions,
                                                std::span<Value> arguments,
                                                std::vector<Value>& expanded) {
  bool spilled = false;
  const auto spill = [&](std::size_t done) {
    if (spilled) return;
    spilled = true;
    expanded.reserve(expressions.size() + 4);
    for (std::size_t j = 0; j < done; ++j) expanded.push_back(std::move(arguments[j]));
  };
  const auto store = [&](std::size_t k, Value value) {
    if (spilled) {
      expanded.push_back(std::move(value));
    } else {
      arguments[k] = std::move(value);
    }
  };
  for (std::size_t k = 0; k < expressions.size(); ++k) {
    const lang::Expr& expression = *expressions[k];
    if (expression.kind == lang::ExprKind::Field) {
      const auto& field = expression.as<lang::FieldExpr>();
      if (!names_containers_package(*field.base)) {
        const Value base = eval(*field.base);
        if (!base.is(Kind::StructArray)) {
          store(k, field_of(base, field));
          continue;
        }
        spill(k);
        for (const Value& item : base.struct_array_items()) {
          expanded.push_back(field_of(item, field));
        }
        continue;
      }
    }
    if (expression.kind == lang::ExprKind::CellIndex) {
      spill(k);
      eval_list_elements(std::span(&expressions[k], 1), expanded);
      continue;
    }
    store(k, eval(expression));
  }
  if (!spilled) return arguments;
  return expanded;
}

Value Evaluator::eval_call(const lang::CallExpr& expression, int nargout) {
  return with_values(expression.args.size(), [&](std::span<Value> arguments) {
    return eval_call_with(expression, nargout, arguments);
  });
}

Value Evaluator::eval_call_with(const lang::CallExpr& expression, int nargout,
                                std::span<Value> arguments) {
  // Only this call, not the calls inside its arguments, hands over reassigned variables.
  const auto* reassigned = std::exchange(reassigned_, nullptr);
  const std::string& name = expression.name.text;
  const bool special = frame_->code->call_form(expression) == CallForm::SpecialForm;
  Variable* variable = special ? nullptr : &slot(expression.name);
  const VariableUse use =
      variable && variable->defined ? variable_use(variable->value) : VariableUse::None;

  if (use == VariableUse::Index) {
    // Index: `end` refers to this container. A copy keeps it valid while the subscripts run
    // (they may grow the frame); the copy only shares storage.
    const Value container = variable->value;
    return read_indexed(container, expression.args, arguments, expression.loc);
  }
  // Arguments that are lists (c{:}, s.f of a struct array) land here instead of `arguments`.
  std::vector<Value> expanded;
  if (!special) {
    if (auto it = functions_.find(name); it != functions_.end()) {
      // A copy: the arguments may redefine the name.
      const std::shared_ptr<const UserFunction> function = it->second;
      std::span<Value> given = eval_call_arguments(expression.args, arguments, expanded);
      return located(expression.loc,
                     [&] { return call_user_function(*function, given, nargout, expression.loc); });
    }
    if (use == VariableUse::Call) {
      const Value callee = variable->value;
      std::span<Value> given = eval_call_arguments(expression.args, arguments, expanded);
      return located(expression.loc,
                     [&] { return call_value(callee, given, nargout, expression.loc); });
    }
  }
  if (const int builtin = frame_->builtin_of(expression.name); builtin >= 0) {
    const NativeFunction& function = builtins_[static_cast<std::size_t>(builtin)];
    std::span<Value> given = eval_call_arguments(expression.args, arguments, expanded);
    // Handing over needs argument k to be expression k: not when a list was expanded.
    if (reassigned == nullptr || given.data() != arguments.data()) {
      return located(expression.loc, [&] { return call_builtin(function, given, nargout); });
    }
    return call_builtin_handing_over(function, expression, *reassigned, arguments, nargout);
  }
  // A scalar, and a struct as the one-element struct array, index when no function has the
  // name (§13.9; rlab called the function, and still does).
  if (use == VariableUse::IndexWithoutFunction) {
    const Value container = variable->value;
    return read_indexed(container, expression.args, arguments, expression.loc);
  }
  if (!special && load_function_file(name, expression.loc)) {
    return eval_call(expression, nargout);
  }
  throw Error(undefined_function(name), expression.loc);
}

// `[p, s] = f(p, ...)` with f a builtin: p's variable gives its value to the call (the
// argument slot holds the only reference), so f may update it in place (Call::take) where a
// copy would clone it on the first write. The variable is overwritten by the assignment
// anyway; if the call fails, every value not taken goes back to its variable.
Value Evaluator::call_builtin_handing_over(
    const NativeFunction& function, const lang::CallExpr& expression,
    const std::vector<std::optional<lang::AssignTarget>>& targets, std::span<Value> arguments,
    int nargout) {
  std::vector<std::pair<const lang::Name*, std::size_t>> handed;
  for (std::size_t k = 0; k < expression.args.size(); ++k) {
    const lang::Expr& argument = *expression.args[k];
    if (argument.kind != lang::ExprKind::Identifier) continue;
    const lang::Name& name = argument.as<lang::IdentifierExpr>().name;
    const bool target = std::any_of(targets.begin(), targets.end(), [&](const auto& t) {
      return t && t->plain() && t->root.text == name.text;
    });
    Variable& variable = slot(name);
    if (!target || !variable.defined) continue;
    bool seen = false;  // f(p, p): the second slot keeps a reference, nothing is handed over
    for (const auto& entry : handed) seen = seen || entry.first->text == name.text;
    if (seen) continue;
    arguments[k] = std::move(variable.value);
    variable.value = Value();
    handed.emplace_back(&name, k);
  }
  try {
    return located(expression.loc,
                   [&] { return call_builtin(function, arguments, nargout, arguments); });
  } catch (...) {
    // The frame may have grown during the call: the slots are looked up again.
    for (const auto& [name, k] : handed) slot(*name).value = std::move(arguments[k]);
    throw;
  }
}

Value Evaluator::eval_method_call(const lang::MethodCallExpr& expression, int nargout) {
  // obj.name(args) is name(obj, args) (§3.1).
  std::vector<Value> arguments;
  if (names_containers_package(*expression.object)) {
    arguments.resize(expression.args.size());
    eval_arguments(expression.args, arguments);
    return located(expression.loc, [&] {
      return call_by_name("containers." + expression.name.text, arguments, nargout, expression.loc);
    });
  }
  arguments.reserve(expression.args.size() + 1);
  arguments.push_back(eval(*expression.object));
  // Where rustlab would fail with "undefined function", a struct's field is indexed instead, as a
  // MATLAB user expects of `r.loss(end)` (§0 policy); `end` is the field's own size.
  const std::string& name = expression.name.text;
  if (arguments.front().is(Kind::Struct) && !has_user_function(name) &&
      find_builtin(name) == nullptr) {
    if (const Value* field = arguments.front().field(name)) {
      const Value container = *field;
      std::vector<Value> subscripts(expression.args.size());
      if (container.is_callable()) {
        // s.f(x) with a function value in the field calls it, as MATLAB does.
        std::vector<Value> expanded;
        std::span<Value> given = eval_call_arguments(expression.args, subscripts, expanded);
        return located(expression.loc,
                       [&] { return call_value(container, given, nargout, expression.loc); });
      }
      return read_indexed(container, expression.args, subscripts, expression.loc);
    }
    // No field and no function of that name: the user meant a field (`out.blocks(1)` where the
    // field is `layers`), so say so rather than "undefined function".
    throw Error(fmt::format(messages::no_such_field, name), expression.loc);
  }
  for (const lang::ExprPtr& argument : expression.args) arguments.push_back(eval(*argument));
  return located(expression.loc, [&] {
    return call_by_name(expression.name.text, arguments, nargout, expression.loc);
  });
}

}  // namespace llmlab::runtime::detail
