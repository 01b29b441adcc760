// The `llmlab train` options a sweep may set, with their kinds, and the trainer configuration
// a set of them makes (so a sweep checks every run's settings before starting any).
#pragma once

#include <string_view>

#include "sweep/spec.hpp"
#include "train/config.hpp"
#include "train/config_fields.hpp"

namespace llmlab::sweep {

enum class OptionKind { Integer, Real, Text };

struct OptionInfo {
  std::string_view name;  // as `llmlab train --<name>` spells it
  OptionKind kind;
  const train::ConfigField* field;  // the trainer's setting it sets
};

// Every option in `llmlab train --help` order, except --seed (the sweep's seeds), --json and
// --quiet (the sweep's own).
const std::vector<OptionInfo>& option_table();
// The entry for `name` ('_' and '-' alike), or nullptr.
const OptionInfo* find_option(std::string_view name);

// The trainer configuration these options and `seed` make; the names and values are checked as
// `llmlab train` checks them. Throws llmlab::Error naming `who`.
train::Config train_config(const Options& options, std::uint64_t seed, std::string_view who);

}  // namespace llmlab::sweep
