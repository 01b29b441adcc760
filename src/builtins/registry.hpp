// The builtin library: one table per domain (Lua's linit.c lists its libraries the same way).
// Each table is defined in src/builtins/<domain>.cpp by the domain's owner.
#pragma once

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
    kPlotBuiltins;

// Registers every table with the interpreter.
void install_builtins(runtime::Interpreter& interpreter);

}  // namespace llmlab::builtins
