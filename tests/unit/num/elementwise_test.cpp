// Tests for num/elementwise.hpp: real versus complex formulas, rounding rules, mod/rem signs,
// max/min NaN rules and the element tests.
#include "num/elementwise.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <numbers>

#include "expect_error.hpp"

namespace llmlab::num {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
const double kNaN = std::nan("");

TEST(elementwise_test, real_domain_gives_nan_not_complex) {
  const Matrix r = apply(UnaryFunction::Sqrt, Matrix::from_rows({{4, -1}}));
  ASSERT_TRUE(r.is_real());
  EXPECT_EQ(r[0], 2.0);
  EXPECT_TRUE(std::isnan(r[1]));
  EXPECT_EQ(apply(UnaryFunction::Log, 0.0), -kInf);
  EXPECT_TRUE(std::isnan(apply(UnaryFunction::Log, -1.0)));
}

// The principal root is exact where the answer is representable and signed on the branch cut
// as C99 Annex G says, in every build (libc++'s polar-form root is not).
// MATLAB's rule (the matlab dialect): which inputs leave the real domain, and their complex
// values on MATLAB's branches, as Octave 7.3 prints them.
TEST(elementwise_test, matlab_complex_results_beyond_the_real_domain) {
  EXPECT_TRUE(leaves_real_domain(UnaryFunction::Sqrt, Matrix::from_rows({{4, -1}})));
  EXPECT_FALSE(leaves_real_domain(UnaryFunction::Sqrt, Matrix::from_rows({{4, -0.0}})));
  EXPECT_FALSE(leaves_real_domain(UnaryFunction::Log, Matrix::from_rows({{kNaN, 0}})));
  EXPECT_TRUE(leaves_real_domain(UnaryFunction::Log10, Matrix::from_rows({{-kInf}})));
  EXPECT_TRUE(leaves_real_domain(UnaryFunction::Acos, Matrix::from_rows({{1.5}})));
  EXPECT_FALSE(leaves_real_domain(UnaryFunction::Asin, Matrix::from_rows({{1, -1}})));
  EXPECT_FALSE(leaves_real_domain(UnaryFunction::Exp, Matrix::from_rows({{-5}})));

  const Matrix roots = apply_in_complex(UnaryFunction::Sqrt, Matrix::from_rows({{-4, 9}}));
  EXPECT_EQ(roots.complex_at(0), Complex(0, 2));
  EXPECT_EQ(roots.complex_at(1), Complex(3, 0));
  EXPECT_FALSE(std::signbit(roots.complex_at(1).imag()));
  const Matrix log2s = apply_in_complex(UnaryFunction::Log2, Matrix::from_rows({{-8}}));
  EXPECT_NEAR(log2s.complex_at(0).real(), 3, 1e-15);
  EXPECT_NEAR(log2s.complex_at(0).imag(), std::numbers::pi / std::numbers::ln2, 1e-15);
  const Matrix arcsines = apply_in_complex(UnaryFunction::Asin, Matrix::from_rows({{2, -2}}));
  EXPECT_NEAR(arcsines.complex_at(0).real(), std::numbers::pi / 2, 1e-15);
  EXPECT_NEAR(arcsines.complex_at(0).imag(), -1.3169578969248166, 1e-15);
  EXPECT_NEAR(arcsines.complex_at(1).real(), -std::numbers::pi / 2, 1e-15);
  EXPECT_NEAR(arcsines.complex_at(1).imag(), 1.3169578969248166, 1e-15);
  const Matrix arccosines = apply_in_complex(UnaryFunction::Acos, Matrix::from_rows({{2, -2}}));
  EXPECT_NEAR(arccosines.complex_at(0).real(), 0, 1e-15);
  EXPECT_NEAR(arccosines.complex_at(0).imag(), 1.3169578969248166, 1e-15);
  EXPECT_NEAR(arccosines.complex_at(1).real(), std::numbers::pi, 1e-15);
  EXPECT_NEAR(arccosines.complex_at(1).imag(), -1.3169578969248166, 1e-15);
}

TEST(elementwise_test, complex_square_root_is_exact_and_signed) {
  const auto root = [](double re, double im) {
    return apply(UnaryFunction::Sqrt, Complex(re, im));
  };
  EXPECT_EQ(root(-4, 0), Complex(0, 2));
  EXPECT_EQ(root(-4, -0.0), Complex(0, -2));
  EXPECT_EQ(root(-3, 4), Complex(1, 2));
  EXPECT_EQ(root(-3, -4), Complex(1, -2));
  EXPECT_EQ(root(3, 4), Complex(2, 1));
  EXPECT_EQ(root(0, 2), Complex(1, 1));
  EXPECT_EQ(root(0, -0.0).imag(), -0.0);
  EXPECT_TRUE(std::signbit(root(0, -0.0).imag()));
  EXPECT_EQ(root(-kInf, 1), Complex(0, kInf));
  EXPECT_EQ(root(kInf, -1), Complex(kInf, -0.0));
  EXPECT_EQ(root(kNaN, kInf), Complex(kInf, kInf));
  EXPECT_TRUE(std::isnan(root(kNaN, 1).real()));
  // Extreme magnitudes keep every bit: |re| + |z| would overflow or lose bits otherwise.
  EXPECT_EQ(root(-0x1p1020, 0), Complex(0, 0x1p510));
  EXPECT_EQ(root(0x1p1020 * 3, 0x1p1020 * 4), Complex(0x1p511, 0x1p510));
  EXPECT_EQ(root(-0x1p-1070, 0), Complex(0, 0x1p-535));
}

TEST(elementwise_test, complex_formulas) {
  EXPECT_EQ(apply(UnaryFunction::Sqrt, Complex(-1, 0)), Complex(0, 1));
  const Complex log_minus_one = apply(UnaryFunction::Log, Complex(-1, 0));
  EXPECT_EQ(log_minus_one.real(), 0.0);
  EXPECT_EQ(log_minus_one.imag(), std::numbers::pi);
  EXPECT_NEAR(apply(UnaryFunction::Log2, Complex(8, 0)).real(), 3.0, 1e-15);
  Matrix z(1, 2, Matrix::Element::ComplexValued);
  z.set(0, Complex(3, 4));
  z.set(1, Complex(-1, 0));
  const Matrix magnitude = apply(UnaryFunction::Abs, z);
  ASSERT_TRUE(magnitude.is_real());
  EXPECT_EQ(magnitude, Matrix::from_rows({{5, 1}}));
  EXPECT_EQ(apply(UnaryFunction::Angle, z)[1], std::numbers::pi);
  EXPECT_EQ(apply(UnaryFunction::Conj, z).complex_at(0), Complex(3, -4));
  EXPECT_EQ(apply(UnaryFunction::Sign, Complex(3, 4)), Complex(0.6, 0.8));
}

TEST(elementwise_test, rounding) {
  const Matrix x = Matrix::from_rows({{2.5, -2.5, 1.7, -1.7}});
  EXPECT_EQ(apply(UnaryFunction::Round, x), Matrix::from_rows({{3, -3, 2, -2}}));
  EXPECT_EQ(apply(UnaryFunction::Fix, x), Matrix::from_rows({{2, -2, 1, -1}}));
  EXPECT_EQ(apply(UnaryFunction::Floor, x), Matrix::from_rows({{2, -3, 1, -2}}));
  EXPECT_EQ(apply(UnaryFunction::Ceil, x), Matrix::from_rows({{3, -2, 2, -1}}));
  EXPECT_EQ(apply(UnaryFunction::Floor, Complex(1.5, -1.5)), Complex(1, -2));
}

TEST(elementwise_test, sign_and_angle_of_reals) {
  EXPECT_EQ(apply(UnaryFunction::Sign, Matrix::from_rows({{-3, 0, 2}})),
            Matrix::from_rows({{-1, 0, 1}}));
  EXPECT_TRUE(std::isnan(apply(UnaryFunction::Sign, kNaN)));
  EXPECT_EQ(apply(UnaryFunction::Angle, -2.0), std::numbers::pi);
  EXPECT_EQ(apply(UnaryFunction::Angle, 2.0), 0.0);
}

TEST(elementwise_test, mod_and_rem) {
  EXPECT_EQ(apply(BinaryFunction::Mod, -1.0, 3.0), 2.0);
  EXPECT_EQ(apply(BinaryFunction::Rem, -1.0, 3.0), -1.0);
  EXPECT_EQ(apply(BinaryFunction::Mod, 5.0, 0.0), 5.0);
  EXPECT_TRUE(std::isnan(apply(BinaryFunction::Rem, 5.0, 0.0)));
  EXPECT_EQ(apply(BinaryFunction::Mod, Matrix::from_rows({{5, -5, 7.5}}), Matrix(1, 1, 2.0)),
            Matrix::from_rows({{1, 1, 1.5}}));
  EXPECT_EQ(apply(BinaryFunction::Mod, 1.0, -3.0), -2.0);
}

TEST(elementwise_test, hypot_atan2_broadcast) {
  EXPECT_EQ(
      apply(BinaryFunction::Hypot, Matrix::from_rows({{3}, {5}}), Matrix::from_rows({{4, 12}})),
      Matrix::from_rows({{5, std::hypot(3.0, 12.0)}, {std::hypot(5.0, 4.0), 13}}));
  EXPECT_EQ(apply(BinaryFunction::Hypot, 1e300, 1e300), std::hypot(1e300, 1e300));
  EXPECT_EQ(apply(BinaryFunction::Atan2, 1.0, -1.0), 3 * std::numbers::pi / 4);
  EXPECT_THROW_MSG(apply(BinaryFunction::Atan2, Matrix(2, 2), Matrix(3, 2)),
                   "implicit expansion: row dimensions [2] and [3] are incompatible (must "
                   "match, or one must be 1)");
}

TEST(elementwise_test, max_min_skip_nan) {
  const Matrix a = Matrix::from_rows({{1, kNaN, 5, kNaN}});
  const Matrix b = Matrix::from_rows({{2, 3, 4, kNaN}});
  const Matrix larger = apply(BinaryFunction::Max, a, b);
  EXPECT_EQ(larger[0], 2.0);
  EXPECT_EQ(larger[1], 3.0);
  EXPECT_EQ(larger[2], 5.0);
  EXPECT_TRUE(std::isnan(larger[3]));
  EXPECT_EQ(apply(BinaryFunction::Min, a, Matrix(1, 1, 0.0)), Matrix::from_rows({{0, 0, 0, 0}}));
}

TEST(elementwise_test, element_tests) {
  Matrix z(1, 4, Matrix::Element::ComplexValued);
  z.set(0, Complex(1, kNaN));
  z.set(1, Complex(kInf, 0));
  z.set(2, Complex(kInf, kNaN));
  z.set(3, Complex(1, 2));
  EXPECT_EQ(test(ElementTest::IsNan, z), Matrix::from_rows({{1, 0, 1, 0}}));
  EXPECT_EQ(test(ElementTest::IsInf, z), Matrix::from_rows({{0, 1, 0, 0}}));
  EXPECT_EQ(test(ElementTest::IsFinite, z), Matrix::from_rows({{0, 0, 0, 1}}));
  EXPECT_EQ(test(ElementTest::IsNan, Matrix(0, 0)).size(), 0);
}

}  // namespace
}  // namespace llmlab::num
