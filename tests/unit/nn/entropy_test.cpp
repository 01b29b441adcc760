// Row entropies in bits and the causal mask.
#include "nn/entropy.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

namespace llmlab::nn {
namespace {

TEST(row_entropies_bits, known_rows) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const std::vector<double> probs = {0.25, 0.25, 0.25, 0.25,  // uniform over 4: 2 bits
                                     1.0,  0.0,  0.0,  0.0,   // one-hot: 0
                                     0.5,  nan,  -0.1, 0.5,   // NaN and negatives skipped: 1 bit
                                     0.5,  0.0,  0.0,  0.0};  // not renormalised: 0.5 bits
  std::vector<double> entropies(4);
  row_entropies_bits<double>(entropies, probs, 4, 4);
  EXPECT_EQ(entropies, (std::vector<double>{2.0, 0.0, 1.0, 0.5}));
}

TEST(row_entropies_bits, sums_left_to_right) {
  const std::vector<double> probs = {0.1, 0.2, 0.3, 0.4};
  std::vector<double> entropy(1);
  row_entropies_bits<double>(entropy, probs, 1, 4);
  double expected = 0.0;
  for (const double p : probs) expected = expected - p * std::log2(p);
  EXPECT_EQ(entropy[0], expected);
}

TEST(causal_mask, lower_triangle_open_future_masked) {
  std::vector<double> mask(9, 7.0);
  causal_mask<double>(mask, 3, -1e9);
  EXPECT_EQ(mask, (std::vector<double>{0, -1e9, -1e9, 0, 0, -1e9, 0, 0, 0}));
  std::vector<float> one(1, 5.0f);
  causal_mask<float>(one, 1, -std::numeric_limits<float>::infinity());
  EXPECT_EQ(one[0], 0.0f);
}

}  // namespace
}  // namespace llmlab::nn
