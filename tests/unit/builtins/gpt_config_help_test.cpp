// train_gpt's help is built from the tables the trainer reads its cfg from and fills its result
// from (builtins/gpt_config.cpp, builtins/train.cpp). These tests catch the ways the two could
// still drift: a cfg field read outside the table, a table field missing from the help, and a
// result field the help does not list.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "base/error.hpp"
#include "builtins/gpt_config.hpp"
#include "lab.hpp"

namespace llmlab::builtins {
namespace {

std::string help_of(std::string_view name) {
  testing::Lab lab;
  std::string text;
  lab.session.set_output([&text](std::string_view piece) { text += piece; });
  lab.run("help " + std::string(name) + "\n");
  return text;
}

std::string source(const std::string& relative) {
  std::ifstream file(std::string(LLMLAB_SOURCE_DIR) + "/" + relative);
  std::stringstream text;
  text << file.rdbuf();
  EXPECT_FALSE(text.str().empty()) << relative;
  return text.str();
}

// The names listed under `heading` in a help text: the first word of each indented line until
// the next heading.
std::set<std::string> listed_under(const std::string& help, const std::string& heading) {
  std::set<std::string> names;
  std::istringstream lines(help.substr(help.find(heading) + heading.size()));
  std::string line;
  std::getline(lines, line);
  while (std::getline(lines, line) && line.starts_with("    ")) {
    std::istringstream words(line);
    std::string name;
    words >> name;
    names.insert(name);
  }
  return names;
}

TEST(gpt_config_help, every_cfg_field_is_listed_with_its_default) {
  for (const std::string_view builtin : {"train_gpt", "gpt_init", "gpt_from_params"}) {
    const std::string help = help_of(builtin);
    const std::set<std::string> listed = listed_under(help, "cfg fields:");
    for (const ConfigField& field : config_fields()) {
      EXPECT_TRUE(listed.contains(std::string(field.name))) << builtin << " lacks " << field.name;
    }
    EXPECT_EQ(listed.size(), config_fields().size() + (builtin == "train_gpt" ? 1 : 0)) << builtin;
  }
  const std::string help = help_of("train_gpt");
  EXPECT_NE(help.find("layers               transformer blocks (default 24)"), std::string::npos)
      << help;
  EXPECT_NE(help.find("(default \"pre\")"), std::string::npos);
  EXPECT_NE(help.find("init "), std::string::npos);
}

// The builtins that take a cfg read it only through the table: no other `.field("...")` read
// of cfg than cfg.init (which training_config reads and the help lists).
TEST(gpt_config_help, no_cfg_field_is_read_outside_the_table) {
  const std::regex read(R"re(cfg\.field\("([a-z_0-9]+)"\))re");
  for (const std::string file :
       {"src/builtins/gpt_config.cpp", "src/builtins/train.cpp", "src/builtins/model.cpp"}) {
    const std::string text = source(file);
    for (auto it = std::sregex_iterator(text.begin(), text.end(), read);
         it != std::sregex_iterator(); ++it) {
      EXPECT_EQ((*it)[1].str(), "init")
          << file << " reads cfg." << (*it)[1].str() << " outside the config table";
    }
  }
}

TEST(gpt_config_help, adamw_lists_every_cfg_field) {
  EXPECT_EQ(
      listed_under(help_of("adamw"), "cfg fields:"),
      (std::set<std::string>{"lr", "beta1", "beta2", "betas", "eps", "weight_decay", "clip"}));
  EXPECT_NE(help_of("adamw").find("weight_decay  decoupled weight decay (default 0.01)"),
            std::string::npos);
}

TEST(gpt_config_help, an_unknown_field_is_an_error) {
  testing::Lab lab;
  EXPECT_THROW(lab.run("gpt_init(struct(\"dropout\", 0.1))\n"), llmlab::Error);
}

TEST(gpt_config_help, every_returned_field_is_listed) {
  testing::Lab lab;
  const std::string corpus = ::testing::TempDir() + "/help_corpus.txt";
  {
    std::ofstream file(corpus);
    for (int k = 0; k < 40; ++k) file << "the quick brown fox jumps over the lazy dog. ";
  }
  lab.run(
      "r = train_gpt(struct(\"layers\", 1, \"d_model\", 8, \"heads\", 2, \"context\", 8, "
      "\"batch\", 2, \"steps\", 2, \"eval_batches\", 1, \"corpus\", \"" +
      corpus + "\"));\n");
  std::set<std::string> returned;
  for (const auto& [name, value] : lab.interpreter.variable("r")->struct_fields()) {
    returned.insert(name);
  }
  EXPECT_EQ(listed_under(help_of("train_gpt"), "fields of r:"), returned);
}

}  // namespace
}  // namespace llmlab::builtins
