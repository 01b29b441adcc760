// ScalarCode: compiling scalar assignments and element writes to a stack program, and running
// it (see scalar_code.hpp for the design).
#include "runtime/scalar_code.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>
#include <vector>

#include "runtime/literals.hpp"
#include "runtime/operators.hpp"

namespace llmlab::runtime::detail {

namespace {

using num::Index;

// The position of `op` within an arithmetic group (Add, Subtract, Multiply, Divide, Power: the
// order of num::Arithmetic), or -1 for operators outside the subset.
int arithmetic_offset(lang::BinaryOp op) {
  const std::optional<num::Arithmetic> arithmetic = arithmetic_operator(op);
  return arithmetic ? static_cast<int>(*arithmetic) : -1;
}

// The real scalar a variable holds, as the generic path would read it (a Bool is not taken:
// the generic operators decide what a logical operand means).
inline bool read_scalar(const Variable& variable, double& out) {
  if (!variable.defined || !variable.value.is_double_scalar()) return false;
  out = variable.value.scalar_value();
  return true;
}

// An array variable as the element instructions see it: its real elements and shape, or no
// elements (null) when it is no real double array of the kind the subscripts need, the generic
// path's case (an error to word, complex storage, single or an integer class, which convert what
// is written and keep their class on a read).
struct ArrayView {
  const double* elements = nullptr;
  double* writable = nullptr;  // set only where the program writes, after copy-on-write
  Index rows = 0;
  Index columns = 0;
  bool vector = false;  // Kind::Vector: one subscript is the position itself
  bool matrix = false;  // Kind::Matrix: the only kind two subscripts address here

  static ArrayView of(const Variable& variable, ScalarCode::Rules rules) {
    ArrayView view;
    const Value& array = variable.value;
    if (!variable.defined || !array.is_array() || array.has_special_class() ||
        (rules == ScalarCode::Rules::Matlab && array.is_logical())) {
      return view;
    }
    const num::Matrix& m = array.matrix_value();
    if (!m.is_real() || m.empty()) return view;
    view.elements = m.real_values().data();
    view.rows = m.rows();
    view.columns = m.columns();
    view.vector = array.is(Kind::Vector);
    view.matrix = array.is(Kind::Matrix);
    return view;
  }

  // The row-major flat index of `A(first)` (subscripts == 1) or `A(first, second)`, as the
  // element paths of index_read() and index_assign() compute it, or -1 when that is no in-bounds
  // element (growth on a write, a subscript to word as an error): the generic path's cases.
  Index flat(int subscripts, double first, double second) const {
    if (elements == nullptr || (subscripts == 2 && !matrix)) return -1;
    const double row = integral_subscript(first);
    const double column = integral_subscript(second);
    if (!(row >= 1.0) || !(column >= 1.0)) return -1;
    const Index p = static_cast<Index>(row) - 1;
    if (subscripts == 1) {
      if (row > static_cast<double>(rows * columns)) return -1;
      // A matrix's linear index is column-major over row-major storage.
      return vector ? p : (p % rows) * columns + p / rows;
    }
    if (row > static_cast<double>(rows) || column > static_cast<double>(columns)) return -1;
    return p * columns + (static_cast<Index>(column) - 1);
  }
};

}  // namespace

int ScalarCode::slot_of(const lang::Name& name, Frame& frame) {
  const int slot = frame.slot_of(name);
  max_slot_ = std::max(max_slot_, slot);
  return slot;
}

void ScalarCode::emit(Op op, int depth_change, int slot, double constant) {
  code_.push_back(Instruction{op, slot, 0, constant});
  depth_ += depth_change;
  max_depth_ = std::max(max_depth_, depth_);
}

void ScalarCode::emit_store(int slot) {
  const bool fusable = code_.size() > starts_.back() && code_.back().op != Op::StoreElement &&
                       code_.back().op != Op::StoreElement2 && code_.back().op != Op::Store &&
                       code_.back().target == kNoTarget;
  if (!fusable) {
    emit(Op::Store, -1, slot);
    return;
  }
  code_.back().target = slot;
  --depth_;
}

bool ScalarCode::append_statement(const lang::Stmt& statement, Frame& frame) {
  const std::size_t saved_size = code_.size();
  const int saved_max_depth = max_depth_;
  const int saved_max_slot = max_slot_;
  starts_.push_back(saved_size);
  if (compile_statement(statement, frame) && max_depth_ <= kMaxDepth) {
    note_slot_uses(saved_size);
    return true;
  }
  code_.resize(saved_size);
  starts_.pop_back();
  depth_ = 0;
  max_depth_ = saved_max_depth;
  max_slot_ = saved_max_slot;
  return false;
}

void ScalarCode::note_slot_uses(std::size_t first_instruction) {
  const auto size = static_cast<std::size_t>(max_slot_) + 1;
  scalar_use_.resize(size, FirstUse::None);
  array_use_.resize(size, false);
  array_written_.resize(size, false);
  first_store_.resize(size, kNotStored);
  const int statement = statement_count() - 1;
  auto scalar = [this, statement](int slot, FirstUse use) {
    if (use == FirstUse::Stored && first_store_[static_cast<std::size_t>(slot)] == kNotStored) {
      first_store_[static_cast<std::size_t>(slot)] = statement;
    }
    FirstUse& first = scalar_use_[static_cast<std::size_t>(slot)];
    if (first != FirstUse::None) return;
    first = use;
    if (use == FirstUse::Read) read_first_.push_back(slot);
  };
  auto in = [](Op op, Op first, Op last) { return op >= first && op <= last; };
  for (std::size_t k = first_instruction; k < code_.size(); ++k) {
    const Instruction& instruction = code_[k];
    const Op op = instruction.op;
    if (op == Op::Variable || in(op, Op::AddVariable, Op::PowerVariable) ||
        in(op, Op::VariableAddConstant, Op::ConstantPowerVariable)) {
      scalar(instruction.slot, FirstUse::Read);
    } else if (in(op, Op::VariableAddVariable, Op::VariablePowerVariable)) {
      scalar(instruction.slot, FirstUse::Read);
      scalar(instruction.other_slot, FirstUse::Read);
    } else if (op == Op::Store) {
      scalar(instruction.slot, FirstUse::Stored);
    } else if (in(op, Op::Element, Op::StoreElement2)) {
      array_use_[static_cast<std::size_t>(instruction.slot)] = true;
      if (op != Op::Element && op != Op::Element2) {
        array_written_[static_cast<std::size_t>(instruction.slot)] = true;
      }
    }
    if (instruction.target != kNoTarget) scalar(instruction.target, FirstUse::Stored);
  }
  for (std::size_t slot = 0; slot < size; ++slot) {
    if (array_use_[slot] && scalar_use_[slot] != FirstUse::None) registers_allowed_ = false;
  }
}

bool ScalarCode::compile_statement(const lang::Stmt& statement, Frame& frame) {
  if (statement.kind == lang::StmtKind::Assign) {
    const auto& assign = statement.as<lang::AssignStmt>();
    const int offset = assign.op == lang::AssignOp::Set
                           ? -1
                           : arithmetic_offset(lang::compound_operator(assign.op));
    if (offset < 0) {
      if (!compile(*assign.value, frame)) return false;
    } else {
      // x op= e stores x ∘ e (`*=` is `*`), as the generic path computes it.
      emit(Op::Variable, 1, slot_of(assign.target, frame));
      if (!compile_right_operand(*assign.value, offset, frame)) return false;
    }
    emit_store(slot_of(assign.target, frame));
    return true;
  }
  if (statement.kind == lang::StmtKind::IndexAssign) {
    const auto& assign = statement.as<lang::IndexAssignStmt>();
    const std::size_t count = assign.indices.size();
    // `end` and `:` subscripts are outside the subset, so compile() refuses them.
    if ((count != 1 && count != 2) || !compile(*assign.value, frame)) return false;
    for (const lang::ExprPtr& index : assign.indices) {
      if (!compile(*index, frame)) return false;
    }
    const int target = slot_of(assign.target, frame);
    if (count == 1) {
      emit(Op::StoreElement, -2, target);
    } else {
      emit(Op::StoreElement2, -3, target);
    }
    return true;
  }
  return false;
}

bool ScalarCode::compile(const lang::Expr& expression, Frame& frame) {
  switch (expression.kind) {
    case lang::ExprKind::Number:
      emit(Op::Constant, 1, 0, expression.as<lang::NumberExpr>().value);
      return true;
    case lang::ExprKind::Identifier:
      emit(Op::Variable, 1, slot_of(expression.as<lang::IdentifierExpr>().name, frame));
      return true;
    case lang::ExprKind::Unary: {
      const auto& unary = expression.as<lang::UnaryExpr>();
      if (unary.op != lang::UnaryOp::Negate || !compile(*unary.operand, frame)) return false;
      emit(Op::Negate, 0);
      return true;
    }
    case lang::ExprKind::Binary: {
      const auto& binary = expression.as<lang::BinaryExpr>();
      const int offset = arithmetic_offset(binary.op);
      if (offset == arithmetic_offset(lang::BinaryOp::Power) && rules_ == Rules::Matlab) {
        return false;
      }
      return offset >= 0 && compile(*binary.left, frame) &&
             compile_right_operand(*binary.right, offset, frame);
    }
    case lang::ExprKind::Call:
      return compile_element_read(expression.as<lang::CallExpr>(), frame);
    default:
      return false;
  }
}

bool ScalarCode::compile_right_operand(const lang::Expr& right, int offset, Frame& frame) {
  if (right.kind == lang::ExprKind::Number) {
    const Instruction leaf{Op::Constant, 0, 0, right.as<lang::NumberExpr>().value};
    if (!fuse_with_left_leaf(offset, leaf)) {
      emit(static_cast<Op>(static_cast<int>(Op::AddConstant) + offset), 0, 0, leaf.constant);
    }
    return true;
  }
  if (right.kind == lang::ExprKind::Identifier) {
    const Instruction leaf{Op::Variable, slot_of(right.as<lang::IdentifierExpr>().name, frame), 0,
                           0.0};
    if (!fuse_with_left_leaf(offset, leaf)) {
      emit(static_cast<Op>(static_cast<int>(Op::AddVariable) + offset), 0, leaf.slot);
    }
    return true;
  }
  if (!compile(right, frame)) return false;
  emit(static_cast<Op>(static_cast<int>(Op::Add) + offset), -1);
  return true;
}

bool ScalarCode::fuse_with_left_leaf(int offset, const Instruction& right) {
  // The instruction before a right operand is always the left operand's last one, so a push
  // there is the left leaf itself. Two constants stay apart (no folding, nothing to gain).
  if (code_.size() <= starts_.back()) return false;
  Instruction& left = code_.back();
  auto pair = [offset](Op group) { return static_cast<Op>(static_cast<int>(group) + offset); };
  if (left.op == Op::Variable && right.op == Op::Variable) {
    left = Instruction{pair(Op::VariableAddVariable), left.slot, right.slot, 0.0};
  } else if (left.op == Op::Variable && right.op == Op::Constant) {
    left = Instruction{pair(Op::VariableAddConstant), left.slot, 0, right.constant};
  } else if (left.op == Op::Constant && right.op == Op::Variable) {
    left = Instruction{pair(Op::ConstantAddVariable), right.slot, 0, left.constant};
  } else {
    return false;
  }
  return true;
}

bool ScalarCode::compile_element_read(const lang::CallExpr& call, Frame& frame) {
  const std::size_t count = call.args.size();
  // A special form is a call whatever the variable holds.
  if ((count != 1 && count != 2) || frame.code->call_form(call) == CallForm::SpecialForm) {
    return false;
  }
  // NAME(args) is an element read only while NAME is an array variable; compiling it for a
  // function call would make every run fail over to the generic path.
  const int array = slot_of(call.name, frame);
  const Variable& current = frame.at(array);
  if (!current.defined || !current.value.is_array() ||
      (rules_ == Rules::Matlab && current.value.is_logical())) {
    return false;
  }
  for (const lang::ExprPtr& argument : call.args) {
    if (!compile(*argument, frame)) return false;
  }
  if (count == 1) {
    emit(Op::Element, 0, array);
  } else {
    emit(Op::Element2, -1, array);
  }
  return true;
}

// The five arithmetic operators of the scalar subset, as the operator families in run() apply
// them: X(name, function of (left, right)), the one definition in num/scalar_ops.hpp.
#define LLMLAB_ARITHMETIC(X)                              \
  X(Add, num::arithmetic<num::Arithmetic::Add>)           \
  X(Subtract, num::arithmetic<num::Arithmetic::Subtract>) \
  X(Multiply, num::arithmetic<num::Arithmetic::Multiply>) \
  X(Divide, num::arithmetic<num::Arithmetic::Divide>)     \
  X(Power, num::arithmetic<num::Arithmetic::Power>)

// dispatch table: the interpreter loop is one switch over the op codes (Lua's luaV_execute), so
// the top of the stack stays in a register across cases; each case is a few lines, the macro
// families write the five operators once, and the rare paths are helpers (element_index).
template <class Scalars>
void ScalarCode::execute(Scalars& scalars, int& statement_out) const {
  double stack[kMaxDepth + 1];
  int statement = statement_out;
  // The top of the stack lives in `top`, a register, so a chain of operations never waits on
  // memory; `stack[0 .. depth)` holds the values below it (the first push saves the meaningless
  // initial `top` in stack[0]).
  double top = 0.0;
  int depth = 0;
  double operand = 0.0;
  double right = 0.0;
  const Instruction* const begin = code_.data();
  const Instruction* const end = begin + code_.size();
  const Instruction* next = begin + starts_[static_cast<std::size_t>(statement)];
  for (;;) {
    // The end of the program is the end of a loop iteration for a range loop's scalars: the
    // next iteration starts here, without leaving the dispatch loop.
    // The end of the program is the end of a loop iteration for a range loop's scalars: the
    // next iteration starts here, without leaving the dispatch loop.
    if (next == end) {
      if (!scalars.next_iteration()) goto stop;
      next = begin;
      statement = 0;
    }
    const Instruction& instruction = *next++;
    switch (instruction.op) {
      case Op::Constant:
        stack[depth++] = top;
        top = instruction.constant;
        break;
      case Op::Variable:
        if (!scalars.read(instruction.slot, operand)) goto stop;
        stack[depth++] = top;
        top = operand;
        break;
      case Op::Negate:
        top = -top;
        break;
        // The operator families, each case written once for the five operators (Lua's op_arith
        // style): below ∘ top, top ∘ variable, top ∘ constant, and the one-push pairs of leaves.
#define LLMLAB_BELOW_TOP(name, apply) \
  case Op::name:                      \
    top = apply(stack[--depth], top); \
    break;
        LLMLAB_ARITHMETIC(LLMLAB_BELOW_TOP)
#undef LLMLAB_BELOW_TOP
#define LLMLAB_TOP_VARIABLE(name, apply)                     \
  case Op::name##Variable:                                   \
    if (!scalars.read(instruction.slot, operand)) goto stop; \
    top = apply(top, operand);                               \
    break;
        LLMLAB_ARITHMETIC(LLMLAB_TOP_VARIABLE)
#undef LLMLAB_TOP_VARIABLE
#define LLMLAB_TOP_CONSTANT(name, apply)    \
  case Op::name##Constant:                  \
    top = apply(top, instruction.constant); \
    break;
        LLMLAB_ARITHMETIC(LLMLAB_TOP_CONSTANT)
#undef LLMLAB_TOP_CONSTANT
#define LLMLAB_VARIABLE_VARIABLE(name, apply)           \
  case Op::Variable##name##Variable:                    \
    if (!scalars.read(instruction.slot, operand) ||     \
        !scalars.read(instruction.other_slot, right)) { \
      goto stop;                                        \
    }                                                   \
    stack[depth++] = top;                               \
    top = apply(operand, right);                        \
    break;
        LLMLAB_ARITHMETIC(LLMLAB_VARIABLE_VARIABLE)
#undef LLMLAB_VARIABLE_VARIABLE
#define LLMLAB_VARIABLE_CONSTANT(name, apply)                \
  case Op::Variable##name##Constant:                         \
    if (!scalars.read(instruction.slot, operand)) goto stop; \
    stack[depth++] = top;                                    \
    top = apply(operand, instruction.constant);              \
    break;
        LLMLAB_ARITHMETIC(LLMLAB_VARIABLE_CONSTANT)
#undef LLMLAB_VARIABLE_CONSTANT
#define LLMLAB_CONSTANT_VARIABLE(name, apply)                \
  case Op::Constant##name##Variable:                         \
    if (!scalars.read(instruction.slot, operand)) goto stop; \
    stack[depth++] = top;                                    \
    top = apply(instruction.constant, operand);              \
    break;
        LLMLAB_ARITHMETIC(LLMLAB_CONSTANT_VARIABLE)
#undef LLMLAB_CONSTANT_VARIABLE
      case Op::Element:
        if (!scalars.read_element(instruction.slot, 1, top, 1.0, top)) goto stop;
        break;
      case Op::Element2:
        if (!scalars.read_element(instruction.slot, 2, stack[depth - 1], top, top)) goto stop;
        --depth;
        break;
      case Op::Store: {
        scalars.store(instruction.slot, top);
        top = stack[--depth];
        ++statement;
        break;
      }
      case Op::StoreElement:
      case Op::StoreElement2: {
        const int subscripts = instruction.op == Op::StoreElement ? 1 : 2;
        const double first_subscript = subscripts == 1 ? top : stack[depth - 1];
        const double second_subscript = subscripts == 1 ? 1.0 : top;
        if (!scalars.write_element(instruction.slot, subscripts, first_subscript, second_subscript,
                                   stack[depth - subscripts]))
          goto stop;
        depth -= subscripts;
        top = stack[--depth];
        ++statement;
        break;
      }
    }
    if (instruction.target != kNoTarget) {
      scalars.store(instruction.target, top);
      top = stack[--depth];
      ++statement;
    }
  }
stop:
  statement_out = statement;
}

#undef LLMLAB_ARITHMETIC

namespace {

void store_scalar(Variable& variable, double value) {
  variable.value = Value::scalar(value);
  variable.defined = true;
}

// run()'s scalars: the variables themselves, each read checked to be a real scalar, each element
// access to be in bounds of a real array; the program runs once.
struct VariableScalars {
  Variable* variables;
  ScalarCode::Rules rules;

  bool read(int slot, double& out) const { return read_scalar(variables[slot], out); }
  void store(int slot, double value) const { store_scalar(variables[slot], value); }
  bool read_element(int slot, int subscripts, double first, double second, double& out) const {
    const ArrayView view = ArrayView::of(variables[slot], rules);
    const Index flat = view.flat(subscripts, first, second);
    if (flat < 0) return false;
    out = view.elements[flat];
    return true;
  }
  bool write_element(int slot, int subscripts, double first, double second, double value) const {
    Variable& variable = variables[slot];
    const Index flat = ArrayView::of(variable, rules).flat(subscripts, first, second);
    if (flat < 0) return false;
    // Matrix::set clones storage another variable still shares (copy-on-write), once.
    variable.value.mutable_matrix().set(flat, value);
    variable.value.set_logical(false);
    return true;
  }
  static bool next_iteration() { return false; }
};

// run_range()'s scalars: registers, checked once when the loop starts, the arrays' views, taken
// then too (nothing but the program's own element writes can change an array while it runs),
// and the loop's counter. A read cannot fail: the registers read first were loaded from real
// scalars, the others hold what the program stored. At the end of the program the next
// iteration begins, until the count is reached or an interrupt is pending.
struct RegisterScalars {
  double* values;
  const ArrayView* arrays;
  ScalarCode::RangeLoop loop;
  std::int64_t iteration;
  const std::atomic<int>* interrupted;

  bool read(int slot, double& out) const {
    out = values[slot];
    return true;
  }
  void store(int slot, double value) const { values[slot] = value; }
  bool read_element(int slot, int subscripts, double first, double second, double& out) const {
    const ArrayView& view = arrays[slot];
    const Index flat = view.flat(subscripts, first, second);
    if (flat < 0) return false;
    out = view.elements[flat];
    return true;
  }
  bool write_element(int slot, int subscripts, double first, double second, double value) const {
    const ArrayView& view = arrays[slot];
    const Index flat = view.writable == nullptr ? -1 : view.flat(subscripts, first, second);
    if (flat < 0) return false;
    view.writable[flat] = value;
    return true;
  }
  bool next_iteration() {
    if (++iteration >= loop.count || interrupted->load(std::memory_order_relaxed)) return false;
    values[loop.slot] = range_element(loop.start, loop.increment, iteration);
    return true;
  }
};

// The registers and array views of one run_range call; when it ends, the slots its statements
// stored are written back to their variables (after an allocation failure too), so that the
// variables hold what was stored.
class Registers {
 public:
  Registers(Variable* variables, int slots)
      : variables_(variables),
        values_(static_cast<std::size_t>(slots)),
        arrays_(static_cast<std::size_t>(slots)) {}
  Registers(const Registers&) = delete;
  Registers& operator=(const Registers&) = delete;
  ~Registers() {
    for (const int slot : written_) {
      store_scalar(variables_[slot], values_[static_cast<std::size_t>(slot)]);
    }
  }
  bool load(int slot) {
    return read_scalar(variables_[slot], values_[static_cast<std::size_t>(slot)]);
  }
  // The view of an array the program indexes. One it writes is made its variable's own first
  // (copy-on-write, as the first write would); a logical one is left to the generic path's
  // writes, which also drop the mark.
  void view_array(int slot, bool written, ScalarCode::Rules rules) {
    Variable& variable = variables_[slot];
    ArrayView view = ArrayView::of(variable, rules);
    if (written && view.elements != nullptr && !variable.value.is_logical()) {
      view.writable = variable.value.mutable_matrix().mutable_real_values().data();
      view.elements = view.writable;
    }
    arrays_[static_cast<std::size_t>(slot)] = view;
  }
  RegisterScalars scalars(const ScalarCode::RangeLoop& loop, std::int64_t first,
                          const std::atomic<int>& interrupted) {
    return RegisterScalars{values_.data(), arrays_.data(), loop, first, &interrupted};
  }
  void write_back(std::vector<int> slots) { written_ = std::move(slots); }

 private:
  Variable* variables_;
  std::vector<double> values_;
  std::vector<ArrayView> arrays_;
  std::vector<int> written_;
};

}  // namespace

int ScalarCode::run(Variable* variables, int first) const {
  VariableScalars scalars{variables, rules_};
  int statement = first;
  execute(scalars, statement);
  return statement;
}

std::vector<int> ScalarCode::stored_slots(const RangeLoop& loop, bool whole_iteration,
                                          int statements_run) const {
  std::vector<int> slots{loop.slot};
  for (std::size_t slot = 0; slot < first_store_.size(); ++slot) {
    const int statement = first_store_[slot];
    if (statement != kNotStored && (whole_iteration || statement < statements_run)) {
      slots.push_back(static_cast<int>(slot));
    }
  }
  return slots;
}

ScalarCode::RangeStop ScalarCode::run_range(Variable* variables, const RangeLoop& loop,
                                            std::int64_t first,
                                            const std::atomic<int>& interrupted) const {
  const bool indexes_loop_variable = loop.slot < static_cast<int>(array_use_.size()) &&
                                     array_use_[static_cast<std::size_t>(loop.slot)];
  if (!registers_allowed_ || indexes_loop_variable || first >= loop.count ||
      interrupted.load(std::memory_order_relaxed)) {
    return {first, kNotStarted};
  }
  Registers registers(variables, std::max(max_slot_, loop.slot) + 1);
  for (const int slot : read_first_) {
    if (slot != loop.slot && !registers.load(slot)) return {first, kNotStarted};
  }
  for (std::size_t slot = 0; slot < array_use_.size(); ++slot) {
    if (array_use_[slot])
      registers.view_array(static_cast<int>(slot), array_written_[slot], rules_);
  }
  RegisterScalars scalars = registers.scalars(loop, first, interrupted);
  scalars.store(loop.slot, range_element(loop.start, loop.increment, first));
  int stopped = 0;
  try {
    execute(scalars, stopped);
  } catch (...) {
    registers.write_back(stored_slots(loop, scalars.iteration > first, stopped));
    throw;
  }
  const bool done = stopped == statement_count();
  registers.write_back(stored_slots(loop, done || scalars.iteration > first, stopped));
  // An interrupt stops the loop between iterations: the next one has not begun.
  if (done) return {scalars.iteration, scalars.iteration == loop.count ? stopped : kNotStarted};
  return {scalars.iteration, stopped};
}

}  // namespace llmlab::runtime::detail
