// Tables of the standard-normal ziggurat (rng.md §4.1): X[i] is the right edge of layer i
// (X[0] the virtual width of the base layer, X[256] = 0), F[i] = exp(-X[i]^2 / 2) as stored.
#pragma once

#include <array>

namespace llmlab::num::detail {

extern const std::array<double, 257> kZigguratX;
extern const std::array<double, 257> kZigguratF;

}  // namespace llmlab::num::detail
