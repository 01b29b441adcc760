// Renders tokens and syntax trees as text for `llmlab run --dump-tokens` / `--dump-ast` and
// for tests: one S-expression per node, children indented below their parent.
#pragma once

#include <string>
#include <vector>

#include "lang/ast.hpp"
#include "lang/token.hpp"

namespace llmlab::lang {

// One token per line: `LINE:COLUMN Kind text`.
std::string dump_tokens(const std::vector<Token>& tokens);

std::string dump_ast(const Program& program);
// One expression on one line, fully parenthesised: `(+ 1 (* 2 3))`. For tests.
std::string dump_expr(const Expr& expr);

std::string_view binary_op_symbol(BinaryOp op);
std::string_view unary_op_symbol(UnaryOp op);

}  // namespace llmlab::lang
