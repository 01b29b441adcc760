// Text forms of tokens and syntax trees: the `--dump-tokens` / `--dump-ast` output and the
// compact expression form the parser tests compare against.
#include "lang/ast_printer.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace llmlab::lang {

std::string_view binary_op_symbol(BinaryOp op) {
  switch (op) {
    case BinaryOp::Add:
      return "+";
    case BinaryOp::Subtract:
      return "-";
    case BinaryOp::Multiply:
      return "*";
    case BinaryOp::Divide:
      return "/";
    case BinaryOp::LeftDivide:
      return "\\";
    case BinaryOp::Power:
      return "^";
    case BinaryOp::ElementMultiply:
      return ".*";
    case BinaryOp::ElementDivide:
      return "./";
    case BinaryOp::ElementPower:
      return ".^";
    case BinaryOp::Equal:
      return "==";
    case BinaryOp::NotEqual:
      return "!=";
    case BinaryOp::Less:
      return "<";
    case BinaryOp::LessEqual:
      return "<=";
    case BinaryOp::Greater:
      return ">";
    case BinaryOp::GreaterEqual:
      return ">=";
    case BinaryOp::ElementAnd:
      return "&";
    case BinaryOp::ElementOr:
      return "|";
    case BinaryOp::AndAnd:
      return "&&";
    case BinaryOp::OrOr:
      return "||";
  }
  return "?";
}

std::string_view unary_op_symbol(UnaryOp op) {
  switch (op) {
    case UnaryOp::Negate:
      return "neg";
    case UnaryOp::Plus:
      return "pos";
    case UnaryOp::Not:
      return "not";
    case UnaryOp::Transpose:
      return "'";
    case UnaryOp::NonConjugateTranspose:
      return ".'";
  }
  return "?";
}

std::string dump_tokens(const std::vector<Token>& tokens) {
  std::string out;
  for (const Token& token : tokens) {
    out += fmt::format("{}:{} {}", token.line, token.column, token_kind_name(token.kind));
    switch (token.kind) {
      case TokenKind::Number:
        out += fmt::format(" {}", token.number);
        break;
      case TokenKind::String:
        out += token.quote == QuoteKind::Double ? fmt::format(" \"{}\"", token.text)
                                                : fmt::format(" '{}'", token.text);
        break;
      case TokenKind::Identifier:
        out += " " + token.text;
        break;
      default:
        if (token.synthetic) out += " (inserted)";
        break;
    }
    out += '\n';
  }
  return out;
}

namespace {

std::string quote_string(const std::string& text, QuoteKind quote) {
  const char delimiter = quote == QuoteKind::Single ? '\'' : '"';
  std::string out(1, delimiter);
  for (char c : text) {
    out += c;
    if (c == delimiter) out += c;  // doubled, as the source would write it
  }
  out += delimiter;
  return out;
}

std::string_view assign_op_text(AssignOp op) {
  static constexpr std::string_view kOps[] = {"=", "+=", "-=", "*=", "/="};
  return kOps[static_cast<int>(op)];
}

std::string join_exprs(const ExprList& list) {
  std::string out;
  for (const ExprPtr& item : list) out += " " + dump_expr(*item);
  return out;
}

class Printer {
 public:
  std::string print(const Program& program) {
    line(0, "(program");
    block(1, program.body);
    out_.back() = ')';
    out_ += '\n';
    return std::move(out_);
  }

 private:
  void line(int depth, const std::string& text) {
    out_.append(static_cast<std::size_t>(depth) * 2, ' ');
    out_ += text;
    out_ += '\n';
  }

  // Appends `)` to the last line written: closes the form opened `depth` lines above.
  void close() {
    out_.back() = ')';
    out_ += '\n';
  }

  void block(int depth, const Block& body) {
    for (const StmtPtr& statement : body) stmt(depth, *statement);
  }

  static std::string suffix(const Stmt& statement) { return statement.suppressed ? " ;" : ""; }

  // `s.a.f(i)` as `s.a.f(i)`: the name, its fields, and the subscripts dumped as expressions.
  static std::string dump_target(const AssignTarget& target) {
    std::string text = target.root.text;
    for (const TargetStep& step : target.steps) {
      if (step.is_field && step.field_expr) {
        text += ".(" + dump_expr(*step.field_expr) + ")";
        continue;
      }
      if (step.is_field) {
        text += "." + step.field;
        continue;
      }
      const std::string subscripts =
          join_exprs(step.subscripts).substr(step.subscripts.empty() ? 0 : 1);
      text += step.braces ? "{" + subscripts + "}" : "(" + subscripts + ")";
    }
    return text;
  }

  void stmt(int depth, const Stmt& statement) {
    switch (statement.kind) {
      case StmtKind::Expression:
      case StmtKind::Assign:
      case StmtKind::IndexAssign:
      case StmtKind::MultiAssign:
      case StmtKind::PathAssign:
        line(depth, assignment_text(statement) + suffix(statement) + ")");
        return;
      case StmtKind::If:
        if_stmt(depth, statement.as<IfStmt>());
        return;
      case StmtKind::For: {
        const auto& node = statement.as<ForStmt>();
        nested(depth, fmt::format("(for {} {}", node.variable.text, dump_expr(*node.iterable)),
               node.body);
        return;
      }
      case StmtKind::While: {
        const auto& node = statement.as<WhileStmt>();
        nested(depth, fmt::format("(while {}", dump_expr(*node.condition)), node.body);
        return;
      }
      case StmtKind::Switch:
        switch_stmt(depth, statement.as<SwitchStmt>());
        return;
      case StmtKind::Break:
      case StmtKind::Continue:
      case StmtKind::Return:
      case StmtKind::Run:
      case StmtKind::Declare:
        line(depth, simple_text(statement));
        return;
      case StmtKind::Try:
        try_stmt(depth, statement.as<TryStmt>());
        return;
      case StmtKind::Function:
        function_stmt(depth, *statement.as<FunctionStmt>().function);
        return;
    }
  }

  // An assignment or expression statement, without its closing `)`.
  static std::string assignment_text(const Stmt& statement) {
    switch (statement.kind) {
      case StmtKind::Expression:
        return "(expr " + dump_expr(*statement.as<ExpressionStmt>().expr);
      case StmtKind::Assign: {
        const auto& assign = statement.as<AssignStmt>();
        return fmt::format("(assign {} {} {}", assign.target.text, assign_op_text(assign.op),
                           dump_expr(*assign.value));
      }
      case StmtKind::IndexAssign: {
        const auto& assign = statement.as<IndexAssignStmt>();
        return fmt::format("(index-assign {} ({}) {}", assign.target.text,
                           join_exprs(assign.indices).substr(assign.indices.empty() ? 0 : 1),
                           dump_expr(*assign.value));
      }
      case StmtKind::MultiAssign: {
        const auto& assign = statement.as<MultiAssignStmt>();
        std::string names;
        for (const auto& target : assign.targets) {
          if (!names.empty()) names += ' ';
          names += target ? dump_target(*target) : "~";
        }
        return fmt::format("(multi-assign [{}] {}", names, dump_expr(*assign.value));
      }
      default: {
        const auto& assign = statement.as<PathAssignStmt>();
        return fmt::format("(path-assign {} {} {}", dump_target(assign.target),
                           assign_op_text(assign.op), dump_expr(*assign.value));
      }
    }
  }

  // break, continue, return, run/import and global/persistent: one line each.
  static std::string simple_text(const Stmt& statement) {
    switch (statement.kind) {
      case StmtKind::Break:
        return "(break)";
      case StmtKind::Continue:
        return "(continue)";
      case StmtKind::Return:
        return "(return)";
      case StmtKind::Run: {
        const auto& node = statement.as<RunStmt>();
        return fmt::format("({} \"{}\"{})", node.run_kind == RunKind::Run ? "run" : "import",
                           node.path, suffix(statement));
      }
      default: {
        const auto& node = statement.as<DeclareStmt>();
        std::string names;
        for (const Name& name : node.names) names += " " + name.text;
        return fmt::format("({}{}{})",
                           node.declare_kind == DeclareKind::Global ? "global" : "persistent",
                           names, suffix(statement));
      }
    }
  }

  // `head` on a line, `body` below it one level deeper, and the form closed.
  void nested(int depth, const std::string& head, const Block& body) {
    line(depth, head);
    block(depth + 1, body);
    close();
  }

  void if_stmt(int depth, const IfStmt& node) {
    for (std::size_t k = 0; k < node.clauses.size(); ++k) {
      line(depth + (k == 0 ? 0 : 1),
           fmt::format("({} {}", k == 0 ? "if" : "elseif", dump_expr(*node.clauses[k].condition)));
      block(depth + (k == 0 ? 1 : 2), node.clauses[k].body);
      if (k > 0) close();
    }
    if (node.has_else) nested(depth + 1, "(else", node.else_body);
    close();
  }

  void switch_stmt(int depth, const SwitchStmt& node) {
    line(depth, fmt::format("(switch {}", dump_expr(*node.subject)));
    for (const SwitchCase& arm : node.cases) {
      nested(depth + 1, fmt::format("(case {}", dump_expr(*arm.value)), arm.body);
    }
    if (node.has_otherwise) nested(depth + 1, "(otherwise", node.otherwise_body);
    close();
  }

  void try_stmt(int depth, const TryStmt& node) {
    line(depth, "(try");
    block(depth + 1, node.body);
    if (node.has_catch) {
      nested(depth + 1,
             node.error_variable ? "(catch " + node.error_variable->text : std::string("(catch"),
             node.catch_body);
    }
    close();
  }

  void function_stmt(int depth, const FunctionDef& function) {
    std::string outputs;
    std::string params;
    for (const Name& name : function.outputs) outputs += (outputs.empty() ? "" : " ") + name.text;
    for (const Name& name : function.params) params += (params.empty() ? "" : " ") + name.text;
    nested(depth, fmt::format("(function {} ({}) -> ({})", function.name, params, outputs),
           function.body);
  }

  std::string out_;
};

}  // namespace

std::string dump_ast(const Program& program) {
  if (program.body.empty()) return "(program)\n";
  return Printer().print(program);
}

namespace {

std::string range_text(const RangeExpr& node) {
  if (node.step) {
    return fmt::format("(range {} {} {})", dump_expr(*node.start), dump_expr(*node.step),
                       dump_expr(*node.stop));
  }
  return fmt::format("(range {} {})", dump_expr(*node.start), dump_expr(*node.stop));
}

std::string field_text(const FieldExpr& node) {
  if (node.name_expr) {
    return fmt::format("(dynamic-field {} {})", dump_expr(*node.base), dump_expr(*node.name_expr));
  }
  return fmt::format("(field {} {})", dump_expr(*node.base), node.field);
}

std::string matrix_text(const MatrixExpr& node) {
  std::string out = "(matrix";
  for (const ExprList& row : node.rows) out += " (row" + join_exprs(row) + ")";
  return out + ")";
}

// Rows after the first begin with ";": (strings 1 2 ; 3 4).
std::string strings_text(const StringArrayExpr& node) {
  std::string out = "(strings";
  for (std::size_t k = 0; k < node.elements.size(); ++k) {
    if (std::find(node.row_starts.begin(), node.row_starts.end(), k) != node.row_starts.end())
      out += " ;";
    out += " " + dump_expr(*node.elements[k]);
  }
  return out + ")";
}

std::string lambda_text(const LambdaDef& lambda) {
  std::string params;
  for (const Name& name : lambda.params) params += (params.empty() ? "" : " ") + name.text;
  return fmt::format("(lambda ({}) {})", params, dump_expr(*lambda.body));
}

}  // namespace

std::string dump_expr(const Expr& expr) {
  switch (expr.kind) {
    case ExprKind::Number:
      return fmt::format("{}", expr.as<NumberExpr>().value);
    case ExprKind::Imaginary:
      return fmt::format("{}i", expr.as<ImaginaryExpr>().value);
    case ExprKind::String: {
      const auto& node = expr.as<StringExpr>();
      return quote_string(node.value, node.quote);
    }
    case ExprKind::Identifier:
      return expr.as<IdentifierExpr>().name.text;
    case ExprKind::End:
      return "end";
    case ExprKind::Colon:
      return ":";
    case ExprKind::Range:
      return range_text(expr.as<RangeExpr>());
    case ExprKind::Unary: {
      const auto& node = expr.as<UnaryExpr>();
      return fmt::format("({} {})", unary_op_symbol(node.op), dump_expr(*node.operand));
    }
    case ExprKind::Binary: {
      const auto& node = expr.as<BinaryExpr>();
      return fmt::format("({}{} {} {})", binary_op_symbol(node.op),
                         node.condition_short_circuit ? "?" : "", dump_expr(*node.left),
                         dump_expr(*node.right));
    }
    case ExprKind::Call: {
      const auto& node = expr.as<CallExpr>();
      return fmt::format("(call {}{})", node.name.text, join_exprs(node.args));
    }
    case ExprKind::Index: {
      const auto& node = expr.as<IndexExpr>();
      return fmt::format("(index {}{})", dump_expr(*node.base), join_exprs(node.args));
    }
    case ExprKind::CellIndex: {
      const auto& node = expr.as<CellIndexExpr>();
      return fmt::format("(cell-index {}{})", dump_expr(*node.base), join_exprs(node.args));
    }
    case ExprKind::Field:
      return field_text(expr.as<FieldExpr>());
    case ExprKind::MethodCall: {
      const auto& node = expr.as<MethodCallExpr>();
      return fmt::format("(method {} {}{})", dump_expr(*node.object), node.name.text,
                         join_exprs(node.args));
    }
    case ExprKind::Matrix:
      return matrix_text(expr.as<MatrixExpr>());
    case ExprKind::StringArray:
      return strings_text(expr.as<StringArrayExpr>());
    case ExprKind::Lambda:
      return lambda_text(*expr.as<LambdaExpr>().def);
    case ExprKind::FunctionHandle:
      return "(handle " + expr.as<FunctionHandleExpr>().name.text + ")";
  }
  return "?";
}

}  // namespace llmlab::lang
