// The check behind importing an executed cell's prose template: the literal text must still be
// the prose the reader sees, and what fills each `${…}` may read the notebook's state but not
// act on anything (no file, no output, no figure, no random draw, no evaluation of text).
#include "notebook/prose_template.hpp"

#include <fmt/format.h>

#include <memory>
#include <vector>

#include "base/error.hpp"
#include "base/messages/notebook.hpp"
#include "base/source.hpp"
#include "builtins/registry.hpp"
#include "lang/parser.hpp"
#include "notebook/interpolate.hpp"

namespace llmlab::notebook {

namespace {

// Stands for an interpolated value in the template; a template that holds it itself is never
// restored (it cannot be told apart).
constexpr char kValueMark = '\x1f';

[[noreturn]] void refuse(std::string_view expression, std::string_view why) {
  throw Error(fmt::format(messages::prose_template_error, expression, why));
}

void check_name(std::string_view expression, std::string_view name) {
  if (builtins::is_builtin(name) && !builtins::computes_only(name)) {
    refuse(expression, fmt::format("calls {}, which does more than compute a value", name));
  }
}

void check_reads_only(std::string_view expression, const lang::Expr& node);

void check_all(std::string_view expression, const lang::ExprList& nodes) {
  for (const lang::ExprPtr& node : nodes) check_reads_only(expression, *node);
}

void check_optional(std::string_view expression, const lang::ExprPtr& node) {
  if (node) check_reads_only(expression, *node);
}

// dispatch table: one case per kind of expression, so a new kind cannot slip through
// unexamined: the switch has no default, and the compiler names a missing case. A dispatch over
// the kinds is the clearest form here (#24), so it stays one function even past 60 lines.
void check_reads_only(std::string_view expression, const lang::Expr& node) {
  using lang::ExprKind;
  switch (node.kind) {
    case ExprKind::Number:
    case ExprKind::Imaginary:
    case ExprKind::String:
    case ExprKind::End:
    case ExprKind::Colon:
      return;
    case ExprKind::Identifier:
      return check_name(expression, node.as<lang::IdentifierExpr>().name.text);
    case ExprKind::Range: {
      const auto& range = node.as<lang::RangeExpr>();
      check_reads_only(expression, *range.start);
      check_optional(expression, range.step);
      return check_reads_only(expression, *range.stop);
    }
    case ExprKind::Unary:
      return check_reads_only(expression, *node.as<lang::UnaryExpr>().operand);
    case ExprKind::Binary: {
      const auto& binary = node.as<lang::BinaryExpr>();
      check_reads_only(expression, *binary.left);
      return check_reads_only(expression, *binary.right);
    }
    case ExprKind::Call: {
      const auto& call = node.as<lang::CallExpr>();
      check_name(expression, call.name.text);
      return check_all(expression, call.args);
    }
    case ExprKind::Index: {
      const auto& index = node.as<lang::IndexExpr>();
      check_reads_only(expression, *index.base);
      return check_all(expression, index.args);
    }
    case ExprKind::CellIndex: {
      const auto& index = node.as<lang::CellIndexExpr>();
      check_reads_only(expression, *index.base);
      return check_all(expression, index.args);
    }
    case ExprKind::Field: {
      const auto& field = node.as<lang::FieldExpr>();
      check_reads_only(expression, *field.base);
      return check_optional(expression, field.name_expr);
    }
    case ExprKind::MethodCall: {
      const auto& method = node.as<lang::MethodCallExpr>();
      check_reads_only(expression, *method.object);
      check_name(expression, method.name.text);
      return check_all(expression, method.args);
    }
    case ExprKind::Matrix:
      for (const lang::ExprList& row : node.as<lang::MatrixExpr>().rows) {
        check_all(expression, row);
      }
      return;
    case ExprKind::StringArray:
      return check_all(expression, node.as<lang::StringArrayExpr>().elements);
    case ExprKind::Lambda:
      refuse(expression, "makes an anonymous function");
    case ExprKind::FunctionHandle:
      refuse(expression, "makes a function handle");
  }
}

// True when `shown` is `pieces` in order with any text between consecutive pieces: the first
// piece starts `shown` and the last ends it. The leftmost match of each middle piece leaves the
// most room for the rest, so it never misses a match.
bool matches_with_gaps(std::string_view shown, const std::vector<std::string_view>& pieces) {
  if (pieces.size() == 1) return shown == pieces.front();
  if (!shown.starts_with(pieces.front()) || !shown.ends_with(pieces.back()) ||
      shown.size() < pieces.front().size() + pieces.back().size()) {
    return false;
  }
  std::size_t at = pieces.front().size();
  const std::size_t last_start = shown.size() - pieces.back().size();
  for (std::size_t i = 1; i + 1 < pieces.size(); ++i) {
    const std::size_t found = shown.substr(0, last_start).find(pieces[i], at);
    if (found == std::string_view::npos) return false;
    at = found + pieces[i].size();
  }
  return true;
}

std::vector<std::string_view> split_at_marks(std::string_view text) {
  std::vector<std::string_view> pieces;
  std::size_t start = 0;
  for (std::size_t mark = text.find(kValueMark); mark != std::string_view::npos;
       mark = text.find(kValueMark, start)) {
    pieces.push_back(text.substr(start, mark - start));
    start = mark + 1;
  }
  pieces.push_back(text.substr(start));
  return pieces;
}

}  // namespace

void check_interpolation(std::string_view expression) {
  auto file = std::make_shared<const SourceFile>("interpolation", std::string(expression));
  lang::Program program;
  try {
    program = lang::parse_program(file);
  } catch (const Error& error) {
    refuse(expression, fmt::format("does not parse: {}", error.what()));
  }
  if (program.body.size() != 1 || program.body.front()->kind != lang::StmtKind::Expression) {
    refuse(expression, "is not one expression");
  }
  check_reads_only(expression, *program.body.front()->as<lang::ExpressionStmt>().expr);
}

std::string restorable_prose(std::string_view template_text, std::string_view shown) {
  if (template_text.find(kValueMark) != std::string_view::npos) return std::string(shown);
  std::vector<std::string> expressions;
  const std::string marked =
      interpolate(template_text, [&](std::string_view expression, std::optional<std::string_view>) {
        expressions.emplace_back(expression);
        return std::string(1, kValueMark);
      });
  if (!matches_with_gaps(shown, split_at_marks(marked))) return std::string(shown);
  for (const std::string& expression : expressions) check_interpolation(expression);
  return std::string(template_text);
}

}  // namespace llmlab::notebook
