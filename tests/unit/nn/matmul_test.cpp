// nn/matmul: the fast kernels (tiled float GEMM, Eigen for double) against the plain-loop
// reference over every ragged tile shape, and the backward pass against central finite
// differences in double.
#include "nn/matmul.hpp"

#include <gtest/gtest.h>
#include <omp.h>

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

TEST(matmul_test, overwritten_input_gradient_equals_accumulating_into_zeros) {
  const int N = 61, C = 40, OC = 27;
  const auto x = random_vector<float>(N * C, 13), w = random_vector<float>(OC * C, 14),
             dy = random_vector<float>(N * OC, 15);
  // The overwritten buffer starts as garbage, which must leave no trace.
  std::vector<float> overwritten = random_vector<float>(N * C, 16), accumulated(N * C, 0.0f);
  std::vector<float> dw(OC * C, 0.0f), dw_accumulated(OC * C, 0.0f);
  matmul_backward<float>(overwritten, dw, {}, dy, x, w, N, C, OC, InputGradient::Overwrite);
  matmul_backward<float>(accumulated, dw_accumulated, {}, dy, x, w, N, C, OC);
  EXPECT_EQ(overwritten, accumulated);
  EXPECT_EQ(dw, dw_accumulated);
  const std::vector<double> xd(x.begin(), x.end()), wd(w.begin(), w.end()),
      dyd(dy.begin(), dy.end());
  std::vector<double> overwritten_double(N * C, 5.0), reference(N * C, 0.0);
  matmul_backward<double>(overwritten_double, {}, {}, dyd, xd, wd, N, C, OC,
                          InputGradient::Overwrite);
  matmul_backward_reference<double>(reference, {}, {}, dyd, xd, wd, N, C, OC);
  for (size_t i = 0; i < reference.size(); i++) {
    EXPECT_NEAR(overwritten_double[i], reference[i], 1e-12);
  }
}

TEST(matmul_test, residual_forward_equals_forward_then_add) {
  // The fused epilogue rounds as the two separate steps do, so the results are identical.
  const int N = 37, C = 19, OC = 23;
  const auto x = random_vector<float>(N * C, 30), w = random_vector<float>(OC * C, 31),
             b = random_vector<float>(OC, 32), residual = random_vector<float>(N * OC, 33);
  std::vector<float> fused(N * OC), separate(N * OC);
  matmul_residual_forward<float>(fused, residual, x, w, b, N, C, OC);
  matmul_forward<float>(separate, x, w, b, N, C, OC);
  for (size_t i = 0; i < separate.size(); i++) separate[i] = residual[i] + separate[i];
  EXPECT_EQ(fused, separate);
  std::vector<double> fused_double(N * OC), reference(N * OC);
  const std::vector<double> xd(x.begin(), x.end()), wd(w.begin(), w.end()), bd(b.begin(), b.end()),
      rd(residual.begin(), residual.end());
  matmul_residual_forward<double>(fused_double, rd, xd, wd, bd, N, C, OC);
  matmul_forward_reference<double>(reference, xd, wd, bd, N, C, OC);
  for (size_t i = 0; i < reference.size(); i++) {
    EXPECT_NEAR(fused_double[i], rd[i] + reference[i], 1e-12);
  }
}

TEST(matmul_test, every_ragged_tile_shape_matches_reference) {
  // Rows 1..13 cover each of the 6-row tile's remainders twice, columns 1..35 each lane count of
  // a masked 16-column tile; K = 1 and odd K exercise the shortest sums.
  for (const int N : {1, 2, 5, 6, 7, 11, 13}) {
    for (const int OC : {1, 3, 8, 9, 15, 16, 17, 24, 31, 35}) {
      for (const int C : {1, 7, 20}) {
        const auto seed = static_cast<unsigned>(N * 10000 + OC * 100 + C);
        const auto x = random_vector<float>(static_cast<size_t>(N * C), seed);
        const auto w = random_vector<float>(static_cast<size_t>(OC * C), seed + 1);
        const auto b = random_vector<float>(static_cast<size_t>(OC), seed + 2);
        const auto dy = random_vector<float>(static_cast<size_t>(N * OC), seed + 3);
        std::vector<float> out(static_cast<size_t>(N * OC)), out_ref(out.size());
        matmul_forward<float>(out, x, w, b, N, C, OC);
        matmul_forward_reference<float>(out_ref, x, w, b, N, C, OC);
        EXPECT_LT(max_difference(out, out_ref), 1e-5) << N << " " << C << " " << OC;
        std::vector<float> dx = random_vector<float>(x.size(), seed + 4),
                           dw = random_vector<float>(w.size(), seed + 5),
                           db = random_vector<float>(b.size(), seed + 6);
        std::vector<float> dx_ref = dx, dw_ref = dw, db_ref = db;
        matmul_backward<float>(dx, dw, db, dy, x, w, N, C, OC);
        matmul_backward_reference<float>(dx_ref, dw_ref, db_ref, dy, x, w, N, C, OC);
        EXPECT_LT(max_difference(dx, dx_ref), 1e-5) << N << " " << C << " " << OC;
        EXPECT_LT(max_difference(dw, dw_ref), 1e-5) << N << " " << C << " " << OC;
        EXPECT_LT(max_difference(db, db_ref), 1e-5) << N << " " << C << " " << OC;
      }
    }
  }
}

TEST(matmul_test, results_do_not_depend_on_the_thread_count) {
  const int N = 1024, C = 64, OC = 192;
  const auto x = random_vector<float>(N * C, 21), w = random_vector<float>(OC * C, 22),
             b = random_vector<float>(OC, 23), dy = random_vector<float>(N * OC, 24);
  const auto run = [&](int threads) {
    const int saved = omp_get_max_threads();
    omp_set_num_threads(threads);
    std::vector<float> out(N * OC), dx(N * C, 0.0f), dw(OC * C, 0.0f), db(OC, 0.0f);
    matmul_forward<float>(out, x, w, b, N, C, OC);
    matmul_backward<float>(dx, dw, db, dy, x, w, N, C, OC);
    omp_set_num_threads(saved);
    out.insert(out.end(), dx.begin(), dx.end());
    out.insert(out.end(), dw.begin(), dw.end());
    out.insert(out.end(), db.begin(), db.end());
    return out;
  };
  const std::vector<float> one = run(1);
  EXPECT_EQ(one, run(2));
  EXPECT_EQ(one, run(3));
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
