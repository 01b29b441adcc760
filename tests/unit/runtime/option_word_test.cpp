// The shared readers of option words (runtime/call.hpp): any letter case, the whole word only.
#include <gtest/gtest.h>

#include <optional>

#include "runtime/call.hpp"

namespace llmlab::runtime {
namespace {

TEST(option_word, same_word_ignores_letter_case_only) {
  EXPECT_TRUE(same_word("OmitNaN", "omitnan"));
  EXPECT_TRUE(same_word("ALL", "all"));
  EXPECT_TRUE(same_word("-Inf", "-inf"));
  EXPECT_FALSE(same_word("al", "all"));
  EXPECT_FALSE(same_word("alls", "all"));
  EXPECT_FALSE(same_word("", "all"));
}

TEST(option_word, is_word_reads_strings_only) {
  EXPECT_TRUE(is_word(Value::string("Econ"), "econ"));
  EXPECT_FALSE(is_word(Value::string("economy"), "econ"));
  EXPECT_FALSE(is_word(Value::scalar(0.0), "econ"));
}

enum class Side { Left, Right };

TEST(option_word, a_table_maps_each_word_in_any_case) {
  static constexpr OptionWord<Side> kSides[] = {{"left", Side::Left}, {"right", Side::Right}};
  EXPECT_EQ(option_word("LEFT", kSides), std::optional<Side>(Side::Left));
  EXPECT_EQ(option_word("rIgHt", kSides), std::optional<Side>(Side::Right));
  EXPECT_EQ(option_word("center", kSides), std::nullopt);
  EXPECT_EQ(option_word("lef", kSides), std::nullopt);
}

}  // namespace
}  // namespace llmlab::runtime
