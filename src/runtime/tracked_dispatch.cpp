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

}  // namespace llmlab::runtime
