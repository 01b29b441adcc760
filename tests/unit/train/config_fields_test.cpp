// The settings table (train/config_fields.hpp): one row per setting, each row reaching its own
// member, so what reads the table (checkpoint, record, train command, sweeps) misses none.
#include "train/config_fields.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "train/trainer.hpp"

namespace llmlab::train {
namespace {

// Every field moved off its default, through the table.
Config changed_config() {
  Config c;
  for (const ConfigField& field : config_fields()) {
    switch (field.kind) {
      case FieldKind::Integer:
        c.*field.integer += 3;
        break;
      case FieldKind::Seed:
        c.*field.seed += 7;
        break;
      case FieldKind::Real:
        c.*field.real += 0.125;
        break;
      case FieldKind::Choice:
        // The other name of each two-valued setting.
        field.set_choice(c,
                         field.text_of(c) == "pre"         ? "post"
                         : field.text_of(c) == "layernorm" ? "rmsnorm"
                         : field.text_of(c) == "gelu"      ? "gelu_tanh"
                         : field.text_of(c) == "scaled"    ? "none"
                                                           : "cosine",
                         "test");
        break;
      case FieldKind::Text:
        c.*field.text = "corpus.txt";
        break;
    }
  }
  return c;
}

std::string config_of(const Config& config) {
  Record record;
  record.config = config;
  const std::string json = to_json(record);
  return json.substr(0, json.find('\n', 2));
}

TEST(config_fields, keys_and_flags_are_unique) {
  std::set<std::string_view> keys, flags;
  for (const ConfigField& field : config_fields()) {
    EXPECT_TRUE(keys.insert(field.key).second) << field.key;
    if (!field.flag.empty()) {
      EXPECT_TRUE(flags.insert(field.flag).second) << field.flag;
    }
  }
  EXPECT_EQ(keys.size(), 27u);
}

TEST(config_fields, every_row_reaches_its_own_member) {
  const Config changed = changed_config();
  // Each change shows in the record, and copying every row gives the same record.
  EXPECT_NE(config_of(changed), config_of(Config{}));
  Config copy;
  for (const ConfigField& field : config_fields()) field.copy(copy, changed);
  EXPECT_EQ(config_of(copy), config_of(changed));
  // One row copied changes one key of the record.
  for (const ConfigField& field : config_fields()) {
    Config one;
    field.copy(one, changed);
    EXPECT_NE(config_of(one), config_of(Config{})) << field.key;
  }
}

}  // namespace
}  // namespace llmlab::train
