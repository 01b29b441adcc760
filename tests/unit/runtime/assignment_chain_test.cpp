// Assignment targets of any depth (exec_path_assign.cpp): chains of fields, struct-array
// elements and cell elements write in place, keep aliases intact, create what is missing, and
// leave everything as it was when they fail.
#include <gtest/gtest.h>

#include <cstdint>

#include "harness.hpp"
#include "num/matrix.hpp"

namespace llmlab::runtime {
namespace {

using testing::Harness;

TEST(assignment_chain, writes_through_elements_in_a_loop_do_not_clone) {
  Harness h;
  h.run("p.h(1).w = [0, 0, 0; 0, 0, 0; 0, 0, 0; 0, 0, 0];");
  h.run("p.h(2).w = [0, 0, 0; 0, 0, 0; 0, 0, 0; 0, 0, 0];");
  h.run("c = {[0, 0, 0, 0, 0, 0, 0, 0]};");
  const std::uint64_t before = num::Matrix::clone_count();
  h.run(
      "for i = 1:4\n  p.h(2).w(i, 1) = i;\n  p.h(end).w(i, end) = -i;\nend\n"
      "for i = 1:8\n  c{1}(i) = i;\nend");
  EXPECT_EQ(num::Matrix::clone_count(), before);
  EXPECT_EQ(h.run("show(p.h(2).w(4, :))"), "[1×3]  4.000000  0.000000  -4.000000\n");
  EXPECT_EQ(h.run("show(c{1}(8))"), "8\n");
}

TEST(assignment_chain, an_alias_is_cloned_once_and_keeps_its_value) {
  Harness h;
  h.run("p.h(1).w = [1, 2]; p.h(2).w = [3, 4];");
  const std::uint64_t before = num::Matrix::clone_count();
  h.run("q = p; p.h(2).w(1) = 30; p.h(2).w(2) = 40;");
  EXPECT_EQ(num::Matrix::clone_count(), before + 1);
  EXPECT_EQ(h.run("show(q.h(2).w)"), "[1×2]  3.000000  4.000000\n");
  EXPECT_EQ(h.run("show(p.h(2).w)"), "[1×2]  30.000000  40.000000\n");
  h.run("c = {[1, 2]}; d = c; c{1}(2) = 5;");
  EXPECT_EQ(h.run("show(d{1})"), "[1×2]  1.000000  2.000000\n");
}

TEST(assignment_chain, missing_levels_are_created) {
  Harness h;
  h.run("s.a.b.c = 1; t(3).x.y(2) = 5; c{2}.v{3} = \"z\";");
  EXPECT_EQ(h.run("show(s.a.b.c)"), "1\n");
  EXPECT_EQ(h.run("show(t)"), "1×3 struct array with fields: x\n");
  EXPECT_EQ(h.run("show(t(1).x)"), "[1×0]\n");
  EXPECT_EQ(h.run("show(t(3).x.y)"), "[1×2]  0.000000  5.000000\n");
  EXPECT_EQ(h.run("show(c{2}.v{3})"), "z\n");
}

TEST(assignment_chain, a_failing_write_changes_nothing) {
  Harness h;
  h.run("p.h(1).w = 1; p.h(2).w = 2; c = {1};");
  EXPECT_EQ(h.error("p.h(5).w(0) = 1"), "index assignment: index must be >= 1");
  EXPECT_EQ(h.run("show(p.h)"), "1×2 struct array with fields: w\n");
  EXPECT_EQ(h.error("c{4}.x.y(0) = 1"), "index assignment: index must be >= 1");
  EXPECT_EQ(h.run("show(c)"), "{\n  [1,1] = 1\n}\n");
  EXPECT_EQ(h.error("p.h(2).w.x = 1"), "'p.h(2).w' is a scalar, not a struct");
}

// A slot reference held across the evaluation of a dynamic field name went stale when that
// evaluation saw a new name and the frame's variables moved ("'p' is a none").
TEST(assignment_chain, a_dynamic_field_after_new_names_in_a_function) {
  Harness h;
  h.run(
      "function n = same(x)\n  n = x;\nend\n"
      "function p = make(name, v)\n  a1 = 1; a2 = 2; a3 = 3; a4 = 4; a5 = 5; a6 = 6;\n"
      "  p.z = 0;\n  p.(same(name)) = v;\n  p.([name, \"2\"])(2) = v;\nend\n"
      "r = make(\"k\", 7);");
  EXPECT_EQ(h.run("show(r)"), "struct {k: 7, k2: [1×2]  0.000000  7.000000, z: 0}\n");
}

}  // namespace
}  // namespace llmlab::runtime
