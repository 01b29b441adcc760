// bench_gemm_throughput: GFLOP/s of nn/gemm's tile kernels (AVX2 and, where the processor has
// it, AVX-512) on the products of one trainer step (d 64, hidden 256, 1024 tokens, 4 heads of
// 16, context 64), laid out as nn/matmul.cpp and nn/attention.cpp lay them out, on one thread
// and on two sharing the tiles (gemm_shared). Best of several trials. A benchmark, not a test.
//   bench_gemm_throughput [--trials N]
#include <fmt/format.h>
#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "nn/gemm.hpp"

namespace {

using namespace llmlab::nn::detail;

constexpr int kTokens = 1024;  // batch × context
constexpr int kContext = 64;
constexpr int kHeadSize = 16;

// How a product reads its operands: as the linear layer's forward, input gradient or weight
// gradient, or as causal attention's three kinds of per-head product.
enum class Layout { Forward, InputGradient, WeightGradient, Scores, Mix, MixTransposed };

struct Shape {
  std::string_view name;
  Layout layout;
  int M, N, K;
};

constexpr Shape kShapes[] = {
    {"forward qkv", Layout::Forward, kTokens, 192, 64},
    {"forward proj", Layout::Forward, kTokens, 64, 64},
    {"forward fc", Layout::Forward, kTokens, 256, 64},
    {"forward fc proj", Layout::Forward, kTokens, 64, 256},
    {"dinp qkv", Layout::InputGradient, kTokens, 64, 192},
    {"dinp proj", Layout::InputGradient, kTokens, 64, 64},
    {"dinp fc", Layout::InputGradient, kTokens, 64, 256},
    {"dinp fc proj", Layout::InputGradient, kTokens, 256, 64},
    {"dW qkv", Layout::WeightGradient, 192, 64, kTokens},
    {"dW proj", Layout::WeightGradient, 64, 64, kTokens},
    {"dW fc", Layout::WeightGradient, 256, 64, kTokens},
    {"dW fc proj", Layout::WeightGradient, 64, 256, kTokens},
    {"att scores", Layout::Scores, kContext, kContext, kHeadSize},
    {"att · v", Layout::Mix, kContext, kHeadSize, kContext},
    {"attᵀ · dy", Layout::MixTransposed, kContext, kHeadSize, kContext},
};

std::vector<float> random_values(size_t count, unsigned seed) {
  std::mt19937 engine(seed);
  std::uniform_real_distribution<float> uniform(-1.0f, 1.0f);
  std::vector<float> values(count);
  for (float& v : values) v = uniform(engine);
  return values;
}

// The operand buffers of one product and the operands that read them.
struct Product {
  std::vector<float> a, b, c, bias, residual;
  GemmOperands operands{};
};

Product make_product(const Shape& s) {
  const auto count = [](int rows, int columns) {
    return static_cast<size_t>(rows) * static_cast<size_t>(columns);
  };
  Product p;
  p.a = random_values(count(s.M, s.K), 1);
  p.c = random_values(count(s.M, s.N), 3);
  GemmOperands& g = p.operands;
  g = {.c = p.c.data(),
       .ldc = s.N,
       .a = p.a.data(),
       .a_row_stride = s.K,
       .a_k_stride = 1,
       .b = nullptr,
       .ldb = s.N,
       .bias = nullptr,
       .M = s.M,
       .N = s.N,
       .K = s.K,
       .epilogue = Epilogue::Store};
  switch (s.layout) {
    case Layout::Forward:
      // Bias always; the residual where the layer's output returns to the residual stream.
      p.bias = random_values(static_cast<size_t>(s.N), 4);
      g.bias = p.bias.data();
      if (s.N == 64) {
        p.residual = random_values(count(s.M, s.N), 5);
        g.residual = p.residual.data();
        g.ldr = s.N;
      }
      break;
    case Layout::InputGradient:
      g.epilogue = Epilogue::Accumulate;
      break;
    case Layout::WeightGradient: {
      // A = doutᵀ read in place, B = inp packed in panels, summed into the old gradient.
      g.a_row_stride = 1;
      g.a_k_stride = s.M;
      g.epilogue = Epilogue::Accumulate;
      const int panels = (s.N + kGemmTileColumns - 1) / kGemmTileColumns;
      const std::vector<float> inp = random_values(count(s.K, s.N), 2);
      p.b.resize(count(panels * kGemmTileColumns, s.K));
      gemm_pack_b_panels(p.b.data(), inp.data(), s.N, s.N, s.K, 0, s.K);
      g.ldb = kGemmTileColumns;
      g.b_panel_stride = static_cast<std::ptrdiff_t>(kGemmTileColumns) * s.K;
      break;
    }
    case Layout::Scores:
      // q's rows lie in the qkv activations (row stride 3 · d), B is the packed kᵀ.
      p.a = random_values(count(s.M, 192), 1);
      g.a = p.a.data();
      g.a_row_stride = 192;
      g.triangle = Triangle::LowerC;
      break;
    case Layout::Mix:
      // att (causal, row-major) times v, whose rows lie in the qkv activations.
      g.ldb = 192;
      g.triangle = Triangle::LowerA;
      break;
    case Layout::MixTransposed:
      // attᵀ times dy, summed into dv: A read transposed.
      g.a_row_stride = 1;
      g.a_k_stride = s.M;
      g.ldb = 64;
      g.ldc = 192;
      g.epilogue = Epilogue::Accumulate;
      g.triangle = Triangle::UpperA;
      break;
  }
  if (p.b.empty()) {
    p.b = random_values(count(s.K, static_cast<int>(g.ldb)), 2);
  }
  if (g.ldc != s.N) {
    p.c = random_values(count(s.M, static_cast<int>(g.ldc)), 3);
  }
  g.b = p.b.data();
  g.c = p.c.data();
  return p;
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// GFLOP/s of `kernel` on the product, 2 M N K flops per run (the dense count, triangles too),
// on `threads` threads: the best of `trials` trials of `runs` runs each.
double gflops(const GemmOperands& g, GemmKernel kernel, int threads, int trials, int runs) {
  double best = 1e30;
  for (int trial = 0; trial < trials; trial++) {
    const auto start = std::chrono::steady_clock::now();
    if (threads == 1) {
      const int tiles = gemm_tile_count(g, kernel);
      for (int run = 0; run < runs; run++) gemm_tiles_with(kernel, g, 0, tiles);
    } else {
#pragma omp parallel num_threads(threads)
      for (int run = 0; run < runs; run++) {
        gemm_shared(g, kernel);
        // As in the trainer, each product waits for the one before.
#pragma omp barrier
      }
    }
    best = std::min(best, seconds_since(start));
  }
  return 2.0 * g.M * g.N * g.K * runs / best * 1e-9;
}

}  // namespace

int main(int argc, char** argv) {
  int trials = 5;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (std::string_view(argv[i]) == "--trials") trials = std::max(1, std::atoi(argv[i + 1]));
  }
  std::vector<GemmKernel> kernels{GemmKernel::Avx2};
  if (gemm_best_kernel() == GemmKernel::Avx512) kernels.push_back(GemmKernel::Avx512);
  fmt::print("GFLOP/s (2 M N K / best time of {} trials; triangles counted dense)\n", trials);
  fmt::print("{:<16} {:>5} {:>5} {:>5}", "product", "M", "N", "K");
  for (const GemmKernel kernel : kernels) {
    const char* name = kernel == GemmKernel::Avx512 ? "avx512" : "avx2";
    fmt::print(" {:>9} {:>9}", fmt::format("{} 1t", name), fmt::format("{} 2t", name));
  }
  fmt::print("\n");
  for (const Shape& shape : kShapes) {
    const Product product = make_product(shape);
    // About 20 ms of work per trial at 100 GFLOP/s.
    const double flops = 2.0 * shape.M * shape.N * shape.K;
    const int runs = std::max(1, static_cast<int>(2e9 / flops));
    fmt::print("{:<16} {:>5} {:>5} {:>5}", shape.name, shape.M, shape.N, shape.K);
    for (const GemmKernel kernel : kernels) {
      for (const int threads : {1, 2}) {
        fmt::print(" {:>9.1f}", gflops(product.operands, kernel, threads, trials, runs));
      }
    }
    fmt::print("\n");
    std::fflush(stdout);
  }
  return 0;
}
