// Prints an expression back as rlab source, parenthesising by precedence (language.md §3.2).
#include "runtime/expression_text.hpp"

#include <algorithm>

#include "lang/ast_printer.hpp"
#include "num/format.hpp"

namespace llmlab::runtime {

namespace {

using lang::BinaryOp;
using lang::ExprKind;

// Binding strength per §3.2 (larger binds tighter).
int precedence(const lang::Expr& e) {
  switch (e.kind) {
    case ExprKind::Range:
      return 0;
    case ExprKind::Binary:
      switch (e.as<lang::BinaryExpr>().op) {
        case BinaryOp::OrOr:
          return 1;
        case BinaryOp::AndAnd:
          return 2;
        case BinaryOp::ElementOr:
          return 3;
        case BinaryOp::ElementAnd:
          return 4;
        case BinaryOp::Add:
        case BinaryOp::Subtract:
          return 6;
        case BinaryOp::Multiply:
        case BinaryOp::Divide:
        case BinaryOp::LeftDivide:
        case BinaryOp::ElementMultiply:
        case BinaryOp::ElementDivide:
          return 7;
        case BinaryOp::Power:
        case BinaryOp::ElementPower:
          return 9;
        default:
          return 5;  // comparisons
      }
    case ExprKind::Unary: {
      const lang::UnaryOp op = e.as<lang::UnaryExpr>().op;
      return op == lang::UnaryOp::Transpose || op == lang::UnaryOp::NonConjugateTranspose ? 10 : 8;
    }
    case ExprKind::Lambda:
      return 0;
    default:
      return 11;
  }
}

std::string text(const lang::Expr& e);

std::string operand(const lang::Expr& e, int minimum) {
  std::string inner = text(e);
  return precedence(e) < minimum ? "(" + inner + ")" : inner;
}

std::string list(const lang::ExprList& items) {
  std::string out;
  for (std::size_t k = 0; k < items.size(); ++k) {
    if (k > 0) out += ", ";
    out += text(*items[k]);
  }
  return out;
}

// An operator and its operand, parenthesised where the operand binds looser.
std::string unary_text(const lang::Expr& e) {
  const auto& u = e.as<lang::UnaryExpr>();
  const int p = precedence(e);
  switch (u.op) {
    case lang::UnaryOp::Transpose:
      return operand(*u.operand, p) + "'";
    case lang::UnaryOp::NonConjugateTranspose:
      return operand(*u.operand, p) + ".'";
    case lang::UnaryOp::Negate:
      return "-" + operand(*u.operand, p);
    case lang::UnaryOp::Plus:
      return "+" + operand(*u.operand, p);
    default:
      return "!" + operand(*u.operand, p);
  }
}

// Left-associative but for the powers: the side that does not associate needs parentheses at
// the same precedence.
std::string binary_text(const lang::Expr& e) {
  const auto& b = e.as<lang::BinaryExpr>();
  const int p = precedence(e);
  const bool right_associative = b.op == BinaryOp::Power || b.op == BinaryOp::ElementPower;
  return operand(*b.left, right_associative ? p + 1 : p) + " " +
         std::string(lang::binary_op_symbol(b.op)) + " " +
         operand(*b.right, right_associative ? p : p + 1);
}

std::string matrix_text(const lang::MatrixExpr& m) {
  std::string out = "[";
  for (std::size_t r = 0; r < m.rows.size(); ++r) {
    if (r > 0) out += "; ";
    out += list(m.rows[r]);
  }
  return out + "]";
}

std::string string_array_text(const lang::StringArrayExpr& literal) {
  std::string out = "{";
  for (std::size_t k = 0; k < literal.elements.size(); ++k) {
    if (k > 0) {
      const bool row = std::find(literal.row_starts.begin(), literal.row_starts.end(), k) !=
                       literal.row_starts.end();
      out += row ? "; " : ", ";
    }
    out += text(*literal.elements[k]);
  }
  return out + "}";
}

std::string lambda_text(const lang::LambdaDef& definition) {
  std::string out = "@(";
  for (std::size_t k = 0; k < definition.params.size(); ++k) {
    if (k > 0) out += ", ";
    out += definition.params[k].text;
  }
  return out + ") " + text(*definition.body);
}

std::string text(const lang::Expr& e) {
  switch (e.kind) {
    case ExprKind::Number:
      return num::format_shortest(e.as<lang::NumberExpr>().value);
    case ExprKind::Imaginary:
      return num::format_shortest(e.as<lang::ImaginaryExpr>().value) + "i";
    case ExprKind::String:
      return "\"" + e.as<lang::StringExpr>().value + "\"";
    case ExprKind::Identifier:
      return e.as<lang::IdentifierExpr>().name.text;
    case ExprKind::End:
      return "end";
    case ExprKind::Colon:
      return ":";
    case ExprKind::Range: {
      const auto& r = e.as<lang::RangeExpr>();
      std::string out = operand(*r.start, 1);
      if (r.step) out += ":" + operand(*r.step, 1);
      return out + ":" + operand(*r.stop, 1);
    }
    case ExprKind::Unary:
      return unary_text(e);
    case ExprKind::Binary:
      return binary_text(e);
    case ExprKind::Call: {
      const auto& c = e.as<lang::CallExpr>();
      return c.name.text + "(" + list(c.args) + ")";
    }
    case ExprKind::Index: {
      const auto& i = e.as<lang::IndexExpr>();
      return operand(*i.base, 11) + "(" + list(i.args) + ")";
    }
    case ExprKind::CellIndex: {
      const auto& i = e.as<lang::CellIndexExpr>();
      return operand(*i.base, 11) + "{" + list(i.args) + "}";
    }
    case ExprKind::Field: {
      const auto& f = e.as<lang::FieldExpr>();
      if (f.name_expr) return operand(*f.base, 11) + ".(" + text(*f.name_expr) + ")";
      return operand(*f.base, 11) + "." + f.field;
    }
    case ExprKind::MethodCall: {
      const auto& m = e.as<lang::MethodCallExpr>();
      return operand(*m.object, 11) + "." + m.name.text + "(" + list(m.args) + ")";
    }
    case ExprKind::Matrix:
      return matrix_text(e.as<lang::MatrixExpr>());
    case ExprKind::StringArray:
      return string_array_text(e.as<lang::StringArrayExpr>());
    case ExprKind::Lambda:
      return lambda_text(*e.as<lang::LambdaExpr>().def);
    case ExprKind::FunctionHandle:
      return "@" + e.as<lang::FunctionHandleExpr>().name.text;
  }
  return "";
}

}  // namespace

std::string expression_text(const lang::Expr& expression) { return text(expression); }

}  // namespace llmlab::runtime
