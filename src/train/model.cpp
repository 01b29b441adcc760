// Model: summary, text ↔ tokens, and a freshly initialised model.
#include "train/model.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "base/error.hpp"
#include "base/messages/train.hpp"
#include "base/utf8.hpp"

namespace llmlab::train {

std::string Model::summary() const {
  return fmt::format("{} layers, d_model {}, {} heads, context {}, vocab {}, {}-LN, {} parameters",
                     shape.layers, shape.d_model, shape.heads, shape.context, shape.vocab,
                     name_of(shape.placement), parameters.size());
}

std::vector<int> Model::encode(std::string_view text, std::string_view who) const {
  std::vector<int> tokens;
  for (const std::string_view character : characters_of(text)) {
    const char32_t code = code_point_of(character);
    // The vocabulary is sorted (Corpus builds it so; loading checks it).
    const auto found = std::lower_bound(vocabulary.begin(), vocabulary.end(), code);
    if (found == vocabulary.end() || *found != code) {
      throw Error(fmt::format(messages::character_not_in_vocabulary, who, character,
                              static_cast<std::uint32_t>(code)));
    }
    tokens.push_back(static_cast<int>(found - vocabulary.begin()));
  }
  return tokens;
}

std::string Model::decode(std::span<const int> tokens) const {
  std::string out;
  for (const int token : tokens) append_utf8(out, vocabulary.at(static_cast<size_t>(token)));
  return out;
}

std::size_t Model::non_finite_parameters() const {
  return static_cast<std::size_t>(std::count_if(parameters.begin(), parameters.end(),
                                                [](float value) { return !std::isfinite(value); }));
}

std::optional<std::string> non_finite_report(const Model& model, std::string_view file) {
  const std::size_t bad = model.non_finite_parameters();
  if (bad == 0) return std::nullopt;
  return fmt::format(messages::model_not_finite, file, bad, model.parameter_count());
}

void check_model_size(const Config& config, std::size_t vocab, std::string_view who) {
  const double C = config.d_model, H = C * config.mlp_ratio, V = static_cast<double>(vocab);
  const double T = config.context, L = config.layers;
  const double block = 4 * C + 4 * C * C + 4 * C + 2 * H * C + H + C;
  const double count = V * C + T * C + L * block + 2 * C;
  if (H > 1e9 || V * C > 1e9 || T * C > 1e9 || T * T > 1e9 || count > kMaxParameters) {
    throw Error(fmt::format(messages::model_too_large, who, config.layers, config.d_model,
                            config.mlp_ratio, config.context, vocab, count));
  }
}

Model initialize_model(const Config& config, std::vector<char32_t> vocabulary,
                       std::string_view who) {
  validate(config, who);
  if (vocabulary.empty()) throw Error(fmt::format(messages::vocabulary_empty, who));
  check_model_size(config, vocabulary.size(), who);
  Model model;
  model.config = config;
  model.vocabulary = std::move(vocabulary);
  model.shape = ModelShape::from(config, static_cast<int>(model.vocabulary.size()));
  model.parameters.assign(parameter_count(model.shape), 0.0f);
  initialize_parameters<float>(model.views(), model.shape.layers, config.init_std,
                               config.residual_init, config.seed);
  return model;
}

}  // namespace llmlab::train
