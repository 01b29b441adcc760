// Compiling a unit: its names resolved to slots and builtins (see compile.hpp for the design).
#include "runtime/compile.hpp"

#include "runtime/evaluator.hpp"
#include "runtime/scalar_code.hpp"

namespace llmlab::runtime::detail {

CallForm classify_call(const NativeFunction* builtin, std::size_t argument_count) {
  if (builtin == nullptr || builtin->special.min_args < 0) return CallForm::ByVariable;
  const auto count = static_cast<long long>(argument_count);
  const bool special = count >= builtin->special.min_args &&
                       (builtin->special.max_args < 0 || count <= builtin->special.max_args);
  return special ? CallForm::SpecialForm : CallForm::ByVariable;
}

FastForm::FastForm() = default;
FastForm::FastForm(FastForm&&) noexcept = default;
FastForm& FastForm::operator=(FastForm&&) noexcept = default;
FastForm::~FastForm() = default;

UnitCode::UnitCode(const lang::UnitNames& unit, std::shared_ptr<Layout> layout,
                   const BuiltinLookup& builtin_index,
                   std::span<const NativeFunction> builtin_table)
    : layout_(std::move(layout)), fast_forms_(static_cast<std::size_t>(unit.statement_count)) {
  slots_.reserve(unit.names.size());
  builtins_.reserve(unit.names.size());
  for (const std::string& name : unit.names) {
    slots_.push_back(layout_->slot_of(name));
    builtins_.push_back(builtin_index(name));
  }
  call_forms_.reserve(unit.calls.size());
  for (const lang::UnitNames::CallSite& call : unit.calls) {
    const int builtin = builtins_[static_cast<std::size_t>(call.name)];
    call_forms_.push_back(
        classify_call(builtin < 0 ? nullptr : &builtin_table[static_cast<std::size_t>(builtin)],
                      call.argument_count));
  }
}

}  // namespace llmlab::runtime::detail
