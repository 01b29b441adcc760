// Infix source text of an expression, for displaying lambdas (`@(x) x .^ 2 + 1`, §8.2).
#pragma once

#include <string>

#include "lang/ast.hpp"

namespace llmlab::runtime {

std::string expression_text(const lang::Expr& expression);

}  // namespace llmlab::runtime
