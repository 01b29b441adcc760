// Compiling a unit: its names resolved to slots and builtins (see compile.hpp for the design).
#include "runtime/compile.hpp"

#include "runtime/evaluator.hpp"
#include "runtime/scalar_code.hpp"

namespace llmlab::runtime::detail {

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
}

}  // namespace llmlab::runtime::detail
