// nn/matmul: the Eigen-blocked kernels against the plain-loop reference, and the backward pass
// against central finite differences in double.
#include "nn/matmul.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

namespace llmlab::nn {
namespace {

template <class T>
std::vector<T> random_vector(size_t count, unsigned seed) {
  std::mt19937 engine(seed);
  std::uniform_real_distribution<double> uniform(-1.0, 1.0);
  std::vector<T> values(count);
  for (T& v : values) v = static_cast<T>(uniform(engine));
  return values;
}

double max_difference(const std::vector<float>& a, const std::vector<float>& b) {
  double worst = 0.0;
  for (size_t i = 0; i < a.size(); i++) {
    worst = std::max(worst, std::fabs(static_cast<double>(a[i]) - static_cast<double>(b[i])));
  }
  return worst;
}

TEST(matmul_test, forward_matches_reference) {
  // Odd sizes exercise Eigen's partial blocks and uneven thread ranges.
  const int N = 37, C = 19, OC = 23;
  const auto x = random_vector<float>(N * C, 1), w = random_vector<float>(OC * C, 2),
             b = random_vector<float>(OC, 3);
  std::vector<float> fast(N * OC), reference(N * OC);
  matmul_forward<float>(fast, x, w, b, N, C, OC);
  matmul_forward_reference<float>(reference, x, w, b, N, C, OC);
  EXPECT_LT(max_difference(fast, reference), 1e-5);
  matmul_forward<float>(fast, x, w, {}, N, C, OC);
  EXPECT_NEAR(fast[0], reference[0] - b[0], 1e-5);
}

TEST(matmul_test, large_forward_matches_reference_with_threads) {
  const int N = 256, C = 64, OC = 192;
  const auto x = random_vector<float>(N * C, 4), w = random_vector<float>(OC * C, 5),
             b = random_vector<float>(OC, 6);
  std::vector<float> fast(N * OC), reference(N * OC);
  matmul_forward<float>(fast, x, w, b, N, C, OC);
  matmul_forward_reference<float>(reference, x, w, b, N, C, OC);
  EXPECT_LT(max_difference(fast, reference), 1e-4);
}

TEST(matmul_test, backward_matches_reference_and_accumulates) {
  const int N = 130, C = 33, OC = 70;
  const auto x = random_vector<float>(N * C, 7), w = random_vector<float>(OC * C, 8),
             dy = random_vector<float>(N * OC, 9);
  // Start from non-zero gradients: backward must add, not overwrite.
  std::vector<float> dx = random_vector<float>(N * C, 10), dw = random_vector<float>(OC * C, 11),
                     db = random_vector<float>(OC, 12);
  std::vector<float> dx_ref = dx, dw_ref = dw, db_ref = db;
  matmul_backward<float>(dx, dw, db, dy, x, w, N, C, OC);
  matmul_backward_reference<float>(dx_ref, dw_ref, db_ref, dy, x, w, N, C, OC);
  EXPECT_LT(max_difference(dx, dx_ref), 1e-4);
  EXPECT_LT(max_difference(dw, dw_ref), 1e-4);
  EXPECT_LT(max_difference(db, db_ref), 1e-4);
}

TEST(matmul_test, backward_matches_finite_differences) {
  const int N = 5, C = 4, OC = 3;
  std::vector<double> x = random_vector<double>(N * C, 13), w = random_vector<double>(OC * C, 14),
                      b = random_vector<double>(OC, 15);
  const auto probe = random_vector<double>(N * OC, 16);  // L = Σ probe ⊙ out
  const auto loss = [&] {
    std::vector<double> out(N * OC);
    matmul_forward<double>(out, x, w, b, N, C, OC);
    double sum = 0.0;
    for (size_t i = 0; i < out.size(); i++) sum += probe[i] * out[i];
    return sum;
  };
  std::vector<double> dx(N * C, 0.0), dw(OC * C, 0.0), db(OC, 0.0);
  matmul_backward<double>(dx, dw, db, probe, x, w, N, C, OC);
  const double h = 1e-6;
  double worst = 0.0;
  for (auto [values, grads] : {std::pair{&x, &dx}, {&w, &dw}, {&b, &db}}) {
    for (size_t i = 0; i < values->size(); i++) {
      const double saved = (*values)[i];
      (*values)[i] = saved + h;
      const double up = loss();
      (*values)[i] = saved - h;
      const double down = loss();
      (*values)[i] = saved;
      worst = std::max(worst, std::fabs((up - down) / (2 * h) - (*grads)[i]));
    }
  }
  EXPECT_LT(worst, 1e-8) << "max |numeric - analytic| = " << worst;
}

TEST(matmul_test, empty_gradients_are_skipped) {
  const int N = 3, C = 2, OC = 2;
  const auto x = random_vector<float>(N * C, 17), w = random_vector<float>(OC * C, 18),
             dy = random_vector<float>(N * OC, 19);
  std::vector<float> dw(OC * C, 0.0f), dw_ref(OC * C, 0.0f);
  matmul_backward<float>({}, dw, {}, dy, x, w, N, C, OC);
  matmul_backward_reference<float>({}, dw_ref, {}, dy, x, w, N, C, OC);
  EXPECT_LT(max_difference(dw, dw_ref), 1e-6);
  EXPECT_NE(dw[0], 0.0f);
}

}  // namespace
}  // namespace llmlab::nn
