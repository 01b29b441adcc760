// The tape without the interpreter: operators on tracked values through runtime's
// binary_operation, rearrangements (their gradient from the position tags), the broadcasting
// helpers, and the errors for complex results and values of two tapes.
#include "autodiff/tape.hpp"

#include <gtest/gtest.h>

#include <memory>

#include "autodiff/array_math.hpp"
#include "base/error.hpp"
#include "runtime/literals.hpp"
#include "runtime/operators.hpp"

namespace llmlab::autodiff {
namespace {

using lang::BinaryOp;
using runtime::Kind;

Matrix gradient_of(const ValueTape& tape, const Value& output, const Value& leaf) {
  const ValueTape::Gradients g = tape.backward(output.tracked_value().node, Matrix(1, 1, 1.0));
  const auto node = static_cast<std::size_t>(leaf.tracked_value().node);
  return g.present[node] ? g.values[node] : Matrix();
}

TEST(array_math, sum_to_undoes_broadcasting) {
  const Matrix g = Matrix::from_rows({{1, 2, 3}, {4, 5, 6}});
  EXPECT_EQ(sum_to(g, 1, 3), Matrix::from_rows({{5, 7, 9}}));
  EXPECT_EQ(sum_to(g, 2, 1), Matrix::from_rows({{6}, {15}}));
  EXPECT_EQ(sum_to(g, 1, 1), Matrix::from_rows({{21}}));
  EXPECT_EQ(expand(Matrix::from_rows({{1, 2}}), 2, 2), Matrix::from_rows({{1, 2}, {1, 2}}));
  EXPECT_EQ(product_transposed_right(g, g), Matrix::from_rows({{14, 32}, {32, 77}}));
  EXPECT_EQ(product_transposed_left(g, g),
            Matrix::from_rows({{17, 22, 27}, {22, 29, 36}, {27, 36, 45}}));
}

TEST(tape, product_and_broadcast_sum) {
  auto tape = std::make_shared<ValueTape>();
  const Value x = tape->leaf(Value::matrix(Matrix::from_rows({{1, 2}, {3, 4}})));
  const Value row = tape->leaf(Value::vector(Matrix::from_rows({{10, 20}})));
  // y = sum(sum((x + row) .* x)): dy/dx = 2x + row, dy/drow = column sums of x.
  const Value shifted = runtime::binary_operation(BinaryOp::Add, x, row);
  const Value product = runtime::binary_operation(BinaryOp::ElementMultiply, shifted, x);
  ASSERT_TRUE(product.is(Kind::Tracked));
  const Value ones = Value::matrix(Matrix(1, 2, 1.0));
  const Value column = Value::matrix(Matrix(2, 1, 1.0));
  const Value total = runtime::binary_operation(
      BinaryOp::Multiply, ones, runtime::binary_operation(BinaryOp::Multiply, product, column));
  EXPECT_EQ(runtime::primal_of(total).as_matrix()[0], (11 + 44 + 39 + 96));
  EXPECT_EQ(gradient_of(*tape, total, x), Matrix::from_rows({{12, 24}, {16, 28}}));
  EXPECT_EQ(gradient_of(*tape, total, row), Matrix::from_rows({{4, 6}}));
  EXPECT_GT(tape->node_count(), 4u);
}

TEST(tape, concatenation_routes_each_block_back) {
  auto tape = std::make_shared<ValueTape>();
  const Value a = tape->leaf(Value::vector(Matrix::from_rows({{1, 2}})));
  const Value b = tape->leaf(Value::scalar(3.0));
  // [a, 5, b, a]: a's elements appear twice, the constant 5 takes no gradient.
  const Value joined = runtime::concatenate({{a, Value::scalar(5.0), b, a}});
  ASSERT_TRUE(joined.is(Kind::Tracked));
  const Value weights = Value::vector(Matrix::from_rows({{1, 10, 100, 1000, 10000, 100000}}));
  const Value weighted = runtime::binary_operation(BinaryOp::ElementMultiply, joined, weights);
  const Value column = Value::matrix(Matrix(6, 1, 1.0));
  const Value total = runtime::binary_operation(BinaryOp::Multiply, weighted, column);
  EXPECT_EQ(gradient_of(*tape, total, a), Matrix::from_rows({{10001, 100010}}));
  EXPECT_EQ(gradient_of(*tape, total, b), Matrix::from_rows({{1000}}));
}

TEST(tape, comparisons_give_plain_values) {
  auto tape = std::make_shared<ValueTape>();
  const Value x = tape->leaf(Value::scalar(2.0));
  const Value test = runtime::binary_operation(BinaryOp::Greater, x, Value::scalar(1.0));
  EXPECT_TRUE(test.is(Kind::Bool));
}

TEST(tape, complex_results_and_two_tapes_are_errors) {
  auto tape = std::make_shared<ValueTape>();
  const Value x = tape->leaf(Value::scalar(2.0));
  EXPECT_THROW(runtime::binary_operation(BinaryOp::Multiply, x, Value::complex({0, 1})), Error);
  auto other = std::make_shared<ValueTape>();
  const Value y = other->leaf(Value::scalar(3.0));
  try {
    runtime::binary_operation(BinaryOp::Add, x, y);
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("values from two differentiations meet"),
              std::string::npos);
  }
}

}  // namespace
}  // namespace llmlab::autodiff
