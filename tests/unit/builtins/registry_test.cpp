// The builtin registry (builtins/registry.cpp): every table of every chapter is installed, no name
// is defined twice (a second definition would silently replace the first), and each entry has
// help text and a sane arity.
#include "builtins/registry.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string_view>

#include "lab.hpp"

namespace llmlab::builtins {
namespace {

TEST(registry, no_name_is_defined_in_two_tables) {
  std::set<std::string_view> taken;
  std::size_t count = 0;
  for (const BuiltinTable* table : builtin_tables()) {
    for (const runtime::NativeFunction& function : *table) {
      EXPECT_TRUE(taken.insert(function.name).second) << function.name << " is defined twice";
      EXPECT_FALSE(function.help.empty()) << function.name;
      EXPECT_TRUE(function.max_args == -1 || function.min_args <= function.max_args)
          << function.name;
      ++count;
    }
  }
  EXPECT_GT(count, 300u);
}

TEST(registry, installs_every_table) {
  testing::Lab lab;
  for (const BuiltinTable* table : builtin_tables()) {
    for (const runtime::NativeFunction& function : *table) {
      EXPECT_NE(lab.interpreter.find_builtin(function.name), nullptr) << function.name;
    }
  }
}

}  // namespace
}  // namespace llmlab::builtins
