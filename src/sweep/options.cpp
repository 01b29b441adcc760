// The option table mirrors add_train_command's flags; train_config applies them the way the
// CLI does, so a value the trainer would reject is rejected here, before the sweep starts.
#include "sweep/options.hpp"

#include <fmt/format.h>

#include <cmath>

#include "base/error.hpp"
#include "base/messages/arguments.hpp"
#include "base/messages/system.hpp"

namespace llmlab::sweep {

// The trainer's settings that have a flag, less the seed: the sweep's seeds are its own list.
const std::vector<OptionInfo>& option_table() {
  static const std::vector<OptionInfo> table = [] {
    std::vector<OptionInfo> out;
    for (const train::ConfigField& field : train::config_fields()) {
      if (field.flag.empty() || !field.sweepable) continue;
      const OptionKind kind = field.kind == train::FieldKind::Integer ? OptionKind::Integer
                              : field.kind == train::FieldKind::Real  ? OptionKind::Real
                                                                      : OptionKind::Text;
      out.push_back({field.option_name(), kind, &field});
    }
    return out;
  }();
  return table;
}

const OptionInfo* find_option(std::string_view name) {
  std::string dashed(name);
  for (char& c : dashed) {
    if (c == '_') c = '-';
  }
  for (const OptionInfo& info : option_table()) {
    if (info.name == dashed) return &info;
  }
  return nullptr;
}

namespace {

int integer(const OptionValue& value, std::string_view name, std::string_view who) {
  if (!value.numeric || value.number != std::floor(value.number) || std::fabs(value.number) > 1e9) {
    throw Error(fmt::format(messages::must_be_integer_got, who,
                            fmt::format(messages::must_be_integer_got, name, value.text)));
  }
  return static_cast<int>(value.number);
}

double real(const OptionValue& value, std::string_view name, std::string_view who) {
  if (!value.numeric) {
    throw Error(fmt::format(messages::spoken_by, who,
                            fmt::format(messages::must_be_number_got, name, value.text)));
  }
  return value.number;
}

}  // namespace

train::Config train_config(const Options& options, std::uint64_t seed, std::string_view who) {
  train::Config c;
  c.seed = seed;
  for (const auto& [name, value] : options) {
    const OptionInfo* info = find_option(name);
    if (info == nullptr)
      throw Error(
          fmt::format(messages::spoken_by, who, fmt::format(messages::unknown_option_named, name)));
    const train::ConfigField& field = *info->field;
    switch (field.kind) {
      case train::FieldKind::Integer:
        c.*field.integer = integer(value, name, who);
        break;
      case train::FieldKind::Real:
        c.*field.real = real(value, name, who);
        break;
      case train::FieldKind::Choice:
        field.set_choice(c, value.text, who);
        break;
      case train::FieldKind::Text:
        c.*field.text = value.text;
        break;
      case train::FieldKind::Seed:
        break;  // not an option (option_table leaves it out)
    }
  }
  train::validate(c, who);
  return c;
}

}  // namespace llmlab::sweep
