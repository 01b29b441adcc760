// nn/attention: causal structure, softmax rows, and the backward pass against central finite
// differences in double.
#include "nn/attention.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <random>
#include <span>
#include <vector>

#include "nn/attention_avx512.hpp"
#include "nn/gemm.hpp"

namespace llmlab::nn {
namespace {

std::vector<double> random_vector(size_t count, unsigned seed) {
  std::mt19937 engine(seed);
  std::uniform_real_distribution<double> uniform(-1.0, 1.0);
  std::vector<double> values(count);
  for (double& v : values) v = uniform(engine);
  return values;
}

constexpr int B = 2, T = 5, C = 6, NH = 2;

TEST(attention_test, rows_are_causal_distributions) {
  const auto inp = random_vector(B * T * 3 * C, 1);
  std::vector<double> out(B * T * C), att(B * NH * T * T);
  attention_forward<double>(out, att, inp, B, T, C, NH);
  for (int row = 0; row < B * NH * T; row++) {
    const int t = row % T;
    double sum = 0.0;
    for (int u = 0; u < T; u++) {
      const double a = att[static_cast<size_t>(row * T + u)];
      if (u > t) {
        EXPECT_EQ(a, 0.0);
      }
      sum += a;
    }
    EXPECT_NEAR(sum, 1.0, 1e-12);
  }
  // The first position sees only itself: its output is its own value vector.
  for (int i = 0; i < C; i++) EXPECT_NEAR(out[static_cast<size_t>(i)], inp[2 * C + i], 1e-12);
}

TEST(attention_test, future_tokens_do_not_change_the_past) {
  auto inp = random_vector(B * T * 3 * C, 2);
  std::vector<double> out(B * T * C), att(B * NH * T * T);
  attention_forward<double>(out, att, inp, B, T, C, NH);
  const std::vector<double> before = out;
  for (int i = 0; i < 3 * C; i++) inp[static_cast<size_t>((T - 1) * 3 * C + i)] += 5.0;
  attention_forward<double>(out, att, inp, B, T, C, NH);
  for (int i = 0; i < (T - 1) * C; i++) EXPECT_EQ(out[static_cast<size_t>(i)], before[i]);
  EXPECT_NE(out[static_cast<size_t>((T - 1) * C)], before[static_cast<size_t>((T - 1) * C)]);
}

TEST(attention_test, backward_matches_finite_differences) {
  auto inp = random_vector(B * T * 3 * C, 3);
  const auto probe = random_vector(B * T * C, 4);
  const auto loss = [&] {
    std::vector<double> out(B * T * C), att(B * NH * T * T);
    attention_forward<double>(out, att, inp, B, T, C, NH);
    double sum = 0.0;
    for (size_t i = 0; i < out.size(); i++) sum += probe[i] * out[i];
    return sum;
  };
  // Nonzero on entry: the backward passes write dinp, they do not add to it.
  std::vector<double> out(B * T * C), att(B * NH * T * T), dinp(inp.size(), 7.0);
  std::vector<double> dinp_reference(inp.size(), -3.0);
  attention_forward<double>(out, att, inp, B, T, C, NH);
  attention_backward<double>(dinp, probe, inp, att, B, T, C, NH);
  attention_backward_reference<double>(dinp_reference, probe, inp, att, B, T, C, NH);
  for (size_t i = 0; i < inp.size(); i++) EXPECT_NEAR(dinp[i], dinp_reference[i], 1e-12);
  const double h = 1e-6;
  double worst = 0.0;
  for (size_t i = 0; i < inp.size(); i++) {
    const double saved = inp[i];
    inp[i] = saved + h;
    const double up = loss();
    inp[i] = saved - h;
    const double down = loss();
    inp[i] = saved;
    worst = std::max(worst, std::fabs((up - down) / (2 * h) - dinp[i]));
  }
  EXPECT_LT(worst, 1e-8) << "max |numeric - analytic| = " << worst;
}

TEST(attention_test, fast_matches_reference_with_threads) {
  // Large enough for the thread team; odd T and head sizes 8 and 4 leave ragged and masked tiles
  // in the float products, (2, 64, 64, 4) is the trainer's head shape.
  for (const auto [b, t, c, nh] :
       {std::array{4, 33, 32, 4}, std::array{2, 64, 64, 4}, std::array{3, 7, 12, 3}}) {
    const auto inp = random_vector(b * t * 3 * c, 6);
    const auto probe = random_vector(b * t * c, 7);
    std::vector<float> x(inp.begin(), inp.end()), dy(probe.begin(), probe.end());
    std::vector<float> out(b * t * c), att(b * nh * t * t), out_ref(out.size()),
        att_ref(att.size());
    attention_forward<float>(out, att, x, b, t, c, nh);
    attention_forward_reference<float>(out_ref, att_ref, x, b, t, c, nh);
    for (size_t i = 0; i < out.size(); i++) EXPECT_NEAR(out[i], out_ref[i], 1e-5);
    for (size_t i = 0; i < att.size(); i++) EXPECT_NEAR(att[i], att_ref[i], 1e-6);
    std::vector<float> dinp(x.size(), 0.5f), dinp_ref(x.size(), 0.5f);
    attention_backward<float>(dinp, dy, x, att, b, t, c, nh);
    attention_backward_reference<float>(dinp_ref, dy, x, att, b, t, c, nh);
    for (size_t i = 0; i < x.size(); i++) EXPECT_NEAR(dinp[i], dinp_ref[i], 1e-5);
  }
}

// The 16-channel-head kernels (AVX-512) take every shape with C / NH = 16 and T a multiple of
// 16; the others go to the general path. Both must match the reference, at every such T, with
// scores large enough that the softmax's maximum shift matters, and from unaligned buffers.
TEST(attention_test, head16_kernels_match_reference) {
  const bool avx512 = detail::gemm_best_kernel() == detail::GemmKernel::Avx512;
  EXPECT_EQ(detail::attention_head16_applies(64, 64, 4), avx512);
  EXPECT_EQ(detail::attention_head16_applies(32, 16, 1), avx512);
  EXPECT_FALSE(detail::attention_head16_applies(63, 64, 4));  // T not a multiple of 16
  EXPECT_FALSE(detail::attention_head16_applies(64, 48, 4));  // heads of 12
  EXPECT_FALSE(detail::attention_head16_applies(64, 64, 2));  // heads of 32
  for (const auto [b, t, c, nh] :
       {std::array{1, 16, 16, 1}, std::array{3, 32, 32, 2}, std::array{2, 48, 64, 4}}) {
    auto inp = random_vector(b * t * 3 * c, 8);
    for (double& x : inp) x *= 6.0;  // scores up to ~±36 before the 1/4 scale
    const auto probe = random_vector(b * t * c, 9);
    // One float more in front, so the kernels see addresses off the 64-byte lines.
    std::vector<float> x_buffer(inp.size() + 1), dy_buffer(probe.size() + 1);
    std::copy(inp.begin(), inp.end(), x_buffer.begin() + 1);
    std::copy(probe.begin(), probe.end(), dy_buffer.begin() + 1);
    const std::span<const float> x(x_buffer.data() + 1, inp.size());
    const std::span<const float> dy(dy_buffer.data() + 1, probe.size());
    std::vector<float> att_buffer(static_cast<size_t>(b * nh * t * t) + 1);
    const std::span<float> att(att_buffer.data() + 1, att_buffer.size() - 1);
    std::vector<float> out(b * t * c), out_ref(out.size()), att_ref(att.size());
    attention_forward<float>(out, att, x, b, t, c, nh);
    attention_forward_reference<float>(out_ref, att_ref, x, b, t, c, nh);
    for (size_t i = 0; i < out.size(); i++) ASSERT_NEAR(out[i], out_ref[i], 1e-5) << t;
    for (size_t i = 0; i < att.size(); i++) ASSERT_NEAR(att[i], att_ref[i], 1e-6) << t;
    // Written whole, whatever dinp held.
    std::vector<float> dinp(x.size(), 9.0f), dinp_ref(x.size(), 0.0f);
    attention_backward<float>(dinp, dy, x, att, b, t, c, nh);
    attention_backward_reference<float>(dinp_ref, dy, x, att, b, t, c, nh);
    for (size_t i = 0; i < x.size(); i++) ASSERT_NEAR(dinp[i], dinp_ref[i], 1e-5) << t;
  }
}

TEST(attention_test, float_matches_double) {
  const auto inp = random_vector(B * T * 3 * C, 5);
  std::vector<float> inp_f(inp.begin(), inp.end());
  std::vector<double> out(B * T * C), att(B * NH * T * T);
  std::vector<float> out_f(B * T * C), att_f(B * NH * T * T);
  attention_forward<double>(out, att, inp, B, T, C, NH);
  attention_forward<float>(out_f, att_f, inp_f, B, T, C, NH);
  for (size_t i = 0; i < out.size(); i++) EXPECT_NEAR(out_f[i], out[i], 1e-5);
}

}  // namespace
}  // namespace llmlab::nn
