// Bit-exact checks of num::Rng against the rustlab vectors in tests/data/rng/ (copies of
// shared testdata/rng; rng.md §7 describes each file). Doubles are compared by bit pattern.
#include "num/rng.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace llmlab::num {
namespace {

// The non-comment, non-blank lines of a test vector file.
std::vector<std::string> data_lines(const std::string& name) {
  const std::string path = std::string(LLMLAB_SOURCE_DIR) + "/tests/data/rng/" + name;
  std::ifstream in(path);
  EXPECT_TRUE(in.good()) << "cannot open " << path;
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line[0] != '#') lines.push_back(line);
  }
  return lines;
}

std::vector<std::string> words(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> result;
  for (std::string word; in >> word;) result.push_back(word);
  return result;
}

std::uint64_t parse_u64(const std::string& text) { return std::stoull(text); }
// The %a column: strtod reads C99 hex floats exactly.
double parse_hex(const std::string& text) { return std::strtod(text.c_str(), nullptr); }
std::uint64_t bits(double value) { return std::bit_cast<std::uint64_t>(value); }

const std::uint64_t kStreamSeeds[] = {0, 1, 12, 13, 42, 1099511627783ull};

TEST(rng_test, seed_keys) {
  const auto lines = data_lines("seed_keys.txt");
  ASSERT_EQ(lines.size(), 13u);
  for (const std::string& line : lines) {
    const auto columns = words(line);
    ASSERT_EQ(columns.size(), 9u);
    const ChaChaKey key = chacha_key_from_seed(parse_u64(columns[0]));
    for (std::size_t j = 0; j < 8; ++j) {
      EXPECT_EQ(key[j], parse_u64(columns[j + 1])) << "seed " << columns[0] << " word " << j;
    }
  }
}

TEST(rng_test, first_u64_of_seed_zero) {
  Rng rng(0);
  EXPECT_EQ(rng.next_u64(), 13486662071293341567ull);
}

TEST(rng_test, raw_u32_streams) {
  for (std::uint64_t seed : kStreamSeeds) {
    const auto lines = data_lines("raw_u32_seed" + std::to_string(seed) + ".txt");
    ASSERT_EQ(lines.size(), 320u);
    Rng rng(seed);
    for (std::size_t k = 0; k < lines.size(); ++k) {
      ASSERT_EQ(rng.next_u32(), parse_u64(lines[k])) << "seed " << seed << " word " << k;
    }
  }
}

TEST(rng_test, raw_u64_streams) {
  for (std::uint64_t seed : kStreamSeeds) {
    const auto lines = data_lines("raw_u64_seed" + std::to_string(seed) + ".txt");
    ASSERT_EQ(lines.size(), 200u);
    Rng rng(seed);
    for (std::size_t k = 0; k < lines.size(); ++k) {
      ASSERT_EQ(rng.next_u64(), parse_u64(lines[k])) << "seed " << seed << " value " << k;
    }
  }
}

// Interleaved 32/64-bit reads, including 64-bit reads that straddle a buffer refill.
TEST(rng_test, mixed_u32_u64_streams) {
  for (std::uint64_t seed : kStreamSeeds) {
    const auto lines = data_lines("mixed_u32_u64_seed" + std::to_string(seed) + ".txt");
    ASSERT_EQ(lines.size(), 529u);
    Rng rng(seed);
    for (std::size_t k = 0; k < lines.size(); ++k) {
      const auto columns = words(lines[k]);
      ASSERT_EQ(columns.size(), 2u);
      const std::uint64_t got = columns[0] == "u32" ? rng.next_u32() : rng.next_u64();
      ASSERT_EQ(got, parse_u64(columns[1])) << "seed " << seed << " call " << k;
    }
  }
}

template <class Sample>
void expect_doubles(const std::string& file, std::uint64_t seed, Sample sample) {
  const auto lines = data_lines(file);
  ASSERT_EQ(lines.size(), 200u) << file;
  Rng rng(seed);
  for (std::size_t k = 0; k < lines.size(); ++k) {
    const auto columns = words(lines[k]);
    ASSERT_EQ(bits(sample(rng)), bits(parse_hex(columns[1]))) << file << " value " << k;
  }
}

TEST(rng_test, double_conversions) {
  const auto standard = [](Rng& rng) { return rng.standard_f64(); };
  const auto uniform = [](Rng& rng) { return rng.uniform01(); };
  const auto open = [](Rng& rng) { return rng.open01(); };
  expect_doubles("f64_standard_seed12.txt", 12, standard);
  expect_doubles("f64_standard_seed42.txt", 42, standard);
  expect_doubles("f64_uniform01_seed7.txt", 7, uniform);
  expect_doubles("f64_uniform01_seed42.txt", 42, uniform);
  expect_doubles("f64_open01_seed42.txt", 42, open);
}

// Each line: value, hex value, path (F/W/T), restarts, next_u64 draws consumed by this sample.
void expect_normal_file(const std::string& file, std::uint64_t seed, std::size_t count) {
  const auto lines = data_lines(file);
  ASSERT_EQ(lines.size(), count) << file;
  Rng rng(seed);
  std::size_t tails = 0;
  for (std::size_t k = 0; k < lines.size(); ++k) {
    const auto columns = words(lines[k]);
    ASSERT_EQ(columns.size(), 5u);
    const std::uint64_t words_before = rng.words_consumed();
    const double value = rng.standard_normal();
    ASSERT_EQ(bits(value), bits(parse_hex(columns[1]))) << file << " sample " << k;
    ASSERT_EQ((rng.words_consumed() - words_before) / 2, parse_u64(columns[4]))
        << file << " sample " << k << " path " << columns[2];
    if (columns[2] == "T") ++tails;
  }
  if (seed == 42) {
    EXPECT_EQ(tails, 8u);  // the header's count: the tail path is exercised
  }
}

TEST(rng_test, normal_samples_seed42) { expect_normal_file("normal_seed42.txt", 42, 20000); }
TEST(rng_test, normal_samples_seed12) { expect_normal_file("normal_seed12.txt", 12, 2000); }
TEST(rng_test, normal_samples_seed13) { expect_normal_file("normal_seed13.txt", 13, 2000); }

// FNV-1a over the little-endian bytes of each sample's bit pattern, as the file's header says.
TEST(rng_test, normal_long_digests) {
  const auto lines = data_lines("normal_long_digest.txt");
  std::size_t index = 0;
  int runs = 0;
  while (index < lines.size()) {
    const auto header = words(lines[index++]);
    ASSERT_EQ(header[0], "run");
    const std::uint64_t seed = parse_u64(header[1]);
    const std::uint64_t count = parse_u64(header[2]);
    Rng rng(seed);
    std::uint64_t digest = 14695981039346656037ull;
    std::vector<double> samples(count);
    for (std::uint64_t k = 0; k < count; ++k) {
      samples[k] = rng.standard_normal();
      std::uint64_t pattern = bits(samples[k]);
      for (int byte = 0; byte < 8; ++byte) {
        digest = (digest ^ (pattern & 0xFF)) * 1099511628211ull;
        pattern >>= 8;
      }
    }
    for (;;) {
      const auto columns = words(lines[index++]);
      if (columns[0] == "end") {
        EXPECT_EQ(digest, parse_u64(columns[3])) << "seed " << seed;
        EXPECT_EQ(rng.words_consumed(), parse_u64(columns[5])) << "seed " << seed;
        break;
      }
      const std::uint64_t at = parse_u64(columns[1]);
      EXPECT_EQ(bits(samples[at]), bits(parse_hex(columns[3]))) << "seed " << seed << " " << at;
    }
    ++runs;
  }
  EXPECT_EQ(runs, 3);
}

TEST(rng_test, integer_ranges) {
  const auto lines = data_lines("range_i64_seed3.txt");
  ASSERT_EQ(lines.size(), 600u);
  Rng rng(3);
  for (std::size_t k = 0; k < lines.size(); ++k) {
    const auto columns = words(lines[k]);
    const std::int64_t lo = std::stoll(columns[0]);
    const std::int64_t hi = std::stoll(columns[1]);
    const std::uint64_t words_before = rng.words_consumed();
    ASSERT_EQ(rng.range_i64(lo, hi), std::stoll(columns[2])) << "call " << k;
    ASSERT_EQ((rng.words_consumed() - words_before) / 2, parse_u64(columns[3]) + 1) << "call " << k;
  }
}

TEST(rng_test, parmap_task_seeds) {
  const auto lines = data_lines("parmap_task_seeds.txt");
  ASSERT_FALSE(lines.empty());
  for (const std::string& line : lines) {
    const auto columns = words(line);
    const std::uint64_t derived = derive_task_seed(parse_u64(columns[0]), parse_u64(columns[1]));
    EXPECT_EQ(derived, parse_u64(columns[2])) << line;
    Rng rng(derived);
    EXPECT_EQ(bits(rng.standard_normal()), bits(parse_hex(columns[4]))) << line;
  }
}

TEST(rng_test, lesson_x0_after_seed13) {
  const auto lines = data_lines("lesson_x0_seed13.txt");
  ASSERT_EQ(lines.size(), 32u);
  Rng rng(13);
  for (int draw = 0; draw < 24; ++draw) randn_matrix(rng, 32, 32);
  const Matrix x0 = randn_matrix(rng, 1, 32);
  double sum_of_squares = 0.0;
  for (Index k = 0; k < 32; ++k) {
    EXPECT_EQ(bits(x0[k]), bits(parse_hex(words(lines[static_cast<std::size_t>(k)])[1])));
    sum_of_squares += x0[k] * x0[k];
  }
  EXPECT_EQ(std::sqrt(sum_of_squares), 6.008513697733318);  // the lesson's printed norm(x0)
}

// --- Builtin-level vectors -------------------------------------------------------------------
// Files of `> call`, a kind/shape line, then the elements in generation order. The calls are
// replayed here with the num-level fills, following the argument forms of rng.md §6; the script
// tests in tests/scripts/random/ run the same forms through the real builtins.

struct ParsedCall {
  std::string name;
  std::vector<std::vector<double>> arguments;  // a scalar argument is a 1-element list
  std::vector<bool> is_vector;                 // written as [ ... ]
};

ParsedCall parse_call(const std::string& text) {
  ParsedCall call;
  const std::size_t open = text.find('(');
  call.name = text.substr(0, open);
  std::string inside = text.substr(open + 1, text.rfind(')') - open - 1);
  std::size_t position = 0;
  while (position < inside.size()) {
    while (position < inside.size() && (inside[position] == ' ' || inside[position] == ',')) {
      ++position;
    }
    if (position >= inside.size()) break;
    std::vector<double> numbers;
    if (inside[position] == '[') {
      const std::size_t close = inside.find(']', position);
      std::string list = inside.substr(position + 1, close - position - 1);
      for (char& c : list) c = c == ',' ? ' ' : c;
      std::istringstream in(list);
      for (double number; in >> number;) numbers.push_back(number);
      call.is_vector.push_back(true);
      position = close + 1;
    } else {
      std::size_t used = 0;
      numbers.push_back(std::stod(inside.substr(position), &used));
      call.is_vector.push_back(false);
      position += used;
    }
    call.arguments.push_back(numbers);
  }
  return call;
}

// Replays one call; returns the kind/shape line and appends the generated elements.
std::string replay(Rng& rng, const ParsedCall& call, std::vector<double>& elements) {
  const auto append = [&](const Matrix& m) {
    for (Index k = 0; k < m.size(); ++k) elements.push_back(m[k]);
  };
  const auto size_of = [&](std::size_t i) { return static_cast<Index>(call.arguments[i][0]); };
  if (call.name == "seed") {
    rng.seed(seed_from_double(call.arguments[0][0]));
    return "none";
  }
  if (call.name == "rand3" || call.name == "randn3") {
    const std::vector<double> sizes =
        call.arguments.size() == 1
            ? call.arguments[0]
            : std::vector<double>{call.arguments[0][0], call.arguments[1][0], call.arguments[2][0]};
    Index count = 1;
    std::string shape = "tensor3";
    for (double size : sizes) {
      count *= size_from_vector_element(size);
      shape += " " + std::to_string(size_from_vector_element(size));
    }
    append(call.name == "rand3" ? rand_matrix(rng, 1, count) : randn_matrix(rng, 1, count));
    return shape;
  }
  if (call.name == "rand" || call.name == "randn") {
    const auto fill = [&](Index rows, Index columns) {
      append(call.name == "rand" ? rand_matrix(rng, rows, columns)
                                 : randn_matrix(rng, rows, columns));
    };
    if (call.arguments.empty()) {
      fill(1, 1);
      return "scalar";
    }
    if (call.arguments.size() == 2) {
      fill(size_of(0), size_of(1));
      return "matrix " + std::to_string(size_of(0)) + " " + std::to_string(size_of(1));
    }
    if (call.is_vector[0]) {
      const Index rows = size_from_vector_element(call.arguments[0][0]);
      const Index columns = size_from_vector_element(call.arguments[0][1]);
      fill(rows, columns);
      return "matrix " + std::to_string(rows) + " " + std::to_string(columns);
    }
    fill(1, size_of(0));
    return "vector " + std::to_string(size_of(0));
  }
  if (call.name == "randi") {
    const std::vector<double>& spec = call.arguments[0];
    const std::int64_t lo = spec.size() >= 2 ? bound_from_double(spec[0]) : 1;
    const std::int64_t hi = bound_from_double(spec.size() >= 2 ? spec[1] : spec[0]);
    if (call.arguments.size() == 1) {
      append(randi_matrix(rng, lo, hi, 1, 1));
      return "scalar";
    }
    append(randi_matrix(rng, lo, hi, 1, size_of(1)));
    return "vector " + std::to_string(size_of(1));
  }
  ADD_FAILURE() << "unexpected call " << call.name;
  return "";
}

void expect_builtin_file(const std::string& file) {
  const auto lines = data_lines(file);
  Rng rng;
  std::size_t index = 0;
  int calls = 0;
  while (index < lines.size()) {
    ASSERT_EQ(lines[index].rfind("> ", 0), 0u) << file << ": " << lines[index];
    const std::string text = lines[index++].substr(2);
    std::vector<double> elements;
    EXPECT_EQ(replay(rng, parse_call(text), elements), lines[index++]) << file << ": " << text;
    for (std::size_t k = 0; k < elements.size(); ++k, ++index) {
      ASSERT_LT(index, lines.size()) << file << ": " << text;
      ASSERT_EQ(bits(elements[k]), bits(parse_hex(words(lines[index])[1])))
          << file << ": " << text << " element " << k;
    }
    ASSERT_TRUE(index == lines.size() || lines[index].rfind("> ", 0) == 0)
        << file << ": " << text << " produced too few elements";
    ++calls;
  }
  EXPECT_GT(calls, 1) << file;
}

TEST(rng_test, builtin_rand_3x5_seed7) { expect_builtin_file("builtin_rand_3x5_seed7.txt"); }
TEST(rng_test, builtin_randn_4x6_seed12) { expect_builtin_file("builtin_randn_4x6_seed12.txt"); }
TEST(rng_test, builtin_randi_seed3) { expect_builtin_file("builtin_randi_seed3.txt"); }
TEST(rng_test, builtin_mixed_seed2024) { expect_builtin_file("builtin_mixed_seed2024.txt"); }
TEST(rng_test, builtin_seed_conversion) { expect_builtin_file("builtin_seed_conversion.txt"); }

TEST(rng_test, reseeding_restarts_the_stream) {
  Rng rng(5);
  EXPECT_EQ(rng.master_seed(), std::optional<std::uint64_t>(5));
  const Matrix first = rand_matrix(rng, 3, 4);
  rng.seed(5);
  EXPECT_EQ(rand_matrix(rng, 3, 4), first);
  rng.seed_from_entropy();
  EXPECT_FALSE(rng.master_seed().has_value());
}

TEST(rng_test, argument_conversions) {
  EXPECT_EQ(seed_from_double(0.0), 0u);
  EXPECT_EQ(seed_from_double(9007199254740992.0), 9007199254740992ull);
  EXPECT_EQ(seed_from_double(1e20), 18446744073709551615ull);
  EXPECT_EQ(bound_from_double(10.9), 10);
  EXPECT_EQ(bound_from_double(-2.7), -2);
  EXPECT_EQ(bound_from_double(std::nan("")), 0);
  EXPECT_EQ(bound_from_double(1e300), INT64_MAX);
  EXPECT_EQ(bound_from_double(-1e300), INT64_MIN);
  EXPECT_EQ(size_from_vector_element(2.5), 3);
  EXPECT_EQ(size_from_vector_element(2.49), 2);
  EXPECT_EQ(size_from_vector_element(-4.0), 0);
  EXPECT_EQ(size_from_vector_element(std::nan("")), 0);
}

TEST(rng_test, zero_sizes_draw_nothing) {
  Rng rng(1);
  EXPECT_TRUE(randn_matrix(rng, 0, 5).empty());
  EXPECT_EQ(rng.words_consumed(), 0u);
}

TEST(rng_test, fill_standard_normal_matches_one_sample_at_a_time) {
  // Long enough for tail and wedge draws and many buffer refills.
  constexpr std::size_t kCount = 200000;
  Rng one_by_one(77);
  Rng filled(77);
  std::vector<double> samples(kCount);
  filled.fill_standard_normal(samples);
  for (std::size_t k = 0; k < kCount; ++k) {
    ASSERT_EQ(bits(samples[k]), bits(one_by_one.standard_normal())) << "sample " << k;
  }
  EXPECT_EQ(filled.words_consumed(), one_by_one.words_consumed());
  EXPECT_EQ(filled.next_u32(), one_by_one.next_u32());
}

}  // namespace
}  // namespace llmlab::num
