// The model builtins: gpt_init, gpt_params / gpt_from_params (weights as a struct tree named as
// in the checkpoint), gpt_save / gpt_load (safetensors), gpt_generate and gpt_forward. The
// numerics are train/'s; this file maps values to its types and back. Token ids seen by scripts
// are 1-based (the column of the logits matrix), 0-based inside train/.
#include <fmt/format.h>

#include <cmath>
#include <string>
#include <string_view>
#include <vector>

#include "base/messages/arguments.hpp"
#include "base/messages/models.hpp"
#include "base/messages/system.hpp"
#include "builtins/gpt_config.hpp"
#include "builtins/paths.hpp"
#include "builtins/registry.hpp"
#include "runtime/struct_array.hpp"
#include "train/checkpoint.hpp"
#include "train/corpus.hpp"
#include "train/generate.hpp"
#include "train/inspect.hpp"

namespace llmlab::builtins {
namespace {

using runtime::Call;
using runtime::Kind;
using runtime::Value;

std::shared_ptr<const train::Model> model_argument(Call& call, int index) {
  std::shared_ptr<const train::Model> model = model_of(call.value(index));
  if (!model) {
    call.fail(fmt::format(messages::argument_not_model, index + 1, call.value(index).kind_name()));
  }
  return model;
}

// A config from a cfg struct and the corpus it names (for the vocabulary).
train::Config config_argument(Call& call, int index) {
  const Value& cfg = call.structure(index);
  train::Config config;
  apply_config_fields(call, config, cfg, {"init"});
  train::validate(config, call.name());
  return config;
}

std::vector<char32_t> corpus_vocabulary(Call& call, const train::Config& config) {
  const std::string who(call.name());
  return train::Corpus::load(config.corpus, config.validation_fraction, who).vocabulary();
}

// Text (encoded with the model's vocabulary) or a vector of 1-based ids → 0-based tokens.
std::vector<int> tokens_argument(Call& call, const train::Model& model, const Value& value,
                                 std::string_view what) {
  if (value.is(Kind::String)) return model.encode(value.string_value(), call.name());
  if (!value.is_numeric()) {
    call.fail(fmt::format(messages::not_text_or_token_ids, what, value.kind_name()));
  }
  const num::Matrix ids = value.as_matrix();
  std::vector<int> tokens;
  for (num::Index i = 0; i < ids.size(); i++) {
    const double id = ids[i];
    if (id != std::floor(id) || id < 1 || id > model.shape.vocab) {
      call.fail(fmt::format(messages::token_ids_out_of_range, what, model.shape.vocab, id));
    }
    tokens.push_back(static_cast<int>(id) - 1);
  }
  return tokens;
}

Value row_of(std::span<const double> values) { return Value::vector(num::Matrix::row(values)); }

Value matrix_of(std::span<const float> values, size_t rows, size_t columns) {
  num::Matrix out(static_cast<num::Index>(rows), static_cast<num::Index>(columns));
  for (size_t i = 0; i < rows * columns; i++) {
    out.set(static_cast<num::Index>(i), static_cast<double>(values[i]));
  }
  return rows == 1 ? Value::vector(out) : Value::matrix(out);
}

// "h.3.attn.c_attn.weight" → block 3 (or -1 for a top-level name) and the path after it.
std::pair<int, std::vector<std::string>> split_name(const std::string& name) {
  std::vector<std::string> parts;
  size_t start = 0;
  while (true) {
    const size_t dot = name.find('.', start);
    parts.push_back(name.substr(start, dot - start));
    if (dot == std::string::npos) break;
    start = dot + 1;
  }
  if (parts.size() > 1 && parts[0] == "h") {
    const int block = std::stoi(parts[1]);
    return {block, std::vector<std::string>(parts.begin() + 2, parts.end())};
  }
  return {-1, parts};
}

void set_path(Value& target, std::span<const std::string> path, Value value) {
  if (path.size() == 1) return target.set_field(path[0], std::move(value));
  const Value* existing = target.field(path[0]);
  Value child = existing != nullptr ? *existing : Value::structure();
  set_path(child, path.subspan(1), std::move(value));
  target.set_field(path[0], std::move(child));
}

// gpt_params(model): the weights as a struct tree with the checkpoint's names: p.wte.weight,
// p.h(l).attn.c_attn.weight (block l, 1-based), p.ln_f.bias, ...
Value gpt_params(Call& call) {
  const std::shared_ptr<const train::Model> model = model_argument(call, 0);
  Value out = Value::structure();
  std::vector<Value> blocks(static_cast<size_t>(model->shape.layers), Value::structure());
  for (const train::CheckpointTensor& t : train::checkpoint_layout(model->shape)) {
    const std::vector<float> values = train::checkpoint_values(t, model->parameters);
    const size_t rows = t.shape.size() == 1 ? 1 : static_cast<size_t>(t.shape[0]);
    const size_t columns = static_cast<size_t>(t.shape.back());
    const auto [block, path] = split_name(t.name);
    Value& target = block >= 0 ? blocks[static_cast<size_t>(block)] : out;
    set_path(target, path, matrix_of(values, rows, columns));
  }
  out.set_field("h", runtime::make_struct_array(std::move(blocks)));
  return out;
}

const Value* find_path(const Value& root, std::span<const std::string> path) {
  const Value* node = &root;
  for (const std::string& part : path) {
    if (!node->is(Kind::Struct)) return nullptr;
    node = node->field(part);
    if (node == nullptr) return nullptr;
  }
  return node;
}

// The struct of block `block` (0-based) in p.h, or nullptr.
const Value* block_of(const Value& p, int block, int layers) {
  const Value* h = p.field("h");
  if (h == nullptr) return nullptr;
  if (h->is(Kind::Struct)) return layers == 1 && block == 0 ? h : nullptr;
  if (!h->is(Kind::StructArray)) return nullptr;
  const std::vector<Value>& items = h->struct_array_items();
  if (items.size() != static_cast<size_t>(layers)) return nullptr;
  return &items[static_cast<size_t>(block)];
}

std::string script_name(const std::string& name) {
  const auto [block, path] = split_name(name);
  std::string out = block >= 0 ? fmt::format("p.h({})", block + 1) : "p";
  for (const std::string& part : path) out += "." + part;
  return out;
}

// gpt_from_params(cfg_or_model, p): a model with the architecture (and vocabulary) of cfg or of
// the given model, and the weights of p, every tensor present with its checkpoint shape.
Value gpt_from_params(Call& call) {
  auto model = std::make_shared<train::Model>();
  if (const std::shared_ptr<const train::Model> base = model_of(call.value(0))) {
    model->config = base->config;
    model->vocabulary = base->vocabulary;
    model->steps = base->steps;
  } else {
    model->config = config_argument(call, 0);
    model->vocabulary = corpus_vocabulary(call, model->config);
  }
  model->shape = train::ModelShape::from(model->config, static_cast<int>(model->vocabulary.size()));
  model->parameters.assign(train::parameter_count(model->shape), 0.0f);
  const Value& p = call.structure(1);
  if (p.field("h") == nullptr || block_of(p, 0, model->shape.layers) == nullptr) {
    call.fail(fmt::format(messages::bad_block_array, model->shape.layers));
  }
  for (const train::CheckpointTensor& t : train::checkpoint_layout(model->shape)) {
    const auto [block, path] = split_name(t.name);
    const Value* root = block >= 0 ? block_of(p, block, model->shape.layers) : &p;
    const Value* value = root == nullptr ? nullptr : find_path(*root, path);
    const std::string name = script_name(t.name);
    if (value == nullptr) call.fail(fmt::format(messages::field_missing, name));
    if (!value->is_numeric())
      call.fail(fmt::format(messages::must_be_numeric_got, name, value->kind_name()));
    const num::Matrix m = value->as_matrix();
    const size_t count = t.rows * t.columns;
    const bool vector = t.shape.size() == 1;
    const bool fits =
        vector ? static_cast<size_t>(m.size()) == count && (m.rows() == 1 || m.columns() == 1)
               : m.rows() == t.shape[0] && m.columns() == t.shape[1];
    if (!fits) {
      call.fail(fmt::format(messages::wrong_shape, name,
                            vector ? fmt::format("a vector of {}", count)
                                   : fmt::format("{}×{}", t.shape[0], t.shape[1]),
                            m.rows(), m.columns()));
    }
    if (!m.is_real()) call.fail(fmt::format(messages::must_be_real, name));
    std::vector<float> values(count);
    for (size_t i = 0; i < count; i++)
      values[i] = static_cast<float>(m[static_cast<num::Index>(i)]);
    train::store_checkpoint_values(t, values, model->parameters);
  }
  return model_value(std::move(model));
}

// gpt_init(cfg): an untrained model (train_gpt's initialisation from cfg.seed); the vocabulary
// is that of cfg.corpus.
Value gpt_init(Call& call) {
  const train::Config config = config_argument(call, 0);
  std::vector<char32_t> vocabulary = corpus_vocabulary(call, config);
  return model_value(std::make_shared<train::Model>(
      train::initialize_model(config, std::move(vocabulary), call.name())));
}

Value gpt_save(Call& call) {
  const std::shared_ptr<const train::Model> model = model_argument(call, 0);
  train::save_model(*model, session_path(call.session(), call.string(1)).string(), call.name());
  return Value::none();
}

// A checkpoint with NaN or Inf weights loads, with a warning: a script may want to look at the
// run that diverged, but should not take its samples for a model's.
Value gpt_load(Call& call) {
  const std::string path = session_path(call.session(), call.string(0)).string();
  auto model = std::make_shared<train::Model>(train::load_model(path, call.name()));
  if (auto report = train::non_finite_report(*model, path)) {
    call.session().warn(runtime::Warning{"llmlab:gpt_load:nonFinite",
                                         fmt::format(messages::spoken_by, "gpt_load", *report)});
  }
  return model_value(std::move(model));
}

// Argument k of an option as a whole number in [0, highest], or the error naming the option.
double whole_option(const Call& call, int k, std::string_view name, double highest) {
  const double x = call.scalar(k);
  if (x != std::floor(x) || x < 0 || x > highest) {
    call.fail(fmt::format(messages::must_be_non_negative_integer, name, x));
  }
  return x;
}

// gpt_generate's options from argument `first` on: "temperature", "top_k", "top_p", "seed",
// "kv_cache".
void read_sampling_options(const Call& call, int first, train::SamplingOptions& sampling,
                           train::KvCache& cache) {
  call.name_value_options(
      first,
      {{"temperature",
        [&](int k) {
          const double x = call.scalar(k);
          if (!(x >= 0.0) || !std::isfinite(x)) {
            call.fail(fmt::format(messages::negative_temperature, x));
          }
          sampling.temperature = x;
        }},
       {"top_k",
        [&](int k) { sampling.top_k = static_cast<int>(whole_option(call, k, "top_k", 1e9)); }},
       {"top_p",
        [&](int k) {
          const double x = call.scalar(k);
          if (!(x > 0.0 && x <= 1.0)) call.fail(fmt::format(messages::top_p_out_of_range, x));
          sampling.top_p = x;
        }},
       {"seed",
        [&](int k) {
          sampling.seed = static_cast<std::uint64_t>(whole_option(call, k, "seed", 9e15));
        }},
       {"kv_cache",
        [&](int k) { cache = call.boolean(k) ? train::KvCache::On : train::KvCache::Off; }}});
}

// gpt_generate(model, prompt, n, "temperature", T, "top_k", k, "top_p", p, "seed", s,
// "kv_cache", true): the n characters after the prompt.
Value gpt_generate(Call& call) {
  const std::shared_ptr<const train::Model> model = model_argument(call, 0);
  if (!call.value(1).is(Kind::String)) {
    call.fail(fmt::format(messages::prompt_not_string, call.value(1).kind_name()));
  }
  const std::vector<int> prompt = model->encode(call.value(1).string_value(), call.name());
  const auto n = call.count_argument(2);
  if (n > 1'000'000) call.fail(fmt::format(messages::n_above_1000000, n));
  train::SamplingOptions sampling;
  train::KvCache cache = train::KvCache::On;
  read_sampling_options(call, 3, sampling, cache);
  const std::vector<int> tokens =
      train::generate(*model, prompt, static_cast<int>(n), sampling, cache);
  return Value::string(model->decode(tokens));
}

train::InsideFields fields_argument(Call& call, const Value& value) {
  std::vector<std::string> names;
  if (value.is(Kind::String)) {
    names.push_back(value.string_value());
  } else if (value.is(Kind::StringArray)) {
    names = value.string_array_value();
  } else {
    call.fail(fmt::format(messages::bad_activation_fields, value.kind_name()));
  }
  train::InsideFields fields{false, false, false, false};
  for (const std::string& name : names) {
    if (name == "resid") {
      fields.residual = true;
    } else if (name == "ln") {
      fields.norms = true;
    } else if (name == "attn") {
      fields.attention = true;
    } else if (name == "mlp") {
      fields.mlp = true;
    } else {
      call.fail(fmt::format(messages::unknown_activation_field, name));
    }
  }
  return fields;
}

// gpt_forward's "layers": block numbers 1..layers, as 0-based indices.
std::vector<int> layers_argument(Call& call, const Value& value, int block_count) {
  std::vector<int> layers;
  const num::Matrix list = value.as_matrix();
  for (num::Index i = 0; i < list.size(); i++) {
    const double l = list[i];
    if (l != std::floor(l) || l < 1 || l > block_count) {
      call.fail(fmt::format(messages::layers_out_of_range, block_count, l));
    }
    layers.push_back(static_cast<int>(l) - 1);
  }
  if (layers.empty()) call.fail(messages::layers_empty);
  return layers;
}

// One element of gpt_forward's `layers`: the block's number and the fields asked for, over
// T tokens.
Value block_value(const train::BlockRecord& b, const train::InsideFields& fields,
                  const train::ModelShape& s, size_t T) {
  const auto C = static_cast<size_t>(s.d_model);
  Value block = Value::structure();
  block.set_field("layer", Value::scalar(b.layer + 1));
  if (fields.residual) {
    block.set_field("resid_pre", matrix_of(b.residual_in, T, C));
    block.set_field("resid_post", matrix_of(b.residual_out, T, C));
  }
  if (fields.norms) {
    block.set_field("ln1_mean", row_of(b.norm1_mean));
    block.set_field("ln1_std", row_of(b.norm1_std));
    block.set_field("ln2_mean", row_of(b.norm2_mean));
    block.set_field("ln2_std", row_of(b.norm2_std));
  }
  if (fields.attention) {
    block.set_field("attn", matrix_of(b.attention, static_cast<size_t>(s.heads) * T, T));
  }
  if (fields.mlp)
    block.set_field("mlp_pre", matrix_of(b.mlp_pre, T, static_cast<size_t>(s.mlp_hidden)));
  return block;
}

// gpt_forward(model, text_or_ids, "targets", t, "layers", [..], "fields", {..}).
Value gpt_forward(Call& call) {
  const std::shared_ptr<const train::Model> model = model_argument(call, 0);
  const train::ModelShape& s = model->shape;
  const std::vector<int> tokens = tokens_argument(call, *model, call.value(1), "the input");
  if (tokens.empty() || tokens.size() > static_cast<size_t>(s.context)) {
    call.fail(fmt::format(messages::input_length_out_of_range, tokens.size(), s.context));
  }
  std::vector<int> targets, layers;
  train::InsideFields fields;
  call.name_value_options(
      2,
      {{"targets",
        [&](int k) {
          targets = tokens_argument(call, *model, call.value(k), "targets");
          if (targets.size() != tokens.size()) {
            call.fail(fmt::format(messages::target_count_mismatch, targets.size(), tokens.size()));
          }
        }},
       {"layers", [&](int k) { layers = layers_argument(call, call.value(k), s.layers); }},
       {"fields", [&](int k) { fields = fields_argument(call, call.value(k)); }}});
  const train::ForwardRecord record =
      train::forward_inside(*model, tokens, targets, layers, fields);
  const size_t T = tokens.size();
  Value out = Value::structure();
  std::vector<double> ids;
  for (const int token : tokens) ids.push_back(token + 1);
  out.set_field("ids", row_of(ids));
  out.set_field("logits", matrix_of(record.logits, T, static_cast<size_t>(s.vocab)));
  if (record.loss) out.set_field("loss", Value::scalar(*record.loss));
  out.set_field("heads", Value::scalar(s.heads));
  std::vector<Value> blocks;
  for (const train::BlockRecord& b : record.blocks) {
    blocks.push_back(block_value(b, fields, s, T));
  }
  out.set_field("layers", runtime::make_struct_array(std::move(blocks)));
  if (!record.final_mean.empty()) {
    out.set_field("lnf_mean", row_of(record.final_mean));
    out.set_field("lnf_std", row_of(record.final_std));
  }
  return out;
}

// The help of the builtins that read a cfg struct: the summary, then every cfg field with its
// default (gpt_config.cpp's table, the one the builtins read), then the example.
std::string cfg_help(std::string_view summary, std::string_view example) {
  return fmt::format("{}\n  cfg fields:{}\n  Example: {}", summary,
                     config_fields_help(ConfigInit::Ignored), example);
}

const std::string kGptInitHelp = cfg_help(
    "gpt_init(cfg): an untrained GPT (train_gpt's initialisation from cfg.seed; the "
    "vocabulary of cfg.corpus), displayed with its shape and parameter count.",
    "m = gpt_init(struct(\"layers\", 1, \"d_model\", 8, \"heads\", 2))");
const std::string kGptFromParamsHelp = cfg_help(
    "gpt_from_params(cfg_or_model, p): a model with the architecture of cfg (or of a model) and "
    "the weights of p (the struct tree of gpt_params).",
    "m = gpt_init(struct(\"layers\", 1, \"d_model\", 8, \"heads\", 2)); "
    "m2 = gpt_from_params(m, gpt_params(m))");

}  // namespace

extern const BuiltinTable kModelBuiltins = {
    {"gpt_init", gpt_init, 1, 1, kGptInitHelp},
    {"gpt_params", gpt_params, 1, 1,
     "gpt_params(model): the weights as a struct tree named as in the checkpoint: p.wte.weight "
     "(V×C), p.wpe.weight, p.h(l).ln_1.weight, p.h(l).attn.c_attn.weight (C×3C), "
     "p.h(l).attn.c_proj.weight, p.h(l).mlp.c_fc.weight (C×H), p.h(l).mlp.c_proj.weight, biases, "
     "p.ln_f (Pre-LN). Example: p = gpt_params(gpt_init(struct(\"layers\", 1, \"d_model\", 8, "
     "\"heads\", 2))); size(p.wte.weight)"},
    {"gpt_from_params", gpt_from_params, 2, 2, kGptFromParamsHelp},
    {"gpt_save", gpt_save, 2, 2,
     "gpt_save(model, \"m.safetensors\"): a safetensors checkpoint with GPT-2 tensor names, config "
     "and vocabulary in __metadata__; AdamW state (models from train_gpt) in m.optim.safetensors. "
     "Example: gpt_save(gpt_init(struct(\"layers\", 1, \"d_model\", 8, \"heads\", 2)), "
     "\"m.safetensors\")"},
    {"gpt_load", gpt_load, 1, 1,
     "gpt_load(\"m.safetensors\"): the model of a checkpoint (and its AdamW state when the sibling "
     "file exists); every tensor, offset and shape is checked. Example: "
     "gpt_save(gpt_init(struct(\"layers\", 1, \"d_model\", 8, \"heads\", 2)), \"m.safetensors\"); "
     "m = gpt_load(\"m.safetensors\")"},
    {"gpt_generate", gpt_generate, 3, -1,
     "gpt_generate(model, prompt, n, \"temperature\", T, \"top_k\", k, \"top_p\", p, \"seed\", s): "
     "the n characters after prompt (greedy at T = 0), KV-cached (\"kv_cache\", false reruns the "
     "window per token). Example: m = gpt_init(struct(\"layers\", 1, \"d_model\", 8, \"heads\", "
     "2)); gpt_generate(m, \"the \", 5, \"seed\", 1)"},
    {"gpt_forward", gpt_forward, 2, -1,
     "gpt_forward(model, text_or_ids, \"targets\", t, \"layers\", [..], \"fields\", {\"resid\", "
     "\"ln\", \"attn\", \"mlp\"}): logits (T×V), loss, and per block: resid_pre/resid_post (T×C), "
     "ln1/ln2 mean and std per token, attn ((heads·T)×T, head h in rows (h-1)·T+1..h·T), mlp_pre "
     "(T×H). Ids are 1-based. Example: m = gpt_init(struct(\"layers\", 1, \"d_model\", 8, "
     "\"heads\", 2)); out = gpt_forward(m, \"the cat\"); size(out.logits)"},
};

}  // namespace llmlab::builtins
