// The evaluator behind runtime::Interpreter (internal to src/runtime): frames of slot-resolved
// variables, the statement executor and the expression evaluator over the lang AST. Each unit of
// code is compiled before it runs (compile.hpp: its names resolved to slots and builtins, read
// through the frame's UnitCode), so loops touch no hash tables; scalars stay unboxed in Value;
// control flow is a Flow result, not an exception. Scalar assignments and element writes, alone
// or as runs of a loop body, are compiled the first time they run to ScalarCode
// (scalar_code.hpp) and run without Value traffic (fast_statement.cpp).
#pragma once

#include <array>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "base/error.hpp"
#include "lang/ast.hpp"
#include "runtime/compile.hpp"
#include "runtime/indexing.hpp"
#include "runtime/interpreter.hpp"
#include "runtime/native.hpp"
#include "runtime/session.hpp"
#include "runtime/value.hpp"

namespace llmlab::runtime::detail {

enum class Flow { Normal, Break, Continue, Return };

// What NAME(args) does with a variable named NAME (language.md §3.6): index it (arrays, text,
// cells, tuples, struct arrays), call it (lambdas, handles), index it only when no function
// has the name (scalars, bools, a struct), or leave the call to the functions (anything else).
// The one rule behind the call expression, a bare call's echo and feval's name lookup.
enum class VariableUse { Index, Call, IndexWithoutFunction, None };
VariableUse variable_use(const Value& value);

// Whether a handle's name may resolve to a variable holding another handle: not when the name
// came from a handle, so `h = @h; h(1)` ends in "undefined function" instead of looping.
enum class HandleVariables { Follow, Ignore };

// The predefined names a user-function call copies from its caller (§7.2; llmlab adds
// true/false).
inline constexpr std::array<std::string_view, 8> kPredefinedNames = {"i",   "j",   "pi",   "e",
                                                                     "Inf", "NaN", "true", "false"};

// Names → slots of one code unit: the top level, or one user function (shared by all its
// calls). Lambdas use the layout of the scope they are written in.
class Layout {
 public:
  Layout();
  int slot_of(const std::string& name);   // adds the name when new
  int find(std::string_view name) const;  // -1 when absent
  std::size_t size() const { return names_.size(); }
  const std::string& name(int slot) const { return names_[static_cast<std::size_t>(slot)]; }
  // Slots of kPredefinedNames, then of nargin and nargout.
  const std::array<int, 10>& special_slots() const { return special_; }

 private:
  std::unordered_map<std::string, int> slots_;
  std::vector<std::string> names_;
  std::array<int, 10> special_{};
};

struct Variable {
  Value value;
  bool defined = false;
};

enum class FrameKind { TopLevel, Function, Lambda };

// A `global` or `persistent` name's slot in a frame and the value it shares (language.md §14).
// The slot holds a copy: the evaluator writes it back before any function call and when the frame
// ends, and reads it again after the call, so a callee sees the caller's writes and the other way
// round, while variable reads and writes stay the plain slot accesses they are everywhere else.
struct SharedBinding {
  int slot;
  Value* storage;
};

struct Frame {
  std::shared_ptr<Layout> layout;
  std::vector<Variable> variables;
  FrameKind kind = FrameKind::TopLevel;
  // The function whose call this is (FrameKind::Function), for its `persistent` values.
  const struct UserFunction* function = nullptr;
  std::vector<SharedBinding> shared;
  // The unit running in the frame, compiled against `layout`: the function's or lambda's, or at
  // the top level the program's (a `run` file's or an evaluated text's while it runs). Whoever
  // sets it with run() keeps the code alive meanwhile (the caller's copy of the function table's
  // entry, the lambda value, a CodeSwap), so a call counts no references; run() keeps the code's
  // arrays one load away for the hot paths. The lookups below check nothing, as they run for
  // every variable read: every Name the evaluator looks up has an id (only `~` and a method's
  // name have none, and neither is looked up), and every statement of a block has one.
  const UnitCode* code = nullptr;
  const int* slots = nullptr;
  const int* builtins = nullptr;
  FastForm* fast_forms = nullptr;

  void run(const UnitCode* unit) {
    code = unit;
    slots = unit ? unit->slots() : nullptr;
    builtins = unit ? unit->builtins() : nullptr;
    fast_forms = unit ? unit->fast_forms() : nullptr;
  }
  int slot_of(const lang::Name& name) const { return slots[name.id]; }
  // The builtin a call of `name` binds to, -1 for none.
  int builtin_of(const lang::Name& name) const { return builtins[name.id]; }
  FastForm& fast_form(const lang::Stmt& statement) const { return fast_forms[statement.id]; }

  // The reference is valid until the next evaluation: a name seen for the first time grows
  // `variables` (and may move it), so code that evaluates anything takes its slot afterwards.
  Variable& at(int slot) {
    // A pointer comparison (no division by sizeof(Variable)) keeps variable reads cheap.
    Variable* variable = variables.data() + slot;
    if (variable >= std::to_address(variables.end())) {
      variables.resize(layout->size());
      variable = variables.data() + slot;
    }
    return *variable;
  }
  Variable* find(std::string_view name);
};

// What a lambda value carries for the evaluator (Lambda::code): its body reads the scope it is
// written in, so it runs with that unit's code and layout.
struct LambdaCode {
  std::shared_ptr<const lang::LambdaDef> definition;
  std::shared_ptr<const UnitCode> code;
  std::vector<Variable> captured;
};

// A function defined by a `function` statement, with its code (compiled when the statement runs).
struct UserFunction {
  std::shared_ptr<const lang::FunctionDef> definition;
  std::shared_ptr<const UnitCode> code;
};

// A binding of `end` while one index operation's subscripts are evaluated (§6.3).
struct EndBinding {
  const Value* container;
  int position;
  int count;
  bool for_write;
};

// A double and whether the fast scalar path produced it (returned in registers).
struct ScalarResult {
  double value;
  bool ok;
};

class ScalarCode;
struct TargetPlan;  // an assignment target resolved for writing (exec_path_assign.cpp)

class Evaluator {
 public:
  Evaluator(Interpreter& interpreter, Session& session, InterpreterOptions options);

  Session& session() { return session_; }
  Interpreter& interpreter() { return interpreter_; }

  // Top level.
  void run_program(const lang::Program& program, ExecMode mode);
  // The expression statement that is all of `program`, evaluated at the top level.
  Value evaluate_expression(const lang::Program& program, const lang::Expr& expression);
  // The same in the executing frame while a program runs (from a builtin): the frame, the `end`
  // bindings and the stack base are left as they are.
  // Statements parsed from a text (eval), run in the current frame.
  void run_nested(const lang::Program& program);
  Value evaluate_nested(const lang::Program& program, const lang::Expr& expression);
  Frame& top_frame() { return top_; }
  Frame& current_frame() { return *frame_; }
  void request_interrupt(InterruptReason reason) {
    interrupted_.store(static_cast<int>(reason), std::memory_order_relaxed);
  }
  void clear_interrupt() { interrupted_.store(0, std::memory_order_relaxed); }
  bool interrupt_requested() const { return interrupted_.load(std::memory_order_relaxed) != 0; }
  // Throws the pending interrupt's error (uncatchable, ErrorKind) and clears it.
  [[noreturn]] void raise_interrupt();

  // Builtins and functions.
  void register_builtin(const NativeFunction& function);
  const NativeFunction* find_builtin(std::string_view name) const;
  // Whether the builtin this unit resolves `name` to is marked quiet (NativeFunction::quiet).
  bool is_quiet_builtin(const lang::Name& name) const;
  std::vector<std::string> builtin_names() const;
  const lang::FunctionDef* user_function_definition(std::string_view name) const;
  bool has_user_function(std::string_view name) const;
  std::vector<std::string> user_function_names() const;  // sorted
  // `clear`: the functions go, and the frame's `global` names stop sharing (the global values
  // stay, as after MATLAB's `clear`). Stored values are never freed while a frame may point at
  // them (SharedBinding); a definition run again starts its persistent values afresh.
  void clear_functions() { functions_.clear(); }
  void unshare(Frame& frame) {
    frame.shared.clear();
    std::erase(sharing_frames_, &frame);
  }
  // NAME(args) with NAME not indexing: a user function, a variable holding a lambda or handle,
  // a builtin, in that order (§3.6 steps 3–5; feval and a handle's call take this path).
  Value call_by_name(std::string_view name, std::span<Value> arguments, int nargout,
                     const SourceLoc& where, HandleVariables handles = HandleVariables::Follow);
  Value call_value(const Value& function, std::span<Value> arguments, int nargout,
                   const SourceLoc& where);

 private:
  // Statements (exec_statement.cpp).
  Flow exec_block(const lang::Block& block);
  // exec attaches the statement's location to an error that has none; exec_unlocated dispatches.
  Flow exec(const lang::Stmt& statement);
  Flow exec_unlocated(const lang::Stmt& statement);
  void exec_expression_statement(const lang::ExpressionStmt& statement);
  void exec_assign(const lang::AssignStmt& statement);
  void exec_index_assign(const lang::IndexAssignStmt& statement);
  void exec_index_assign_with(const lang::IndexAssignStmt& statement, std::span<Value> slots);
  void exec_multi_assign(const lang::MultiAssignStmt& statement);
  Value multi_assign_value(const lang::MultiAssignStmt& statement, int count);
  // General targets (exec_path_assign.cpp). `op` makes it a compound assignment.
  void exec_path_assign(const lang::PathAssignStmt& statement);
  void assign_target(const lang::AssignTarget& target, Value rhs, std::optional<lang::BinaryOp> op,
                     bool echo_on);
  // The read phase of assign_target(): every name and subscript of the target evaluated, each
  // level checked, and for `op` the new value computed into `rhs`; nothing written.
  void resolve_target(const lang::AssignTarget& target, TargetPlan& plan,
                      std::optional<lang::BinaryOp> op, Value& rhs);
  bool names_containers_package(const lang::Expr& expression);
  Value field_of(const Value& base, const lang::FieldExpr& expression);
  void eval_list_elements(std::span<const lang::ExprPtr> elements, std::vector<Value>& out);
  Value eval_cell_rows(const lang::StringArrayExpr& literal);
  std::span<Value> eval_call_arguments(const lang::ExprList& expressions,
                                       std::span<Value> arguments, std::vector<Value>& expanded);
  Flow exec_for(const lang::ForStmt& statement);
  Flow exec_while(const lang::WhileStmt& statement);
  Flow exec_if(const lang::IfStmt& statement);
  Flow exec_switch(const lang::SwitchStmt& statement);
  Flow exec_try(const lang::TryStmt& statement);
  Flow exec_run(const lang::RunStmt& statement);
  // A `function` statement: the function table's entry for its name, compiled.
  void define_function(const lang::FunctionStmt& statement);
  // Where `path` may be, in order: beside the file of `where` (else the session's folder),
  // then, `with_search_path`, in each LLMLAB_PATH folder (function_files.cpp).
  std::vector<std::filesystem::path> file_candidates(const std::string& path,
                                                     const SourceLoc& where,
                                                     bool with_search_path) const;
  // In matlab code, a name nothing defines: NAME.m found as file_candidates finds it, a function
  // file, defines its functions; false when there is no such file.
  bool load_function_file(std::string_view name, const SourceLoc& where);
  // NAME.m in matlab code, parsed, found as load_function_file finds it; nothing when there is
  // no such file.
  std::optional<lang::Program> find_code_file(std::string_view name, const SourceLoc& where) const;
  // A statement `name` alone whose NAME.m is a script: runs it in this frame (MATLAB's script
  // call); false when NAME.m is missing or a function file. Anywhere else a script's name is
  // load_function_file's error.
  bool run_script_file(std::string_view name, const SourceLoc& where);
  void exec_declare(const lang::DeclareStmt& statement);
  // The value a `global` name, or the running function's `persistent` name, shares.
  Value& shared_storage(lang::DeclareKind kind, const std::string& name);
  // Before a call: every frame's shared copies into their storage; after it: back into the
  // frames that remain. `ending` leaves the list (its call returns).
  void write_shared_values();
  void read_shared_values();
  void release_shared_frame(Frame& ending);
  // A matlab file's local functions exist before its first statement runs (MATLAB's scripts
  // call functions defined at their end); an rlab function exists once its definition ran.
  void define_local_functions(const lang::Program& program);
  bool echo_enabled(const lang::Stmt& statement) const;
  bool assignment_echo_enabled(const lang::Stmt& statement) const;

  // Fast paths (fast_statement.cpp). exec_statement() runs one statement of a block: a step,
  // then the compiled form when there is one, else exec(). prepare_fast() compiles a statement
  // once (a simple statement's ScalarCode, or a loop's body plan: the unit's FastForm);
  // run_fast() runs a simple statement's code, returning false, having done nothing, when
  // exec() must run it. exec_body() runs a loop body through its plan.
  Flow exec_statement(const lang::Stmt& statement);
  void prepare_fast(const lang::Stmt& statement, FastForm& form);
  bool run_fast(const lang::Stmt& statement, const ScalarCode& code);
  Flow exec_body(const lang::Stmt& loop, const lang::Block& body);
  // Runs statements first.. of `code`, the compiled segment of `body` starting at `offset`;
  // the ones the code cannot run go through exec(). Steps are the caller's to count.
  void run_segment(const ScalarCode& code, const lang::Block& body, std::size_t offset);
  // Runs statement `next` of the segment on the generic path and the rest of it from there.
  void finish_segment(const ScalarCode& code, const lang::Block& body, std::size_t offset,
                      int next);
  // Runs `for v = start:increment:stop` when its body compiled to one segment (the hot inner
  // loops of scalar code) with no per-iteration dispatch; false, having done nothing, otherwise.
  bool exec_compiled_range(const lang::ForStmt& loop, double start, double increment,
                           std::int64_t count);

  // Expressions (eval_expression.cpp).
  // An expression's value as the running code's dialect sees it (no Vector in matlab code).
  Value eval(const lang::Expr& expression);
  Value eval_node(const lang::Expr& expression);
  // Evaluates a pure real-scalar computation (numbers, scalar variables, arithmetic and unary
  // minus) straight into a double, with no Value traffic. Returns false, having done nothing
  // observable, for anything else; the caller then uses eval().
  ScalarResult try_scalar(const lang::Expr& expression);
  Value eval_identifier(const lang::IdentifierExpr& expression);
  Value eval_binary(const lang::BinaryExpr& expression);
  // binary_operation with its warning reported and, in matlab code, its result narrowed
  // (narrow_complex): the one way an operator runs on values, also for `x += e`.
  Value operate(lang::BinaryOp op, const Value& left, const Value& right);
  // A numeric result as the running dialect keeps it: narrowed in matlab code.
  Value in_dialect(Value value) const;
  Value eval_range(const lang::RangeExpr& expression);
  Value eval_string(const lang::StringExpr& expression) const;
  Value eval_matrix(const lang::MatrixExpr& expression);
  Value eval_field(const lang::FieldExpr& expression);
  // The name a dynamic field `s.(expr)` evaluates to: a non-empty string, else an error.
  std::string dynamic_field_name(const lang::Expr& name);
  Value eval_lambda(const lang::LambdaExpr& expression);
  Value eval_function_handle(const lang::FunctionHandleExpr& expression);
  Value eval_end(const lang::EndExpr& expression);
  Value eval_index_expression(const lang::IndexExpr& expression);
  Value eval_cell_index(const lang::CellIndexExpr& expression);
  // start:step:stop's bounds as numbers, and the start and step as the script computed them:
  // a bound that depends on the input of grad keeps its gradient (x:x+2 moves with x).
  struct RangeBounds {
    double start = 0.0, step = 1.0, stop = 0.0;
    Value start_value, step_value;  // tracked or plain (the step 1 when not written)
    // The class of the range's elements: of an integer bound or single, that class (MATLAB's
    // int8(1):3 and 1:int8(3)); char with a char end ('a':'e', matlab code); double
    // otherwise.
    NumClass element_class = NumClass::Double;
    bool tracked() const {
      return start_value.is(runtime::Kind::Tracked) || step_value.is(runtime::Kind::Tracked);
    }
  };
  RangeBounds eval_range_bounds(const lang::RangeExpr& expression);
  double range_bound_number(const Value& bound, const lang::Expr& expression);
  // The range of `bounds` as a vector, on the tape when a bound is tracked.
  Value range_value(const RangeBounds& bounds, const lang::RangeExpr& expression);
  // Evaluates subscripts with `end` bound to `container` (§6.3).
  void eval_subscripts(const lang::ExprList& arguments, const Value& container, bool for_write,
                       std::span<Value> out);
  // The same where a subscript may be c{...}, MATLAB's comma-separated list (A(c{:}) is
  // A(c{1}, c{2}, ...)): without one the values fill `out`; with one they are in `spread`. The
  // span returned views whichever holds them.
  std::span<Value> eval_spreading_subscripts(const lang::ExprList& arguments,
                                             const Value& container, bool for_write,
                                             std::span<Value> out, std::vector<Value>& spread);
  // container(subscripts...): evaluated into `slots` (or a spread list) and read.
  Value read_indexed(const Value& container, const lang::ExprList& subscripts,
                     std::span<Value> slots, const SourceLoc& where);
  void eval_arguments(const lang::ExprList& arguments, std::span<Value> out);
  bool condition(const lang::Expr& expression, std::string_view statement);

  // Calls (calls.cpp).
  Value eval_call(const lang::CallExpr& expression, int nargout);
  Value eval_call_with(const lang::CallExpr& expression, int nargout, std::span<Value> arguments);
  Value call_builtin_handing_over(const NativeFunction& function, const lang::CallExpr& expression,
                                  const std::vector<std::optional<lang::AssignTarget>>& targets,
                                  std::span<Value> arguments, int nargout);
  Value eval_method_call(const lang::MethodCallExpr& expression, int nargout);
  // `owned`: the arguments again, mutable, when the builtin may take() them (eval_call_with).
  Value call_builtin(const NativeFunction& function, std::span<const Value> arguments, int nargout,
                     std::span<Value> owned = {});
  // The caller holds `user` (a copy of the table's pointer): the body may redefine the name.
  Value call_user_function(const UserFunction& user, std::span<Value> arguments, int nargout,
                           const SourceLoc& where);
  std::optional<Value> function_output(const lang::FunctionDef& function, Frame& frame,
                                       std::size_t k, bool gives_varargout);
  Value collect_outputs(const lang::FunctionDef& function, Frame& frame, int nargout,
                        bool gives_varargout);
  // `where` is the call's place, named in the call chain of an error (invalid: no frame).
  Value call_lambda(const Value& lambda, std::span<Value> arguments, const SourceLoc& where,
                    int nargout = 1);
  int builtin_index(std::string_view name) const;
  // Whether a user function or a builtin has the name: a bare NAME that is no variable is then
  // a call without arguments (§13.10, MATLAB's command form `toc`). The rule of eval_identifier
  // and of a bare name as a statement.
  bool names_function(const lang::Name& name) const;
  // The compile step (compile.hpp): `unit` resolved against `layout`.
  std::shared_ptr<const UnitCode> compile(const lang::UnitNames& unit,
                                          std::shared_ptr<Layout> layout) const;

  // Variables.
  Variable& slot(const lang::Name& name) { return frame_->at(frame_->slot_of(name)); }
  void assign(const lang::Name& name, Value value) {
    Variable& variable = slot(name);
    variable.value = std::move(value);
    variable.defined = true;
  }
  // Counts one step (a statement or a loop iteration): Ctrl-C and the step budget end a run
  // here. Inline, as it runs once per statement.
  void step() {
    if (interrupted_.load(std::memory_order_relaxed) != 0 ||
        (options_.step_budget > 0 && ++steps_ > options_.step_budget)) [[unlikely]] {
      stop_at_step();
    }
  }
  [[noreturn]] void stop_at_step();
  // Raises the recursion error when the next call would go past the call-depth limit or
  // come near the end of the native stack.
  void check_depth();
  // Raises an error when an expression nests so deep that the native stack runs low (the
  // parser bounds a tree's height, but a frame per level of a long chain is still deep).
  void check_stack() {
    char marker = 0;
    const auto here = reinterpret_cast<std::uintptr_t>(&marker);
    if (here < stack_base_ && stack_base_ - here > stack_budget_) [[unlikely]] {
      throw_stack_exhausted();
    }
  }
  [[noreturn]] void throw_stack_exhausted();
  // `undefined function 'f'`, with a hint when the running program defines f further down:
  // rlab has no hoisting (language.md §2.13), which surprises MATLAB users of local functions.
  std::string undefined_function(std::string_view name) const;
  // Adds "in f at FILE:L:C" (a lambda shows its text) to an error leaving a call; a runaway
  // recursion shows its repeating line a few times and then how many more there were, not a
  // thousand copies.
  void add_frame(Error& error, std::string frame);
  void mark_stack_base();

  Interpreter& interpreter_;
  Session& session_;
  InterpreterOptions options_;
  ExecMode mode_ = ExecMode::Script;
  Frame top_;
  Frame* frame_;
  int depth_ = 0;
  // The program run_program() is running, for the hint at a call to a function defined later.
  const lang::Program* program_ = nullptr;
  // Call-chain lines of the error in flight left out as repeats of the line before (add_frame).
  std::int64_t repeated_frames_ = 0;
  std::uintptr_t stack_base_ = 0;
  std::size_t stack_budget_ = 0;
  std::int64_t steps_ = 0;
  // 0, or the InterruptReason of a pending request (set by a signal handler or a watchdog).
  std::atomic<int> interrupted_{0};
  std::vector<EndBinding> ends_;
  // Buffers of assign_target(), one per nesting depth (exec_path_assign.cpp).
  std::vector<std::shared_ptr<TargetPlan>> target_plans_;
  std::size_t target_plan_depth_ = 0;
  std::vector<NativeFunction> builtins_;
  // The plain targets of the multi-assignment whose right side is being called (null
  // otherwise): its builtin call receives those variables by move (exec_multi_assign).
  const std::vector<std::optional<lang::AssignTarget>>* reassigned_ = nullptr;
  std::unordered_map<std::string, int> builtin_indices_;
  std::unordered_map<std::string, std::shared_ptr<const UserFunction>> functions_;
  // `global` values by name, and `persistent` ones by function (the definition is kept alive, so
  // a later definition at the same address cannot inherit them) then name. Map nodes stay put,
  // so SharedBinding may point into them.
  std::map<std::string, Value, std::less<>> globals_;
  std::map<const lang::FunctionDef*,
           std::pair<std::shared_ptr<const lang::FunctionDef>, std::map<std::string, Value>>>
      persistents_;
  // The frames that hold SharedBindings, outermost first.
  std::vector<Frame*> sharing_frames_;
  std::set<std::string> imported_;
  std::vector<std::shared_ptr<const lang::Program>> loaded_programs_;
};

// The echo of an indexed assignment to `name`, whose value is now `whole`: §8.6's line under
// rlab's display; under MATLAB's format modes the whole value, as `name = whole` echoes it
// (MATLAB's way, and the one echo every assignment form shares there).
std::string index_assign_echo(std::string_view name, const AssignEcho& result, const Value& whole,
                              const Session& session);

// Swaps the executing frame for the duration of a call.
// Runs `body(std::span<Value>)` over `count` default values: on the stack for the usual short
// argument and subscript lists, so calls and index operations allocate nothing.
template <class Body>
auto with_values(std::size_t count, Body&& body) -> decltype(body(std::span<Value>())) {
  if (count <= 4) {
    std::array<Value, 4> buffer;
    return body(std::span<Value>(buffer.data(), count));
  }
  std::vector<Value> buffer(count);
  return body(std::span<Value>(buffer));
}

// Runs another unit's code in `frame` for the duration: a `run` file's, an evaluated text's.
class CodeSwap {
 public:
  CodeSwap(Frame& frame, std::shared_ptr<const UnitCode> code)
      : frame_(frame), code_(std::move(code)), saved_(frame.code) {
    frame_.run(code_.get());
  }
  ~CodeSwap() { frame_.run(saved_); }
  CodeSwap(const CodeSwap&) = delete;
  CodeSwap& operator=(const CodeSwap&) = delete;

 private:
  Frame& frame_;
  std::shared_ptr<const UnitCode> code_;
  const UnitCode* saved_;
};

class FrameSwap {
 public:
  FrameSwap(Frame*& slot, Frame* frame) : slot_(slot), saved_(slot) { slot_ = frame; }
  ~FrameSwap() { slot_ = saved_; }
  FrameSwap(const FrameSwap&) = delete;
  FrameSwap& operator=(const FrameSwap&) = delete;

 private:
  Frame*& slot_;
  Frame* saved_;
};

}  // namespace llmlab::runtime::detail
