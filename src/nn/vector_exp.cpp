// The clamp bounds of detail::exp_lane and detail::exp_single, in their own translation unit (see
// vector_exp.hpp).
#include "nn/vector_exp.hpp"

namespace llmlab::nn::detail {

extern const double kExpLowest = -746.0;
extern const double kExpHighest = 710.0;
// -2046 ln 2: x · log2(e) rounds to k = -2046, so k/2 + 1023 = 0 and each
// half scale's exponent field is 0.
extern const double kExpZeroInput = -1418.1791314256482;
// exp(-104) is below half the smallest float subnormal (rounds to 0); exp(89) overflows.
extern const float kExpSingleLowest = -104.0f;
extern const float kExpSingleHighest = 89.0f;
// -254 ln 2: k = -254, k/2 + 127 = 0.
extern const float kExpSingleZeroInput = -176.059384f;

}  // namespace llmlab::nn::detail
