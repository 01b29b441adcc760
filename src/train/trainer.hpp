// The training loop: batches from a character corpus, forward/backward, gradient norms, optional
// clipping, AdamW with the warmup schedule, validation, and the recorded series. Stops cleanly at
// the first non-finite loss or gradient and says where.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "train/config.hpp"
#include "train/corpus.hpp"

namespace llmlab::train {

// Recorded every log_interval steps, at step 1, at the last step and at a non-finite step.
struct StepRecord {
  long step = 0;
  double learning_rate = 0.0;
  double loss = 0.0;                     // this step's batch loss
  double loss_mean = 0.0;                // mean batch loss over the last log_interval steps
  double grad_norm = 0.0;                // global L2 norm of the gradient, before clipping
  std::vector<double> block_grad_norms;  // one per block, block 0 nearest the embedding
};

struct EvalRecord {
  long step = 0;
  double loss = 0.0;  // mean over eval_batches fixed validation batches
};

struct Record {
  Config config;
  int vocab = 0;
  std::int64_t parameters = 0;
  std::int64_t corpus_characters = 0;
  std::string corpus_source;
  double unigram_entropy = 0.0;
  std::vector<StepRecord> log;
  std::vector<EvalRecord> validation;
  // The first step whose loss or gradient was NaN/Inf, and which one ("loss" or "gradient").
  std::optional<long> nonfinite_step;
  std::string nonfinite_what;
  long steps_done = 0;
  bool interrupted = false;    // stopped early at the caller's request (Ctrl-C)
  double train_seconds = 0.0;  // forward, backward and update; evaluation excluded
  double tokens_per_second = 0.0;
  double flops_per_step = 0.0;  // forward + backward matmul and attention FLOPs, estimated
  int threads = 1;
};

// Called after every step (for progress bars); eta_seconds assumes the current rate.
struct Progress {
  long step = 0;
  long steps = 0;
  double loss = 0.0;
  double tokens_per_second = 0.0;
  double eta_seconds = 0.0;
};
using ProgressCallback = std::function<void(const Progress&)>;
// Asked after every step: true ends the run there (Ctrl-C), the record holding the steps done.
using StopCheck = std::function<bool()>;

// Validates the configuration (errors name `who`), loads the corpus, trains and records.
Record train_gpt(const Config& config, const ProgressCallback& progress = {},
                 std::string_view who = "train_gpt", const StopCheck& stop = {});
// The same with a corpus already in memory (tests, repeated runs over one corpus).
Record train_gpt(const Config& config, const Corpus& corpus, const ProgressCallback& progress = {},
                 std::string_view who = "train_gpt", const StopCheck& stop = {});

// The record as JSON (non-finite numbers as null), for `llmlab train --json`.
std::string to_json(const Record& record);

}  // namespace llmlab::train
