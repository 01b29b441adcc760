// `llmlab run`: read the file and run it in script mode, in the directory the command was given
// in: relative file names in the script resolve there, as in Octave and Python (language.md
// §9.3 moved into the script's folder; docs/paths.md says why that changed), while `import` and
// `run` still resolve against the file that names them. stdout carries only the program's output;
// the banner and error reports go to stderr. Exit 0, 1 after a lex/parse/runtime error, 2 for a
// usage error.
#include "app/run_command.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "app/cli.hpp"
#include "app/console_input.hpp"
#include "app/interrupt.hpp"
#include "base/error.hpp"
#include "base/file.hpp"
#include "base/messages/cli.hpp"
#include "base/stop.hpp"
#include "builtins/plot/session.hpp"
#include "builtins/registry.hpp"
#include "lang/ast_printer.hpp"
#include "lang/dialect.hpp"
#include "lang/lexer.hpp"
#include "lang/parser.hpp"
#include "runtime/interpreter.hpp"
#include "runtime/session.hpp"

namespace llmlab::app {

namespace {

enum class RunAction { Execute, DumpTokens, DumpAst };

struct RunOptions {
  std::string path;
  std::vector<std::string> arguments;
  bool dump_tokens = false;
  bool dump_ast = false;
  bool quiet = false;
  std::string figures_directory;  // --figures DIR: write every figure drawn, as SVG and PNG
  std::string theme = "dark";     // figure colours for savefig and --figures (plotting.md §4.1)
  std::string dialect;            // --dialect rlab|matlab; empty: the file's extension decides
};

// --dialect when given, else the file's: `.m` is matlab, anything else rlab (language.md §14).
lang::Dialect dialect_of(const RunOptions& options) {
  if (auto named = lang::dialect_named(options.dialect)) return *named;
  return lang::dialect_of_path(options.path);
}

// Program output first, then the report, so a terminal shows them in the order they happened.
void report(const Error& error) {
  std::fflush(stdout);
  std::cout.flush();
  std::fputs(format_error_report(error).c_str(), stderr);
}

// A script that drew without --figures would otherwise end as if it drew nothing: one line on
// stderr names its figures and the option that keeps them.
void mention_unsaved_figures(runtime::Session& session, std::uint64_t mark,
                             const std::string& script) {
  const std::vector<int> handles = builtins::figures_drawn_since(session, mark);
  if (handles.empty()) return;
  std::string names;
  for (const int handle : handles) names += fmt::format("{}{}", names.empty() ? "" : ", ", handle);
  fmt::print(stderr, "{}\n",
             fmt::format(messages::figures_not_saved, script, handles.size() == 1 ? "" : "s", names,
                         handles.size() == 1 ? "it" : "them"));
}

// --figures: every figure the script drew, written after it ended, even after a failure, since
// they help to see what went wrong. The writing has a Ctrl-C scope of its own, so that an
// interrupt during a long render (a million markers) stops it between primitives with status
// 130, also after a script that was itself interrupted. Returns the command's exit status.
int write_figures_after_run(runtime::Interpreter& interpreter, std::uint64_t mark,
                            const std::filesystem::path& directory, const RunOptions& options,
                            int status) {
  InterruptScope interrupt(interpreter);
  try {
    const std::string stem = std::filesystem::path(options.path).stem().string();
    for (const std::string& path :
         builtins::write_figures(interpreter.session(), mark, directory.string(), stem,
                                 builtins::interrupt_check(interpreter))) {
      if (!options.quiet) fmt::print(stderr, "wrote {}\n", path);
    }
  } catch (const Error& error) {
    fmt::print(stderr, "llmlab: --figures: {}\n", error.what());
    return kExitScriptError;
  } catch (const Stop& stop) {
    fmt::print(stderr, "{}\n", fmt::format(messages::figures_not_all_written, stop.what()));
    return kExitInterrupted;
  }
  return status;
}

int execute(const RunOptions& options, std::shared_ptr<const SourceFile> file) {
  namespace fs = std::filesystem;
  if (!options.quiet) fmt::print(stderr, "llmlab {} — running {}\n", kVersion, options.path);
  std::error_code ignored;
  // Absolute now, since the script may `cd` elsewhere before the figures are written.
  const fs::path figures = options.figures_directory.empty()
                               ? fs::path()
                               : fs::absolute(options.figures_directory, ignored);

  runtime::Session session;
  session.set_dialect(dialect_of(options));
  session.set_display_width(terminal_width());
  runtime::Interpreter interpreter(session);
  builtins::install_builtins(interpreter);
  read_input_from_terminal(interpreter);
  builtins::set_plot_theme(session, options.theme == "light");
  // Script arguments, when given, are the string array `argv`.
  if (!options.arguments.empty()) {
    interpreter.set_variable("argv", runtime::Value::string_array(options.arguments));
  }
  const std::uint64_t mark = builtins::figure_mark(session);
  int status = kExitOk;
  try {
    InterruptScope interrupt(interpreter);
    interpreter.run(std::move(file), runtime::ExecMode::Script);
  } catch (const runtime::ExitRequest& request) {
    status = request.status;  // `exit(status)` (language.md §13.12)
  } catch (const Error& error) {
    report(error);
    status = kExitScriptError;
  } catch (const Stop& stop) {
    report(stop.report());
    status = stop.is_interrupt() ? kExitInterrupted : kExitScriptError;
  }
  std::fflush(stdout);
  std::cout.flush();
  // Figures drawn before a failure are still written: they help to see what went wrong.
  if (figures.empty()) {
    if (!options.quiet) mention_unsaved_figures(session, mark, options.path);
  } else {
    status = write_figures_after_run(interpreter, mark, figures, options, status);
  }
  return status;
}

int run_script(const RunOptions& options) {
  std::string reason;
  std::optional<std::string> text = read_file(options.path, reason);
  if (!text) {
    fmt::print(stderr, "llmlab: {}\n", cannot_read(options.path, reason));
    return kExitUsageError;
  }
  auto file = std::make_shared<const SourceFile>(options.path, std::move(*text));

  const RunAction action = options.dump_tokens ? RunAction::DumpTokens
                           : options.dump_ast  ? RunAction::DumpAst
                                               : RunAction::Execute;
  try {
    switch (action) {
      case RunAction::DumpTokens:
        fmt::print("{}", lang::dump_tokens(lang::tokenize(file, dialect_of(options))));
        return kExitOk;
      case RunAction::DumpAst:
        fmt::print("{}", lang::dump_ast(lang::parse_program(file, dialect_of(options))));
        return kExitOk;
      case RunAction::Execute:
        break;
    }
  } catch (const Error& error) {
    report(error);
    return kExitScriptError;
  }
  return execute(options, std::move(file));
}

}  // namespace

void add_run_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<RunOptions>();
  CLI::App* command = app.add_subcommand("run", "Run an rlab script");
  command->add_option("file", options->path, "The script: .rlab (rlab) or .m (matlab)")->required();
  command->add_option("args", options->arguments,
                      "Arguments for the script, visible to it as the string array `argv` (put "
                      "`--` before arguments that start with `-`)");
  auto* tokens = command->add_flag("--dump-tokens", options->dump_tokens,
                                   "Print the script's tokens instead of running it");
  command
      ->add_flag("--dump-ast", options->dump_ast,
                 "Print the script's syntax tree instead of running it")
      ->excludes(tokens);
  command->add_flag("-q,--quiet", options->quiet, "No banner on standard error");
  command->add_option(
      "--figures", options->figures_directory,
      "Write every figure the script draws to DIR as <script>-<n>.svg and .png (SVG only "
      "in a build without cairo)");
  command->add_option("-t,--theme", options->theme, "Figure theme: dark (default) or light")
      ->check(CLI::IsMember({"dark", "light"}));
  command
      ->add_option("--dialect", options->dialect,
                   "Language of the script: rlab or matlab (default: matlab for a .m file, rlab "
                   "otherwise)")
      ->check(CLI::IsMember({"rlab", "matlab"}));
  command->callback([options, &exit_code] { exit_code = run_script(*options); });
}

}  // namespace llmlab::app
