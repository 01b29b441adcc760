// The list of builtin tables (Lua's linit.c): every domain registers through here.
#include "builtins/registry.hpp"

namespace llmlab::builtins {

void install_builtins(runtime::Interpreter& interpreter) {
  // The MATLAB additions (matlab_*.cpp) come last; they only add names, never replace one.
  const BuiltinTable* const tables[] = {
      &kCoreBuiltins,       &kStringBuiltins,      &kIoBuiltins,           &kMathBuiltins,
      &kLinalgBuiltins,     &kShapeBuiltins,       &kRandomBuiltins,       &kStatsBuiltins,
      &kNnBuiltins,         &kTrainBuiltins,       &kPlotBuiltins,         &kMatlabMathBuiltins,
      &kMatlabDataBuiltins, &kMatlabStatsBuiltins, &kMatlabPolyBuiltins,   &kMatlabStringBuiltins,
      &kMatlabSetBuiltins,  &kMatlabBitBuiltins,   &kMatlabSignalBuiltins, &kMatlabMapBuiltins,
      &kMatlabTextBuiltins, &kSweepBuiltins,
  };
  for (const BuiltinTable* table : tables) {
    for (const runtime::NativeFunction& function : *table) interpreter.register_builtin(function);
  }
}

}  // namespace llmlab::builtins
