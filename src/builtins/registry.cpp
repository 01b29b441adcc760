// The list of builtin tables (Lua's linit.c): every domain registers through here, in the order
// of the chapters of builtins.md.
#include "builtins/registry.hpp"

namespace llmlab::builtins {

std::span<const BuiltinTable* const> builtin_tables() {
  static const BuiltinTable* const tables[] = {
      // §2 Predefined constants
      &kConstantBuiltins,
      // §3 Constructors and shapes
      &kShapeBuiltins,
      &kRandomBuiltins,
      // §4 Element-wise math
      &kMathBuiltins,
      &kIntegerBuiltins,
      &kOperatorBuiltins,
      // §5 Reductions and statistics
      &kStatsBuiltins,
      &kDistributionBuiltins,
      // §6 Cumulative, sort, search
      &kSortSearchBuiltins,
      &kSetBuiltins,
      // §7 Linear algebra; signals
      &kLinalgBuiltins,
      &kFitBuiltins,
      &kSignalBuiltins,
      // §8 ML / transformer: kernels, training, trained models, automatic differentiation
      &kNnBuiltins,
      &kTrainBuiltins,
      &kModelBuiltins,
      &kAutodiffBuiltins,
      &kSweepBuiltins,
      // §9 Strings and output
      &kOutputBuiltins,
      &kTextFormatBuiltins,
      &kStringBuiltins,
      &kTextBuiltins,
      &kRegexBuiltins,
      &kErrorBuiltins,
      // §10 Types and structs
      &kTypeBuiltins,
      &kStructBuiltins,
      &kMapBuiltins,
      // §11 Control and utility
      &kFunctionalBuiltins,
      &kSessionBuiltins,
      // §12 File input / output
      &kIoBuiltins,
      // §13 Plotting
      &kPlotBuiltins,
      // language.md §13.12: session commands, cell arrays, error bars and bands
      &kSessionCommandBuiltins,
      &kCellBuiltins,
      &kPlotBandBuiltins,
      // issue #30: pwd, cd, ls, dir, which
      &kDirectoryBuiltins,
  };
  return tables;
}

void install_builtins(runtime::Interpreter& interpreter) {
  for (const BuiltinTable* table : builtin_tables()) {
    for (const runtime::NativeFunction& function : *table) interpreter.register_builtin(function);
  }
}

}  // namespace llmlab::builtins
