// Checkpoint layout (GPT-2 names), metadata, and the checks on loading.
#include "train/checkpoint.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>

#include "base/error.hpp"
#include "base/file.hpp"
#include "base/hash.hpp"
#include "base/messages/system.hpp"
#include "base/messages/train.hpp"
#include "base/utf8.hpp"
#include "num/ops.hpp"
#include "train/config_fields.hpp"
#include "train/safetensors.hpp"

namespace llmlab::train {
namespace {

using Json = nlohmann::ordered_json;

[[noreturn]] void fail(std::string_view file, std::string_view message) {
  throw Error(fmt::format(messages::spoken_by, file, message));
}

std::int64_t to_int64(std::size_t value) { return static_cast<std::int64_t>(value); }

// The Config as JSON, with the keys of the settings table (config_fields.hpp).
std::string config_json(const Config& c) {
  Json json = Json::object();
  for (const ConfigField& field : config_fields()) {
    const std::string key(field.key);
    switch (field.kind) {
      case FieldKind::Integer:
        json[key] = c.*field.integer;
        break;
      case FieldKind::Seed:
        json[key] = c.*field.seed;
        break;
      case FieldKind::Real:
        json[key] = c.*field.real;
        break;
      case FieldKind::Choice:
      case FieldKind::Text:
        json[key] = field.text_of(c);
        break;
    }
  }
  return json.dump();
}

// The checked reads of one config field from a checkpoint's JSON.
class ConfigReader {
 public:
  ConfigReader(const Json& json, std::string_view file) : json_(json), file_(file) {}

  // The field into c when the JSON has it; an error when a required field is missing.
  void read(const ConfigField& field, Config& c) const {
    const bool required = field.in_checkpoint == InCheckpoint::Required;
    switch (field.kind) {
      case FieldKind::Integer:
        return integer(field.key, c.*field.integer, required);
      case FieldKind::Seed:
        return integer(field.key, c.*field.seed, required);
      case FieldKind::Real:
        return real(field.key, c.*field.real);
      case FieldKind::Choice:
        if (const std::string name = text(field.key, required); required || !name.empty()) {
          field.set_choice(c, name, file_);
        }
        return;
      case FieldKind::Text:
        c.*field.text = text(field.key, required);
        return;
    }
  }

 private:
  template <typename Member>
  void integer(std::string_view name, Member& member, bool required) const {
    const auto found = json_.find(std::string(name));
    if (found == json_.end()) {
      if (required) missing(name);
      return;
    }
    // Every integer setting fits an int except the seed.
    const double limit = std::is_same_v<Member, int> ? 1e9 : 1e18;
    if (!found->is_number_integer() || found->template get<double>() < 0.0 ||
        found->template get<double>() > limit) {
      fail(file_, fmt::format(messages::config_not_integer_in, name, limit));
    }
    member = found->template get<Member>();
  }

  void real(std::string_view name, double& member) const {
    const auto found = json_.find(std::string(name));
    if (found == json_.end()) return;
    if (!found->is_number()) fail(file_, fmt::format(messages::config_not_kind, name, "number"));
    member = found->get<double>();
  }

  std::string text(std::string_view name, bool required) const {
    const auto found = json_.find(std::string(name));
    if (found == json_.end()) {
      if (required) missing(name);
      return {};
    }
    if (!found->is_string()) fail(file_, fmt::format(messages::config_not_kind, name, "string"));
    return found->get<std::string>();
  }

  [[noreturn]] void missing(std::string_view name) const {
    fail(file_, fmt::format(messages::config_missing, name));
  }

  const Json& json_;
  std::string_view file_;
};

// Reads the config back; the architecture's fields are required (and read first), the training
// settings keep their defaults when absent (a checkpoint written by another tool may carry only
// the former).
Config parse_config(const std::string& text, std::string_view file) {
  const Json json = Json::parse(text, nullptr, false);
  if (json.is_discarded() || !json.is_object())
    fail(file, fmt::format(messages::not_json_object_named, "__metadata__ config"));
  const ConfigReader reader(json, file);
  Config c;
  for (const InCheckpoint pass : {InCheckpoint::Required, InCheckpoint::Optional}) {
    for (const ConfigField& field : config_fields()) {
      if (field.in_checkpoint == pass) reader.read(field, c);
    }
  }
  return c;
}

const std::string& metadata_entry(const SafetensorsView& view, const std::string& key,
                                  std::string_view file) {
  const auto found = view.metadata.find(key);
  if (found == view.metadata.end()) {
    fail(file, fmt::format(messages::metadata_missing, key));
  }
  return found->second;
}

long parse_steps(const SafetensorsView& view, std::string_view file) {
  const std::string& text = metadata_entry(view, "steps", file);
  long steps = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), steps);
  if (error != std::errc() || end != text.data() + text.size() || steps < 0) {
    fail(file, fmt::format(messages::steps_not_count, text));
  }
  return steps;
}

// Parameters the shape needs, in double so that an absurd config cannot overflow.
double parameter_count_estimate(const ModelShape& s) {
  const double C = s.d_model, H = s.mlp_hidden, V = s.vocab, T = s.context, L = s.layers;
  const double norm = s.norm == NormKind::LayerNorm ? 2 * C : C;
  const double block = 2 * norm + 3 * C * C + 3 * C + C * C + C + 2 * H * C + H + C;
  return V * C + T * C + L * block + (s.placement == NormPlacement::Pre ? norm : 0.0);
}

// Copies one stored tensor (F32 or F64) into the checkpoint-layout values.
std::vector<float> stored_values(const SafetensorsView& view, const TensorEntry& entry,
                                 std::string_view file) {
  const std::span<const std::byte> bytes = view.bytes_of(entry);
  std::vector<float> values;
  if (entry.dtype == Dtype::F32) {
    values.resize(bytes.size() / 4);
    std::memcpy(values.data(), bytes.data(), bytes.size());
  } else if (entry.dtype == Dtype::F64) {
    values.resize(bytes.size() / 8);
    for (size_t i = 0; i < values.size(); i++) {
      double value = 0.0;
      std::memcpy(&value, bytes.data() + 8 * i, 8);
      values[i] = static_cast<float>(value);
    }
  } else {
    fail(file,
         fmt::format(messages::tensor_dtype_unsupported, entry.name, dtype_name(entry.dtype)));
  }
  return values;
}

// Fills `buffer` from the tensors named prefix + layout name, all of which must be present with
// the layout's shapes; any other tensor is an error.
void read_tensors(const SafetensorsView& view, const std::vector<CheckpointTensor>& layout,
                  const std::string& prefix, std::span<float> buffer, std::string_view file) {
  for (const CheckpointTensor& tensor : layout) {
    const std::string name = prefix + tensor.name;
    const TensorEntry* entry = view.find(name);
    if (entry == nullptr) {
      fail(file, fmt::format(messages::tensor_missing, name, num::shape_text(tensor.shape)));
    }
    if (entry->shape != tensor.shape) {
      fail(file, fmt::format(messages::tensor_shape_mismatch, name, num::shape_text(entry->shape),
                             num::shape_text(tensor.shape)));
    }
    store_checkpoint_values(tensor, stored_values(view, *entry, file), buffer);
  }
}

// read_tensors found every expected tensor; any more in the file are not this config's.
void reject_unknown_tensors(const SafetensorsView& view, std::size_t expected,
                            std::string_view file, const std::vector<CheckpointTensor>& layout,
                            const std::vector<std::string>& prefixes) {
  if (view.tensors.size() == expected) return;
  for (const TensorEntry& entry : view.tensors) {
    bool known = false;
    for (const std::string& prefix : prefixes) {
      for (const CheckpointTensor& tensor : layout)
        known = known || prefix + tensor.name == entry.name;
    }
    if (!known) fail(file, fmt::format(messages::tensor_unexpected, entry.name));
  }
}

}  // namespace

std::vector<CheckpointTensor> checkpoint_layout(const ModelShape& s) {
  const size_t C = static_cast<size_t>(s.d_model), H = static_cast<size_t>(s.mlp_hidden);
  const size_t V = static_cast<size_t>(s.vocab), T = static_cast<size_t>(s.context);
  const bool biases = s.norm == NormKind::LayerNorm;
  std::vector<CheckpointTensor> layout;
  size_t offset = 0;
  // A vector (rows 1), or a matrix stored as is or transposed.
  const auto add = [&](std::string name, size_t rows, size_t columns, bool transposed) {
    CheckpointTensor tensor{std::move(name), {}, offset, rows, columns, transposed};
    if (rows == 1) {
      tensor.shape = {to_int64(columns)};
    } else if (transposed) {
      tensor.shape = {to_int64(columns), to_int64(rows)};
    } else {
      tensor.shape = {to_int64(rows), to_int64(columns)};
    }
    offset += rows * columns;
    layout.push_back(std::move(tensor));
  };
  const auto norm = [&](const std::string& name) {
    add(name + ".weight", 1, C, false);
    if (biases) add(name + ".bias", 1, C, false);
  };
  add("wte.weight", V, C, false);
  add("wpe.weight", T, C, false);
  for (int l = 0; l < s.layers; l++) {
    const std::string h = fmt::format("h.{}.", l);
    norm(h + "ln_1");
    add(h + "attn.c_attn.weight", 3 * C, C, true);
    add(h + "attn.c_attn.bias", 1, 3 * C, false);
    add(h + "attn.c_proj.weight", C, C, true);
    add(h + "attn.c_proj.bias", 1, C, false);
    norm(h + "ln_2");
    add(h + "mlp.c_fc.weight", H, C, true);
    add(h + "mlp.c_fc.bias", 1, H, false);
    add(h + "mlp.c_proj.weight", C, H, true);
    add(h + "mlp.c_proj.bias", 1, C, false);
  }
  if (s.placement == NormPlacement::Pre) norm("ln_f");
  return layout;
}

std::vector<float> checkpoint_values(const CheckpointTensor& t, std::span<const float> buffer) {
  const std::span<const float> source = buffer.subspan(t.offset, t.rows * t.columns);
  if (!t.transposed) return {source.begin(), source.end()};
  std::vector<float> out(source.size());
  for (size_t r = 0; r < t.rows; r++) {
    for (size_t c = 0; c < t.columns; c++) out[c * t.rows + r] = source[r * t.columns + c];
  }
  return out;
}

void store_checkpoint_values(const CheckpointTensor& t, std::span<const float> values,
                             std::span<float> buffer) {
  LLMLAB_ASSERT(values.size() == t.rows * t.columns);
  const std::span<float> target = buffer.subspan(t.offset, t.rows * t.columns);
  if (!t.transposed) {
    std::copy(values.begin(), values.end(), target.begin());
    return;
  }
  for (size_t r = 0; r < t.rows; r++) {
    for (size_t c = 0; c < t.columns; c++) target[r * t.columns + c] = values[c * t.rows + r];
  }
}

std::string checkpoint_bytes(const Model& model, std::string_view optimizer_pair) {
  std::vector<TensorToWrite> tensors;
  for (const CheckpointTensor& t : checkpoint_layout(model.shape)) {
    tensors.push_back({t.name, t.shape, checkpoint_values(t, model.parameters)});
  }
  std::string vocabulary;
  for (const char32_t code : model.vocabulary) append_utf8(vocabulary, code);
  return serialize_safetensors(tensors, {{"format", "pt"},
                                         {"config", config_json(model.config)},
                                         {"vocabulary", vocabulary},
                                         {"steps", std::to_string(model.steps)},
                                         {"optimizer", std::string(optimizer_pair)}});
}

std::string optimizer_pair_of(std::string_view optimizer_file_bytes) {
  return fmt::format("fnv1a64:{:016x}", fnv1a_64(optimizer_file_bytes));
}

Model model_from_checkpoint(std::span<const std::byte> bytes, std::string_view file) {
  const SafetensorsView view = parse_safetensors(bytes, file);
  Model model;
  model.config = parse_config(metadata_entry(view, "config", file), file);
  validate(model.config, file);
  const std::string& vocabulary = metadata_entry(view, "vocabulary", file);
  for (const std::string_view character : characters_of(vocabulary)) {
    model.vocabulary.push_back(code_point_of(character));
  }
  if (model.vocabulary.empty()) fail(file, messages::vocabulary_empty_in_file);
  for (size_t i = 1; i < model.vocabulary.size(); i++) {
    if (model.vocabulary[i - 1] >= model.vocabulary[i]) {
      fail(file, messages::vocabulary_not_sorted);
    }
  }
  model.steps = parse_steps(view, file);
  check_model_size(model.config, model.vocabulary.size(), file);
  model.shape = ModelShape::from(model.config, static_cast<int>(model.vocabulary.size()));
  // The file must hold every parameter as at least an F32 before anything is sized from the
  // config, so a forged config cannot ask for more memory than the file is long.
  if (parameter_count_estimate(model.shape) * 4.0 > static_cast<double>(view.data.size())) {
    fail(file, fmt::format(messages::checkpoint_too_short, model.shape.layers, model.shape.d_model,
                           model.shape.vocab, view.data.size()));
  }
  const std::vector<CheckpointTensor> layout = checkpoint_layout(model.shape);
  model.parameters.assign(parameter_count(model.shape), 0.0f);
  read_tensors(view, layout, "", model.parameters, file);
  reject_unknown_tensors(view, layout.size(), file, layout, {""});
  return model;
}

std::string optimizer_bytes(const Model& model) {
  LLMLAB_ASSERT(model.optimizer.has_value());
  std::vector<TensorToWrite> tensors;
  const std::vector<CheckpointTensor> layout = checkpoint_layout(model.shape);
  for (const auto& [prefix, moment] :
       {std::pair{"exp_avg.", &model.optimizer->m}, {"exp_avg_sq.", &model.optimizer->v}}) {
    for (const CheckpointTensor& t : layout) {
      tensors.push_back({prefix + t.name, t.shape, checkpoint_values(t, *moment)});
    }
  }
  return serialize_safetensors(
      tensors, {{"format", "pt"}, {"optimizer", "AdamW"}, {"steps", std::to_string(model.steps)}});
}

void load_optimizer(Model& model, std::span<const std::byte> bytes, std::string_view file) {
  const SafetensorsView view = parse_safetensors(bytes, file);
  const long steps = parse_steps(view, file);
  if (steps != model.steps) {
    fail(file, fmt::format(messages::optimizer_step_mismatch, steps, model.steps));
  }
  if (static_cast<double>(model.parameters.size()) * 8.0 > static_cast<double>(view.data.size())) {
    fail(file, messages::optimizer_state_truncated);
  }
  const std::vector<CheckpointTensor> layout = checkpoint_layout(model.shape);
  OptimizerState state;
  state.m.assign(model.parameters.size(), 0.0f);
  state.v.assign(model.parameters.size(), 0.0f);
  read_tensors(view, layout, "exp_avg.", state.m, file);
  read_tensors(view, layout, "exp_avg_sq.", state.v, file);
  reject_unknown_tensors(view, 2 * layout.size(), file, layout, {"exp_avg.", "exp_avg_sq."});
  model.optimizer = std::move(state);
}

std::string optimizer_path(const std::string& path) {
  constexpr std::string_view kSuffix = ".safetensors";
  if (path.size() > kSuffix.size() && path.ends_with(kSuffix)) {
    return path.substr(0, path.size() - kSuffix.size()) + ".optim.safetensors";
  }
  return path + ".optim.safetensors";
}

std::string previous_optimizer_path(const std::string& path) {
  return optimizer_path(path) + ".prev";
}

namespace {

// __metadata__ "optimizer" of the checkpoint at `path`, read from its header alone: "" when the
// file is missing, unreadable or older than the pairing (the caller then has no pair to keep).
std::string stored_optimizer_pair(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  unsigned char size_bytes[8] = {};
  if (!in.read(reinterpret_cast<char*>(size_bytes), 8)) return {};
  std::uint64_t size = 0;
  for (int i = 7; i >= 0; --i) size = (size << 8) | size_bytes[i];
  if (size > (100u << 20)) return {};
  std::string header(size, '\0');
  if (!in.read(header.data(), static_cast<std::streamsize>(size))) return {};
  const nlohmann::json parsed = nlohmann::json::parse(header, nullptr, false);
  if (!parsed.is_object()) return {};
  const auto metadata = parsed.find("__metadata__");
  if (metadata == parsed.end() || !metadata->is_object()) return {};
  const auto pair = metadata->find("optimizer");
  return pair != metadata->end() && pair->is_string() ? pair->get<std::string>() : std::string();
}

// The pair of a file's bytes, or "" when it cannot be read.
std::string file_pair(const std::string& path) {
  std::string reason;
  const std::optional<std::string> bytes = read_file(path, reason);
  return bytes ? optimizer_pair_of(*bytes) : std::string();
}

void rename_or_fail(const std::string& from, const std::string& to, std::string_view who) {
  if (std::rename(from.c_str(), to.c_str()) != 0) {
    throw Error(fmt::format(messages::cannot_rename_file, who, from, to, std::strerror(errno)));
  }
}

}  // namespace

// Two files cannot be renamed at once, so the model's metadata names its optimiser file by the
// hash of its bytes, and the pair on disk is always whole: with M the model on disk and S, P
// the sibling and .prev files,
//   0. if M's state is in P (a save was cut short), P goes back to S     M ↔ S
//   1. S is renamed to P                                                 M ↔ P
//   2. the new state is written to S (a temporary, then a rename)        M ↔ P
//   3. the new model is written to M (a temporary, then a rename)        M' ↔ S
//   4. P is removed.
// A kill at any point leaves a model whose state is in S or P; load_model looks in both. One
// file for both would be simpler, but the model file must stay a plain GPT-2 safetensors
// that other tools load.
void save_model(const Model& model, const std::string& path, std::string_view who) {
  const std::string sibling = optimizer_path(path);
  const std::string previous = previous_optimizer_path(path);
  std::error_code ignored;
  if (!model.optimizer) {
    write_binary_file(path, checkpoint_bytes(model, "none"), who);
    std::filesystem::remove(sibling, ignored);
    std::filesystem::remove(previous, ignored);
    return;
  }
  const std::string state = optimizer_bytes(model);
  const std::string on_disk = stored_optimizer_pair(path);
  if (!on_disk.empty() && on_disk != "none" && std::filesystem::exists(previous, ignored) &&
      file_pair(sibling) != on_disk && file_pair(previous) == on_disk) {
    rename_or_fail(previous, sibling, who);  // step 0
  }
  if (std::filesystem::exists(sibling, ignored)) rename_or_fail(sibling, previous, who);
  write_binary_file(sibling, state, who);
  write_binary_file(path, checkpoint_bytes(model, optimizer_pair_of(state)), who);
  std::filesystem::remove(previous, ignored);
}

Model load_model(const std::string& path, std::string_view who) {
  const std::string bytes = read_file_or_throw(path, who);
  try {
    Model model = model_from_checkpoint(std::as_bytes(std::span(bytes)), path);
    const SafetensorsView view = parse_safetensors(std::as_bytes(std::span(bytes)), path);
    const auto pair = view.metadata.find("optimizer");
    const std::string sibling = optimizer_path(path);
    std::error_code error;
    if (pair == view.metadata.end()) {
      // Written before pairs were hashed: the sibling, when there is one, as it is.
      if (std::filesystem::exists(sibling, error)) {
        const std::string optimizer = read_file_or_throw(sibling, who);
        load_optimizer(model, std::as_bytes(std::span(optimizer)), sibling);
      }
      return model;
    }
    if (pair->second == "none") return model;
    for (const std::string& candidate : {sibling, previous_optimizer_path(path)}) {
      std::string reason;
      const std::optional<std::string> optimizer = read_file(candidate, reason);
      if (!optimizer || optimizer_pair_of(*optimizer) != pair->second) continue;
      load_optimizer(model, std::as_bytes(std::span(*optimizer)), candidate);
      return model;
    }
    fail(path, fmt::format(messages::optimizer_state_missing, pair->second, sibling,
                           previous_optimizer_path(path)));
  } catch (const Error& error) {
    // The checks word "<file>: ..."; the caller's name goes in front.
    throw Error(fmt::format(messages::spoken_by, who, error.what()));
  }
}

}  // namespace llmlab::train
