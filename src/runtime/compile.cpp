// Compiling a unit: its names resolved to slots and builtins (see compile.hpp for the design).
#include "runtime/compile.hpp"

#include "runtime/evaluator.hpp"
#include "runtime/scalar_code.hpp"

namespace llmlab::runtime::detail {

CallForm classify_call(std::string_view name, std::size_t argument_count) {
  const bool special = ((name == "arrayfun" || name == "parmap") && argument_count == 2) ||
                       (name == "feval" && argument_count >= 1);
  return special ? CallForm::SpecialForm : CallForm::ByVariable;
}

FastForm::FastForm() = default;
FastForm::FastForm(FastForm&&) noexcept = default;
FastForm& FastForm::operator=(FastForm&&) noexcept = default;
FastForm::~FastForm() = default;

UnitCode::UnitCode(const lang::UnitNames& unit, std::shared_ptr<Layout> layout,
                   const BuiltinLookup& builtin_index)
    : layout_(std::move(layout)), fast_forms_(static_cast<std::size_t>(unit.statement_count)) {
  slots_.reserve(unit.names.size());
  builtins_.reserve(unit.names.size());
  for (const std::string& name : unit.names) {
    slots_.push_back(layout_->slot_of(name));
    builtins_.push_back(builtin_index(name));
  }
  call_forms_.reserve(unit.calls.size());
  for (const lang::UnitNames::CallSite& call : unit.calls) {
    call_forms_.push_back(
        classify_call(unit.names[static_cast<std::size_t>(call.name)], call.argument_count));
  }
}

}  // namespace llmlab::runtime::detail
