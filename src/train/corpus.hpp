// Character-level data: a UTF-8 text decoded to code points, its sorted vocabulary, token ids,
// the train/validation split and random (input, target) windows. Not a general tokenizer.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace llmlab::train {

// A small deterministic generator (xoshiro256**, seeded through splitmix64) so that runs repeat
// exactly from a seed on any machine; normal() by Box–Muller in double.
class Random {
 public:
  explicit Random(std::uint64_t seed);
  std::uint64_t next();
  double uniform();                          // [0, 1)
  std::uint64_t below(std::uint64_t bound);  // [0, bound), bound > 0, unbiased
  double normal();                           // N(0, 1)

 private:
  std::uint64_t state_[4];
  double spare_ = 0.0;
  bool has_spare_ = false;
};

class Corpus {
 public:
  // Decodes `text` (UTF-8; malformed bytes throw llmlab::Error) and splits it: the first
  // floor((1 - validation_fraction) · n) characters train, the rest validate.
  static Corpus from_text(std::string_view text, std::string source, double validation_fraction);
  // Reads one file, or the default corpus (the Vim user manual, usr_*.txt concatenated in name
  // order, as train_prepost.py) when `path` is empty. Errors name `who`.
  static Corpus load(const std::string& path, double validation_fraction, std::string_view who);

  int vocab_size() const { return static_cast<int>(vocabulary_.size()); }
  const std::vector<char32_t>& vocabulary() const { return vocabulary_; }
  std::span<const int> train() const;
  std::span<const int> validation() const;
  std::int64_t size() const { return static_cast<std::int64_t>(tokens_.size()); }
  const std::string& source() const { return source_; }
  std::string decode(std::span<const int> tokens) const;
  // The unigram level (nats/character): the validation loss of a model that predicts only the
  // training split's character frequencies (add-one smoothed), the plateau a collapsed network
  // sits on.
  double unigram_entropy() const;

 private:
  std::vector<int> tokens_;
  std::vector<char32_t> vocabulary_;
  std::size_t split_ = 0;
  std::string source_;
};

// `batch` windows of `context` + 1 consecutive tokens starting at offsets uniform in
// [0, size - context - 1) (torch.randint as train_prepost.py): inputs and the next tokens.
void sample_batch(std::span<int> inputs, std::span<int> targets, std::span<const int> data,
                  int batch, int context, Random& random);

}  // namespace llmlab::train
