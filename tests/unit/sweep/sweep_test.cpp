// The sweep file's grid expansion and checks, the configuration ids, and the report's
// statistics against published values.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "base/error.hpp"
#include "sweep/spec.hpp"
#include "sweep/stats.hpp"

namespace llmlab::sweep {
namespace {

Spec parse(const std::string& text) { return parse_spec(text, "/tmp/sweep_test/grid.toml"); }

// The error report (file:line:column, message, source line) of a bad sweep file.
std::string error_of(const std::string& text) {
  try {
    parse(text);
  } catch (const Error& error) {
    return format_error_report(error);
  }
  return "(no error)";
}

std::string option(const ConfigSpec& config, const std::string& name) {
  for (const auto& [key, value] : config.options) {
    if (key == name) return value.text;
  }
  return "(unset)";
}

TEST(sweep_spec, grid_is_the_product_first_key_slowest) {
  const Spec spec = parse(
      "seeds = [0, 1, 2]\n"
      "[base]\nlayers = 2\nsteps = 5\n"
      "[grid]\nnorm = [\"pre\", \"post\"]\nlr = [1e-3, 3e-3, 1e-2]\n");
  ASSERT_EQ(spec.configs.size(), 6u);
  EXPECT_EQ(spec.runs().size(), 18u);
  EXPECT_EQ(option(spec.configs[0], "norm"), "pre");
  EXPECT_EQ(option(spec.configs[0], "lr"), "0.001");
  EXPECT_EQ(option(spec.configs[1], "lr"), "0.003");
  EXPECT_EQ(option(spec.configs[3], "norm"), "post");
  EXPECT_EQ(option(spec.configs[5], "lr"), "0.01");
  EXPECT_EQ(option(spec.configs[4], "layers"), "2");
  EXPECT_EQ(spec.varying, (std::vector<std::string>{"norm", "lr"}));
  // Seeds vary fastest in the run list.
  EXPECT_EQ(spec.runs()[1].seed, 1u);
  EXPECT_EQ(spec.runs()[3].config, &spec.configs[1]);
  // The executors start the first seed of every configuration first.
  const std::vector<RunSpec> launch = spec.launch_order();
  ASSERT_EQ(launch.size(), 18u);
  EXPECT_EQ(launch[5].config, &spec.configs[5]);
  EXPECT_EQ(launch[5].seed, 0u);
  EXPECT_EQ(launch[6].config, &spec.configs[0]);
  EXPECT_EQ(launch[6].seed, 1u);
}

TEST(sweep_spec, zip_groups_vary_together) {
  const Spec spec = parse(
      "seeds = [7]\n"
      "[grid]\nnorm = [\"pre\", \"post\"]\n"
      "[[zip]]\nlr = [1e-3, 3e-3]\nwarmup = [0, 50]\n"
      "[[zip]]\nlayers = [2, 4, 6]\nd_model = [16, 32, 48]\n");
  ASSERT_EQ(spec.configs.size(), 2u * 2u * 3u);
  for (const ConfigSpec& c : spec.configs) {
    EXPECT_EQ(option(c, "warmup"), option(c, "lr") == "0.001" ? "0" : "50");
    EXPECT_EQ(std::stoi(option(c, "d-model")), 8 * std::stoi(option(c, "layers")));
  }
  EXPECT_EQ(spec.seeds, (std::vector<std::uint64_t>{7}));
}

TEST(sweep_spec, resolved_text_gives_the_same_runs) {
  const Spec spec = parse(
      "seeds = [0, 1]\n[base]\nsteps = 5\ncorpus = \"data.txt\"\n"
      "[grid]\nnorm = [\"pre\", \"post\"]\nlr = [1e-3, 3e-3]\n[run]\nthreads = 2\n"
      "[report]\nplateau_margin = 0.2\n");
  const Spec again = parse_spec(resolved_text(spec), "/elsewhere/sweep.toml");
  ASSERT_EQ(again.configs.size(), spec.configs.size());
  for (std::size_t i = 0; i < spec.configs.size(); ++i) {
    EXPECT_EQ(again.configs[i].id, spec.configs[i].id);
    EXPECT_EQ(again.configs[i].options, spec.configs[i].options);
  }
  EXPECT_EQ(again.threads, 2);
  EXPECT_EQ(again.report.plateau_margin, 0.2);
  // Relative corpus paths are taken from the sweep file's folder.
  EXPECT_EQ(option(spec.configs[0], "corpus"), "/tmp/sweep_test/data.txt");
}

TEST(sweep_spec, a_sweep_with_nothing_varying_resolves) {
  const Spec spec = parse("seeds = [0, 1]\n[base]\nsteps = 5\n");
  ASSERT_EQ(spec.configs.size(), 1u);
  EXPECT_EQ(spec.configs[0].id.rfind("base-", 0), 0u);
  const Spec again = parse_spec(resolved_text(spec), "/tmp/sweep.toml");
  EXPECT_EQ(again.configs[0].id, spec.configs[0].id);
  EXPECT_TRUE(again.report.group.empty());
}

TEST(sweep_spec, config_ids_are_stable_and_readable) {
  const std::string text =
      "seeds = [0]\n[base]\nsteps = 5\n[grid]\nnorm = [\"post\"]\nlr = [3e-3]\n";
  const std::string id = parse(text).configs[0].id;
  EXPECT_EQ(parse(text).configs[0].id, id);
  EXPECT_EQ(id.rfind("norm-post_lr-0.003-", 0), 0u) << id;
  EXPECT_EQ(id.size(), std::string("norm-post_lr-0.003-").size() + 8);
  // Pinned: ids name record folders, so a change would orphan every existing sweep's records.
  EXPECT_EQ(id, config_id({{"norm", {"post", false, 0}}, {"lr", {"0.003", true, 0.003}}},
                          {{"norm", {"post", false, 0}},
                           {"lr", {"0.003", true, 0.003}},
                           {"steps", {"5", true, 5}}},
                          1));
  // Another thread count, another id (threads change the losses' rounding and the speed), for
  // both ways of setting it: [run] threads in the file and `sweep run --threads`.
  const std::string threaded = parse(text + "[run]\nthreads = 2\n").configs[0].id;
  EXPECT_NE(threaded, id);
  EXPECT_EQ(threaded.substr(0, threaded.size() - 8), id.substr(0, id.size() - 8));
  Spec overridden = parse(text);
  set_threads(overridden, 2);
  EXPECT_EQ(overridden.configs[0].id, threaded);
  EXPECT_EQ(parse_spec(resolved_text(overridden), "/tmp/sweep.toml").configs[0].id, threaded);
  // Another base option, another id.
  const std::string other =
      parse("seeds = [0]\n[base]\nsteps = 6\n[grid]\nnorm = [\"post\"]\nlr = [3e-3]\n")
          .configs[0]
          .id;
  EXPECT_NE(other, id);
  EXPECT_EQ(other.substr(0, other.size() - 8), id.substr(0, id.size() - 8));
}

TEST(sweep_spec, bad_keys_name_the_key_and_line) {
  const std::string unknown = error_of("seeds = [0]\n[grid]\nlr = [1e-3]\nlrr = [2]\n");
  EXPECT_NE(unknown.find("grid.toml:4:1: error: sweep: unknown option 'lrr' in [grid]"),
            std::string::npos)
      << unknown;
  EXPECT_NE(unknown.find("lrr = [2]"), std::string::npos) << unknown;
  const std::string table = error_of("seeds = [0]\n[grids]\nlr = [1]\n");
  EXPECT_NE(table.find("unknown key 'grids'"), std::string::npos) << table;
  const std::string seed = error_of("seeds = [0]\n[base]\nseed = 3\n");
  EXPECT_NE(seed.find("grid.toml:3:1"), std::string::npos) << seed;
  EXPECT_NE(seed.find("seeds = [...]"), std::string::npos) << seed;
  const std::string twice = error_of("seeds = [0]\n[base]\nlr = 1e-3\n[grid]\nlr = [1e-3]\n");
  EXPECT_NE(twice.find(":5:1: error: sweep: lr is set in both [base] and [grid]"),
            std::string::npos)
      << twice;
  const std::string kind = error_of("seeds = [0]\n[grid]\nnorm = [1, 2]\n");
  EXPECT_NE(kind.find(":3:1: error: sweep: grid.norm must be text"), std::string::npos) << kind;
  const std::string integer = error_of("seeds = [0]\n[grid]\nlayers = [2.5]\n");
  EXPECT_NE(integer.find("grid.layers must be an integer, got 2.5"), std::string::npos) << integer;
  const std::string value = error_of("seeds = [0]\n[grid]\nnorm = [\"pre\", \"mid\"]\n");
  EXPECT_NE(value.find(":3:1: error: sweep: configuration"), std::string::npos) << value;
  EXPECT_NE(value.find("norm must be"), std::string::npos) << value;
  const std::string syntax = error_of("seeds = [0]\n[grid]\nlr = [1e-3,\n");
  EXPECT_NE(syntax.find("not a valid sweep file"), std::string::npos) << syntax;
  const std::string array = error_of("seeds = [0]\n[[grid]]\nlr = [1]\n");
  EXPECT_NE(array.find(":2:1: error: sweep: unknown array of tables [[grid]]"), std::string::npos)
      << array;
}

TEST(sweep_spec, empty_lists_and_missing_seeds_are_errors) {
  const std::string empty = error_of("seeds = [0]\n[grid]\nlr = []\n");
  EXPECT_NE(empty.find(":3:1: error: sweep: grid.lr is an empty list"), std::string::npos) << empty;
  const std::string no_seeds = error_of("seeds = []\n[grid]\nlr = [1e-3]\n");
  EXPECT_NE(no_seeds.find("seeds is an empty list"), std::string::npos) << no_seeds;
  EXPECT_NE(error_of("[grid]\nlr = [1e-3]\n").find("missing `seeds = [...]`"), std::string::npos);
  const std::string scalar = error_of("seeds = [0]\n[grid]\nlr = 1e-3\n");
  EXPECT_NE(scalar.find("grid.lr must be a list of values"), std::string::npos) << scalar;
  const std::string zip = error_of("seeds = [0]\n[[zip]]\nlr = [1, 2]\nwarmup = [0]\n");
  EXPECT_NE(zip.find(":4:1: error: sweep: [[zip]] #1.warmup has 1 values but"), std::string::npos)
      << zip;
  const std::string negative = error_of("seeds = [-1]\n");
  EXPECT_NE(negative.find("non-negative integers"), std::string::npos) << negative;
  const std::string duplicate = error_of("seeds = [0]\n[grid]\nlr = [1e-3, 1e-3]\n");
  EXPECT_NE(duplicate.find("twice"), std::string::npos) << duplicate;
}

// Student's t quantiles (two-sided 95 %: p = 0.975) from the standard tables.
TEST(sweep_stats, t_quantiles_match_the_tables) {
  EXPECT_NEAR(student_t_quantile(0.975, 1), 12.7062047362, 1e-8);
  EXPECT_NEAR(student_t_quantile(0.975, 2), 4.30265272975, 1e-9);
  EXPECT_NEAR(student_t_quantile(0.975, 4), 2.77644510520, 1e-9);
  EXPECT_NEAR(student_t_quantile(0.975, 9), 2.26215716280, 1e-9);
  EXPECT_NEAR(student_t_quantile(0.975, 30), 2.04227245630, 1e-9);
  EXPECT_NEAR(student_t_quantile(0.95, 5), 2.01504837333, 1e-9);
  EXPECT_NEAR(student_t_quantile(0.025, 4), -2.77644510520, 1e-9);
  EXPECT_TRUE(std::isnan(student_t_quantile(1.0, 4)));
}

TEST(sweep_stats, t_interval_of_a_small_sample) {
  // mean 3, s = sqrt(2.5), n = 5: half-width 2.776445 · 1.581139 / 2.236068.
  const Interval ci = t_interval({1, 2, 3, 4, 5});
  EXPECT_DOUBLE_EQ(ci.center, 3.0);
  EXPECT_NEAR(ci.high - 3.0, 1.96324316, 1e-7);
  EXPECT_NEAR(3.0 - ci.low, 1.96324316, 1e-7);
  const Interval one = t_interval({2.5});
  EXPECT_EQ(one.center, 2.5);
  EXPECT_TRUE(std::isnan(one.low));
  EXPECT_TRUE(std::isnan(t_interval({}).center));
}

TEST(sweep_stats, wilson_interval_known_values) {
  // Computed from Wilson (1927) with z = 1.959964.
  const Interval none = wilson_interval(0, 5);
  EXPECT_EQ(none.center, 0.0);
  EXPECT_NEAR(none.low, 0.0, 1e-12);
  EXPECT_NEAR(none.high, 0.434482, 1e-6);
  const Interval half = wilson_interval(5, 10);
  EXPECT_NEAR(half.low, 0.236593, 1e-6);
  EXPECT_NEAR(half.high, 0.763407, 1e-6);
  const Interval all = wilson_interval(5, 5);
  EXPECT_NEAR(all.low, 0.565518, 1e-6);
  EXPECT_NEAR(all.high, 1.0, 1e-12);
  const Interval some = wilson_interval(3, 20);
  EXPECT_NEAR(some.low, 0.052369, 1e-6);
  EXPECT_NEAR(some.high, 0.360419, 1e-6);
}

TEST(sweep_stats, geometric_mean_skips_what_has_no_logarithm) {
  EXPECT_NEAR(geometric_mean({1e-6, 1e-2}), 1e-4, 1e-18);
  EXPECT_NEAR(geometric_mean({2.0, 8.0, 0.0, std::nan("")}), 4.0, 1e-12);
  EXPECT_TRUE(std::isnan(geometric_mean({0.0})));
}

}  // namespace
}  // namespace llmlab::sweep
