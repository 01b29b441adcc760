// ScalarCode: straight-line scalar statements compiled to one flat stack program over variable
// slots, the evaluator's fast path for scalar loops (issue #2).
//
// Design. A program is a run of statements of two forms: `x = e` / `x op= e`, and the element
// write `A(i) = e` / `A(i, k) = e`, where every expression is in the subset that cannot have side
// effects: numbers, variables, unary minus, the arithmetic operators, and scalar-subscript element
// reads `A(i)` / `A(i, k)` of a variable. Binary operators whose right operand is a variable or a
// number take it from the instruction itself, so `s + x` is two instructions, not three; the top
// of the stack stays in a register. Each variable read checks that the slot holds a real scalar,
// each element read or write that the variable is a real array and the subscripts are in
// bounds. When a check fails, run() stops before that statement has changed anything and says
// which statement it was; the caller runs that one statement through the generic evaluator
// (which produces the same result, grows the array, or raises the error with its location) and
// resumes the program after it. Numbers are bit-identical to the generic path: the same IEEE
// operations in the same order (no reassociation; the runtime is compiled without FMA).
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

#include "lang/ast.hpp"
#include "runtime/evaluator.hpp"

namespace llmlab::runtime::detail {

class ScalarCode {
 public:
  // Statements needing a deeper stack are left to the generic path.
  static constexpr int kMaxDepth = 16;
  // The dialect whose meaning the subset keeps. In matlab code (language.md §14) `^` and `.^`
  // stay on the generic path, as a negative base with a fractional exponent is complex, which
  // the real stack cannot hold; so do a logical array's elements, which are logical scalars
  // there, and writes into it, which keep its class.
  enum class Rules { Rlab, Matlab };
  explicit ScalarCode(Rules rules = Rules::Rlab) : rules_(rules) {}

  // Appends `statement` when it is an assignment or element write within the subset; otherwise
  // returns false and leaves the program as it was. Names resolve to slots through the unit code
  // running in `frame`, as Evaluator::slot does.
  bool append_statement(const lang::Stmt& statement, Frame& frame);

  int statement_count() const { return static_cast<int>(starts_.size()); }
  // The highest slot the program touches; run() needs at least this many variables plus one.
  int max_slot() const { return max_slot_; }

  // Runs statements first, first + 1, ... Returns statement_count() when all ran, or the index of
  // the first statement that could not run on the fast path, having done nothing of it.
  int run(Variable* variables, int first) const;

  // A range loop whose whole body is this program: iterations first, first + 1, ... of
  // `for <slot> = start:increment:...` with `count` iterations in all.
  struct RangeLoop {
    int slot;
    double start;
    double increment;
    std::int64_t count;
  };
  struct RangeStop {
    std::int64_t iteration;  // the iteration it stopped in; loop.count when all ran
    // The statement of that iteration the generic path runs next (the loop variable and the
    // statements before it done), or kNotStarted: the iteration has not begun, because an
    // interrupt is pending or a variable the program reads first is no real scalar.
    int statement;
  };
  static constexpr int kNotStarted = -1;
  // Runs the iterations with the program's scalar variables in registers (Lua keeps its locals
  // in registers the same way): each is read from its variable once, when the loop starts, and
  // written back once, when it stops, instead of building a Value at every assignment. The
  // results, the order of effects and the fallbacks are run()'s.
  RangeStop run_range(Variable* variables, const RangeLoop& loop, std::int64_t first,
                      const std::atomic<int>& interrupted) const;

 private:
  // One opcode per operator and operand form, so run() dispatches once per instruction. The
  // three arithmetic groups keep the order Add, Subtract, Multiply, Divide, Power.
  enum class Op : std::uint8_t {
    Constant,  // push `constant`
    Variable,  // push the scalar in `slot`
    Negate,    // top = -top
    Add,       // top = below ∘ top
    Subtract,
    Multiply,
    Divide,
    Power,
    AddVariable,  // top = top ∘ (the scalar in `slot`)
    SubtractVariable,
    MultiplyVariable,
    DivideVariable,
    PowerVariable,
    AddConstant,  // top = top ∘ constant
    SubtractConstant,
    MultiplyConstant,
    DivideConstant,
    PowerConstant,
    // Both operands leaves, one push: `slot` ∘ `other_slot`, `slot` ∘ constant, constant ∘ `slot`.
    VariableAddVariable,
    VariableSubtractVariable,
    VariableMultiplyVariable,
    VariableDivideVariable,
    VariablePowerVariable,
    VariableAddConstant,
    VariableSubtractConstant,
    VariableMultiplyConstant,
    VariableDivideConstant,
    VariablePowerConstant,
    ConstantAddVariable,
    ConstantSubtractVariable,
    ConstantMultiplyVariable,
    ConstantDivideVariable,
    ConstantPowerVariable,
    Element,        // top = A(top), A the array in `slot`
    Element2,       // top = A(below, top), A the matrix in `slot`
    Store,          // pop into the variable `slot`: the end of an assignment
    StoreElement,   // A(top) = below, A the array in `slot`; pops both
    StoreElement2,  // A(below, top) = the value under them; pops all three
  };
  static constexpr int kNoTarget = -1;
  struct Instruction {
    Op op;
    int slot;
    int other_slot;
    double constant;
    // An assignment's last instruction stores its result into this slot itself, as a Store
    // after it would (a superinstruction: one dispatch fewer per statement).
    int target = kNoTarget;
  };

  // Runs from the start of `statement`, counting the statements done in it, until the program
  // ends and `scalars` starts no next iteration, or a check fails (`statement` is then the one
  // that could not run, having done nothing of it).
  template <class Scalars>
  void execute(Scalars& scalars, int& statement) const;
  // The slots to write back from registers when run_range stops: the loop variable and the
  // slots the program stores, by any statement once a whole iteration ran, else by the first
  // `statements_run`.
  std::vector<int> stored_slots(const RangeLoop& loop, bool whole_iteration,
                                int statements_run) const;
  // Records how the statement just compiled uses each slot (as a scalar or as an array, read or
  // stored first), for run_range.
  void note_slot_uses(std::size_t first_instruction);

  bool compile(const lang::Expr& expression, Frame& frame);
  // Emits `top ∘ right` for the operator at `offset` in an arithmetic group.
  bool compile_right_operand(const lang::Expr& right, int offset, Frame& frame);
  bool compile_element_read(const lang::CallExpr& call, Frame& frame);
  bool compile_statement(const lang::Stmt& statement, Frame& frame);
  int slot_of(const lang::Name& name, Frame& frame);
  void emit(Op op, int depth_change, int slot = 0, double constant = 0.0);
  // Ends an assignment: its last instruction takes `slot` as its target, else a Store.
  void emit_store(int slot);
  // Turns the push of a left leaf just emitted and the operation `top ∘ right leaf` into one
  // pair instruction; false when the last instruction is not such a push.
  bool fuse_with_left_leaf(int offset, const Instruction& right);

  std::vector<Instruction> code_;
  std::vector<std::size_t> starts_;  // where each statement's code begins
  int depth_ = 0;
  int max_depth_ = 0;
  int max_slot_ = 0;
  Rules rules_;
  // Per slot, for run_range: how the program first uses it as a scalar, and whether it indexes
  // it as an array. A slot used both ways keeps the program out of registers.
  enum class FirstUse : std::uint8_t { None, Read, Stored };
  std::vector<FirstUse> scalar_use_;
  std::vector<bool> array_use_;
  std::vector<bool> array_written_;
  std::vector<int> read_first_;  // slots whose value on entry the program reads
  static constexpr int kNotStored = -1;
  std::vector<int> first_store_;  // per slot, the first statement storing it, or kNotStored
  bool registers_allowed_ = true;
};

// A loop body as runs of compiled statements and single statements for exec_statement().
struct BodyPlan {
  struct Segment {
    std::size_t first = 0;             // index of the segment's first statement in the body
    std::unique_ptr<ScalarCode> code;  // null: the one statement at `first`, run generically
  };
  std::vector<Segment> segments;
};

}  // namespace llmlab::runtime::detail
