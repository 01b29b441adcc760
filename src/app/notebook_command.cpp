// CLI11 wiring for the notebook subcommands; the work is in src/notebook/commands.cpp.
#include "app/notebook_command.hpp"

#include <memory>

#include "notebook/commands.hpp"

namespace llmlab::app {

void add_notebook_command(CLI::App& app, int& exit_code) {
  CLI::App* notebook = app.add_subcommand("notebook", "Render, lint and clean notebooks");
  notebook->require_subcommand(1);

  auto render = std::make_shared<notebook::RenderOptions>();
  auto format = std::make_shared<std::string>("html");
  auto theme = std::make_shared<std::string>("dark");
  CLI::App* render_cmd =
      notebook->add_subcommand("render", "Execute notebooks and render them to HTML or markdown");
  render_cmd
      ->add_option("input", render->input,
                   "A .md notebook, a Jupyter .ipynb, or a directory of .md notebooks")
      ->required();
  render_cmd->add_option("-o,--output", render->output, "Output file or directory");
  render_cmd->add_option("-f,--format", *format, "html (default) or markdown")
      ->check(CLI::IsMember({"html", "markdown"}));
  render_cmd->add_option("-t,--theme", *theme, "dark (default) or light")
      ->check(CLI::IsMember({"dark", "light"}));
  render_cmd->add_option("--title", render->title, "Title of a directory's index page");
  render_cmd->add_flag("--strict", render->strict, "Exit 1 when any block failed");
  render_cmd->add_flag("-q,--quiet", render->quiet, "Do not list rendered files");
  render_cmd->add_flag("--unsafe-html", render->unsafe_html,
                       "Pass raw HTML in prose through (left out by default, as on GitHub)");
  render_cmd
      ->add_option("--block-timeout", render->block_timeout_seconds,
                   "Seconds a block may run before it stops with an error (0: no limit)")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  render_cmd->callback([render, format, theme, &exit_code] {
    render->format = *format == "markdown" ? notebook::Format::Markdown : notebook::Format::Html;
    render->light_theme = *theme == "light";
    exit_code = notebook::render_command(*render);
  });

  auto check_input = std::make_shared<std::string>();
  auto check_strict = std::make_shared<bool>(false);
  CLI::App* check_cmd = notebook->add_subcommand("check", "Lint notebook sources");
  check_cmd->add_option("input", *check_input, "A .md file or a directory")->required();
  auto check_fix = std::make_shared<bool>(false);
  check_cmd->add_flag("--strict", *check_strict, "Any finding fails");
  check_cmd->add_flag("--fix", *check_fix, "Clean files with fixable findings, then re-check");
  check_cmd->callback([check_input, check_strict, check_fix, &exit_code] {
    exit_code = notebook::check_command(*check_input, *check_strict, *check_fix);
  });

  auto clean_input = std::make_shared<std::string>();
  auto clean_output = std::make_shared<std::string>();
  auto clean_check = std::make_shared<bool>(false);
  CLI::App* clean_cmd = notebook->add_subcommand("clean", "Remove render artifacts from sources");
  clean_cmd->add_option("input", *clean_input, "A .md file or a directory")->required();
  clean_cmd->add_option("-o,--output", *clean_output, "Write cleaned files here instead");
  clean_cmd->add_flag("--check", *clean_check, "Write nothing; exit 1 if anything would change");
  clean_cmd->callback([clean_input, clean_output, clean_check, &exit_code] {
    exit_code = notebook::clean_command(*clean_input, *clean_output, *clean_check);
  });

  auto convert_input = std::make_shared<std::string>();
  auto convert_to = std::make_shared<std::string>();
  auto convert_output = std::make_shared<std::string>();
  CLI::App* convert_cmd = notebook->add_subcommand(
      "convert", "Convert a notebook between llmlab markdown (.md) and Jupyter (.ipynb)");
  convert_cmd->add_option("input", *convert_input, "A .md or .ipynb notebook")->required();
  convert_cmd->add_option("--to", *convert_to, "ipynb (from .md) or md (from .ipynb)")
      ->required()
      ->check(CLI::IsMember({"ipynb", "md"}));
  convert_cmd->add_option("-o,--output", *convert_output,
                          "Output file (default: the input with the new extension; - for stdout)");
  convert_cmd->callback([convert_input, convert_to, convert_output, &exit_code] {
    exit_code = notebook::convert_command(*convert_input, *convert_to, *convert_output);
  });
}

}  // namespace llmlab::app
