// A trained (or freshly initialised) GPT as a value: its configuration, character vocabulary and
// parameters, and the AdamW state when it came out of training, so that training can continue
// exactly where it stopped. Gpt<float> (gpt.hpp) is the machine that trains and runs it; a Model
// is what outlives a run, goes to disk (checkpoint.hpp) and into scripts.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "train/aligned.hpp"
#include "train/config.hpp"
#include "train/gpt.hpp"

namespace llmlab::train {

// AdamW's moments in parameter order, and the optimiser steps they have seen.
struct OptimizerState {
  AlignedVector<float> m, v;
};

struct Model {
  Config config;  // the architecture and the settings it was trained with
  ModelShape shape;
  std::vector<char32_t> vocabulary;  // token id → character
  AlignedVector<float> parameters;   // parameter_count(shape) values in Gpt's order
  long steps = 0;                    // optimiser steps taken so far
  std::optional<OptimizerState> optimizer;

  std::size_t parameter_count() const { return parameters.size(); }
  ParameterTensors<float> views() { return parameter_views<float>(shape, parameters); }
  // One line: "4 layers, d_model 64, 4 heads, context 64, vocab 83, pre-LN, 204544 parameters".
  std::string summary() const;
  // Text → token ids; a character outside the vocabulary is an error naming `who`.
  std::vector<int> encode(std::string_view text, std::string_view who) const;
  std::string decode(std::span<const int> tokens) const;
  // How many parameters are NaN or ±Inf: a run that diverged saves them, and a model holding
  // any computes NaN logits, so what it samples means nothing.
  std::size_t non_finite_parameters() const;
};

// "FILE: 3 of 1234 weights are NaN or Inf (the run that saved it diverged)", or nothing when
// every weight is finite: the one wording of `llmlab sample`'s refusal and gpt_load's warning.
std::optional<std::string> non_finite_report(const Model& model, std::string_view file);

// Throws llmlab::Error (naming `who`) unless the shape's sizes fit in int arithmetic and the
// parameters number at most kMaxParameters: checked before ModelShape::from or any allocation.
inline constexpr double kMaxParameters = 2e9;
void check_model_size(const Config& config, std::size_t vocab, std::string_view who);

// A model with Gpt's initialisation (train_prepost.py's) drawn from config.seed. The
// configuration is validated first (errors name `who`).
Model initialize_model(const Config& config, std::vector<char32_t> vocabulary,
                       std::string_view who);

}  // namespace llmlab::train
