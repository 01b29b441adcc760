// Models on disk as safetensors, with GPT-2's tensor names and layouts so that other tools read
// them: wte.weight (V, C), wpe.weight (T, C), h.<l>.ln_1.{weight,bias}, h.<l>.attn.c_attn.weight
// (C, 3C), h.<l>.attn.c_proj.weight (C, C), h.<l>.ln_2.*, h.<l>.mlp.c_fc.weight (C, H),
// h.<l>.mlp.c_proj.weight (H, C), each with its bias, and ln_f.* (Pre-LN only). GPT-2 stores
// its projections as Conv1D weights, (in, out): the transpose of Gpt's (out, in). RMSNorm models
// have no norm biases. The header's __metadata__ holds "config" (the Config as JSON, with the
// names of train_gpt's cfg fields), "vocabulary" (the characters in token order, one string)
// "steps" (optimiser steps taken) and "optimizer" (the hash of the optimiser file that belongs
// with it, or "none"). AdamW's moments, when the model has them, go to a sibling file
// (m.safetensors → m.optim.safetensors) as exp_avg.<name> and exp_avg_sq.<name>.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "train/model.hpp"

namespace llmlab::train {

// One tensor of the GPT-2 layout: its name and shape, and where its values sit in the parameter
// buffer ((rows, columns) row-major there, stored transposed when `transposed`).
struct CheckpointTensor {
  std::string name;
  std::vector<std::int64_t> shape;
  std::size_t offset = 0;  // into the parameter buffer
  std::size_t rows = 0, columns = 0;
  bool transposed = false;
};
std::vector<CheckpointTensor> checkpoint_layout(const ModelShape& shape);

// The tensor's values in checkpoint layout, and back.
std::vector<float> checkpoint_values(const CheckpointTensor& tensor, std::span<const float> buffer);
void store_checkpoint_values(const CheckpointTensor& tensor, std::span<const float> values,
                             std::span<float> buffer);

// The file's bytes, and a model from them: every check of parse_safetensors, then the metadata
// (config, vocabulary), and every tensor present with the shape the config implies and no
// others. Errors are llmlab::Error worded "<file>: ..." naming the tensor; nothing is allocated
// beyond the size the file itself justifies.
// `optimizer_pair` goes to __metadata__ "optimizer": "none", or "fnv1a64:<16 hex digits>", the
// hash of the optimiser file's bytes that belong with this model (optimizer_pair_of).
std::string checkpoint_bytes(const Model& model, std::string_view optimizer_pair = "none");
std::string optimizer_pair_of(std::string_view optimizer_file_bytes);
Model model_from_checkpoint(std::span<const std::byte> bytes, std::string_view file);
std::string optimizer_bytes(const Model& model);
void load_optimizer(Model& model, std::span<const std::byte> bytes, std::string_view file);

// "m.safetensors" → "m.optim.safetensors" (any other name: name + ".optim.safetensors").
std::string optimizer_path(const std::string& path);

// The optimiser file kept while a new pair is written: "m.optim.safetensors.prev".
std::string previous_optimizer_path(const std::string& path);

// Writes the checkpoint, and the optimiser file when the model has its state (removing a stale
// one when it has not), so that the pair commits as one unit: whenever the process dies, the
// model file on disk has its own optimiser state in the sibling file or, while a save is under
// way, in the .prev file (save_model's comment says how). Errors name `who` and the file.
void save_model(const Model& model, const std::string& path, std::string_view who);
// Reads the checkpoint and the optimiser state its metadata names (the sibling or the .prev
// file, whichever has the hash; a checkpoint written before pairs were hashed takes the
// sibling as it is). A model that names a state no file holds is an error.
Model load_model(const std::string& path, std::string_view who);

}  // namespace llmlab::train
