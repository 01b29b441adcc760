// ⟨v⟩ for every kind and the echo lines, checked against language.md §8.2, §8.5–§8.7 and the
// seed's expected output.
#include "runtime/display.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

namespace llmlab::runtime {
namespace {

using num::Matrix;

Value row(std::initializer_list<double> values) {
  return Value::vector(Matrix::from_rows({values}));
}

TEST(display, scalars) {
  EXPECT_EQ(display(Value::scalar(3)), "3");
  EXPECT_EQ(display(Value::scalar(1.4142135623730951)), "1.4142135623730951");
  EXPECT_EQ(display(Value::scalar(3.0999937929016566e-7)), "0.00000030999937929016566");
  EXPECT_EQ(display(Value::scalar(-0.0)), "-0");
  EXPECT_EQ(display(Value::scalar(std::nan(""))), "NaN");
  EXPECT_EQ(display(Value::scalar(std::numeric_limits<double>::infinity())), "inf");
  EXPECT_EQ(display(Value::scalar(-std::numeric_limits<double>::infinity())), "-inf");
}

TEST(display, complex_bool_string) {
  EXPECT_EQ(display(Value::complex({3, 4})), "3+4j");
  EXPECT_EQ(display(Value::complex({1, -2})), "1-2j");
  EXPECT_EQ(display(Value::complex({0, 1})), "0+1j");
  EXPECT_EQ(display(Value::complex({-1, 0})), "-1+0j");
  EXPECT_EQ(display(Value::boolean(true)), "true");
  EXPECT_EQ(display(Value::boolean(false)), "false");
  EXPECT_EQ(display(Value::string("Vocab size 3 -> uniform PPL = 3.")),
            "Vocab size 3 -> uniform PPL = 3.");
  EXPECT_EQ(display(Value::string("")), "");
}

TEST(display, vectors) {
  EXPECT_EQ(display(row({1, 2, 3, 4, 5})),
            "[1\u00d75]  1.000000  2.000000  3.000000  4.000000  5.000000");
  EXPECT_EQ(display(row({64, 32})), "[1\u00d72]  64.000000  32.000000");
  EXPECT_EQ(display(Value::vector(Matrix(1, 0))), "[1\u00d70]");
  // Logical vectors display like numeric ones (§13.6).
  EXPECT_EQ(display(Value::vector(Matrix::from_rows({{1, 0}}), true)),
            "[1\u00d72]  1.000000  0.000000");
  EXPECT_EQ(display(row({10, 30, 50, 20, 40, 60})),
            "[1\u00d76]  10.000000  30.000000  50.000000  20.000000  40.000000  60.000000");
}

TEST(display, matrices) {
  Matrix one_hot(5, 4, 0.0);
  const int hot[] = {1, 0, 2, 2, 3};
  for (int r = 0; r < 5; ++r) one_hot.set(r, hot[r], 1.0);
  EXPECT_EQ(display(Value::matrix(one_hot)),
            "Matrix(5x4)\n"
            "  [0.000000, 1.000000, 0.000000, 0.000000]\n"
            "  [1.000000, 0.000000, 0.000000, 0.000000]\n"
            "  [0.000000, 0.000000, 1.000000, 0.000000]\n"
            "  [0.000000, 0.000000, 1.000000, 0.000000]\n"
            "  [0.000000, 0.000000, 0.000000, 1.000000]");
  EXPECT_EQ(display(Value::matrix(Matrix())), "Matrix(0x0)");
  EXPECT_EQ(display(Value::matrix(Matrix(3, 0))), "Matrix(3x0)\n  []\n  []\n  []");
}

TEST(display, string_arrays) {
  EXPECT_EQ(display(Value::string_array({"Jan", "Feb", "Mar", "Apr", "May", "Jun"})),
            "{1\u00d76} \"Jan\", \"Feb\", \"Mar\", \"Apr\", \"May\", \"Jun\"");
  EXPECT_EQ(display(Value::string_array({"Feb", "Mar", "Apr"})),
            "{1\u00d73} \"Feb\", \"Mar\", \"Apr\"");
  EXPECT_EQ(display(Value::string_array({"a", "b", "c", "d", "e", "f", "g", "h", "i"})),
            "{1\u00d79} \"a\", \"b\", \"c\", \"d\", \"e\", \"f\", \"g\", \"h\", ... (9 total)");
}

TEST(display, struct_tuple_none_callables) {
  StructFields fields;
  fields["b"] = row({1, 2});
  fields["a"] = Value::scalar(1);
  EXPECT_EQ(display(Value::structure(fields)), "struct {a: 1, b: [1\u00d72]  1.000000  2.000000}");
  EXPECT_EQ(display(Value::structure()), "struct {}");
  EXPECT_EQ(display(Value::tuple({Value::scalar(1), Value::string("x"), Value::boolean(true)})),
            "(1, x, true)");
  EXPECT_EQ(display(Value::none()), "None");
  EXPECT_EQ(display(Value::lambda(Lambda{{"x", "y"}, "x + y", nullptr})), "@(x, y) x + y");
  EXPECT_EQ(display(Value::lambda(Lambda{{}, "42", nullptr})), "@() 42");
  EXPECT_EQ(display(Value::function_handle("sin")), "@sin");
  EXPECT_EQ(display(Value::all_index()), ":");
}

TEST(display, print_joins_with_one_space) {
  // The seed's print lines (§8.7).
  std::vector<Value> v = {Value::string("v:                 "), row({1, 2, 3, 4, 5})};
  EXPECT_EQ(display_joined(v),
            "v:                  [1\u00d75]  1.000000  2.000000  3.000000  4.000000  5.000000");
  std::vector<Value> magnitude = {Value::string("layer 24 magnitude: no-res"),
                                  Value::scalar(3.0999937929016566e-7),
                                  Value::string(" h = 0.1"),
                                  Value::scalar(8.305932496635211),
                                  Value::string(" h = 1"),
                                  Value::scalar(32380.935903241378)};
  EXPECT_EQ(
      display_joined(magnitude),
      "layer 24 magnitude: no-res 0.00000030999937929016566  h = 0.1 8.305932496635211  h = 1 "
      "32380.935903241378");
  std::vector<Value> dof = {Value::string("degrees of freedom discarded: "), Value::scalar(2),
                            Value::string("of"), Value::scalar(6)};
  EXPECT_EQ(display_joined(dof), "degrees of freedom discarded:  2 of 6");
  std::vector<Value> mean_after = {Value::string("Per-row mean after  LN:"),
                                   row({-1e-17, -2e-17, -0.0, 1e-17})};
  EXPECT_EQ(display_joined(mean_after),
            "Per-row mean after  LN: [1\u00d74]  -0.000000  -0.000000  -0.000000  0.000000");
  std::vector<Value> matrix = {Value::string("M:"),
                               Value::matrix(Matrix::from_rows({{1, 0}, {0, 1}}))};
  EXPECT_EQ(display_joined(matrix),
            "M: Matrix(2x2)\n  [1.000000, 0.000000]\n  [0.000000, 1.000000]");
  EXPECT_EQ(display_joined({}), "");
}

// §8.7's illustrative print calls.
TEST(display, print_examples) {
  const auto joined = [](std::vector<Value> values) { return display_joined(values); };
  EXPECT_EQ(joined({Value::string("n ="), Value::scalar(3), Value::string("of"), Value::scalar(6)}),
            "n = 3 of 6");
  EXPECT_EQ(joined({Value::string("label  "), row({1, 2})}),
            "label   [1\u00d72]  1.000000  2.000000");
  EXPECT_EQ(
      joined({Value::string(" x"), Value::scalar(0.5), Value::string(" y"), Value::scalar(-2)}),
      " x 0.5  y -2");
  EXPECT_EQ(joined({Value::boolean(false)}), "false");
  EXPECT_EQ(joined({Value::string("mean(v):           "), Value::scalar(3)}),
            "mean(v):            3");
  Matrix sums(5, 1, 1.0);
  EXPECT_EQ(joined({Value::string("Row sums (each must equal 1):"), Value::matrix(sums)}),
            "Row sums (each must equal 1): Matrix(5x1)\n  [1.000000]\n  [1.000000]\n  [1.000000]\n"
            "  [1.000000]\n  [1.000000]");
}

// The reference lines of §8.11 not covered above, rebuilt from their values.
TEST(display, reference_outputs) {
  const auto joined = [](std::vector<Value> values) { return display_joined(values); };
  EXPECT_EQ(joined({Value::string("d_model:             "), Value::scalar(384)}),
            "d_model:              384");
  EXPECT_EQ(joined({Value::string("FFN / Attention:     "), Value::scalar(1536.0 / 768.0)}),
            "FFN / Attention:      2");
  EXPECT_EQ(joined({Value::string("PE shape:"), row({64, 32})}),
            "PE shape: [1\u00d72]  64.000000  32.000000");
  EXPECT_EQ(joined({Value::string("H_mid row 1 (first 4 values):     "),
                    Value::scalar(1.114650853792557), Value::scalar(-1.3444806749068605),
                    Value::scalar(1.0992947175874568), Value::scalar(0.2117387088439008)}),
            "H_mid row 1 (first 4 values):      1.114650853792557 -1.3444806749068605 "
            "1.0992947175874568 0.2117387088439008");
  EXPECT_EQ(joined({Value::string("max |attn(P*X) - P*attn(X)| ="),
                    Value::scalar(4.440892098500626e-16)}),
            "max |attn(P*X) - P*attn(X)| = 0.0000000000000004440892098500626");
  EXPECT_EQ(joined({Value::string("sum(probs_last):"), Value::scalar(0.9999999999999999)}),
            "sum(probs_last): 0.9999999999999999");
  EXPECT_EQ(joined({Value::string("  u=0.3 -> sum(CDF < 0.3) + 1 ="), Value::scalar(1),
                    Value::string("  (expect 1 = a)")}),
            "  u=0.3 -> sum(CDF < 0.3) + 1 = 1   (expect 1 = a)");
  EXPECT_EQ(joined({Value::string("max diff:          "), Value::scalar(0)}),
            "max diff:           0");
  EXPECT_EQ(
      joined({Value::string("log2(total no-res ratio):     "), Value::scalar(-24.2082394987112)}),
      "log2(total no-res ratio):      -24.2082394987112");
  EXPECT_EQ(joined({Value::string("LN Jacobian singular values:  "),
                    row({0.5662352, 0.5662349, 0.566235, 0.5662351, 1.9e-6, 2e-17})}),
            "LN Jacobian singular values:   [1\u00d76]  0.566235  0.566235  0.566235  0.566235  "
            "0.000002  0.000000");
  EXPECT_EQ(
      joined({Value::string("recovery error |x_hat - x|:"), Value::scalar(1.1466328625622554e-16)}),
      "recovery error |x_hat - x|: 0.00000000000000011466328625622554");
  EXPECT_EQ(display(Value::scalar(30)), "30");
  EXPECT_EQ(display(Value::string("Jan")), "Jan");
  // Book 11's histogram block: column truncation after 8 elements.
  Matrix counts(2, 10, 0.0);
  const double edges[] = {-2.600594, -2.014954, -1.429314, -0.843673, -0.258033,
                          0.327608,  0.913248,  1.498889,  2.08453,   2.67017};
  for (int c = 0; c < 10; ++c) counts.set(0, c, edges[c]);
  const std::string first_row =
      "Matrix(2x10)\n  [-2.600594, -2.014954, -1.429314, -0.843673, -0.258033, 0.327608, "
      "0.913248, 1.498889, ...]\n";
  EXPECT_EQ(display(Value::matrix(counts)).substr(0, first_row.size()), first_row);
}

TEST(echo, script_lines) {
  Session session;
  EXPECT_EQ(echo("x", Value::scalar(3), session), "x = 3\n");
  EXPECT_EQ(echo("v", row({1, 2}), session), "v = [1\u00d72]  1.000000  2.000000\n");
  EXPECT_EQ(echo("A", Value::matrix(Matrix::from_rows({{1, 2}, {3, 4}})), session),
            "A = Matrix(2x2)\n  [1.000000, 2.000000]\n  [3.000000, 4.000000]\n");
  EXPECT_EQ(echo("b", Value::boolean(true), session), "b = true\n");
  EXPECT_EQ(echo("s", Value::string("hi"), session), "s = hi\n");
  EXPECT_EQ(echo("z", Value::complex({3, 4}), session), "z = 3+4j\n");
  EXPECT_EQ(echo("x", Value::none(), session), "x = None\n");
  EXPECT_EQ(echo("s.f", Value::scalar(2), session), "s.f = 2\n");
}

TEST(echo, format_modes) {
  Session session;
  session.set_format_mode(FormatMode::Long);
  EXPECT_EQ(echo("p", Value::scalar(3.141592653589793), session), "p = 3.141592653589793\n");
  EXPECT_EQ(echo("x", Value::scalar(3), session), "x = 3.000000000000000\n");
  EXPECT_EQ(echo("v", row({1}), session), "v = [1\u00d71]  1.000000000000000\n");
  EXPECT_EQ(echo("s", Value::string("hi"), session), "s = hi\n");
  session.set_format_mode(FormatMode::Hex);
  EXPECT_EQ(echo("p", Value::scalar(3.141592653589793), session), "p = 400921fb54442d18\n");
  EXPECT_EQ(echo("z", Value::complex({1, 0}), session), "z = 3ff0000000000000\n");
  session.set_format_mode(FormatMode::Commas);
  EXPECT_EQ(echo("n", Value::scalar(1234567.5), session), "n = 1,234,567.5\n");
  EXPECT_EQ(echo("v", row({1234567}), session), "v = [1\u00d71]  1,234,567.000000\n");
  EXPECT_EQ(echo("b", Value::boolean(false), session), "b = false\n");
  // print and disp never follow the mode.
  EXPECT_EQ(display(Value::scalar(1234567.5)), "1234567.5");
  EXPECT_EQ(echo_display(Value::scalar(1234567.5), FormatMode::Short), "1234567.5");
}

TEST(echo, indexed_assignment_lines) {
  const std::int64_t one[] = {4};
  const std::int64_t two[] = {2, 1};
  EXPECT_EQ(echo_element_write("v", one, {9, 0}), "v(4) = 9+0j\n");
  EXPECT_EQ(echo_element_write("A", two, {0, 0}), "A(2,1) = 0+0j\n");
  EXPECT_EQ(echo_row_write("M", 2, Matrix::from_rows({{7, 8}})), "M(2) = [7+0j, 8+0j]\n");
  EXPECT_EQ(echo_positions_updated("v", 3), "v(...) = (vector positions 3 updated)\n");
  EXPECT_EQ(echo_region_updated("A", 1, 2), "A(...) = (region 1\u00d72 updated)\n");
}

}  // namespace
}  // namespace llmlab::runtime
