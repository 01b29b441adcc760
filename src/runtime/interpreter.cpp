// The public face of the evaluator: runs files and expressions, exposes variables and
// builtins to the CLI, notebooks and builtins.
#include "runtime/interpreter.hpp"

#include <algorithm>

#include "base/error.hpp"
#include "base/messages/language.hpp"
#include "lang/parser.hpp"
#include "runtime/evaluator.hpp"
#include "runtime/session.hpp"

namespace llmlab::runtime {

struct Interpreter::State {
  State(Interpreter& interpreter, Session& session_ref, InterpreterOptions options)
      : session(session_ref), evaluator(interpreter, session_ref, options) {}
  Session& session;
  detail::Evaluator evaluator;
};

Interpreter::Interpreter(Session& session, InterpreterOptions options)
    : state_(std::make_unique<State>(*this, session, options)) {}

Interpreter::~Interpreter() = default;

Session& Interpreter::session() const { return state_->session; }

void Interpreter::run(std::shared_ptr<const SourceFile> file, ExecMode mode) {
  const lang::Program program = lang::parse_program(std::move(file), state_->session.dialect());
  state_->evaluator.run_program(program, mode);
}

Value Interpreter::evaluate(std::string_view expression) {
  // Parsed as the one statement `expression`, then evaluated without echo.
  auto file = std::make_shared<const SourceFile>("<expression>", std::string(expression));
  const lang::Program program = lang::parse_program(file, state_->session.dialect());
  if (program.body.size() != 1 || program.body[0]->kind != lang::StmtKind::Expression) {
    throw Error(std::string(messages::expected_one_expression), SourceLoc{file, 1, 1});
  }
  return state_->evaluator.evaluate_expression(program,
                                               *program.body[0]->as<lang::ExpressionStmt>().expr);
}

Value Interpreter::evaluate_in_current_scope(std::string_view expression,
                                             std::string_view source_name) {
  auto file = std::make_shared<const SourceFile>(std::string(source_name), std::string(expression));
  const lang::Program program = lang::parse_program(file, state_->session.dialect());
  if (program.body.size() != 1 || program.body[0]->kind != lang::StmtKind::Expression) {
    throw Error(std::string(messages::expected_one_expression), SourceLoc{file, 1, 1});
  }
  return state_->evaluator.evaluate_nested(program,
                                           *program.body[0]->as<lang::ExpressionStmt>().expr);
}

void Interpreter::run_in_current_scope(std::string_view code, std::string_view source_name) {
  auto file = std::make_shared<const SourceFile>(std::string(source_name), std::string(code));
  const lang::Program program = lang::parse_program(file, state_->session.dialect());
  state_->evaluator.run_nested(program);
}

void Interpreter::interrupt(InterruptReason reason) { state_->evaluator.request_interrupt(reason); }

void Interpreter::clear_interrupt() { state_->evaluator.clear_interrupt(); }

bool Interpreter::interrupt_requested() const { return state_->evaluator.interrupt_requested(); }

void Interpreter::raise_interrupt() { state_->evaluator.raise_interrupt(); }

void Interpreter::register_builtin(const NativeFunction& function) {
  state_->evaluator.register_builtin(function);
}

const NativeFunction* Interpreter::find_builtin(std::string_view name) const {
  return state_->evaluator.find_builtin(name);
}

std::vector<std::string> Interpreter::builtin_names() const {
  return state_->evaluator.builtin_names();
}

Value Interpreter::invoke(const Value& function, std::vector<Value> arguments, int nargout) {
  return state_->evaluator.call_value(function, arguments, nargout, SourceLoc{});
}

Value Interpreter::call(std::string_view name, std::vector<Value> arguments, int nargout) {
  return state_->evaluator.call_by_name(name, arguments, nargout, SourceLoc{});
}

const Value* Interpreter::variable(std::string_view name) const {
  detail::Variable* variable = state_->evaluator.current_frame().find(name);
  return variable ? &variable->value : nullptr;
}

void Interpreter::set_variable(std::string_view name, Value value) {
  detail::Frame& frame = state_->evaluator.current_frame();
  frame.at(frame.layout->slot_of(std::string(name))) = detail::Variable{std::move(value), true};
}

bool Interpreter::has_variable(std::string_view name) const { return variable(name) != nullptr; }

void Interpreter::unset_variable(std::string_view name) {
  if (detail::Variable* variable = state_->evaluator.current_frame().find(name)) {
    *variable = detail::Variable{};
  }
}

std::vector<std::string> Interpreter::variable_names() const {
  detail::Frame& frame = state_->evaluator.current_frame();
  std::vector<std::string> names;
  for (std::size_t slot = 0; slot < frame.layout->size(); ++slot) {
    if (frame.at(static_cast<int>(slot)).defined)
      names.push_back(frame.layout->name(static_cast<int>(slot)));
  }
  std::sort(names.begin(), names.end());
  return names;
}

bool Interpreter::has_user_function(std::string_view name) const {
  return state_->evaluator.has_user_function(name);
}

const lang::FunctionDef* Interpreter::user_function(std::string_view name) const {
  return state_->evaluator.user_function_definition(name);
}

std::vector<std::string> Interpreter::user_function_names() const {
  return state_->evaluator.user_function_names();
}

void Interpreter::clear() {
  detail::Frame& frame = state_->evaluator.current_frame();
  for (std::size_t slot = 0; slot < frame.layout->size(); ++slot) {
    // The eight predefined names keep their current values (§2.14); they are slots 0..7.
    if (slot < detail::kPredefinedNames.size()) continue;
    frame.at(static_cast<int>(slot)) = detail::Variable{};
  }
  state_->evaluator.unshare(frame);
  state_->evaluator.clear_functions();
}

}  // namespace llmlab::runtime
