// UTF-8 decoding, vocabulary, split, unigram entropy, batch sampling and the generator.
#include "train/corpus.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "base/error.hpp"
#include "base/file.hpp"
#include "base/messages/train.hpp"
#include "base/utf8.hpp"
#include "train/config.hpp"

namespace llmlab::train {
namespace {

std::uint64_t splitmix64(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

std::uint64_t rotate_left(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

// RFC 3629 decoding; rejects truncated and invalid sequences rather than guessing.
std::vector<char32_t> decode_utf8(std::string_view text, const std::string& source) {
  std::vector<char32_t> out;
  out.reserve(text.size());
  size_t i = 0;
  while (i < text.size()) {
    const auto lead = static_cast<unsigned char>(text[i]);
    int extra = 0;
    char32_t code = 0;
    if (lead < 0x80) {
      code = lead;
    } else if ((lead & 0xE0) == 0xC0) {
      extra = 1;
      code = lead & 0x1F;
    } else if ((lead & 0xF0) == 0xE0) {
      extra = 2;
      code = lead & 0x0F;
    } else if ((lead & 0xF8) == 0xF0) {
      extra = 3;
      code = lead & 0x07;
    } else {
      throw Error(fmt::format(messages::corpus_not_utf8, source, i));
    }
    if (static_cast<size_t>(extra) > text.size() - i - 1) {
      throw Error(fmt::format(messages::corpus_truncated_utf8, source, i));
    }
    for (int k = 1; k <= extra; k++) {
      const auto next = static_cast<unsigned char>(text[i + static_cast<size_t>(k)]);
      if ((next & 0xC0) != 0x80) {
        throw Error(fmt::format(messages::corpus_not_utf8, source, i));
      }
      code = (code << 6) | (next & 0x3F);
    }
    out.push_back(code);
    i += static_cast<size_t>(extra) + 1;
  }
  return out;
}

}  // namespace

Random::Random(std::uint64_t seed) {
  for (auto& word : state_) word = splitmix64(seed);
}

// xoshiro256** (Blackman & Vigna 2018).
std::uint64_t Random::next() {
  const std::uint64_t result = rotate_left(state_[1] * 5, 7) * 9;
  const std::uint64_t t = state_[1] << 17;
  state_[2] ^= state_[0];
  state_[3] ^= state_[1];
  state_[1] ^= state_[2];
  state_[0] ^= state_[3];
  state_[2] ^= t;
  state_[3] = rotate_left(state_[3], 45);
  return result;
}

double Random::uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

std::uint64_t Random::below(std::uint64_t bound) {
  LLMLAB_ASSERT(bound > 0);
  // Rejection of the incomplete top range keeps every value equally likely.
  const std::uint64_t limit = (~std::uint64_t{0}) - (~std::uint64_t{0}) % bound;
  std::uint64_t x = next();
  while (x >= limit) x = next();
  return x % bound;
}

double Random::normal() {
  if (has_spare_) {
    has_spare_ = false;
    return spare_;
  }
  // Box–Muller; 1 - uniform() lies in (0, 1], so the log is finite.
  const double radius = std::sqrt(-2.0 * std::log(1.0 - uniform()));
  const double angle = 2.0 * 3.14159265358979323846 * uniform();
  spare_ = radius * std::sin(angle);
  has_spare_ = true;
  return radius * std::cos(angle);
}

Corpus Corpus::from_text(std::string_view text, std::string source, double validation_fraction) {
  Corpus corpus;
  const std::vector<char32_t> codes = decode_utf8(text, source);
  // The vocabulary is the sorted set of code points. A table indexed by code point (up to the
  // largest one seen) finds it and numbers the tokens in two linear passes; sorting a copy of
  // the corpus and a map lookup per character took most of a short run's start-up.
  char32_t largest = 0;
  for (const char32_t code : codes) largest = std::max(largest, code);
  std::vector<int> index(codes.empty() ? 0 : static_cast<size_t>(largest) + 1, -1);
  for (const char32_t code : codes) index[code] = 0;
  for (size_t code = 0; code < index.size(); code++) {
    if (index[code] < 0) continue;
    index[code] = static_cast<int>(corpus.vocabulary_.size());
    corpus.vocabulary_.push_back(static_cast<char32_t>(code));
  }
  corpus.tokens_.resize(codes.size());
  for (size_t i = 0; i < codes.size(); i++) corpus.tokens_[i] = index[codes[i]];
  corpus.split_ = static_cast<size_t>(
      std::floor((1.0 - validation_fraction) * static_cast<double>(codes.size())));
  corpus.source_ = std::move(source);
  return corpus;
}

Corpus Corpus::load(const std::string& path, double validation_fraction, std::string_view who) {
  if (!path.empty()) return from_text(read_file_or_throw(path, who), path, validation_fraction);
  const std::filesystem::path directory(kDefaultCorpusDirectory);
  std::vector<std::filesystem::path> files;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(directory, error)) {
    const std::string name = entry.path().filename().string();
    if (name.starts_with("usr_") && name.ends_with(".txt")) files.push_back(entry.path());
  }
  if (files.empty()) {
    throw Error(fmt::format(messages::default_corpus_missing, who, kDefaultCorpusDirectory));
  }
  std::sort(files.begin(), files.end());
  std::string text;
  for (const auto& file : files) text += read_file_or_throw(file, who);
  return from_text(text, fmt::format("{}/usr_*.txt", kDefaultCorpusDirectory), validation_fraction);
}

std::span<const int> Corpus::train() const { return std::span(tokens_).first(split_); }
std::span<const int> Corpus::validation() const { return std::span(tokens_).subspan(split_); }

std::string Corpus::decode(std::span<const int> tokens) const {
  std::string out;
  for (int token : tokens) append_utf8(out, vocabulary_.at(static_cast<size_t>(token)));
  return out;
}

double Corpus::unigram_entropy() const {
  // Add-one smoothing gives characters unseen in training a finite cost.
  std::vector<double> counts(vocabulary_.size(), 1.0);
  for (int token : train()) counts[static_cast<size_t>(token)] += 1.0;
  const double total = static_cast<double>(train().size() + vocabulary_.size());
  double cost = 0.0;
  for (int token : validation()) cost -= std::log(counts[static_cast<size_t>(token)] / total);
  return validation().empty() ? 0.0 : cost / static_cast<double>(validation().size());
}

void sample_batch(std::span<int> inputs, std::span<int> targets, std::span<const int> data,
                  int batch, int context, Random& random) {
  const size_t window = static_cast<size_t>(context);
  LLMLAB_ASSERT(data.size() > window + 1);
  LLMLAB_ASSERT(inputs.size() == static_cast<size_t>(batch) * window);
  LLMLAB_ASSERT(targets.size() == inputs.size());
  for (size_t b = 0; b < static_cast<size_t>(batch); b++) {
    const size_t start = static_cast<size_t>(random.below(data.size() - window - 1));
    std::copy_n(data.begin() + static_cast<std::ptrdiff_t>(start), window,
                inputs.begin() + static_cast<std::ptrdiff_t>(b * window));
    std::copy_n(data.begin() + static_cast<std::ptrdiff_t>(start + 1), window,
                targets.begin() + static_cast<std::ptrdiff_t>(b * window));
  }
}

}  // namespace llmlab::train
