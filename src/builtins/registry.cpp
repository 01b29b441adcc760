// The list of builtin tables (Lua's linit.c): every domain registers through here, in the order
// of the chapters of builtins.md.
#include "builtins/registry.hpp"

#include <algorithm>
#include <iterator>

namespace llmlab::builtins {

std::span<const BuiltinTable* const> builtin_tables() {
  // dispatch table: one line per domain's table, grouped by chapter.
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
      &kMatrixPredicateBuiltins,
      &kFitBuiltins,
      &kPiecewiseBuiltins,
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
      &kFunctionInfoBuiltins,
      &kEvaluationBuiltins,
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
      &kFileStreamBuiltins,
      &kSparseBuiltins,
      &kMatlabStapleBuiltins,
  };
  return tables;
}

namespace {

bool in_table(const BuiltinTable& table, std::string_view name) {
  return std::any_of(table.begin(), table.end(),
                     [&](const runtime::NativeFunction& f) { return f.name == name; });
}

}  // namespace

bool is_builtin(std::string_view name) {
  const auto tables = builtin_tables();
  return std::any_of(tables.begin(), tables.end(),
                     [&](const BuiltinTable* table) { return in_table(*table, name); });
}

bool computes_only(std::string_view name) {
  // Whole chapters whose builtins map arguments to a value. Left out: random numbers, output,
  // files, plots, training and models, sessions, maps (handles to shared state), regexprep
  // (replacement by expression), and the functional builtins (they call what they are given).
  static const BuiltinTable* const computing[] = {&kConstantBuiltins,
                                                  &kShapeBuiltins,
                                                  &kMathBuiltins,
                                                  &kIntegerBuiltins,
                                                  &kOperatorBuiltins,
                                                  &kStatsBuiltins,
                                                  &kDistributionBuiltins,
                                                  &kSortSearchBuiltins,
                                                  &kSetBuiltins,
                                                  &kLinalgBuiltins,
                                                  &kMatrixPredicateBuiltins,
                                                  &kFitBuiltins,
                                                  &kPiecewiseBuiltins,
                                                  &kSignalBuiltins,
                                                  &kTextFormatBuiltins,
                                                  &kStringBuiltins,
                                                  &kTextBuiltins,
                                                  &kTypeBuiltins,
                                                  &kStructBuiltins,
                                                  &kCellBuiltins};
  // In those chapters but not pure: str2num evaluates its text, exist looks at files and the
  // session, and these take a function to call.
  static constexpr std::string_view kActing[] = {"str2num", "exist", "cellfun", "structfun",
                                                 "accumarray"};
  if (std::find(std::begin(kActing), std::end(kActing), name) != std::end(kActing)) return false;
  return std::any_of(std::begin(computing), std::end(computing),
                     [&](const BuiltinTable* table) { return in_table(*table, name); });
}

void install_builtins(runtime::Interpreter& interpreter) {
  for (const BuiltinTable* table : builtin_tables()) {
    for (const runtime::NativeFunction& function : *table) interpreter.register_builtin(function);
  }
}

}  // namespace llmlab::builtins
