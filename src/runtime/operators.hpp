// Operators on script values (language.md §5, §13.5–§13.8): dispatch on the operand kinds,
// the array arithmetic itself is num/ops. The evaluator inlines the scalar∘scalar fast path and
// calls these for everything else.
#pragma once

#include <string>
#include <string_view>

#include "lang/ast.hpp"
#include "runtime/session.hpp"
#include "runtime/value.hpp"

namespace llmlab::runtime {

// Every binary operator but the short-circuit && and || (the evaluator owns those). Matrix
// division (A \ B, A / B of two arrays, §13.12) may leave MATLAB's singular / badly
// conditioned note in `warning` (dropped when it is null).
Value binary_operation(lang::BinaryOp op, const Value& left, const Value& right,
                       Warning* warning = nullptr);
// binary_operation in matlab code (language.md §14): a power of a negative real scalar with a
// non-integral exponent is MATLAB's complex value ((-8)^(1/3) is 1 + 1.7321i) where rlab's
// real scalar arithmetic gives NaN; a char operand beside a number or another char is its
// character codes ('a' + 1 is 98, 'abc' == 'abd' is [1 1 0]); every other operation as in
// rlab.
Value matlab_binary_operation(lang::BinaryOp op, const Value& left, const Value& right,
                              Warning* warning = nullptr);
// -x, +x, !x / ~x, x', x.'.
Value unary_operation(lang::UnaryOp op, const Value& operand);

// A cell's transpose: element (r, c) moves to (c, r).
CellArray transposed_cell(const CellArray& cells);

// Truthiness of an `if`/`elseif`/`while` condition (§5.5, §13.10); `statement` ("if",
// "elseif", "while") names the statement in the error for kinds that have no truth value.
bool condition_truth(const Value& value, std::string_view statement);
// Truthiness of an operand of && or || (§5.5): scalars, bools and one-element arrays.
bool short_circuit_truth(const Value& value);

// Switch-case equality (§2.11): only scalar/bool/complex pairs and string pairs can match.
bool case_matches(const Value& subject, const Value& candidate);

// A 1×1 complex result read out of an array (§4.2): real scalar when |im| < 1e-12.
Value demote_element(num::Complex value);

// The matlab dialect's narrowing (language.md §14, as MATLAB and Octave do it): a complex
// result whose imaginary parts are all exactly 0 is real (`1i * 1i` is -1). In rlab it stays
// complex (§4.2: `j*j` prints -1+0j), so only matlab code calls this.
Value narrow_complex(Value value);

}  // namespace llmlab::runtime
