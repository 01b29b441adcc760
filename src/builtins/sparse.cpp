// Sparse matrices (issue #26): out of scope in llmlab. The constructors MATLAB scripts call
// (sparse, speye, sprand, sprandn, spones, spalloc, spdiags) are a clear error that says so,
// never a silently full result; full(x) of a full array is x and issparse is false, as in
// MATLAB for a full array, so code that only asks still runs.
#include <fmt/format.h>

#include "base/error.hpp"
#include "base/messages/arrays.hpp"
#include "builtins/registry.hpp"

namespace llmlab::builtins {

using runtime::Call;
using runtime::Value;

namespace {

Value out_of_scope(Call& call) {
  throw Error(fmt::format(messages::sparse_out_of_scope, call.name()));
}

Value full(Call& call) { return call.take(0); }

Value issparse(Call&) { return Value::boolean(false); }

}  // namespace

extern const BuiltinTable kSparseBuiltins = {
    {"sparse", out_of_scope, 0, -1,
     "Not in llmlab: sparse matrices are out of scope (an error says so; use a full matrix). "
     "Example: try, sparse(3), catch err, disp(err.message), end"},
    {"speye", out_of_scope, 0, -1,
     "Not in llmlab: sparse matrices are out of scope (an error says so; use eye). Example: "
     "try, speye(3), catch err, disp(err.message), end"},
    {"sprand", out_of_scope, 0, -1,
     "Not in llmlab: sparse matrices are out of scope (an error says so; use rand). Example: "
     "try, sprand(3, 3, 0.5), catch err, disp(err.message), end"},
    {"sprandn", out_of_scope, 0, -1,
     "Not in llmlab: sparse matrices are out of scope (an error says so; use randn). Example: "
     "try, sprandn(3, 3, 0.5), catch err, disp(err.message), end"},
    {"spones", out_of_scope, 0, -1,
     "Not in llmlab: sparse matrices are out of scope (an error says so). Example: "
     "try, spones(eye(2)), catch err, disp(err.message), end"},
    {"spalloc", out_of_scope, 0, -1,
     "Not in llmlab: sparse matrices are out of scope (an error says so; use zeros). Example: "
     "try, spalloc(3, 3, 2), catch err, disp(err.message), end"},
    {"spdiags", out_of_scope, 0, -1,
     "Not in llmlab: sparse matrices are out of scope (an error says so; use diag). Example: "
     "try, spdiags([1 2 3]', 0, 3, 3), catch err, disp(err.message), end"},
    {"full", full, 1, 1,
     "The full array of x: llmlab has no sparse matrices, so full(x) is x. Example: "
     "full([1 0; 0 2])"},
    {"issparse", issparse, 1, 1,
     "False: llmlab has no sparse matrices (they are out of scope). Example: "
     "issparse(eye(3))"},
};

}  // namespace llmlab::builtins
