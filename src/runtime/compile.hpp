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
// runs in (adding the new ones) and to the builtin of that name, if any; and it classifies every
// call site (CallForm, by the parser's numbering of calls). A statement's fast form (the
// ScalarCode of a scalar statement, a loop body's plan) is the one part built on first run,
// because what compiles depends on the kinds the variables then hold (`A(i)` is an element read
// only while A is an array).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "lang/ast.hpp"
#include "runtime/native.hpp"

namespace llmlab::runtime::detail {

class Layout;
class ScalarCode;
struct BodyPlan;

// How a NAME(args) is resolved (language.md §3.6), fixed for each call site by the compile step.
enum class CallForm : std::uint8_t {
  // By what the variable NAME holds when it runs (variable_use: index it, call it, or leave it
  // to the functions), then the user functions and the builtins.
  ByVariable,
  // A call of the builtin even where a variable has the name: the builtin's entry marks it a
  // special form for this argument count (NativeFunction::special; arrayfun(f, x), parmap(f, x),
  // feval(f, ...)).
  SpecialForm,
};

// The one rule that classifies a call site: the compile step applies it, the evaluator and the
// scalar fast path read its result from the code.
// `builtin` is the entry of the builtin of the call's name, null when none has it.
CallForm classify_call(const NativeFunction* builtin, std::size_t argument_count);

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

// The code of one unit, resolved against the layout of the frames it runs in: each name's slot
// and builtin, each call site's form. Shared by every call of a function and every lambda
// written in the unit.
class UnitCode : public std::enable_shared_from_this<UnitCode> {
 public:
  // The builtin table's index of a name, -1 when no builtin has it.
  using BuiltinLookup = std::function<int(const std::string&)>;

  UnitCode(const lang::UnitNames& unit, std::shared_ptr<Layout> layout,
           const BuiltinLookup& builtin_index, std::span<const NativeFunction> builtin_table);

  const std::shared_ptr<Layout>& layout() const { return layout_; }
  // The arrays a frame running this code indexes on the hot paths (Frame::run): slots and
  // builtins by Name::id, fast forms by Stmt::id.
  const int* slots() const { return slots_.data(); }
  const int* builtins() const { return builtins_.data(); }
  FastForm* fast_forms() const { return fast_forms_.data(); }
  CallForm call_form(const lang::CallExpr& call) const {
    return call_forms_[static_cast<std::size_t>(call.site)];
  }

 private:
  std::shared_ptr<Layout> layout_;
  std::vector<int> slots_;            // by Name::id
  std::vector<int> builtins_;         // by Name::id
  std::vector<CallForm> call_forms_;  // by CallExpr::site
  // By Stmt::id; filled in as statements first run (see the design note above).
  mutable std::vector<FastForm> fast_forms_;
};

}  // namespace llmlab::runtime::detail
