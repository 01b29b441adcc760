// The shared argument helpers that are not inline (see kinds.hpp).
#include "builtins/kinds.hpp"

namespace llmlab::builtins {

using runtime::Kind;
using runtime::Value;

num::Matrix real_matrix(runtime::Call& call, int index) {
  num::Matrix m = call.matrix(index);
  m.demote_if_real();
  if (m.is_complex()) {
    call.fail("argument " + std::to_string(index + 1) + " must be real, got complex values");
  }
  return m;
}

Value same_shape(const Value& x, num::Matrix result) {
  if (x.is(Kind::Vector)) return Value::vector(std::move(result));
  if (x.is(Kind::Matrix)) return Value::matrix(std::move(result));
  return Value::like(x, std::move(result));
}

bool uniform_output(runtime::Call& call, int first) {
  bool uniform = true;
  for (int k = first; k < call.count(); k += 2) {
    if (!call.value(k).is(Kind::String) || call.string(k) != "UniformOutput" || !call.has(k + 1)) {
      call.fail("options are \"UniformOutput\", true or false");
    }
    uniform = call.value(k + 1).as_scalar() != 0.0;
  }
  return uniform;
}

}  // namespace llmlab::builtins
