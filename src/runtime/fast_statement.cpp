// The evaluator's fast paths for scalar loops (issue #2), built on ScalarCode. A simple
// statement (`x = e`, `x op= e`, `A(i, k) = e`) within the scalar subset is compiled the first
// time it runs; a loop's body is compiled, when the loop first runs, into runs of such
// statements fused into one program each, so an iteration of `x = ...; s1 = ...; s2 = ...;` is
// one pass over one instruction array with no Value built and nothing allocated. Statements
// outside the subset, and compiled ones whose run finds a variable of another kind, an index out
// of bounds or an array to grow, go through the generic exec(), which does what the language
// says, errors and their file:line:col included.
#include <algorithm>
#include <memory>
#include <vector>

#include "runtime/display.hpp"
#include "runtime/evaluator.hpp"
#include "runtime/literals.hpp"
#include "runtime/scalar_code.hpp"

namespace llmlab::runtime::detail {

namespace {

ScalarCode::Rules scalar_rules(const Session& session) {
  return session.dialect() == lang::Dialect::Matlab ? ScalarCode::Rules::Matlab
                                                    : ScalarCode::Rules::Rlab;
}

bool is_simple(const lang::Stmt& statement) {
  return statement.kind == lang::StmtKind::Assign || statement.kind == lang::StmtKind::IndexAssign;
}

}  // namespace

void Evaluator::prepare_fast(const lang::Stmt& statement, FastForm& form) {
  form.prepared = true;
  if (is_simple(statement)) {
    auto code = std::make_unique<ScalarCode>(scalar_rules(session_));
    if (code->append_statement(statement, *frame_)) form.code = std::move(code);
    return;
  }
  const lang::Block* body = nullptr;
  if (statement.kind == lang::StmtKind::For) body = &statement.as<lang::ForStmt>().body;
  if (statement.kind == lang::StmtKind::While) body = &statement.as<lang::WhileStmt>().body;
  if (body == nullptr) return;
  // Only suppressed statements are fused: an echo line is printed by the statement's own path.
  auto plan = std::make_unique<BodyPlan>();
  for (std::size_t k = 0; k < body->size(); ++k) {
    const lang::Stmt& member = *(*body)[k];
    const bool fusable = member.suppressed && is_simple(member);
    BodyPlan::Segment* last = plan->segments.empty() ? nullptr : &plan->segments.back();
    if (fusable && last && last->code && last->code->append_statement(member, *frame_)) continue;
    auto code = fusable ? std::make_unique<ScalarCode>(scalar_rules(session_)) : nullptr;
    if (code && !code->append_statement(member, *frame_)) code.reset();
    plan->segments.push_back({k, std::move(code)});
  }
  form.plan = std::move(plan);
}

bool Evaluator::run_fast(const lang::Stmt& statement, const ScalarCode& code) {
  const bool echo_on = !statement.suppressed && assignment_echo_enabled(statement);
  // An element write's echo (§8.6) is worded by the generic path.
  if (echo_on && statement.kind == lang::StmtKind::IndexAssign) return false;
  frame_->at(code.max_slot());
  if (code.run(frame_->variables.data(), 0) != 1) return false;
  if (echo_on) {
    const lang::Name& target = statement.as<lang::AssignStmt>().target;
    session_.write(echo(target.text, slot(target).value, session_));
  }
  return true;
}

Flow Evaluator::exec_statement(const lang::Stmt& statement) {
  step();
  FastForm& form = frame_->fast_form(statement);
  if (!form.prepared) prepare_fast(statement, form);
  if (form.code && run_fast(statement, *form.code)) return Flow::Normal;
  return exec(statement);
}

Flow Evaluator::exec_body(const lang::Stmt& loop, const lang::Block& body) {
  const BodyPlan* plan = frame_->fast_form(loop).plan.get();
  if (plan == nullptr) return exec_block(body);
  for (const BodyPlan::Segment& segment : plan->segments) {
    if (!segment.code) {
      const Flow flow = exec_statement(*body[segment.first]);
      if (flow != Flow::Normal) return flow;
      continue;
    }
    const ScalarCode& code = *segment.code;
    const int count = code.statement_count();
    // One step per statement, as exec_block counts them. Near the end of the step budget, or
    // with an interrupt pending, the statements go one by one so the right one stops.
    const bool budget_ends = options_.step_budget > 0 && steps_ + count > options_.step_budget;
    if (budget_ends || interrupted_.load(std::memory_order_relaxed)) {
      // Assignments end normally or raise, so their flows need no look.
      for (int k = 0; k < count; ++k) {
        exec_statement(*body[segment.first + static_cast<std::size_t>(k)]);
      }
      continue;
    }
    if (options_.step_budget > 0) steps_ += count;
    run_segment(code, body, segment.first);
  }
  return Flow::Normal;
}

void Evaluator::run_segment(const ScalarCode& code, const lang::Block& body, std::size_t offset) {
  frame_->at(code.max_slot());
  finish_segment(code, body, offset, code.run(frame_->variables.data(), 0));
}

void Evaluator::finish_segment(const ScalarCode& code, const lang::Block& body, std::size_t offset,
                               int next) {
  const int count = code.statement_count();
  while (next < count) {
    // This statement needs the generic path. Assignments end normally or raise.
    exec(*body[offset + static_cast<std::size_t>(next)]);
    if (++next == count) break;
    frame_->at(code.max_slot());
    next = code.run(frame_->variables.data(), next);
  }
}

bool Evaluator::exec_compiled_range(const lang::ForStmt& loop, double start, double increment,
                                    std::int64_t count) {
  const BodyPlan* plan = frame_->fast_form(loop).plan.get();
  // A step budget (the fuzzer's) keeps the exact per-statement counting of exec_body().
  if (plan == nullptr || plan->segments.size() != 1 || !plan->segments[0].code ||
      options_.step_budget > 0) {
    return false;
  }
  const ScalarCode& code = *plan->segments[0].code;
  const ScalarCode::RangeLoop range{frame_->slot_of(loop.variable), start, increment, count};
  // Iterations run in registers (ScalarCode::run_range) and, where it stops, one at a time here:
  // the statement it could not run, an interrupt, or a variable not yet a scalar. Twice refused
  // at the start of an iteration, the loop stays on the one-at-a-time path.
  auto one_iteration = [&](std::int64_t k) {
    // What the generic loop's step() checks, when no budget is set: a pending interrupt.
    if (interrupted_.load(std::memory_order_relaxed)) step();
    Variable& variable = frame_->at(range.slot);
    variable.value = Value::scalar(range_element(start, increment, k));
    variable.defined = true;
    run_segment(code, loop.body, 0);
  };
  int refusals = 0;
  for (std::int64_t k = 0; k < count; ++k) {
    if (refusals < 2) {
      frame_->at(std::max(code.max_slot(), range.slot));
      const ScalarCode::RangeStop stop =
          code.run_range(frame_->variables.data(), range, k, interrupted_);
      if (stop.iteration == count) break;
      k = stop.iteration;
      if (stop.statement != ScalarCode::kNotStarted) {
        finish_segment(code, loop.body, 0, stop.statement);
        continue;
      }
      ++refusals;
    }
    one_iteration(k);
  }
  return true;
}

}  // namespace llmlab::runtime::detail
