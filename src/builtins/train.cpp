// The train builtins (builtins.md). Empty until the domain's owner fills it, so the
// binary links.
#include "builtins/registry.hpp"

namespace llmlab::builtins {

extern const BuiltinTable kTrainBuiltins = {};

}  // namespace llmlab::builtins
