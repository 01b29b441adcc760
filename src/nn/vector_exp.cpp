// The clamp bounds of detail::exp_lane and detail::exp_single, in their own translation unit (see
// vector_exp.hpp).
#include "nn/vector_exp.hpp"

namespace llmlab::nn::detail {

extern const double kExpLowest = -746.0;
extern const double kExpHighest = 710.0;
// exp(-104) is below half the smallest float subnormal (rounds to 0); exp(89) overflows.
extern const float kExpSingleLowest = -104.0f;
extern const float kExpSingleHighest = 89.0f;

}  // namespace llmlab::nn::detail
