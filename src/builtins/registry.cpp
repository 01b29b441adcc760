// The list of builtin tables (Lua's linit.c): every domain registers through here, in the order
// of the chapters of builtins.md.
#include "builtins/registry.hpp"

namespace llmlab::builtins {

std::span<const BuiltinTable* const> builtin_tables() {
  static const BuiltinTable* const tables[] = {
      &kConstantBuiltins,                      // §2 Predefined constants
      &kShapeBuiltins,      &kRandomBuiltins,  // §3 Constructors and shapes
      &kMathBuiltins,       &kIntegerBuiltins,      &kOperatorBuiltins,  // §4 Element-wise math
      &kStatsBuiltins,      &kDistributionBuiltins,  // §5 Reductions and statistics
      &kSortSearchBuiltins, &kSetBuiltins,           // §6 Cumulative, sort, search
      &kLinalgBuiltins,     &kFitBuiltins,          &kSignalBuiltins,  // §7 Linear algebra; signals
      &kNnBuiltins,         &kTrainBuiltins,                           // §8 ML / transformer
      &kAutodiffBuiltins,                                              // autodiff (issue #13)
      &kOutputBuiltins,     &kTextFormatBuiltins,   &kStringBuiltins,
      &kTextBuiltins,       &kRegexBuiltins,        &kErrorBuiltins,  // §9 Strings and output
      &kTypeBuiltins,       &kStructBuiltins,       &kMapBuiltins,    // §10 Types and structs
      &kFunctionalBuiltins, &kSessionBuiltins,                        // §11 Control and utility
      &kIoBuiltins,                                                   // §12 File input / output
      &kPlotBuiltins,                                                 // §13 Plotting
  };
  return tables;
}

void install_builtins(runtime::Interpreter& interpreter) {
  for (const BuiltinTable* table : builtin_tables()) {
    for (const runtime::NativeFunction& function : *table) interpreter.register_builtin(function);
  }
}

}  // namespace llmlab::builtins
