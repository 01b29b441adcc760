// The clamp bounds of detail::exp_lane, in their own translation unit (see vector_exp.hpp).
#include "nn/vector_exp.hpp"

namespace llmlab::nn::detail {

extern const double kExpLowest = -746.0;
extern const double kExpHighest = 710.0;

}  // namespace llmlab::nn::detail
