// The compile step between lang and the evaluator (issue #24): what the evaluator knows about a
// unit of parsed code (a program's top level or one function, lambdas included: lang::UnitNames)
// lives here, owned by the runtime, never in the syntax tree.
//
// Design. The parser numbers each unit's distinct names and its statements densely
// (lang::Name::id, lang::Stmt::id); a UnitCode holds arrays indexed by those numbers, so the
// evaluator reads a variable's slot or a call's builtin with one indexed load, allocates nothing
// on the hot path and walks the tree it already has. A compiled node tree would have meant a
// second tree to keep in step with the parser; the numbers are syntax and cost the parser one
// hash lookup per name. Compiling resolves every name once: to its slot in the layout the unit
// runs in (adding the new ones) and to the builtin of that name, if any. A statement's fast form
// (the ScalarCode of a scalar statement, a loop body's plan) is the one part built on first
// run, because what compiles depends on the kinds the variables then hold (`A(i)` is an element
// read only while A is an array).
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "base/error.hpp"
#include "lang/ast.hpp"

namespace llmlab::runtime::detail {

class Layout;
class ScalarCode;
struct BodyPlan;

// A statement's fast form (fast_statement.cpp): empty until `prepared`, and empty after it when
// the statement has none.
struct FastForm {
  FastForm();
  FastForm(FastForm&&) noexcept;
  FastForm& operator=(FastForm&&) noexcept;
  ~FastForm();

  bool prepared = false;
  std::unique_ptr<ScalarCode> code;  // an assignment or element write within the scalar subset
  std::unique_ptr<BodyPlan> plan;    // a for or while loop's body
};

// The code of one unit, resolved against the layout of the frames it runs in. Shared by every
// call of a function and every lambda written in the unit.
class UnitCode {
 public:
  // The builtin table's index of a name, -1 when no builtin has it.
  using BuiltinLookup = std::function<int(const std::string&)>;

  UnitCode(const lang::UnitNames& unit, std::shared_ptr<Layout> layout,
           const BuiltinLookup& builtin_index);

  const std::shared_ptr<Layout>& layout() const { return layout_; }
  // The frame slot of a variable name of this unit.
  int slot(const lang::Name& name) const {
    LLMLAB_ASSERT(name.id >= 0);
    return slots_[static_cast<std::size_t>(name.id)];
  }
  // The builtin a call of `name` binds to, -1 for none.
  int builtin(const lang::Name& name) const {
    LLMLAB_ASSERT(name.id >= 0);
    return builtins_[static_cast<std::size_t>(name.id)];
  }
  // The statement's fast form, for fast_statement.cpp to prepare once and run.
  FastForm& fast_form(const lang::Stmt& statement) const {
    LLMLAB_ASSERT(statement.id >= 0);
    return fast_forms_[static_cast<std::size_t>(statement.id)];
  }

 private:
  std::shared_ptr<Layout> layout_;
  std::vector<int> slots_;     // by Name::id
  std::vector<int> builtins_;  // by Name::id
  // By Stmt::id; filled in as statements first run (see the design note above).
  mutable std::vector<FastForm> fast_forms_;
};

}  // namespace llmlab::runtime::detail
