// The list of builtin tables (Lua's linit.c): every domain registers through here, in the order
// of the chapters of builtins.md.
#include "builtins/registry.hpp"

#include <algorithm>
#include <iterator>
#include <vector>

namespace llmlab::builtins {

namespace {

// Whether a table's builtins only map arguments to a value (computes_only): output, files,
// plots, random draws, training and models, sessions, maps (handles to shared state), regexprep
// (replacement by expression) and the functional builtins (they call what they are given) act.
enum class Effect : bool { Computes, Acts };

struct Chapter {
  const BuiltinTable* table;
  Effect effect;
};

std::span<const Chapter> chapters() {
  // dispatch table: one line per domain's table, grouped by builtins.md's chapters.
  static const Chapter list[] = {
      // §2 Predefined constants
      {&kConstantBuiltins, Effect::Computes},
      // §3 Constructors and shapes
      {&kShapeBuiltins, Effect::Computes},
      {&kRandomBuiltins, Effect::Acts},
      // §4 Element-wise math
      {&kMathBuiltins, Effect::Computes},
      {&kIntegerBuiltins, Effect::Computes},
      {&kOperatorBuiltins, Effect::Computes},
      // §5 Reductions and statistics
      {&kStatsBuiltins, Effect::Computes},
      {&kDistributionBuiltins, Effect::Computes},
      // §6 Cumulative, sort, search
      {&kSortSearchBuiltins, Effect::Computes},
      {&kSetBuiltins, Effect::Computes},
      // §7 Linear algebra; signals
      {&kLinalgBuiltins, Effect::Computes},
      {&kMatrixPredicateBuiltins, Effect::Computes},
      {&kFitBuiltins, Effect::Computes},
      {&kPiecewiseBuiltins, Effect::Computes},
      {&kSignalBuiltins, Effect::Computes},
      // §8 ML / transformer: kernels, training, trained models, automatic differentiation
      {&kNnBuiltins, Effect::Acts},
      {&kTrainBuiltins, Effect::Acts},
      {&kModelBuiltins, Effect::Acts},
      {&kAutodiffBuiltins, Effect::Acts},
      {&kSweepBuiltins, Effect::Acts},
      // §9 Strings and output
      {&kOutputBuiltins, Effect::Acts},
      {&kTextFormatBuiltins, Effect::Computes},
      {&kStringBuiltins, Effect::Computes},
      {&kTextBuiltins, Effect::Computes},
      {&kRegexBuiltins, Effect::Acts},
      {&kErrorBuiltins, Effect::Acts},
      // §10 Types and structs
      {&kTypeBuiltins, Effect::Computes},
      {&kStructBuiltins, Effect::Computes},
      {&kMapBuiltins, Effect::Acts},
      // §11 Control and utility
      {&kFunctionalBuiltins, Effect::Acts},
      {&kFunctionInfoBuiltins, Effect::Acts},
      {&kEvaluationBuiltins, Effect::Acts},
      {&kSessionBuiltins, Effect::Acts},
      // §12 File input / output
      {&kIoBuiltins, Effect::Acts},
      // §13 Plotting
      {&kPlotBuiltins, Effect::Acts},
      // language.md §13.12: session commands, cell arrays, error bars and bands
      {&kSessionCommandBuiltins, Effect::Acts},
      {&kCellBuiltins, Effect::Computes},
      {&kPlotBandBuiltins, Effect::Acts},
      // issue #30: pwd, cd, ls, dir, which
      {&kDirectoryBuiltins, Effect::Acts},
      {&kFileStreamBuiltins, Effect::Acts},
      {&kSparseBuiltins, Effect::Acts},
      {&kMatlabStapleBuiltins, Effect::Acts},
  };
  return list;
}

bool in_table(const BuiltinTable& table, std::string_view name) {
  return std::any_of(table.begin(), table.end(),
                     [&](const runtime::NativeFunction& f) { return f.name == name; });
}

}  // namespace

std::span<const BuiltinTable* const> builtin_tables() {
  static const std::vector<const BuiltinTable*> tables = [] {
    std::vector<const BuiltinTable*> all;
    for (const Chapter& chapter : chapters()) all.push_back(chapter.table);
    return all;
  }();
  return tables;
}

bool is_builtin(std::string_view name) {
  const auto tables = builtin_tables();
  return std::any_of(tables.begin(), tables.end(),
                     [&](const BuiltinTable* table) { return in_table(*table, name); });
}

bool computes_only(std::string_view name) {
  // In computing chapters but not pure: str2num evaluates its text, exist looks at files and the
  // session, and these take a function to call.
  static constexpr std::string_view kActing[] = {"str2num", "exist", "cellfun", "structfun",
                                                 "accumarray"};
  if (std::find(std::begin(kActing), std::end(kActing), name) != std::end(kActing)) return false;
  const auto all = chapters();
  return std::any_of(all.begin(), all.end(), [&](const Chapter& chapter) {
    return chapter.effect == Effect::Computes && in_table(*chapter.table, name);
  });
}

void install_builtins(runtime::Interpreter& interpreter) {
  for (const BuiltinTable* table : builtin_tables()) {
    for (const runtime::NativeFunction& function : *table) interpreter.register_builtin(function);
  }
}

}  // namespace llmlab::builtins
