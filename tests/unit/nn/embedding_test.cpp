// nn/embedding: lookups add the position row; backward scatter-adds, repeated tokens summing.
#include "nn/embedding.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace llmlab::nn {
namespace {

TEST(embedding_test, forward_adds_token_and_position_rows) {
  const int B = 1, T = 2, C = 2;
  const std::vector<double> wte{1, 2, 10, 20, 100, 200};  // V = 3
  const std::vector<double> wpe{0.5, 0.25, -1, -2};
  const std::vector<int> tokens{2, 0};
  std::vector<double> out(B * T * C);
  embedding_forward<double>(out, tokens, wte, wpe, B, T, C);
  EXPECT_EQ(out, (std::vector<double>{100.5, 200.25, 0, 0}));
  embedding_forward<double>(out, tokens, wte, {}, B, T, C);
  EXPECT_EQ(out, (std::vector<double>{100, 200, 1, 2}));
}

TEST(embedding_test, backward_accumulates_repeated_tokens) {
  const int B = 2, T = 2, C = 1;
  const std::vector<int> tokens{1, 1, 0, 1};
  const std::vector<double> dout{1, 2, 4, 8};
  std::vector<double> dwte{100, 0}, dwpe{0, 0};
  embedding_backward<double>(dwte, dwpe, dout, tokens, B, T, C);
  EXPECT_EQ(dwte, (std::vector<double>{104, 11}));  // starts at 100: accumulates
  EXPECT_EQ(dwpe, (std::vector<double>{5, 10}));
}

TEST(embedding_test, backward_matches_finite_differences) {
  // The forward is linear in wte and wpe, so the finite difference is exact up to rounding.
  const int B = 2, T = 3, C = 2, V = 4;
  std::vector<double> wte{0.1, -0.2, 0.3, 0.4, -0.5, 0.6, 0.7, -0.8};
  std::vector<double> wpe{0.9, 1.0, -1.1, 1.2, 1.3, -1.4};
  const std::vector<int> tokens{3, 0, 3, 1, 2, 3};
  const std::vector<double> probe{1, -2, 3, -4, 5, -6, 7, -8, 9, -10, 11, -12};
  const auto loss = [&] {
    std::vector<double> out(B * T * C);
    embedding_forward<double>(out, tokens, wte, wpe, B, T, C);
    double sum = 0.0;
    for (size_t i = 0; i < out.size(); i++) sum += probe[i] * out[i];
    return sum;
  };
  std::vector<double> dwte(V * C, 0.0), dwpe(T * C, 0.0);
  embedding_backward<double>(dwte, dwpe, probe, tokens, B, T, C);
  const double h = 1e-3;
  for (auto [values, grads] : {std::pair{&wte, &dwte}, {&wpe, &dwpe}}) {
    for (size_t i = 0; i < values->size(); i++) {
      const double saved = (*values)[i];
      (*values)[i] = saved + h;
      const double up = loss();
      (*values)[i] = saved - h;
      const double down = loss();
      (*values)[i] = saved;
      EXPECT_NEAR((up - down) / (2 * h), (*grads)[i], 1e-9) << i;
    }
  }
}

}  // namespace
}  // namespace llmlab::nn
