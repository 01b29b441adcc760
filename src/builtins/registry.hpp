// The builtin library: one table per domain (Lua's linit.c lists its libraries the same way).
// Each table is defined in src/builtins/<domain>.cpp by the domain's owner.
#pragma once

#include <utility>
#include <vector>

#include "runtime/call.hpp"
#include "runtime/interpreter.hpp"
#include "runtime/native.hpp"
#include "runtime/session.hpp"
#include "runtime/value.hpp"

namespace llmlab::builtins {

using BuiltinTable = std::vector<runtime::NativeFunction>;

extern const BuiltinTable kCoreBuiltins, kStringBuiltins, kIoBuiltins, kMathBuiltins,
    kLinalgBuiltins, kShapeBuiltins, kRandomBuiltins, kStatsBuiltins, kNnBuiltins, kTrainBuiltins,
    kPlotBuiltins, kSweepBuiltins;
// MATLAB functions rlab lacks (builtins.md §0.4 superset policy), one table per domain.
extern const BuiltinTable kMatlabMathBuiltins, kMatlabDataBuiltins, kMatlabStatsBuiltins,
    kMatlabPolyBuiltins, kMatlabStringBuiltins, kMatlabSetBuiltins, kMatlabBitBuiltins,
    kMatlabSignalBuiltins, kMatlabMapBuiltins, kMatlabTextBuiltins;

// Registers every table with the interpreter.
void install_builtins(runtime::Interpreter& interpreter);

// [rows, columns] as size() reports them (builtins.md §0.1); none is 0×0.
std::pair<num::Index, num::Index> size_of(const runtime::Value& value);

}  // namespace llmlab::builtins
