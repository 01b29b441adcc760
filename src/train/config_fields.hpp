// The trainer's settings as one table (#24): each field's key, its `llmlab train` flag, its help,
// its kind and the Config member it reads and writes. The checkpoint's metadata, the JSON run
// record, the train command's flags and --resume, and a sweep's options all go through this
// table, so a new setting is one row here rather than a line in each of them.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "train/config.hpp"

namespace llmlab::train {

enum class FieldKind {
  Integer,  // an int member
  Seed,     // the one std::uint64_t member
  Real,     // a double member
  Choice,   // an enum member, read and written by name ("pre", "cosine", ...)
  Text,     // a string member
};

// In a checkpoint, the architecture must be given; the other settings keep their defaults.
enum class InCheckpoint { Required, Optional };

struct ConfigField {
  std::string_view key;   // the checkpoint's and the record's key: "d_model"
  std::string_view flag;  // `llmlab train --d-model` (empty: no flag); a sweep's option name
  std::string_view help;  // the flag's help
  FieldKind kind;
  InCheckpoint in_checkpoint = InCheckpoint::Optional;
  bool sweepable = true;  // a sweep may set it (not the seed: a sweep has its list of seeds)
  // The member, by kind.
  int Config::*integer = nullptr;
  std::uint64_t Config::*seed = nullptr;
  double Config::*real = nullptr;
  std::string Config::*text = nullptr;
  std::string_view (*choice_name)(const Config&) = nullptr;
  void (*set_choice)(Config&, std::string_view name, std::string_view who) = nullptr;

  // The option name a sweep uses: the flag without its dashes ("d-model").
  std::string_view option_name() const { return flag.substr(2); }
  // The value of a Choice or Text field as text.
  std::string text_of(const Config& config) const;
  // Copies this field's value from one config to another.
  void copy(Config& to, const Config& from) const;
};

// Every field, in `llmlab train --help` order (which is also the record's).
std::span<const ConfigField> config_fields();

}  // namespace llmlab::train
