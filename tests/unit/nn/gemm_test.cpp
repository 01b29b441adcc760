// nn/gemm: the float tile kernels against a plain triple loop, for both epilogues (bias and
// residual included), row-major and transposed A, every ragged tile edge, the causal triangles,
// and any split of the tiles; and the AVX-512 kernel equal to the AVX2 one to the bit.
#include "nn/gemm.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "gradient_check.hpp"

namespace llmlab::nn::detail {
namespace {

// Values in [-1, 1), reproducible by seed (the nn tests' shared stream).
std::vector<float> random_values(size_t count, unsigned seed) {
  return testing::to_float(testing::sample_values(count, 1.0, seed));
}

// The product the operands describe, in double, one element at a time; for LowerC only the lower
// triangle is compared, so the result there is the old value.
std::vector<double> expected(const GemmOperands& g, const std::vector<float>& c_before) {
  std::vector<double> c(c_before.begin(), c_before.end());
  for (int i = 0; i < g.M; i++) {
    for (int j = 0; j < g.N; j++) {
      double sum = 0.0;
      for (int k = 0; k < g.K; k++) {
        sum += static_cast<double>(g.a[i * g.a_row_stride + k * g.a_k_stride]) *
               static_cast<double>(g.b[k * g.ldb + j]);
      }
      double& out = c[static_cast<size_t>(i * g.ldc + j)];
      if (g.epilogue == Epilogue::Accumulate) {
        out += sum;
      } else {
        out = sum + (g.bias != nullptr ? static_cast<double>(g.bias[j]) : 0.0) +
              (g.residual != nullptr ? static_cast<double>(g.residual[i * g.ldr + j]) : 0.0);
      }
    }
  }
  return c;
}

// Every kernel the processor runs.
std::vector<GemmKernel> kernels() {
  switch (gemm_best_kernel()) {
    case GemmKernel::Avx512:
      return {GemmKernel::Avx512, GemmKernel::Avx2, GemmKernel::Portable};
    case GemmKernel::Avx2:
      return {GemmKernel::Avx2, GemmKernel::Portable};
    case GemmKernel::Portable:
      break;
  }
  return {GemmKernel::Portable};
}

// All of C's tiles by `kernel`.
void all_tiles(GemmKernel kernel, const GemmOperands& g) {
  gemm_tiles_with(kernel, g, 0, gemm_tile_count(g, kernel));
}

// Equal to the bit, element by element.
bool same_bits(const std::vector<float>& x, const std::vector<float>& y) {
  return x.size() == y.size() && std::memcmp(x.data(), y.data(), sizeof(float) * x.size()) == 0;
}

double max_difference(const GemmOperands& g, const std::vector<float>& c,
                      const std::vector<double>& reference) {
  double worst = 0.0;
  for (int i = 0; i < g.M; i++) {
    for (int j = 0; j < g.N; j++) {
      if (g.triangle == Triangle::LowerC && j > i) continue;
      const size_t at = static_cast<size_t>(i * g.ldc + j);
      worst = std::max(worst, std::fabs(static_cast<double>(c[at]) - reference[at]));
    }
  }
  return worst;
}

TEST(gemm_test, every_shape_layout_and_epilogue_matches_plain_loops) {
  for (const int M : {1, 5, 6, 7, 13}) {
    for (const int N : {1, 8, 15, 16, 17, 40}) {
      for (const int K : {1, 9, 64}) {
        for (const bool transposed : {false, true}) {
          for (const Epilogue epilogue : {Epilogue::Store, Epilogue::Accumulate}) {
            const auto seed = static_cast<unsigned>(M * 1000 + N * 10 + K);
            const std::vector<float> a = random_values(static_cast<size_t>(M * K), seed);
            const std::vector<float> b = random_values(static_cast<size_t>(K * (N + 3)), seed + 1);
            const std::vector<float> bias = random_values(static_cast<size_t>(N), seed + 2);
            const std::vector<float> residual =
                random_values(static_cast<size_t>(M * (N + 1)), seed + 4);
            std::vector<float> c = random_values(static_cast<size_t>(M * (N + 2)), seed + 3);
            const std::vector<float> c_before = c;
            // ldc and ldb wider than N: the kernel must keep to its columns.
            const GemmOperands g{
                .c = c.data(),
                .ldc = N + 2,
                .a = a.data(),
                .a_row_stride = transposed ? 1 : K,
                .a_k_stride = transposed ? M : 1,
                .b = b.data(),
                .ldb = N + 3,
                .bias = epilogue == Epilogue::Store ? bias.data() : nullptr,
                .M = M,
                .N = N,
                .K = K,
                .epilogue = epilogue,
                .residual = epilogue == Epilogue::Store ? residual.data() : nullptr,
                .ldr = N + 1};
            const std::vector<double> reference = expected(g, c_before);
            for (const GemmKernel kernel : kernels()) {
              std::copy(c_before.begin(), c_before.end(), c.begin());
              all_tiles(kernel, g);
              EXPECT_LT(max_difference(g, c, reference), 1e-5) << M << " " << N << " " << K;
              // Padding columns between rows are untouched.
              for (int i = 0; i < M; i++) {
                for (int j = N; j < N + 2; j++) {
                  const size_t at = static_cast<size_t>(i * (N + 2) + j);
                  EXPECT_EQ(c[at], c_before[at]);
                }
              }
            }
          }
        }
      }
    }
  }
}

TEST(gemm_test, causal_triangles_skip_only_zero_terms) {
  for (const int S : {29, 70}) {
    // A square causal matrix (zero above the diagonal) and its transpose, as attention uses them.
    const int N = S < 64 ? 12 : 40;
    std::vector<float> lower = random_values(static_cast<size_t>(S * S), 40);
    for (int i = 0; i < S; i++) {
      for (int k = i + 1; k < S; k++) lower[static_cast<size_t>(i * S + k)] = 0.0f;
    }
    const std::vector<float> b = random_values(static_cast<size_t>(S * S), 41);
    struct Case {
      Triangle triangle;
      std::ptrdiff_t a_row_stride, a_k_stride;
      int N;
    };
    // LowerA reads `lower` row-major, UpperA its transpose; LowerC computes an S × S product.
    for (const Case& test : {Case{Triangle::LowerA, S, 1, N}, Case{Triangle::UpperA, 1, S, N},
                             Case{Triangle::LowerC, S, 1, S}}) {
      std::vector<std::vector<float>> results;
      for (const GemmKernel kernel : kernels()) {
        std::vector<float> c(static_cast<size_t>(S * test.N), 7.0f);
        const std::vector<float> c_before = c;
        const GemmOperands g{.c = c.data(),
                             .ldc = test.N,
                             .a = lower.data(),
                             .a_row_stride = test.a_row_stride,
                             .a_k_stride = test.a_k_stride,
                             .b = b.data(),
                             .ldb = test.N,
                             .bias = nullptr,
                             .M = S,
                             .N = test.N,
                             .K = S,
                             .epilogue = Epilogue::Accumulate,
                             .triangle = test.triangle};
        all_tiles(kernel, g);
        EXPECT_LT(max_difference(g, c, expected(g, c_before)), 1e-5) << S;
        if (test.triangle == Triangle::LowerC) {
          // The tiles wholly above the diagonal are skipped, their elements left as they were.
          const GemmTileShape shape = gemm_tile_shape(kernel, g);
          int skipped = 0;
          for (int i = 0; i < S; i++) {
            for (int j = 0; j < S; j++) {
              const int row = i / shape.rows * shape.rows;
              const int rows = std::min(shape.rows, S - row);
              if (j / shape.columns * shape.columns < row + rows) continue;
              EXPECT_EQ(c[static_cast<size_t>(i * S + j)], 7.0f) << i << " " << j;
              skipped++;
            }
          }
          // The larger product has such tiles for every kernel.
          if (S > 64) {
            EXPECT_GT(skipped, 0);
          }
          // Above the diagonal, elements of computed tiles hold products the caller ignores.
          for (int i = 0; i < S; i++) {
            for (int j = i + 1; j < S; j++) c[static_cast<size_t>(i * S + j)] = 0.0f;
          }
        }
        results.push_back(c);
      }
      // The vector kernels (listed first) agree to the bit.
      if (gemm_best_kernel() == GemmKernel::Avx512) {
        EXPECT_TRUE(same_bits(results[0], results[1])) << S;
      }
    }
  }
}

// The AVX-512 kernel against the AVX2 kernel: every element equal to the bit, on every shape
// around the tiles' edges, both layouts of A, B in place and packed, and every epilogue.
TEST(gemm_test, avx512_kernel_equals_avx2_kernel_to_the_bit) {
  if (gemm_best_kernel() != GemmKernel::Avx512) GTEST_SKIP() << "no AVX-512 on this processor";
  enum class Extras { None, Bias, Residual, Both };
  for (const int M : {1, 5, 8, 9, 17, 33}) {
    for (const int N : {1, 15, 16, 17, 31, 32, 33, 48, 70}) {
      for (const int K : {1, 9, 64}) {
        const auto seed = static_cast<unsigned>(M * 1000 + N * 10 + K);
        const std::vector<float> a = random_values(static_cast<size_t>(M * K), seed);
        const std::vector<float> b = random_values(static_cast<size_t>(K * (N + 3)), seed + 1);
        const std::vector<float> bias = random_values(static_cast<size_t>(N), seed + 2);
        const std::vector<float> residual =
            random_values(static_cast<size_t>(M * (N + 1)), seed + 3);
        const std::vector<float> c_before =
            random_values(static_cast<size_t>(M * (N + 2)), seed + 4);
        const int panels = (N + kGemmTileColumns - 1) / kGemmTileColumns;
        std::vector<float> packed_b(static_cast<size_t>(panels * kGemmTileColumns * K));
        gemm_pack_b_panels(packed_b.data(), b.data(), N + 3, N, K, 0, K);
        for (const bool transposed : {false, true}) {
          for (const bool packed : {false, true}) {
            for (const Epilogue epilogue : {Epilogue::Store, Epilogue::Accumulate}) {
              for (const Extras extras :
                   {Extras::None, Extras::Bias, Extras::Residual, Extras::Both}) {
                if (epilogue == Epilogue::Accumulate && extras != Extras::None) continue;
                const bool with_bias = extras == Extras::Bias || extras == Extras::Both;
                const bool with_residual = extras == Extras::Residual || extras == Extras::Both;
                std::vector<float> from_avx2 = c_before, from_avx512 = c_before;
                GemmOperands g{.c = nullptr,
                               .ldc = N + 2,
                               .a = a.data(),
                               .a_row_stride = transposed ? 1 : K,
                               .a_k_stride = transposed ? M : 1,
                               .b = packed ? packed_b.data() : b.data(),
                               .ldb = packed ? kGemmTileColumns : N + 3,
                               .bias = with_bias ? bias.data() : nullptr,
                               .M = M,
                               .N = N,
                               .K = K,
                               .epilogue = epilogue,
                               .residual = with_residual ? residual.data() : nullptr,
                               .ldr = N + 1,
                               .b_panel_stride = packed ? kGemmTileColumns * K : 0};
                g.c = from_avx2.data();
                all_tiles(GemmKernel::Avx2, g);
                g.c = from_avx512.data();
                all_tiles(GemmKernel::Avx512, g);
                // Padding columns included: both leave them as they were.
                EXPECT_TRUE(same_bits(from_avx2, from_avx512))
                    << M << " " << N << " " << K << " " << transposed << packed;
                EXPECT_NE(from_avx512, c_before);
              }
            }
          }
        }
      }
    }
  }
}

TEST(gemm_test, packed_b_panels_give_the_same_results_as_b_in_place) {
  // A read transposed and B packed, as the weight gradient reads them, against the same product
  // with B in place; ragged last panels (N not a multiple of 16) are zero-padded.
  for (const int M : {1, 6, 13, 64}) {
    for (const int N : {7, 16, 40}) {
      for (const int K : {1, 33, 200}) {
        const auto seed = static_cast<unsigned>(M * 1000 + N * 10 + K);
        const std::vector<float> a = random_values(static_cast<size_t>(M * K), seed);
        const std::vector<float> b = random_values(static_cast<size_t>(K * (N + 3)), seed + 1);
        const std::vector<float> c_before = random_values(static_cast<size_t>(M * N), seed + 2);
        const GemmOperands in_place{.c = nullptr,
                                    .ldc = N,
                                    .a = a.data(),
                                    .a_row_stride = 1,
                                    .a_k_stride = M,
                                    .b = b.data(),
                                    .ldb = N + 3,
                                    .bias = nullptr,
                                    .M = M,
                                    .N = N,
                                    .K = K,
                                    .epilogue = Epilogue::Accumulate};
        const int panels = (N + kGemmTileColumns - 1) / kGemmTileColumns;
        // Filled with NaN first, so that a panel element the packing missed would show.
        std::vector<float> packed_b(static_cast<size_t>(panels * kGemmTileColumns * K), NAN);
        // Packed in two halves of k, as threads share the work.
        gemm_pack_b_panels(packed_b.data(), b.data(), N + 3, N, K, 0, K / 2);
        gemm_pack_b_panels(packed_b.data(), b.data(), N + 3, N, K, K / 2, K);
        for (const float value : packed_b) ASSERT_FALSE(std::isnan(value));
        GemmOperands packed = in_place;
        packed.b = packed_b.data();
        packed.ldb = kGemmTileColumns;
        packed.b_panel_stride = kGemmTileColumns * K;
        for (const GemmKernel kernel : kernels()) {
          std::vector<float> from_place = c_before, from_panels = c_before;
          GemmOperands g = in_place;
          g.c = from_place.data();
          all_tiles(kernel, g);
          g = packed;
          g.c = from_panels.data();
          all_tiles(kernel, g);
          // The same products summed in the same order: equal to the bit.
          EXPECT_EQ(from_place, from_panels) << M << " " << N << " " << K;
          EXPECT_LT(max_difference(g, from_panels, expected(in_place, c_before)), 1e-4);
        }
      }
    }
  }
}

TEST(gemm_test, transposed_panels_hold_the_transpose) {
  // A weight (N, K) with a row stride past K packs into the panels of B = weightᵀ: the same
  // panels gemm_pack_b_panels makes from B written out row-major; ragged last panels zero-padded.
  for (const int N : {5, 16, 37}) {
    for (const int K : {1, 11, 64}) {
      const std::vector<float> weight =
          random_values(static_cast<size_t>(N * (K + 2)), static_cast<unsigned>(N * 100 + K));
      std::vector<float> b(static_cast<size_t>(K * N));
      for (int k = 0; k < K; k++) {
        for (int j = 0; j < N; j++) {
          b[static_cast<size_t>(k * N + j)] = weight[static_cast<size_t>(j * (K + 2) + k)];
        }
      }
      const int panels = (N + kGemmTileColumns - 1) / kGemmTileColumns;
      const auto size = static_cast<size_t>(panels * kGemmTileColumns * K);
      std::vector<float> from_rows(size), from_weight(size, NAN);
      gemm_pack_b_panels(from_rows.data(), b.data(), N, N, K, 0, K);
      for (int p = 0; p < panels; p++) {
        gemm_pack_transposed_b_panel(from_weight.data(), weight.data(), K + 2, N, K, p);
      }
      EXPECT_EQ(from_weight, from_rows) << N << " " << K;
    }
  }
}

TEST(gemm_test, any_split_of_the_tiles_gives_identical_results) {
  const int M = 50, N = 70, K = 33;
  const std::vector<float> a = random_values(static_cast<size_t>(M * K), 50);
  const std::vector<float> b = random_values(static_cast<size_t>(K * N), 51);
  std::vector<float> whole(static_cast<size_t>(M * N)), pieces(whole.size());
  GemmOperands g{.c = whole.data(),
                 .ldc = N,
                 .a = a.data(),
                 .a_row_stride = K,
                 .a_k_stride = 1,
                 .b = b.data(),
                 .ldb = N,
                 .bias = nullptr,
                 .M = M,
                 .N = N,
                 .K = K,
                 .epilogue = Epilogue::Store};
  const int tiles = gemm_tile_count(g);
  gemm_tiles(g, 0, tiles);
  g.c = pieces.data();
  for (int end = tiles; end > 0; end -= 3) gemm_tiles(g, std::max(0, end - 3), end);
  EXPECT_EQ(whole, pieces);
}

}  // namespace
}  // namespace llmlab::nn::detail
