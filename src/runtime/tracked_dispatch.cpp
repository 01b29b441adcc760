// Index reads and writes, deletion and concatenation with a tracked operand: each is handed to
// the operand's tape as a rearrangement, the plain function doing the work on both runs.
#include <optional>

#include "base/error.hpp"
#include "runtime/literals.hpp"
#include "runtime/tracked.hpp"

namespace llmlab::runtime {

namespace {

std::vector<Value> primals(std::span<const Value> values) {
  std::vector<Value> result;
  result.reserve(values.size());
  for (const Value& value : values) result.push_back(primal_of(value));
  return result;
}

}  // namespace

bool any_tracked(std::span<const Value> values) { return tape_of(values) != nullptr; }

Value tracked_index_read(const Value& container, std::span<const Value> subscripts) {
  const std::vector<Value> plain = primals(subscripts);
  if (!container.is(Kind::Tracked)) return index_read(container, plain);
  return container.tracked_value().tape->index_read(container, plain);
}

AssignEcho tracked_index_assign(Value& target, bool defined, std::string_view name,
                                std::span<const Value> subscripts, const Value& rhs) {
  const std::vector<Value> plain = primals(subscripts);
  const Value operands[] = {defined ? target : Value(), rhs};
  std::optional<AssignEcho> echo;
  Value result = tape_of(operands)->rearrange(operands, [&](std::span<const Value> values) {
    Value written = values[0];
    AssignEcho run_echo = index_assign(written, defined, name, plain, values[1]);
    if (!echo) echo = std::move(run_echo);  // the first run is the primal one
    return written;
  });
  target = std::move(result);
  return std::move(*echo);
}

void tracked_index_delete(Value& target, std::string_view name, std::span<const Value> subscripts) {
  const std::vector<Value> plain = primals(subscripts);
  const Value operands[] = {target};
  target = target.tracked_value().tape->rearrange(operands, [&](std::span<const Value> values) {
    Value kept = values[0];
    index_delete(kept, true, name, plain);
    return kept;
  });
}

Value tracked_concatenate(const std::vector<std::vector<Value>>& rows) {
  std::vector<Value> operands;
  for (const std::vector<Value>& row : rows)
    operands.insert(operands.end(), row.begin(), row.end());
  return tape_of(operands)->concatenate(rows);
}

Value tracked_range(const Value& start, const Value& step, Value plain) {
  const Value bounds[] = {start, step};
  Tape& tape = *tape_of(bounds);
  // bound - its primal: zero, exactly, but carrying the bound's gradient; a one-element array
  // bound is read as its element first, as the range read its number.
  const auto deviation = [&tape](const Value& bound) {
    Value element = bound;
    if (primal_of(bound).is_array()) {
      const Value first[] = {Value::scalar(1.0)};
      element = tape.index_read(bound, first);
    }
    return tape.binary(lang::BinaryOp::Subtract, element, primal_of(element));
  };
  // Adding exact zeros leaves every element of the plain range as make_range computed it.
  Value result = plain;
  if (start.is(Kind::Tracked)) {
    result = tape.binary(lang::BinaryOp::Add, result, deviation(start));
  }
  if (step.is(Kind::Tracked)) {
    const num::Index count = primal_of(plain).element_count();
    num::Matrix offsets(1, count);
    for (num::Index k = 0; k < count; ++k) offsets.set(k, static_cast<double>(k));
    result = tape.binary(lang::BinaryOp::Add, result,
                         tape.binary(lang::BinaryOp::ElementMultiply, deviation(step),
                                     Value::vector(std::move(offsets))));
  }
  return result;
}

}  // namespace llmlab::runtime
