// sweep_load(dir): the run records of a sweep folder (written by `llmlab sweep run`) as a struct
// array, one element per recorded run, with the same series names as train_gpt's result, so a
// lesson can draw its own figures from a sweep. The records are read by the sweep library
// (sweep/records.hpp), the one reader of the format it writes.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <limits>
#include <string>
#include <vector>

#include "base/error.hpp"
#include "base/json.hpp"
#include "base/messages/environment.hpp"
#include "builtins/registry.hpp"
#include "sweep/records.hpp"

namespace llmlab::builtins {
namespace {

namespace fs = std::filesystem;
using runtime::Call;
using runtime::Value;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

double number(const json::Value* v) { return json::number_or(v, kNaN); }
std::string text(const json::Value* v) { return json::string_or_empty(v); }

Value row(const std::vector<double>& values) {
  num::Matrix m(1, static_cast<num::Index>(values.size()));
  for (std::size_t i = 0; i < values.size(); ++i) m.set(static_cast<num::Index>(i), values[i]);
  return Value::vector(std::move(m));
}

// Option names as fields: "d-model" → d_model, as train_gpt's cfg spells them.
std::string field_name(std::string name) {
  std::replace(name.begin(), name.end(), '-', '_');
  return name;
}

Value run_value(const json::Value& record) {
  const json::Value* sweep = json::find(record, "sweep");
  Value out = Value::structure();
  out.set_field("config_id", Value::string(text(json::find(*sweep, "config_id"))));
  out.set_field("seed", Value::scalar(number(json::find(*sweep, "seed"))));
  // Runs at different thread counts are different runs (their own config ids).
  out.set_field("threads", Value::scalar(number(json::find(*sweep, "threads"))));
  out.set_field("status", Value::string(text(json::find(*sweep, "status"))));
  Value options = Value::structure();
  if (const json::Value* o = json::find(*sweep, "options"); o != nullptr) {
    for (const auto& [name, value] : o->items()) {
      options.set_field(field_name(name), value.is_string()
                                              ? Value::string(value.get<std::string>())
                                              : Value::scalar(number(&value)));
    }
  }
  out.set_field("options", options);
  std::vector<double> step, loss_mean, grad_norm, first, last, val_step, val_loss;
  if (const json::Value* log = json::find(record, "log"); log != nullptr) {
    for (const json::Value& s : *log) {
      step.push_back(number(json::find(s, "step")));
      loss_mean.push_back(number(json::find(s, "loss_mean")));
      grad_norm.push_back(number(json::find(s, "gnorm")));
      const json::Value* blocks = json::find(s, "gnorm_blocks");
      const bool any = blocks != nullptr && blocks->is_array() && !blocks->empty();
      first.push_back(any ? number(&blocks->front()) : kNaN);
      last.push_back(any ? number(&blocks->back()) : kNaN);
    }
  }
  if (const json::Value* val = json::find(record, "val"); val != nullptr) {
    for (const json::Value& v : *val) {
      val_step.push_back(number(json::find(v, "step")));
      val_loss.push_back(number(json::find(v, "loss")));
    }
  }
  out.set_field("step", row(step));
  out.set_field("loss_mean", row(loss_mean));
  out.set_field("grad_norm", row(grad_norm));
  out.set_field("grad_norm_first", row(first));
  out.set_field("grad_norm_last", row(last));
  out.set_field("val_step", row(val_step));
  out.set_field("val_loss", row(val_loss));
  out.set_field("final_val_loss", Value::scalar(val_loss.empty() ? kNaN : val_loss.back()));
  out.set_field("unigram_entropy", Value::scalar(number(json::find(record, "unigram_entropy"))));
  out.set_field("diverged_at", Value::scalar(number(json::find(record, "diverged_at"))));
  out.set_field("steps_done", Value::scalar(number(json::find(record, "steps_done"))));
  out.set_field("wall_s", Value::scalar(number(json::find(*sweep, "wall_s"))));
  out.set_field("error", Value::string(text(json::find(*sweep, "error"))));
  return out;
}

Value sweep_load(Call& call) {
  const std::string dir = call.string(0);
  std::error_code ec;
  if (!fs::is_directory(fs::path(dir) / "runs", ec)) {
    call.fail(fmt::format(messages::not_a_sweep_folder, dir));
  }
  std::vector<Value> runs;
  for (const sweep::StoredRecord& stored : sweep::read_all_records(dir)) {
    runs.push_back(run_value(stored.record));
  }
  if (runs.empty()) call.fail(fmt::format(messages::no_sweep_records, dir));
  return Value::struct_array(std::move(runs));
}

}  // namespace

extern const BuiltinTable kSweepBuiltins = {
    {"sweep_load", sweep_load, 1, 1,
     "Load a sweep folder's run records (llmlab sweep run) as a struct array: config_id, seed, "
     "status, options, step, loss_mean, grad_norm_first/last, val_step, val_loss, "
     "final_val_loss, ... Example: try; sweep_load(\"no-such-sweep\"); catch err; "
     "disp(err.message); end"},
};

}  // namespace llmlab::builtins
