// The two BLAS and LAPACK tables of num/blas_library.hpp against each other on random problems:
// OpenBLAS (the native build's) and Eigen's (the WebAssembly build's), both compiled natively.
// Each routine is called the way num/ calls it; results agree to a tolerance scaled by the
// problem (the algorithms differ, so the last digits may).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <random>
#include <vector>

#include "num/blas_library.hpp"

namespace llmlab::num::blas {
namespace {

using Complex = std::complex<double>;

class BlasBackendsTest : public ::testing::Test {
 protected:
  const Library& openblas = openblas_library();
  const Library& eigen = eigen_library();
  std::mt19937_64 random{20261205};

  std::vector<double> random_values(int count) {
    std::normal_distribution<double> normal;
    std::vector<double> values(static_cast<std::size_t>(count));
    for (double& x : values) x = normal(random);
    return values;
  }
  std::vector<Complex> random_complex(int count) {
    const std::vector<double> re = random_values(count);
    const std::vector<double> im = random_values(count);
    std::vector<Complex> values(static_cast<std::size_t>(count));
    for (std::size_t k = 0; k < values.size(); ++k) values[k] = Complex(re[k], im[k]);
    return values;
  }
};

template <class T>
double max_difference(const std::vector<T>& a, const std::vector<T>& b) {
  EXPECT_EQ(a.size(), b.size());
  double worst = 0.0;
  for (std::size_t k = 0; k < std::min(a.size(), b.size()); ++k) {
    worst = std::max(worst, std::abs(a[k] - b[k]));
  }
  return worst;
}

TEST_F(BlasBackendsTest, dgemm_every_layout_and_transpose) {
  for (const CBLAS_ORDER order : {CblasRowMajor, CblasColMajor}) {
    for (const CBLAS_TRANSPOSE ta : {CblasNoTrans, CblasTrans}) {
      for (const CBLAS_TRANSPOSE tb : {CblasNoTrans, CblasTrans}) {
        const int m = 7, n = 5, k = 9;
        // Leading dimensions larger than needed, as a submatrix would have.
        const int lda = 12, ldb = 11, ldc = 13;
        const std::vector<double> a = random_values(lda * 12);
        const std::vector<double> b = random_values(ldb * 12);
        std::vector<double> c_openblas = random_values(ldc * 12);
        std::vector<double> c_eigen = c_openblas;
        openblas.dgemm(order, ta, tb, m, n, k, 1.5, a.data(), lda, b.data(), ldb, 0.5,
                       c_openblas.data(), ldc);
        eigen.dgemm(order, ta, tb, m, n, k, 1.5, a.data(), lda, b.data(), ldb, 0.5, c_eigen.data(),
                    ldc);
        EXPECT_LT(max_difference(c_openblas, c_eigen), 1e-12)
            << "order " << order << " transposes " << ta << ", " << tb;
      }
    }
  }
}

TEST_F(BlasBackendsTest, dgemm_with_zero_beta_ignores_nan_in_c) {
  const std::vector<double> a = random_values(4), b = random_values(4);
  std::vector<double> c(4, std::nan(""));
  eigen.dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 2, 2, 2, 1.0, a.data(), 2, b.data(), 2,
              0.0, c.data(), 2);
  for (double x : c) EXPECT_TRUE(std::isfinite(x));
}

// Singular values (gesvd, values only) and the whole decomposition (gesdd, economy and full).
TEST_F(BlasBackendsTest, svd_values_and_vectors) {
  for (const auto& [m, n] : {std::pair{6, 4}, std::pair{4, 6}, std::pair{5, 5}}) {
    const std::vector<double> a = random_values(m * n);
    const int k = std::min(m, n), one = 1, query = -1;
    std::vector<double> values[2];
    int index = 0;
    for (const Library* library : {&openblas, &eigen}) {
      std::vector<double> work_matrix = a;
      std::vector<double> s(static_cast<std::size_t>(k));
      double optimal = 0.0;
      int info = 0;
      library->dgesvd("N", "N", &m, &n, work_matrix.data(), &m, s.data(), nullptr, &one, nullptr,
                      &one, &optimal, &query, &info, 1, 1);
      ASSERT_EQ(info, 0);
      int lwork = std::max(1, static_cast<int>(optimal));
      std::vector<double> work(static_cast<std::size_t>(lwork));
      library->dgesvd("N", "N", &m, &n, work_matrix.data(), &m, s.data(), nullptr, &one, nullptr,
                      &one, work.data(), &lwork, &info, 1, 1);
      ASSERT_EQ(info, 0);
      values[index++] = s;
    }
    EXPECT_LT(max_difference(values[0], values[1]), 1e-12 * values[0][0]);

    // gesdd from Eigen: U·S·Vᵀ rebuilds A, U and V orthonormal, values as gesvd's.
    for (const char* job : {"S", "A"}) {
      const bool full = job[0] == 'A';
      const int u_columns = full ? m : k, vt_rows = full ? n : k;
      std::vector<double> work_matrix = a;
      std::vector<double> s(static_cast<std::size_t>(k));
      std::vector<double> u(static_cast<std::size_t>(m * u_columns));
      std::vector<double> vt(static_cast<std::size_t>(vt_rows * n));
      std::vector<int> iwork(static_cast<std::size_t>(8 * k));
      int info = 0, lwork = 1;
      double work = 0.0;
      eigen.dgesdd(job, &m, &n, work_matrix.data(), &m, s.data(), u.data(), &m, vt.data(), &vt_rows,
                   &work, &lwork, iwork.data(), &info, 1);
      ASSERT_EQ(info, 0);
      EXPECT_LT(max_difference(s, values[0]), 1e-12 * values[0][0]);
      double worst = 0.0;
      for (int i = 0; i < m; ++i) {
        for (int j = 0; j < n; ++j) {
          double sum = 0.0;
          for (int l = 0; l < k; ++l) sum += u[l * m + i] * s[l] * vt[j * vt_rows + l];
          worst = std::max(worst, std::abs(sum - a[j * m + i]));
        }
      }
      EXPECT_LT(worst, 1e-12) << "job " << job << ", " << m << "x" << n;
    }
  }
}

// getrf, getrs, lange and gecon as divide.cpp calls them on a square system.
template <class T, class Values>
void compare_square_solve(const Library& openblas, const Library& eigen, Values make) {
  const int n = 6, nrhs = 2;
  const std::vector<T> a = make(n * n);
  const std::vector<T> b = make(n * nrhs);
  std::vector<T> solutions[2];
  double rconds[2] = {};
  double norms[2] = {};
  int index = 0;
  for (const Library* library : {&openblas, &eigen}) {
    std::vector<T> lu = a;
    std::vector<T> x = b;
    std::vector<int> pivots(n);
    std::vector<double> work(4 * n);
    int info = 0, con_info = 0, solve_info = 0;
    double anorm = 0.0;
    double rcond = 0.0;
    if constexpr (std::is_same_v<T, double>) {
      anorm = library->dlange("1", &n, &n, lu.data(), &n, work.data(), 1);
      library->dgetrf(&n, &n, lu.data(), &n, pivots.data(), &info);
      std::vector<int> iwork(n);
      library->dgecon("1", &n, lu.data(), &n, &anorm, &rcond, work.data(), iwork.data(), &con_info,
                      1);
      library->dgetrs("N", &n, &nrhs, lu.data(), &n, pivots.data(), x.data(), &n, &solve_info, 1);
    } else {
      anorm = library->zlange("1", &n, &n, lu.data(), &n, work.data(), 1);
      library->zgetrf(&n, &n, lu.data(), &n, pivots.data(), &info);
      std::vector<T> con_work(2 * n);
      library->zgecon("1", &n, lu.data(), &n, &anorm, &rcond, con_work.data(), work.data(),
                      &con_info, 1);
      library->zgetrs("N", &n, &nrhs, lu.data(), &n, pivots.data(), x.data(), &n, &solve_info, 1);
    }
    EXPECT_EQ(info, 0);
    EXPECT_EQ(con_info, 0);
    EXPECT_EQ(solve_info, 0);
    solutions[index] = x;
    rconds[index] = rcond;
    norms[index] = anorm;
    ++index;
  }
  EXPECT_DOUBLE_EQ(norms[0], norms[1]);
  EXPECT_LT(max_difference(solutions[0], solutions[1]), 1e-10);
  // LAPACK estimates ‖A⁻¹‖₁ (a lower bound), Eigen's table computes it: rcond within a factor 3.
  EXPECT_GE(rconds[0], rconds[1] * (1 - 1e-12));
  EXPECT_LT(rconds[0], 3 * rconds[1]);
}

TEST_F(BlasBackendsTest, square_solve_real_and_complex) {
  for (int trial = 0; trial < 5; ++trial) {
    compare_square_solve<double>(openblas, eigen, [&](int count) { return random_values(count); });
    compare_square_solve<Complex>(openblas, eigen,
                                  [&](int count) { return random_complex(count); });
  }
}

TEST_F(BlasBackendsTest, singular_square_reports_the_zero_pivot) {
  const int n = 3;
  for (const Library* library : {&openblas, &eigen}) {
    std::vector<double> a = {1, 2, 3, 0, 0, 0, 4, 5, 7};  // column 2 is zero: U(2, 2) = 0
    std::vector<int> pivots(n);
    int info = 0;
    library->dgetrf(&n, &n, a.data(), &n, pivots.data(), &info);
    EXPECT_EQ(info, 2) << (library == &openblas ? "OpenBLAS" : "Eigen");
  }
}

// gelsd: minimum-norm least squares, over- and underdetermined, and rank-deficient.
TEST_F(BlasBackendsTest, least_squares) {
  for (const auto& [m, n] : {std::pair{8, 3}, std::pair{3, 8}}) {
    const int nrhs = 2, lead_b = std::max(m, n);
    std::vector<double> a = random_values(m * n);
    if (m > n) {
      for (int i = 0; i < m; ++i) a[2 * m + i] = a[i] + a[m + i];  // rank 2
    }
    const std::vector<double> b = random_values(lead_b * nrhs);
    std::vector<double> solutions[2];
    int ranks[2] = {};
    int index = 0;
    for (const Library* library : {&openblas, &eigen}) {
      std::vector<double> work_a = a, x = b;
      std::vector<double> s(static_cast<std::size_t>(std::min(m, n)));
      const double rcond = -1.0;
      int rank = 0, info = 0, lwork = -1, iquery = 0;
      double query = 0.0;
      library->dgelsd(&m, &n, &nrhs, work_a.data(), &m, x.data(), &lead_b, s.data(), &rcond, &rank,
                      &query, &lwork, &iquery, &info);
      lwork = static_cast<int>(query) + 1;
      std::vector<double> work(static_cast<std::size_t>(lwork));
      std::vector<int> iwork(static_cast<std::size_t>(std::max(iquery, 1)));
      library->dgelsd(&m, &n, &nrhs, work_a.data(), &m, x.data(), &lead_b, s.data(), &rcond, &rank,
                      work.data(), &lwork, iwork.data(), &info);
      EXPECT_EQ(info, 0);
      std::vector<double> solution;
      for (int j = 0; j < nrhs; ++j) {
        for (int i = 0; i < n; ++i) solution.push_back(x[j * lead_b + i]);
      }
      solutions[index] = solution;
      ranks[index] = rank;
      ++index;
    }
    EXPECT_EQ(ranks[0], ranks[1]);
    EXPECT_EQ(ranks[0], m > n ? 2 : 3);
    EXPECT_LT(max_difference(solutions[0], solutions[1]), 1e-10) << m << "x" << n;
  }
}

TEST_F(BlasBackendsTest, eigen_table_runs_on_one_thread) {
  eigen.set_num_threads(4);
  EXPECT_EQ(eigen.get_num_threads(), 1);
}

}  // namespace
}  // namespace llmlab::num::blas
