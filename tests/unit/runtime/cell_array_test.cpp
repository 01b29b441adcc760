// Cell arrays at the evaluator level (language.md §13.12).
#include <gtest/gtest.h>

#include "harness.hpp"

namespace llmlab::runtime {
namespace {

using testing::Harness;

TEST(cell_array, literal_of_mixed_kinds_is_a_cell_and_of_strings_a_string_array) {
  Harness h;
  h.run("c = {1, \"a\", [1 2 3]}; s = {\"x\", \"y\"}; e = {};");
  ASSERT_TRUE(h.variable("c").is(Kind::Cell));
  EXPECT_EQ(h.variable("c").cell_value().columns, 3);
  EXPECT_TRUE(h.variable("s").is(Kind::StringArray));
  EXPECT_TRUE(h.variable("e").is(Kind::StringArray));
}

TEST(cell_array, brace_reads_and_writes_with_growth) {
  Harness h;
  h.run("c = {1, \"a\"}; x = c{2}; c{4} = 7;");
  EXPECT_EQ(h.variable("x").string_value(), "a");
  const CellArray& cells = h.variable("c").cell_value();
  ASSERT_EQ(cells.items.size(), 4u);
  EXPECT_TRUE(cells.items[2].is(Kind::Matrix));  // the gap is filled with []
  EXPECT_EQ(cells.items[3].scalar_value(), 7);
  h.run("m = {}; m{2, 3} = 1;");
  EXPECT_EQ(h.variable("m").cell_value().rows, 2);
  EXPECT_EQ(h.variable("m").cell_value().columns, 3);
}

TEST(cell_array, paren_selects_a_cell_and_deletes) {
  Harness h;
  h.run("c = {10, 20, 30}; d = c([1, 3]); c(2) = [];");
  EXPECT_EQ(h.variable("d").cell_value().items[1].scalar_value(), 30);
  EXPECT_EQ(h.variable("c").cell_value().items.size(), 2u);
  EXPECT_EQ(h.variable("c").cell_value().items[1].scalar_value(), 30);
  h.run("c(3) = {5};");
  EXPECT_EQ(h.variable("c").cell_value().items[2].scalar_value(), 5);
  EXPECT_EQ(h.error("c(1) = 5;"),
            "c(...) = value needs a cell on the right (write c{k} = value to store one element)");
}

TEST(cell_array, display_is_octave_layout) {
  Harness h;
  EXPECT_EQ(h.run("show({1, \"a\"})"), "{\n  [1,1] = 1\n  [1,2] = a\n}\n");
  EXPECT_EQ(h.run("c = {}; c{1} = 2; c(1) = []; show(c)"), "{}(0x0)\n");
}

TEST(cell_array, errors_leave_the_cell_unchanged) {
  Harness h;
  h.run("c = {1, 2};");
  EXPECT_EQ(h.error("x = c{3};"), "index 3 out of bounds (cell has 2 elements)");
  EXPECT_EQ(h.error("c{[1, 2]} = 0;"),
            "c{...} = value writes one element; each subscript must select exactly one position");
  EXPECT_EQ(h.error("v = [1, 2]; v{1} = 3;"),
            "'v' is a vector, not a cell array (brace subscripts index cells)");
  EXPECT_EQ(h.variable("c").cell_value().items.size(), 2u);
}

}  // namespace
}  // namespace llmlab::runtime
