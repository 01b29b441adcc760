// The report reads every run's record, then groups: a group is one combination of the
// report.group options' values, in grid order. Failed runs count in n and in the failure
// fraction; only runs with a final val loss enter its mean.
#include "sweep/report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <limits>
#include <map>

#include "base/error.hpp"
#include "num/format.hpp"
#include "plot/export.hpp"
#include "plot/figure.hpp"
#include "sweep/records.hpp"
#include "sweep/stats.hpp"

namespace llmlab::sweep {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

struct RunRow {
  RunSpec run;
  bool recorded = false;
  RunStatus status = RunStatus::Failed;
  double train = kNaN, val = kNaN, unigram = kNaN, grad_first = kNaN, grad_last = kNaN;
  long steps_done = 0;
  double diverged_at = kNaN;
  double wall = kNaN;
  std::string host;
  bool failed = true;                                // by the report's rule
  std::vector<std::pair<double, double>> val_curve;  // (step, loss)
};

double number(const json::Value* v) { return json::number_or(v, kNaN); }

RunRow read_row(const fs::path& dir, const RunSpec& run, const Spec& spec) {
  RunRow row;
  row.run = run;
  const auto record = read_run(dir, run);
  if (!record) return row;
  row.recorded = true;
  row.status = record->status;
  row.wall = record->wall_seconds;
  row.host = record->host;
  if (record->status != RunStatus::Failed) {
    const json::Value& r = record->trainer;
    row.unigram = number(json::find(r, "unigram_entropy"));
    row.steps_done = static_cast<long>(json::integer_or(r, "steps_done", 0, 0, 1'000'000'000'000,
                                                        run_paths(dir, run).record.string()));
    row.diverged_at = number(json::find(r, "diverged_at"));
    if (const json::Value* log = json::find(r, "log");
        log != nullptr && log->is_array() && !log->empty()) {
      const json::Value& last = log->back();
      row.train = number(json::find(last, "loss_mean"));
      if (const json::Value* blocks = json::find(last, "gnorm_blocks");
          blocks != nullptr && blocks->is_array() && !blocks->empty()) {
        row.grad_first = number(&blocks->front());
        row.grad_last = number(&blocks->back());
      }
    }
    if (const json::Value* val = json::find(r, "val"); val != nullptr) {
      for (const json::Value& point : *val) {
        row.val_curve.emplace_back(number(json::find(point, "step")),
                                   number(json::find(point, "loss")));
      }
      if (!row.val_curve.empty()) row.val = row.val_curve.back().second;
    }
  }
  row.failed = row.status != RunStatus::Done || !std::isfinite(row.val) ||
               row.val > row.unigram - spec.report.plateau_margin;
  return row;
}

std::string g6(double x) { return std::isfinite(x) ? fmt::format("{:.6g}", x) : ""; }

std::string option_text(const ConfigSpec& config, const std::string& name) {
  for (const auto& [option, value] : config.options) {
    if (option == name) return value.text;
  }
  return "(default)";
}

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\n") == std::string::npos) return text;
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

struct Group {
  std::vector<std::string> values;  // of report.group, in order
  std::vector<const RunRow*> rows;
  std::string label() const;
  std::vector<std::string> names;
};
std::string Group::label() const {
  std::string out;
  for (std::size_t i = 0; i < values.size(); ++i) {
    out += fmt::format("{}{}={}", i ? " " : "", names[i], values[i]);
  }
  return out.empty() ? "all runs" : out;
}

std::vector<Group> make_groups(const std::vector<RunRow>& rows,
                               const std::vector<std::string>& keys) {
  std::vector<Group> groups;
  for (const RunRow& row : rows) {
    std::vector<std::string> values;
    for (const std::string& key : keys) values.push_back(option_text(*row.run.config, key));
    auto found = std::find_if(groups.begin(), groups.end(),
                              [&](const Group& g) { return g.values == values; });
    if (found == groups.end()) {
      groups.push_back({values, {}, keys});
      found = groups.end() - 1;
    }
    found->rows.push_back(&row);
  }
  return groups;
}

double median(std::vector<double> v) {
  if (v.empty()) return kNaN;
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

void save_both(const plot::Figure& figure, const fs::path& stem) {
  plot::save(figure, stem.string() + ".svg");
  plot::save(figure, stem.string() + ".png");
}

// Val loss against the step: per group the median over its runs, min and max dashed.
void curves_figure(const std::vector<Group>& groups, const fs::path& stem, double unigram) {
  plot::Figure figure;
  plot::Axes& axes = figure.axes[0];
  axes.title = "Validation loss over seeds (median; min and max dashed)";
  axes.x.label = "step";
  axes.y.label = "val loss";
  for (std::size_t g = 0; g < groups.size(); ++g) {
    std::map<double, std::vector<double>> by_step;
    for (const RunRow* row : groups[g].rows) {
      for (const auto& [step, loss] : row->val_curve) {
        if (std::isfinite(loss)) by_step[step].push_back(loss);
      }
    }
    if (by_step.empty()) continue;
    plot::Series mid, low, high;
    for (const auto& [step, losses] : by_step) {
      mid.x.push_back(step);
      mid.y.push_back(median(losses));
      low.x.push_back(step);
      low.y.push_back(*std::min_element(losses.begin(), losses.end()));
      high.x.push_back(step);
      high.y.push_back(*std::max_element(losses.begin(), losses.end()));
    }
    const plot::Color color = plot::cycle_color(g);
    mid.color = color;
    mid.label = groups[g].label();
    mid.explicit_label = true;
    for (plot::Series* band : {&low, &high}) {
      band->color = color.with_alpha(0.6);
      band->style = plot::LineStyle::Dashed;
      band->line_width = 1.0;
    }
    axes.series.push_back(std::move(low));
    axes.series.push_back(std::move(high));
    axes.series.push_back(std::move(mid));
  }
  if (std::isfinite(unigram)) {
    plot::ReferenceLine plateau;
    plateau.value = unigram;
    plateau.label = "unigram plateau";
    plateau.color = plot::Color::rgb(150, 150, 150);
    axes.reference_lines.push_back(plateau);
  }
  axes.legend = plot::LegendVisibility::Shown;
  save_both(figure, stem);
}

// The x values' span, and whether they are spread widely enough for a log axis.
struct XRange {
  double min = std::numeric_limits<double>::infinity();
  double max = -std::numeric_limits<double>::infinity();
  bool log = false;
};

XRange x_range(const std::vector<RunRow>& rows, const std::string& option) {
  XRange range;
  bool positive = true;
  for (const RunRow& row : rows) {
    const double x = std::atof(option_text(*row.run.config, option).c_str());
    positive = positive && x > 0;
    range.min = std::min(range.min, x);
    range.max = std::max(range.max, x);
  }
  range.log = positive && range.max / range.min >= 2.5;
  return range;
}

// Series g of count: its means as a line, its intervals as vertical bars, each point moved
// a little aside (by the series' place) so the bars of different series do not hide each other.
void add_group_series(plot::Axes& axes, const Group& group, std::size_t g, std::size_t count,
                      const std::string& option, const XRange& range) {
  std::map<double, std::vector<double>> by_x;
  for (const RunRow* row : group.rows) {
    const double x = std::atof(option_text(*row->run.config, option).c_str());
    auto& values = by_x[x];
    if (std::isfinite(row->val)) values.push_back(row->val);
  }
  const double offset = (static_cast<double>(g) - (static_cast<double>(count) - 1) / 2) * 0.04;
  const auto shifted = [&](double x) {
    return range.log ? x * std::exp(offset) : x + offset * (range.max - range.min + 1e-12);
  };
  const plot::Color color = plot::cycle_color(g);
  plot::Series means;
  means.kind = plot::SeriesKind::Line;
  means.color = color;
  means.marker = plot::Marker::Circle;
  means.label = group.label();
  means.explicit_label = true;
  for (const auto& [x, values] : by_x) {
    if (values.empty()) continue;
    const Interval ci = t_interval(values);
    means.x.push_back(shifted(x));
    means.y.push_back(ci.center);
    if (std::isfinite(ci.low)) {
      plot::Series bar;
      bar.x = {shifted(x), shifted(x)};
      bar.y = {ci.low, ci.high};
      bar.color = color;
      bar.line_width = 1.5;
      axes.series.push_back(std::move(bar));
    }
  }
  axes.series.push_back(std::move(means));
}

// Final val loss against report.x: one series per group of the other group options, the mean
// with its 95 % t-interval as a vertical bar.
void final_figure(const std::vector<RunRow>& rows, const Spec& spec, const fs::path& stem) {
  std::vector<std::string> keys;
  for (const std::string& key : spec.report.group) {
    if (key != spec.report.x) keys.push_back(key);
  }
  const std::vector<Group> series_groups = make_groups(rows, keys);
  plot::Figure figure;
  plot::Axes& axes = figure.axes[0];
  axes.title =
      fmt::format("Final validation loss against {} (mean, 95% t-interval)", spec.report.x);
  axes.x.label = spec.report.x;
  axes.y.label = "final val loss";
  const XRange range = x_range(rows, spec.report.x);
  if (range.log) axes.x.scale = plot::Scale::Log;
  for (std::size_t g = 0; g < series_groups.size(); ++g) {
    add_group_series(axes, series_groups[g], g, series_groups.size(), spec.report.x, range);
  }
  axes.legend = plot::LegendVisibility::Shown;
  save_both(figure, stem);
}

// summary.csv: a row per run; wall time last, so comparisons can drop the one column that
// varies.
std::string summary_csv(const std::vector<RunRow>& rows, const Spec& spec) {
  std::string csv = "config_id";
  for (const std::string& name : spec.varying) csv += "," + name;
  csv +=
      ",threads,host,seed,status,steps_done,train_loss,val_loss,unigram,grad_first_block,grad_last_"
      "block,"
      "diverged_at,failed,wall_s\n";
  for (const RunRow& row : rows) {
    csv += csv_field(row.run.config->id);
    for (const std::string& name : spec.varying) {
      csv += "," + csv_field(option_text(*row.run.config, name));
    }
    csv += fmt::format(
        ",{},{},{},{},{},{},{},{},{},{},{},{},{}\n", spec.threads, csv_field(row.host),
        row.run.seed, row.recorded ? name_of(row.status) : "not run", row.steps_done, g6(row.train),
        g6(row.val), g6(row.unigram), g6(row.grad_first), g6(row.grad_last), g6(row.diverged_at),
        row.failed ? 1 : 0, row.recorded ? fmt::format("{:.2f}", row.wall) : "");
  }
  return csv;
}

// One group's row of the report table: its runs, final loss, failures and gradient norm.
std::string group_table_row(const Group& group) {
  std::vector<double> vals, grads;
  int n = 0, failed = 0;
  for (const RunRow* row : group.rows) {
    if (!row->recorded) continue;
    ++n;
    failed += row->failed;
    if (std::isfinite(row->val)) vals.push_back(row->val);
    grads.push_back(row->grad_first);
  }
  const Interval mean = t_interval(vals);
  const Interval rate = wilson_interval(failed, n);
  std::string loss = "—";
  if (vals.size() == 1) loss = fmt::format("{:.3f}", mean.center);
  if (vals.size() > 1) {
    loss = fmt::format("{:.3f} ± {:.3f}", mean.center, (mean.high - mean.low) / 2);
  }
  if (!vals.empty() && static_cast<int>(vals.size()) < n) {
    loss += fmt::format(" (of {})", vals.size());
  }
  const double geo = geometric_mean(grads);
  std::string out = "|";
  for (const std::string& value : group.values) out += " " + value + " |";
  out += fmt::format(
      " {} | {} | {}/{} | {} | {} |\n", n, loss, failed, n,
      n ? fmt::format("{:.2f} [{:.2f}, {:.2f}]", rate.center, rate.low, rate.high) : "—",
      std::isfinite(geo) ? fmt::format("{:.2g}", geo) : "—");
  return out;
}

std::string report_table(const std::vector<Group>& groups, const Spec& spec) {
  std::string table = "|";
  for (const std::string& key : spec.report.group) table += " " + key + " |";
  table +=
      " n | final val loss (mean ± 95% CI) | failed | failure rate [95% Wilson] | geo-mean "
      "‖g‖ first block |\n|";
  for (std::size_t i = 0; i < spec.report.group.size() + 5; ++i) table += "---|";
  table += "\n";
  for (const Group& group : groups) table += group_table_row(group);
  return table;
}

std::string report_markdown(const std::string& table, std::size_t recorded, std::size_t runs,
                            const Spec& spec, double unigram) {
  std::string md = fmt::format(
      "# Sweep report\n\n{} runs recorded of {} ({} configurations × {} seeds); the grid is in "
      "sweep.toml.\n\n",
      recorded, runs, spec.configs.size(), spec.seeds.size());
  md += table;
  md += fmt::format(
      "\nA run counts as failed when it did not finish, diverged (NaN/Inf), or ended with a val "
      "loss above the unigram plateau{} minus {}. The mean and its t-interval are over the runs "
      "with a final val loss; ‖g‖ first block is the first block's gradient norm at the last "
      "logged step.\n\n![final val loss](figures/final_val.svg)\n\n"
      "![val loss curves](figures/val_curves.svg)\n",
      std::isfinite(unigram) ? fmt::format(" ({:.3f})", unigram) : "",
      num::format_shortest(spec.report.plateau_margin));
  return md;
}

}  // namespace

void write_report(const fs::path& dir, const Spec& spec, bool print) {
  std::vector<RunRow> rows;
  for (const RunSpec& run : spec.runs()) rows.push_back(read_row(dir, run, spec));
  write_atomically(dir / "summary.csv", summary_csv(rows, spec));

  const std::vector<Group> groups = make_groups(rows, spec.report.group);
  double unigram = kNaN;
  std::size_t recorded = 0;
  for (const RunRow& row : rows) {
    if (std::isfinite(row.unigram)) unigram = row.unigram;
    recorded += row.recorded;
  }
  const std::string table = report_table(groups, spec);
  write_atomically(dir / "report.md", report_markdown(table, recorded, rows.size(), spec, unigram));
  fs::create_directories(dir / "figures");
  if (recorded > 0) {
    curves_figure(groups, dir / "figures" / "val_curves", unigram);
    final_figure(rows, spec, dir / "figures" / "final_val");
  }
  if (print) fmt::print("{}\n{}", table, "");
  fmt::print(stderr, "sweep: wrote {}, {} and figures/ in {}\n", "summary.csv", "report.md",
             dir.string());
}

}  // namespace llmlab::sweep
