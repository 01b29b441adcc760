// CLI11 wiring for the notebook subcommands: the work is in src/notebook/commands.cpp; this file
// writes its messages to stdout and stderr and turns its reports into exit statuses.
#include "app/notebook_command.hpp"

#include <cstdio>
#include <memory>
#include <string_view>

#include "app/cli_checks.hpp"
#include "app/interrupt.hpp"
#include "base/process.hpp"
#include "base/stop.hpp"
#include "notebook/commands.hpp"

namespace llmlab::app {

namespace {

void write(std::FILE* stream, std::string_view text) {
  std::fwrite(text.data(), 1, text.size(), stream);
}

// Results on stdout, warnings and errors on stderr (flushed first, so they interleave in order).
notebook::Messages terminal_messages() {
  return {.out = [](std::string_view text) { write(stdout, text); },
          .err =
              [](std::string_view text) {
                std::fflush(stdout);
                write(stderr, text);
              }};
}

// render: 1 when it could not render, or with --strict when a block failed.
int render_status(const notebook::RenderReport& report, bool strict) {
  return report.failed || (strict && report.failed_blocks > 0) ? 1 : 0;
}

// check: 2 for errors (or a file it could not read or fix), 1 for warnings (or any finding
// with --strict), 0 when clean.
int check_status(const notebook::CheckReport& report, bool strict) {
  if (report.failed || report.errors > 0) return 2;
  return report.warnings > 0 || (strict && report.errors + report.warnings > 0) ? 1 : 0;
}

// clean: 1 when it failed, or with --check when anything would change.
int clean_status(const notebook::CleanReport& report, bool check_only) {
  return report.failed || (check_only && report.changed > 0) ? 1 : 0;
}

// notebook render: run each notebook, then write its page.
void add_render_command(CLI::App* notebook, int& exit_code) {
  auto render = std::make_shared<notebook::RenderOptions>();
  auto format = std::make_shared<std::string>("html");
  auto theme = std::make_shared<std::string>("dark");
  auto strict = std::make_shared<bool>(false);
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
  render_cmd->add_flag("--strict", *strict, "Exit 1 when any block failed");
  render_cmd->add_flag("-q,--quiet", render->quiet, "Do not list rendered files");
  render_cmd->add_flag("--unsafe-html", render->unsafe_html,
                       "Pass raw HTML in prose through (left out by default, as on GitHub)");
  render_cmd
      ->add_option("--block-timeout", render->block_timeout_seconds,
                   "Seconds a block may run before it stops with an error (0: no limit)")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  render_cmd
      ->add_option("--max-output", render->max_output_bytes,
                   "Bytes of printed output a block keeps; the rest is cut, with a marker")
      ->check(whole_number_check())
      ->capture_default_str();
  render_cmd->callback([render, format, theme, strict, &exit_code] {
    render->format = *format == "markdown" ? notebook::Format::Markdown : notebook::Format::Html;
    render->light_theme = *theme == "light";
    // Ctrl-C stops the page being run (a block or a `${…}`): no page is written for it, the
    // report says "interrupted" and the status is 130, as for `llmlab run`.
    InterruptScope interrupts;
    render->watch_interpreter = [](runtime::Interpreter* interpreter) {
      InterruptScope::aim(interpreter);
    };
    try {
      exit_code = render_status(notebook::render_notebooks(*render, terminal_messages()), *strict);
    } catch (const Stop& stop) {
      std::fflush(stdout);
      write(stderr, format_error_report(stop.report()));
      exit_code = stop.is_interrupt() ? kExitInterrupted : kExitScriptError;
    }
  });
}

// notebook check: lint the sources.
void add_check_command(CLI::App* notebook, int& exit_code) {
  auto check_input = std::make_shared<std::string>();
  auto check_strict = std::make_shared<bool>(false);
  CLI::App* check_cmd = notebook->add_subcommand("check", "Lint notebook sources");
  check_cmd->add_option("input", *check_input, "A .md file or a directory")->required();
  auto check_fix = std::make_shared<bool>(false);
  check_cmd->add_flag("--strict", *check_strict, "Any finding fails");
  check_cmd->add_flag("--fix", *check_fix, "Clean files with fixable findings, then re-check");
  check_cmd->callback([check_input, check_strict, check_fix, &exit_code] {
    exit_code = check_status(
        notebook::check_notebooks(*check_input, *check_fix, terminal_messages()), *check_strict);
  });
}

// notebook clean: remove render artifacts.
void add_clean_command(CLI::App* notebook, int& exit_code) {
  auto clean_input = std::make_shared<std::string>();
  auto clean_output = std::make_shared<std::string>();
  auto clean_check = std::make_shared<bool>(false);
  CLI::App* clean_cmd = notebook->add_subcommand("clean", "Remove render artifacts from sources");
  clean_cmd->add_option("input", *clean_input, "A .md file or a directory")->required();
  clean_cmd->add_option("-o,--output", *clean_output, "Write cleaned files here instead");
  clean_cmd->add_flag("--check", *clean_check, "Write nothing; exit 1 if anything would change");
  clean_cmd->callback([clean_input, clean_output, clean_check, &exit_code] {
    exit_code = clean_status(
        notebook::clean_notebooks(*clean_input, *clean_output, *clean_check, terminal_messages()),
        *clean_check);
  });
}

// notebook convert: between llmlab markdown and Jupyter.
void add_convert_command(CLI::App* notebook, int& exit_code) {
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
  auto convert_execute = std::make_shared<bool>(false);
  convert_cmd->add_flag("--execute", *convert_execute,
                        "Run the notebook and keep its outputs and rendered prose in the .ipynb");
  convert_cmd->callback([convert_input, convert_to, convert_output, convert_execute, &exit_code] {
    const notebook::ConvertReport report = notebook::convert_notebook(
        *convert_input, *convert_to, *convert_output, *convert_execute, terminal_messages());
    exit_code = report.refused ? 2 : report.failed ? 1 : 0;
  });
}

}  // namespace

void add_notebook_command(CLI::App& app, int& exit_code) {
  CLI::App* notebook = app.add_subcommand("notebook", "Render, lint and clean notebooks");
  notebook->require_subcommand(1);
  notebook->footer(
      "A notebook is Markdown whose ```rlab (also ```rustlab, ```matlab, ```octave) blocks run\n"
      "in order in one session; their output and figures appear under them. ```mermaid blocks\n"
      "are diagrams; other fences are shown, not run.\n"
      "  ${expr} in prose inserts a value, ${expr:%.3f} formats it (\\${ is a literal ${).\n"
      "  Above a fence: <!-- hide -->, <!-- details: TITLE -->, <!-- grid: N -->,\n"
      "  <!-- caption: TEXT -->. In the text: <!-- exercise -->, <!-- solution -->, callouts.\n"
      "The format in full: docs/notebooks.md in the llmlab repository.");

  add_render_command(notebook, exit_code);
  add_check_command(notebook, exit_code);
  add_clean_command(notebook, exit_code);
  add_convert_command(notebook, exit_code);
}

}  // namespace llmlab::app
