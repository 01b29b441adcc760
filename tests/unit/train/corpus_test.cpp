// train/corpus: UTF-8 characters as tokens, the sorted vocabulary, the split, the unigram
// entropy, batch windows and the generator's determinism.
#include "train/corpus.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <string>
#include <vector>

#include "base/error.hpp"

namespace llmlab::train {
namespace {

TEST(corpus_test, characters_not_bytes_are_tokens) {
  const Corpus corpus = Corpus::from_text("café à b", "text", 0.25);
  EXPECT_EQ(corpus.size(), 8);        // 'é' and 'à' are one character each
  EXPECT_EQ(corpus.vocab_size(), 7);  // space, a, b, c, f, à, é
  EXPECT_EQ(corpus.vocabulary().front(), U' ');
  EXPECT_EQ(corpus.vocabulary().back(), U'é');
  EXPECT_EQ(corpus.train().size(), 6u);  // floor(0.75 · 8)
  EXPECT_EQ(corpus.validation().size(), 2u);
  EXPECT_EQ(corpus.decode(corpus.train()), "café à");
}

TEST(corpus_test, malformed_utf8_is_an_error) {
  EXPECT_THROW(Corpus::from_text("ab\xC3", "bad.txt", 0.1), Error);
  EXPECT_THROW(Corpus::from_text("\xFF", "bad.txt", 0.1), Error);
}

TEST(corpus_test, missing_file_is_an_error) {
  try {
    Corpus::load("/nonexistent/corpus.txt", 0.1, "llmlab train");
    FAIL();
  } catch (const Error& error) {
    EXPECT_STREQ(
        error.what(),
        "llmlab train: cannot read corpus '/nonexistent/corpus.txt': No such file or directory");
  }
}

TEST(corpus_test, unigram_entropy_of_two_equal_characters_is_log_two) {
  const Corpus corpus = Corpus::from_text("ababababab", "text", 0.2);
  EXPECT_NEAR(corpus.unigram_entropy(), std::log(2.0), 1e-12);
}

TEST(corpus_test, batches_are_shifted_windows) {
  const Corpus corpus = Corpus::load(
      std::string(LLMLAB_SOURCE_DIR) + "/tests/data/train/tiny_corpus.txt", 0.1, "test");
  Random random(3);
  const int B = 4, T = 16;
  std::vector<int> inputs(B * T), targets(B * T);
  sample_batch(inputs, targets, corpus.train(), B, T, random);
  for (int b = 0; b < B; b++) {
    for (int t = 0; t + 1 < T; t++) EXPECT_EQ(targets[b * T + t], inputs[b * T + t + 1]);
  }
}

TEST(corpus_test, random_is_deterministic_and_unbiased_enough) {
  Random a(42), b(42);
  for (int i = 0; i < 10; i++) EXPECT_EQ(a.next(), b.next());
  Random r(1);
  double sum = 0.0, squares = 0.0;
  const int n = 20000;
  for (int i = 0; i < n; i++) {
    const double x = r.normal();
    sum += x;
    squares += x * x;
  }
  EXPECT_NEAR(sum / n, 0.0, 0.03);
  EXPECT_NEAR(squares / n, 1.0, 0.05);
  std::set<std::uint64_t> seen;
  for (int i = 0; i < 1000; i++) seen.insert(r.below(5));
  EXPECT_EQ(seen, (std::set<std::uint64_t>{0, 1, 2, 3, 4}));
}

}  // namespace
}  // namespace llmlab::train
