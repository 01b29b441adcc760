// Small argument helpers several builtin files share: which value kinds count as one number, the
// numeric check every reduction makes, NaN, and the largest exact size or subscript.
#pragma once

#include <limits>
#include <string>

#include "num/matrix.hpp"
#include "runtime/call.hpp"
#include "runtime/value.hpp"

namespace llmlab::builtins {

inline bool is_scalar_kind(const runtime::Value& x) {
  using runtime::Kind;
  return x.is(Kind::Scalar) || x.is(Kind::Complex) || x.is(Kind::Bool);
}

inline bool is_one_dimensional(const num::Matrix& m) { return m.rows() == 1 || m.columns() == 1; }

// Scalar kinds as numbers: a Bool counts as 1 or 0.
inline runtime::Value as_number(const runtime::Value& x) {
  return x.is(runtime::Kind::Bool) ? runtime::Value::scalar(x.scalar_value()) : x;
}

inline void require_numeric(runtime::Call& call, const runtime::Value& x) {
  if (!x.is_numeric()) call.fail("unsupported type " + std::string(x.kind_name()));
}

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Sizes and subscripts above 2^53 are not exact doubles (and would overflow the conversion to
// an integer); no array can have that many elements anyway.
constexpr double kLargestSize = 9007199254740992.0;

}  // namespace llmlab::builtins
