// The bridge between scripts and the native trainer's types: a cfg struct → train::Config (the
// field names of train_gpt's cfg), and the model value, a handle to a shared train::Model that
// displays its shape and parameter count.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "runtime/call.hpp"
#include "runtime/value.hpp"
#include "train/config.hpp"
#include "train/model.hpp"

namespace llmlab::builtins {

// One field of the cfg struct train_gpt, gpt_init and gpt_from_params read: the one table both
// the reading and the help text come from, so neither can name a field the other lacks.
struct ConfigField {
  std::string_view name;
  std::string_view meaning;
  // Sets the field's train::Config member from the cfg value (errors worded for `call`).
  void (*read)(runtime::Call& call, train::Config& config, std::string_view name,
               const runtime::Value& value);
  // The member's value as the help shows it (the default, for a default Config).
  std::string (*show)(const train::Config& config);
};

// Every cfg field but `init` (a model to start from, which training_config reads).
std::span<const ConfigField> config_fields();

// Whether a builtin reads cfg.init (train_gpt) or leaves it aside (gpt_init, gpt_from_params).
enum class ConfigInit { Read, Ignored };

// The help lines of the cfg fields: one per field, "    name  meaning (default d)", each after
// a newline; with ConfigInit::Read also cfg.init's.
std::string config_fields_help(ConfigInit init);

// Sets `config`'s fields from the cfg struct's; unknown field names and bad values are errors
// worded for `call`. Fields in `skip` (e.g. "init") are left to the caller.
void apply_config_fields(runtime::Call& call, train::Config& config, const runtime::Value& cfg,
                         std::initializer_list<std::string_view> skip = {});

// train_gpt's configuration: the defaults, or those of cfg.init's model when cfg has an init
// field (its architecture then holds unless cfg sets a field), then cfg's fields. `init`
// receives cfg.init's model (nullptr without one).
train::Config training_config(runtime::Call& call, const runtime::Value& cfg,
                              std::shared_ptr<const train::Model>& init);

// The model value (class "gpt"). Copies share the model, which is never modified in place:
// every builtin that changes weights builds a new one.
runtime::Value model_value(std::shared_ptr<const train::Model> model);
// The model inside a value, or nullptr when it is not a model.
std::shared_ptr<const train::Model> model_of(const runtime::Value& value);

}  // namespace llmlab::builtins
