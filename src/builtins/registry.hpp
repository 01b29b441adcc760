// The builtin library: one table per domain (Lua's linit.c lists its libraries the same way).
// Each table is defined in src/builtins/<domain>.cpp (io/ and plot/ are folders); the opening
// comment of each file names its chapter of builtins.md.
#pragma once

#include <functional>
#include <span>
#include <utility>
#include <vector>

#include "runtime/call.hpp"
#include "runtime/interpreter.hpp"
#include "runtime/native.hpp"
#include "runtime/session.hpp"
#include "runtime/value.hpp"

namespace llmlab::builtins {

using BuiltinTable = std::vector<runtime::NativeFunction>;

// One table per file, grouped by the chapters of builtins.md (registry.cpp lists them in order).
extern const BuiltinTable kConstantBuiltins;                                   // §2
extern const BuiltinTable kShapeBuiltins, kRandomBuiltins;                     // §3
extern const BuiltinTable kMathBuiltins, kIntegerBuiltins, kOperatorBuiltins;  // §4
extern const BuiltinTable kStatsBuiltins, kDistributionBuiltins;               // §5
extern const BuiltinTable kSortSearchBuiltins, kSetBuiltins;                   // §6
extern const BuiltinTable kLinalgBuiltins, kMatrixPredicateBuiltins, kFitBuiltins,
    kPiecewiseBuiltins, kSignalBuiltins;                                // §7, signals
extern const BuiltinTable kNnBuiltins, kTrainBuiltins, kModelBuiltins;  // §8
extern const BuiltinTable kAutodiffBuiltins;  // grad, value_and_grad, jacobian, gradcheck, adamw
extern const BuiltinTable kOutputBuiltins, kTextFormatBuiltins, kStringBuiltins, kTextBuiltins,
    kRegexBuiltins, kErrorBuiltins;                                      // §9
extern const BuiltinTable kTypeBuiltins, kStructBuiltins, kMapBuiltins;  // §10
extern const BuiltinTable kFunctionalBuiltins, kSessionBuiltins;         // §11
extern const BuiltinTable kFunctionInfoBuiltins;                         // §14: nargin(f)
extern const BuiltinTable kEvaluationBuiltins;                           // §14: eval
extern const BuiltinTable kIoBuiltins;                                   // §12
extern const BuiltinTable kPlotBuiltins;                                 // §13
// language.md §13.12: exit/quit, who, doc, lookfor, format, disp (session_commands.cpp); cell
// arrays (cells.cpp); errorbar, fill, area (plot/bands.cpp).
extern const BuiltinTable kSessionCommandBuiltins, kCellBuiltins, kPlotBandBuiltins;
// sweep_load (issue #15): a sweep folder's run records.
extern const BuiltinTable kSweepBuiltins;
// pwd, cd, ls, dir, which (issue #30): the working directory and what a name means.
extern const BuiltinTable kDirectoryBuiltins;
// fopen, fclose, fgetl, ... (issue #26): the files a script opens (io/file_streams.cpp).
extern const BuiltinTable kFileStreamBuiltins;
// sparse, speye, full, issparse (issue #26): sparse matrices are out of scope, said clearly.
extern const BuiltinTable kSparseBuiltins;
// ismac, ispc, isunix, toeplitz, poly, pow2 (issue #26): MATLAB staples Octave's tests call.
extern const BuiltinTable kMatlabStapleBuiltins;

// What `clc` does in a front end that has a screen (the REPL's terminal, a Jupyter cell's
// output); elsewhere (a script, a notebook) clc does nothing.
void set_screen_clearer(runtime::Session& session, std::function<void()> clear);

// Every table, in the order of builtins.md's chapters. No name appears in two tables.
std::span<const BuiltinTable* const> builtin_tables();

// True when some table holds `name`.
bool is_builtin(std::string_view name);

// True for a builtin that only computes a value from its arguments: no output, files, figures,
// session state, random draws, callbacks or evaluation of text. What a notebook's hidden prose
// template may call (notebook/prose_template.hpp).
bool computes_only(std::string_view name);

// Registers every table with the interpreter.
void install_builtins(runtime::Interpreter& interpreter);

// [rows, columns] as size() reports them (builtins.md §0.1); none is 0×0.
std::pair<num::Index, num::Index> size_of(const runtime::Value& value);

}  // namespace llmlab::builtins
