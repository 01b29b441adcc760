// The small model the train tests share: two layers of width 16 on the tiny corpus, a few
// milliseconds a step. Each test sets its own steps and logging.
#pragma once

#include <string>

#include "train/config.hpp"

namespace llmlab::train::test_support {

inline Config tiny_config(int steps, int log_interval, int eval_interval, int eval_batches) {
  Config config;
  config.layers = 2;
  config.d_model = 16;
  config.heads = 2;
  config.context = 16;
  config.batch = 4;
  config.steps = steps;
  config.learning_rate = 1e-2;
  config.log_interval = log_interval;
  config.eval_interval = eval_interval;
  config.eval_batches = eval_batches;
  config.corpus = std::string(LLMLAB_SOURCE_DIR) + "/tests/data/train/tiny_corpus.txt";
  return config;
}

}  // namespace llmlab::train::test_support
