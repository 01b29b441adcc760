// Reading a sweep file: the project's TOML reader (builtins/io/toml.hpp) gives the values; a scan
// of the text gives each key's line, so a bad key or value is reported where it was written.
// The reader has no arrays of tables, so each `[[zip]]` header is read as its own table
// `[zip_<n>]` (a one-line rewrite that keeps every line number).
#include "sweep/spec.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <memory>
#include <set>

#include "base/error.hpp"
#include "base/hash.hpp"
#include "base/messages/arguments.hpp"
#include "base/messages/sweep.hpp"
#include "base/messages/system.hpp"
#include "base/source.hpp"
#include "base/text_escape.hpp"
#include "base/text_trim.hpp"
#include "num/format.hpp"
#include "runtime/toml.hpp"
#include "sweep/options.hpp"
#include "sweep/sbatch.hpp"

namespace llmlab::sweep {

using runtime::Kind;
using runtime::Value;

std::string option_number_text(double x) {
  if (x == std::floor(x) && std::fabs(x) < 1e15) {
    return fmt::format("{}", static_cast<long long>(x));
  }
  return fmt::format("{}", x);
}

std::vector<RunSpec> Spec::runs() const {
  std::vector<RunSpec> out;
  for (const ConfigSpec& config : configs) {
    for (const std::uint64_t seed : seeds) out.push_back({&config, seed});
  }
  return out;
}

std::vector<RunSpec> Spec::launch_order() const {
  std::vector<RunSpec> out;
  for (const std::uint64_t seed : seeds) {
    for (const ConfigSpec& config : configs) out.push_back({&config, seed});
  }
  return out;
}

const ConfigSpec* Spec::find_config(std::string_view id) const {
  for (const ConfigSpec& config : configs) {
    if (config.id == id) return &config;
  }
  return nullptr;
}

std::string config_id(const Options& varying, const Options& all, int threads) {
  std::string readable;
  for (const auto& [name, value] : varying) {
    std::string text = value.text;
    if (name == "corpus") text = std::filesystem::path(text).stem().string();
    for (char& c : text) {
      const bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                        (c >= '0' && c <= '9') || c == '.' || c == '-' || c == '+';
      if (!keep) c = '-';
    }
    if (text.size() > 24) text.resize(24);
    if (!readable.empty()) readable += '_';
    readable += name + "-" + text;
  }
  if (readable.empty()) readable = "base";
  // FNV-1a over "name=value\n" of every option: any change of any option changes the id.
  std::uint64_t hash = kFnv1a64Offset;
  for (const auto& [name, value] : all) hash = fnv1a_64(name + "=" + value.text + "\n", hash);
  hash = fnv1a_64(fmt::format("threads={}\n", threads), hash);
  return fmt::format("{}-{:08x}", readable, fold_to_32(hash));
}

namespace {

constexpr std::string_view kWho = "sweep";
// The [slurm] table, whose settings sbatch.hpp checks.
constexpr std::string_view kSlurmSection = "slurm";

// Where each key was written: "section.key" → line and column (1-based); the section of a
// top-level key is empty, of the n-th [[zip]] "zip_<n>".
struct KeyPositions {
  std::map<std::string, std::pair<int, int>, std::less<>> keys;
  std::map<std::string, int, std::less<>> sections;
};

std::string unquote(std::string key) {
  if (key.size() >= 2 && (key.front() == '"' || key.front() == '\'') && key.back() == key.front()) {
    return key.substr(1, key.size() - 2);
  }
  return key;
}

class Reader {
 public:
  Reader(std::string_view text, const std::string& path)
      : file_(std::make_shared<SourceFile>(path, std::string(text))), path_(path) {}

  Spec read() {
    const std::string rewritten = scan();
    Value root;
    try {
      root = runtime::toml::decode(rewritten, path_);
    } catch (const Error& error) {
      // "load: 'FILE' line N: message" → the same message at that line.
      const std::string message = error.what();
      const auto at = message.find(" line ");
      int line = 0;
      std::string rest = message;
      if (at != std::string::npos) {
        line = std::atoi(message.c_str() + at + 6);
        const auto colon = message.find(": ", at);
        if (colon != std::string::npos) rest = message.substr(colon + 2);
      }
      fail(line, 0, fmt::format(messages::sweep_file_invalid, rest));
    }
    return build(root);
  }

 private:
  [[noreturn]] void fail(int line, int column, const std::string& message) const {
    if (line <= 0) throw Error(fmt::format(messages::spoken_by_about, kWho, path_, message));
    throw Error(fmt::format(messages::spoken_by, kWho, message),
                SourceLoc{file_, line, std::max(column, 1)});
  }
  [[noreturn]] void fail_at(std::string_view section, std::string_view key,
                            const std::string& message) const {
    const std::string where =
        section.empty() ? std::string(key) : fmt::format("{}.{}", section, key);
    const auto found = positions_.keys.find(where);
    if (found != positions_.keys.end()) fail(found->second.first, found->second.second, message);
    const auto table = positions_.sections.find(key.empty() ? section : where);
    fail(table != positions_.sections.end() ? table->second : 0, 1, message);
  }
  // The line of the first option the trainer's message names, else no line.
  [[noreturn]] void fail_at_option(const std::string& message) const {
    for (const OptionInfo& info : option_table()) {
      if (message.find(std::string(info.name) + " ") == std::string::npos) continue;
      for (const auto& [where, position] : positions_.keys) {
        const auto dot = where.rfind('.');
        const OptionInfo* named = find_option(where.substr(dot == std::string::npos ? 0 : dot + 1));
        if (named == &info) fail(position.first, position.second, message);
      }
    }
    fail(0, 0, message);
  }
  int line_of(std::string_view section, std::string_view key) const {
    const std::string where =
        section.empty() ? std::string(key) : fmt::format("{}.{}", section, key);
    const auto found = positions_.keys.find(where);
    return found == positions_.keys.end() ? 1 << 30 : found->second.first;
  }
  // "grid.lr" as the user wrote it (the n-th [[zip]] as "zip #n").
  static std::string shown(std::string_view section, std::string_view key) {
    std::string s(section);
    if (s.rfind("zip_", 0) == 0) s = "[[zip]] #" + s.substr(4);
    return s.empty() ? std::string(key) : fmt::format("{}.{}", s, key);
  }

  // Records key positions and rewrites [[zip]] headers; returns the text for the TOML reader.
  std::string scan() {
    std::string out;
    std::string section;
    int line_number = 0;
    int zips = 0;
    std::string_view text = file_->text();
    while (!text.empty()) {
      const auto end = text.find('\n');
      std::string_view line = text.substr(0, end);
      text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
      ++line_number;
      const std::string t(trim(line));
      if (t.rfind("[[", 0) == 0) {
        const auto close = t.find("]]");
        const std::string name(
            trim(std::string_view(t).substr(2, close == std::string::npos ? 0 : close - 2)));
        if (name != "zip") {
          fail(line_number, 1, fmt::format(messages::zip_table_unknown, name));
        }
        section = fmt::format("zip_{}", ++zips);
        positions_.sections[section] = line_number;
        out += fmt::format("[{}]\n", section);
        continue;
      }
      if (t.rfind('[', 0) == 0) {
        const auto close = t.find(']');
        section = trim(std::string_view(t).substr(1, close == std::string::npos ? 0 : close - 1));
        positions_.sections[section] = line_number;
      } else if (!t.empty() && t[0] != '#') {
        const auto equals = t.find('=');
        if (equals != std::string::npos) {
          const std::string key = unquote(std::string(trim(std::string_view(t).substr(0, equals))));
          const std::string where = section.empty() ? key : section + "." + key;
          const auto column = static_cast<int>(line.find_first_not_of(" \t") + 1);
          positions_.keys.emplace(where, std::make_pair(line_number, column));
          // A grid value must be written as a list; the reader turns [x] into a scalar.
          if (trim(std::string_view(t).substr(equals + 1)).starts_with('[')) lists_.insert(where);
        }
      }
      out.append(line);
      out.push_back('\n');
    }
    return out;
  }

  // One option value of the kind the option takes.
  OptionValue option_value(std::string_view section, std::string_view key, const OptionInfo& info,
                           const Value& value, bool is_number, double number,
                           const std::string& text) const {
    if (info.kind == OptionKind::Text) {
      if (is_number) {
        fail_at(section, key,
                fmt::format(messages::value_not_text, shown(section, key),
                            num::format_shortest(number)));
      }
      check_no_control_character(section, key, text);
      std::string resolved = text;
      if (info.name == "corpus" && !resolved.empty()) {
        std::filesystem::path p(resolved);
        if (p.is_relative()) {
          p = std::filesystem::absolute(std::filesystem::path(path_).parent_path() / p);
        }
        resolved = p.lexically_normal().string();
      }
      return {resolved, false, 0.0};
    }
    if (!is_number) {
      fail_at(section, key, fmt::format(messages::value_not_number, shown(section, key), text));
    }
    if (info.kind == OptionKind::Integer && number != std::floor(number)) {
      fail_at(section, key,
              fmt::format(messages::must_be_integer_got, shown(section, key), number));
    }
    (void)value;
    return {option_number_text(number), true, number};
  }

  const OptionInfo& option_info(std::string_view section, std::string_view key) const {
    const OptionInfo* info = find_option(key);
    if (info == nullptr) {
      if (key == "seed") {
        fail_at(section, key, std::string(messages::seeds_not_option));
      }
      fail_at(section, key, fmt::format(messages::option_not_train_option, key, section));
    }
    return *info;
  }

  // A single value ([base]).
  OptionValue single(std::string_view section, std::string_view key, const Value& value) const {
    const OptionInfo& info = option_info(section, key);
    if (value.is(Kind::Scalar) || value.is(Kind::Bool)) {
      return option_value(section, key, info, value, true, value.scalar_value(), "");
    }
    if (value.is(Kind::String)) {
      return option_value(section, key, info, value, false, 0.0, value.string_value());
    }
    fail_at(section, key, fmt::format(messages::value_not_single, shown(section, key)));
  }

  // A list of values ([grid], [[zip]]).
  std::vector<OptionValue> list(std::string_view section, std::string_view key,
                                const Value& value) const {
    const OptionInfo& info = option_info(section, key);
    const std::string where = fmt::format("{}.{}", section, key);
    std::vector<OptionValue> out;
    if (!lists_.contains(where)) {
      fail_at(section, key, fmt::format(messages::values_not_list, shown(section, key), key));
    }
    if (value.is(Kind::Scalar) || value.is(Kind::Bool)) {
      out.push_back(option_value(section, key, info, value, true, value.scalar_value(), ""));
    } else if (value.is(Kind::String)) {
      out.push_back(option_value(section, key, info, value, false, 0.0, value.string_value()));
    } else if (value.is(Kind::Vector)) {
      const num::Matrix& m = value.matrix_value();
      for (num::Index i = 0; i < m.size(); ++i) {
        out.push_back(option_value(section, key, info, value, true, m[i], ""));
      }
    } else if (value.is(Kind::StringArray)) {
      for (const std::string& s : value.string_array_value()) {
        out.push_back(option_value(section, key, info, value, false, 0.0, s));
      }
    } else {
      fail_at(section, key, fmt::format(messages::values_mixed, shown(section, key)));
    }
    if (out.empty()) {
      fail_at(section, key, fmt::format(messages::values_empty, shown(section, key)));
    }
    return out;
  }

  // The keys of a table in the order they were written.
  std::vector<std::string> keys_in_order(std::string_view section,
                                         const runtime::StructFields& fields) const {
    std::vector<std::string> keys;
    for (const auto& [key, value] : fields) keys.push_back(key);
    std::stable_sort(keys.begin(), keys.end(), [&](const std::string& a, const std::string& b) {
      return line_of(section, a) < line_of(section, b);
    });
    return keys;
  }

  const Value& table(const Value& root, std::string_view name) const {
    static const Value empty = Value::structure();
    const Value* v = root.field(name);
    if (v == nullptr) return empty;
    if (!v->is(Kind::Struct))
      fail_at("", name, fmt::format(messages::section_not_table, name, name));
    return *v;
  }

  double number_setting(std::string_view section, std::string_view key, const Value& v) const {
    if (!v.is(Kind::Scalar)) {
      fail_at(section, key, fmt::format(messages::must_be_number, shown(section, key)));
    }
    return v.scalar_value();
  }
  std::string text_setting(std::string_view section, std::string_view key, const Value& v) const {
    if (!v.is(Kind::String)) {
      fail_at(section, key, fmt::format(messages::must_be_string, shown(section, key)));
    }
    check_no_control_character(section, key, v.string_value());
    return v.string_value();
  }
  // No text of a sweep file may hold a control character: values reach command lines, the
  // Slurm script and the resolved sweep.toml, where a newline would start a line of its own.
  void check_no_control_character(std::string_view section, std::string_view key,
                                  const std::string& text) const {
    if (const auto c = first_control_character(text)) {
      fail_at(section, key,
              fmt::format(messages::value_control_character, shown(section, key),
                          static_cast<unsigned char>(*c), quoted_string(text)));
    }
  }
  // A [slurm] string, in the form Slurm takes (sbatch.hpp): it is written into sweep.sbatch.
  std::string slurm_setting(std::string_view key, const Value& v) const {
    std::string text = text_setting("slurm", key, v);
    if (const auto problem = slurm_setting_problem(key, text, shown("slurm", key))) {
      fail_at(kSlurmSection, key, *problem);
    }
    return text;
  }
  int count_setting(std::string_view section, std::string_view key, const Value& v,
                    int minimum) const {
    const double x = number_setting(section, key, v);
    if (x != std::floor(x) || x < minimum || x > 1e6) {
      fail_at(section, key,
              fmt::format(messages::integer_below_minimum, shown(section, key), minimum,
                          num::format_shortest(x)));
    }
    return static_cast<int>(x);
  }

  // One dimension of the grid: a [grid] key with its list, or a [[zip]] group of several lists
  // of one length that vary together.
  struct Dimension {
    std::vector<std::string> names;
    std::vector<std::vector<OptionValue>> values;  // values[name][i]
    std::size_t size() const { return values.front().size(); }
  };
  // Where each option was set ("[base]", "[grid]", "[[zip]] #2"): an option is set in one place.
  using Owners = std::map<std::string, std::string>;

  Spec build(const Value& root) {
    Spec spec;
    spec.source = path_;
    check_top_level_keys(root);
    spec.seeds = read_seeds(root);
    Owners owners;
    spec.base = read_base(root, owners);
    std::vector<Dimension> dimensions = read_grid(root, owners);
    for (Dimension& zip : read_zips(root, owners)) dimensions.push_back(std::move(zip));
    for (const Dimension& d : dimensions) {
      for (const std::string& name : d.names) spec.varying.push_back(name);
    }
    const std::size_t total = configuration_count(dimensions);
    read_settings(root, spec);
    spec.configs = expand(dimensions, total, spec);
    return spec;
  }

  void check_top_level_keys(const Value& root) const {
    for (const auto& [key, value] : root.struct_fields()) {
      const bool known = key == "base" || key == "grid" || key == "seeds" || key == "run" ||
                         key == "slurm" || key == "report" || key.rfind("zip_", 0) == 0;
      if (!known) {
        fail_at("", key, fmt::format(messages::top_level_key_unknown, key));
      }
    }
  }

  // `seeds = [...]`: a list of distinct non-negative integers.
  std::vector<std::uint64_t> read_seeds(const Value& root) const {
    const Value* seeds = root.field("seeds");
    if (seeds == nullptr) fail(1, 1, std::string(messages::seeds_missing));
    const num::Matrix m =
        seeds->is(Kind::Scalar) || seeds->is(Kind::Vector) ? seeds->as_matrix() : num::Matrix(0, 0);
    if (!seeds->is(Kind::Scalar) && !seeds->is(Kind::Vector)) {
      fail_at("", "seeds", std::string(messages::seeds_not_integers));
    }
    if (!lists_.contains(".seeds") && !lists_.contains("seeds")) {
      fail_at("", "seeds", std::string(messages::seeds_not_list));
    }
    if (m.size() == 0) fail_at("", "seeds", std::string(messages::seeds_empty));
    std::vector<std::uint64_t> out;
    for (num::Index i = 0; i < m.size(); ++i) {
      const double s = m[i];
      if (s != std::floor(s) || s < 0 || s > 9e15) {
        fail_at("", "seeds", fmt::format(messages::seed_negative, num::format_shortest(s)));
      }
      const auto seed = static_cast<std::uint64_t>(s);
      if (std::find(out.begin(), out.end(), seed) != out.end()) {
        fail_at("", "seeds", fmt::format(messages::seed_twice, seed));
      }
      out.push_back(seed);
    }
    return out;
  }

  Options read_base(const Value& root, Owners& owners) const {
    Options out;
    const Value& base = table(root, "base");
    for (const std::string& key : keys_in_order("base", base.struct_fields())) {
      const OptionValue v = single("base", key, *base.field(key));
      const std::string name(find_option(key)->name);
      owners[name] = "[base]";
      out.emplace_back(name, v);
    }
    return out;
  }

  // The option's name, recorded as set at place; an error if another table set it already.
  std::string claim(Owners& owners, std::string_view section, const std::string& key,
                    const std::string& place) const {
    const std::string name(find_option(key)->name);
    const auto previous = owners.find(name);
    if (previous != owners.end()) {
      fail_at(section, key, fmt::format(messages::option_set_twice, name, previous->second, place));
    }
    owners[name] = place;
    return name;
  }

  std::vector<Dimension> read_grid(const Value& root, Owners& owners) const {
    std::vector<Dimension> dimensions;
    const Value& grid = table(root, "grid");
    for (const std::string& key : keys_in_order("grid", grid.struct_fields())) {
      auto values = list("grid", key, *grid.field(key));
      dimensions.push_back({{claim(owners, "grid", key, "[grid]")}, {std::move(values)}});
    }
    return dimensions;
  }

  // The [[zip]] groups in the order they were written.
  std::vector<Dimension> read_zips(const Value& root, Owners& owners) {
    std::vector<std::string> zip_sections;
    for (const auto& [key, value] : root.struct_fields()) {
      if (key.rfind("zip_", 0) == 0) zip_sections.push_back(key);
    }
    std::sort(zip_sections.begin(), zip_sections.end(), [](const auto& a, const auto& b) {
      return std::atoi(a.c_str() + 4) < std::atoi(b.c_str() + 4);
    });
    std::vector<Dimension> dimensions;
    for (const std::string& section : zip_sections) {
      const Value& zip = table(root, section);
      Dimension d;
      for (const std::string& key : keys_in_order(section, zip.struct_fields())) {
        auto values = list(section, key, *zip.field(key));
        if (!d.values.empty() && values.size() != d.size()) {
          fail_at(section, key,
                  fmt::format(messages::zip_lengths_differ, shown(section, key), values.size(),
                              d.size()));
        }
        d.names.push_back(claim(owners, section, key, shown(section, "").substr(0, 10)));
        d.values.push_back(std::move(values));
      }
      if (d.names.empty()) fail(positions_.sections[section], 1, std::string(messages::zip_empty));
      dimensions.push_back(std::move(d));
    }
    return dimensions;
  }

  std::size_t configuration_count(const std::vector<Dimension>& dimensions) const {
    std::size_t total = 1;
    for (const Dimension& d : dimensions) total *= d.size();
    if (total > 100000) fail(1, 1, fmt::format(messages::grid_too_large, total));
    return total;
  }

  // The product of the dimensions, first dimension slowest; each configuration is checked by
  // the trainer's own option rules, so a bad combination is reported before anything runs.
  std::vector<ConfigSpec> expand(const std::vector<Dimension>& dimensions, std::size_t total,
                                 const Spec& spec) const {
    std::vector<ConfigSpec> configs;
    std::set<std::string> ids;
    for (std::size_t index = 0; index < total; ++index) {
      ConfigSpec config = configuration(dimensions, index, spec);
      if (!ids.insert(config.id).second) {
        fail(1, 1, fmt::format(messages::grid_repeats_configuration, config.id));
      }
      try {
        train_config(config.options, 0, fmt::format("configuration {}", config.id));
      } catch (const Error& error) {
        fail_at_option(error.what());
      }
      configs.push_back(std::move(config));
    }
    return configs;
  }

  // The index-th configuration: its varying values, then every option in the trainer's order.
  static ConfigSpec configuration(const std::vector<Dimension>& dimensions, std::size_t index,
                                  const Spec& spec) {
    ConfigSpec config;
    std::size_t rest = index;
    std::vector<std::size_t> pick(dimensions.size());
    for (std::size_t d = dimensions.size(); d-- > 0;) {
      pick[d] = rest % dimensions[d].size();
      rest /= dimensions[d].size();
    }
    for (std::size_t d = 0; d < dimensions.size(); ++d) {
      for (std::size_t k = 0; k < dimensions[d].names.size(); ++k) {
        config.varying.emplace_back(dimensions[d].names[k], dimensions[d].values[k][pick[d]]);
      }
    }
    const Options* const sources[] = {&spec.base, &config.varying};
    for (const OptionInfo& info : option_table()) {
      for (const Options* from : sources) {
        for (const auto& [name, value] : *from) {
          if (name == info.name) config.options.emplace_back(name, value);
        }
      }
    }
    config.id = config_id(config.varying, config.options, spec.threads);
    return config;
  }

  // Read before the grid is expanded: the configuration ids depend on [run] threads.
  void read_settings(const Value& root, Spec& spec) const {
    read_run(table(root, "run"), spec);
    read_slurm(table(root, "slurm"), spec.slurm);
    read_report(table(root, "report"), spec);
  }

  void read_run(const Value& run, Spec& spec) const {
    for (const auto& [key, value] : run.struct_fields()) {
      if (key == "threads") {
        spec.threads = count_setting("run", key, value, 1);
      } else {
        fail_at("run", key, fmt::format(messages::section_key_unknown, "run", key, "threads"));
      }
    }
  }

  void read_slurm(const Value& slurm, SlurmSettings& out) const {
    for (const auto& [key, value] : slurm.struct_fields()) {
      if (key == "partition")
        out.partition = slurm_setting(key, value);
      else if (key == "time")
        out.time = slurm_setting(key, value);
      else if (key == "mem")
        out.mem = slurm_setting(key, value);
      else if (key == "max_parallel")
        out.max_parallel = count_setting("slurm", key, value, 0);
      else {
        fail_at("slurm", key,
                fmt::format(messages::section_key_unknown, "slurm", key,
                            "partition, time, mem or max_parallel"));
      }
    }
  }

  void read_report(const Value& report, Spec& spec) const {
    spec.report.group = spec.varying;
    for (const auto& [key, value] : report.struct_fields()) {
      if (key == "plateau_margin") {
        spec.report.plateau_margin = number_setting("report", key, value);
      } else if (key == "x") {
        spec.report.x = text_setting("report", key, value);
        const OptionInfo* info = find_option(spec.report.x);
        if (info == nullptr || info->kind == OptionKind::Text) {
          fail_at("report", key, fmt::format(messages::report_x_not_numeric, spec.report.x));
        }
        spec.report.x = std::string(info->name);
      } else if (key == "group") {
        spec.report.group = report_group(key, value);
      } else {
        fail_at("report", key,
                fmt::format(messages::section_key_unknown, "report", key,
                            "plateau_margin, group or x"));
      }
    }
  }

  // report.group: option names, as the trainer spells them.
  std::vector<std::string> report_group(const std::string& key, const Value& value) const {
    std::vector<std::string> group;
    if (value.is(Kind::String))
      group.push_back(value.string_value());
    else if (value.is(Kind::StringArray))
      group = value.string_array_value();
    else if (!(value.is(Kind::Vector) && value.matrix_value().size() == 0))
      // (`group = []`, one row for all runs, reads as an empty numeric array.)
      fail_at("report", key, std::string(messages::report_group_not_list));
    std::vector<std::string> out;
    for (const std::string& name : group) {
      const OptionInfo* info = find_option(name);
      if (info == nullptr) {
        fail_at("report", key, fmt::format(messages::report_group_unknown, name));
      }
      out.emplace_back(info->name);
    }
    return out;
  }

  std::shared_ptr<SourceFile> file_;
  std::string path_;
  KeyPositions positions_;
  std::set<std::string, std::less<>> lists_;
};

std::string toml_value(const OptionValue& v) { return v.numeric ? v.text : quoted_string(v.text); }

}  // namespace

void set_threads(Spec& spec, int threads) {
  spec.threads = threads;
  for (ConfigSpec& config : spec.configs) {
    config.id = config_id(config.varying, config.options, threads);
  }
}

Spec parse_spec(std::string_view text, const std::string& path) {
  return Reader(text, path).read();
}

std::string resolved_text(const Spec& spec) {
  std::string out = fmt::format(
      "# The resolved sweep, written by `llmlab sweep run` from {}.\n"
      "# Every default is written out; the configurations are listed at the end.\n",
      spec.source);
  out += "seeds = [";
  for (std::size_t i = 0; i < spec.seeds.size(); ++i) {
    out += fmt::format("{}{}", i ? ", " : "", spec.seeds[i]);
  }
  out += "]\n\n[base]\n";
  for (const auto& [name, value] : spec.base)
    out += fmt::format("{} = {}\n", name, toml_value(value));
  // The varying options as one zip group per configuration column keep the exact run list.
  if (!spec.configs.empty() && !spec.varying.empty()) {
    out += "\n[[zip]]\n";
    for (std::size_t k = 0; k < spec.varying.size(); ++k) {
      out += spec.varying[k] + " = [";
      for (std::size_t c = 0; c < spec.configs.size(); ++c) {
        out += (c ? ", " : "") + toml_value(spec.configs[c].varying[k].second);
      }
      out += "]\n";
    }
  }
  out += fmt::format("\n[run]\nthreads = {}\n", spec.threads);
  out += fmt::format("\n[slurm]\npartition = {}\ntime = {}\nmem = {}\nmax_parallel = {}\n",
                     quoted_string(spec.slurm.partition), quoted_string(spec.slurm.time),
                     quoted_string(spec.slurm.mem), spec.slurm.max_parallel);
  out += fmt::format("\n[report]\nplateau_margin = {}\nx = {}\ngroup = [",
                     runtime::toml::number_text(spec.report.plateau_margin),
                     quoted_string(spec.report.x));
  for (std::size_t i = 0; i < spec.report.group.size(); ++i) {
    out += (i ? ", " : "") + quoted_string(spec.report.group[i]);
  }
  out += "]\n\n# Configurations (id: options that vary)\n";
  for (const ConfigSpec& config : spec.configs) {
    out += "#   " + config.id + ":";
    for (const auto& [name, value] : config.varying) out += fmt::format(" {}={}", name, value.text);
    out += "\n";
  }
  return out;
}

}  // namespace llmlab::sweep
