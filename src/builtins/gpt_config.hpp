// The bridge between scripts and the native trainer's types: a cfg struct → train::Config (the
// field names of train_gpt's cfg), and the model value, a handle to a shared train::Model that
// displays its shape and parameter count.
#pragma once

#include <memory>

#include "runtime/call.hpp"
#include "runtime/value.hpp"
#include "train/config.hpp"
#include "train/model.hpp"

namespace llmlab::builtins {

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
